/** The signed-in staff user's notifications (the header bell). */
import type { Notification, NotificationPage } from '@contracts/notifications';
import { call } from '@/shared/http/http';

/**
 * The endpoints load with the first call: the bell sits in the first staff screen, whose budget
 * the definitions (and the zod they bring) would otherwise grow for a count.
 */
const endpoints = async () => (await import('@contracts/notifications')).NOTIFICATIONS;

export const notificationsApi = {
  unread: async (): Promise<number> => (await call((await endpoints()).unreadCount)).unread,
  page: async (page: number): Promise<NotificationPage> => call((await endpoints()).list, { query: { page } }),
  markRead: async (id: number): Promise<number> => (await call((await endpoints()).markRead, { params: { id } })).unread,
  markAllRead: async (through: number | undefined): Promise<number> => (await call((await endpoints()).markAllRead, { body: through === undefined ? {} : { through } })).unread,
};

export type { Notification, NotificationPage };
