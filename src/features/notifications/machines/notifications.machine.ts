/**
 * The notification bell: the unread count, asked for at start, every POLL_INTERVAL (a minute) and
 * whenever the tab comes back into view; the popover, which loads the newest page when it opens;
 * marking one read when its ticket is opened and all read from the popover
 * (docs/adr/0121-notification-bell-refresh.md).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { NOTIFICATIONS_POLL_INTERVAL_MS } from '@contracts/common/constants';
import { notifyActions } from '@/shared/machines/notify';
import { watchWindowFocus } from '@/shared/machines/window-focus';
import { notificationsApi, type Notification, type NotificationPage } from '../api';

export type NotificationsContext = {
  unread: number;
  items: Notification[];
  total: number;
};

export type NotificationsEvent =
  | { type: 'notifications.open' }
  | { type: 'notifications.close' }
  | { type: 'notifications.refresh' }
  | { type: 'notifications.retry' }
  | { type: 'notifications.markAllRead' }
  | { type: 'notifications.openTicket'; id: number };

/** Tells the machine when the tab comes back into view (focus, or visible again): then the count is asked for at once. */
export const watchFocus = watchWindowFocus<NotificationsEvent>({ type: 'notifications.refresh' });

/** Something to mark read from the popover: an unread one shown, or unread ones past the page shown. */
export const hasUnreadShown = (c: NotificationsContext) => c.items.some((n) => !n.read) || (c.total > c.items.length && c.unread > 0);

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    watchFocus,
    fetchUnread: fromPromise<number>(() => notificationsApi.unread()),
    fetchPage: fromPromise<NotificationPage>(() => notificationsApi.page(1)),
    markRead: fromPromise<number, { id: number }>(({ input }) => notificationsApi.markRead(input.id)),
    markAllRead: fromPromise<number, { through: number | undefined }>(({ input }) => notificationsApi.markAllRead(input.through)),
  },
  delays: { POLL_INTERVAL: NOTIFICATIONS_POLL_INTERVAL_MS },
  guards: {
    hasUnread: ({ context }) => hasUnreadShown(context),
  },
  actions: {
    ...notifyActions,
    showOneRead: assign(({ context, event }) => {
      assertEvent(event, 'notifications.openTicket');
      const item = context.items.find((n) => n.id === event.id);
      if (!item || item.read) return {};
      return { items: context.items.map((n) => (n.id === event.id ? { ...n, read: true } : n)), unread: Math.max(0, context.unread - 1) };
    }),
  },
}).createMachine({
  id: 'notifications',
  description: 'The notification bell in the staff header: unread count, popover list, mark read.',
  context: { unread: 0, items: [], total: 0 },
  type: 'parallel',
  invoke: { src: 'watchFocus', description: 'The tab coming back into view asks for the count at once.' },
  states: {
    count: {
      description: 'The unread count on the bell.',
      initial: 'fetching',
      on: { 'notifications.openTicket': { target: '.markingOne', description: 'Opening a ticket from the list marks its notification read.' } },
      states: {
        fetching: {
          description: 'GET /api/v2/notifications/unread-count.',
          invoke: {
            src: 'fetchUnread',
            onDone: { target: 'waiting', actions: assign({ unread: ({ event }) => event.output }) },
            onError: {
              target: 'waiting',
              description: 'A failed count keeps the last one; the next poll asks again.',
            },
          },
        },
        waiting: {
          description: 'Waits POLL_INTERVAL (a minute), or for the tab to come back into view.',
          after: { POLL_INTERVAL: 'fetching' },
          on: { 'notifications.refresh': 'fetching' },
        },
        markingOne: {
          description: 'POST /api/v2/notifications/:id/read; the answer is the new count.',
          invoke: {
            src: 'markRead',
            input: ({ event }) => {
              assertEvent(event, 'notifications.openTicket');
              return { id: event.id };
            },
            onDone: { target: 'waiting', actions: assign({ unread: ({ event }) => event.output }) },
            onError: {
              target: 'fetching',
              description: 'The count is asked for again, so the bell shows what the server holds.',
            },
          },
        },
      },
    },
    popover: {
      description: 'The list of notifications under the bell.',
      initial: 'closed',
      states: {
        closed: {
          description: 'Only the bell shows.',
          on: { 'notifications.open': 'open' },
        },
        open: {
          description: 'The popover shows; Escape, a click outside or the bell close it.',
          initial: 'loading',
          on: {
            'notifications.close': 'closed',
            'notifications.openTicket': { target: 'closed', actions: 'showOneRead', description: 'The ticket opens; the popover closes.' },
          },
          states: {
            loading: {
              description: 'GET /api/v2/notifications (the newest page).',
              tags: ['busy'],
              invoke: {
                src: 'fetchPage',
                onDone: {
                  target: 'ready',
                  actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total, unread: ({ event }) => event.output.unread }),
                },
                onError: { target: 'failed', description: 'The popover says the list could not load, with Try again.' },
              },
            },
            ready: {
              description: 'The newest notifications, unread ones marked.',
              on: { 'notifications.markAllRead': { guard: 'hasUnread', target: 'markingAll' } },
            },
            failed: {
              description: 'The list could not load: says so, with Try again.',
              tags: ['error'],
              on: { 'notifications.retry': 'loading' },
            },
            markingAll: {
              description: 'POST /api/v2/notifications/read-all up to the newest one shown (a newer one stays unread).',
              tags: ['busy'],
              invoke: {
                src: 'markAllRead',
                input: ({ context }) => ({ through: context.items[0]?.id }),
                onDone: {
                  target: 'ready',
                  actions: assign({ unread: ({ event }) => event.output, items: ({ context }) => context.items.map((n) => ({ ...n, read: true })) }),
                },
                onError: {
                  target: 'ready',
                  actions: { type: 'notify', params: { tone: 'error', title: 'Could not mark the notifications read', description: 'Try again in a moment.', key: 'notifications.markAll' } },
                },
              },
            },
          },
        },
      },
    },
  },
});

/** What the bell's accessible name and badge read. */
export const unreadOf = (s: { context: NotificationsContext }) => s.context.unread;
