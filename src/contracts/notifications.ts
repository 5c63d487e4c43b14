/** Contracts of staff notifications: what the bell in the header counts and lists. */
import { endpoint } from './common/endpoint';
import { idInput, idParamsSchema, pageQuery } from './common/input';
import { z } from './common/zod';

/** Why a staff user is told: a ticket was assigned to them, a client replied on it, it turned overdue. */
export const NOTIFICATION_KINDS = ['assigned', 'client_reply', 'overdue'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications the popover shows at once (a page of the list). */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** A ticket turned overdue is told about when its due date passed within this window (so the first sweep does not tell of old ones). */
export const OVERDUE_NOTICE_WINDOW_HOURS = 24;

export const notificationListQuerySchema = z.strictObject(pageQuery(NOTIFICATIONS_PAGE_SIZE));

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  ticket_id: z.number().int(),
  ticket_title: z.string(),
  /** Who caused it (the staff member who assigned, the client who replied); null for overdue. */
  actor: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Mark all read: every notification up to the newest the person saw (`through`), or all of them. */
export const markAllReadSchema = z.strictObject({ through: idInput({ label: 'through' }).optional() });

export const NOTIFICATIONS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/notifications',
    audience: 'staff',
    tag: 'Notifications',
    summary: 'My notifications, newest first, a page at a time, with the unread count',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/v2/notifications/unread-count',
    audience: 'staff',
    tag: 'Notifications',
    summary: 'How many of my notifications are unread',
    response: unreadCountSchema,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/v2/notifications/:id/read',
    audience: 'staff',
    tag: 'Notifications',
    summary: 'Mark one of my notifications read; answers the unread count',
    params: idParamsSchema,
    response: unreadCountSchema,
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/v2/notifications/read-all',
    audience: 'staff',
    tag: 'Notifications',
    summary: 'Mark my notifications read (up to the newest I saw); answers the unread count',
    body: markAllReadSchema,
    response: unreadCountSchema,
  }),
} as const;

/** The outbox kinds of the mail that tells a staff member of a ticket event, and a client of a status change. */
export const OUTBOX_KIND_STAFF_NOTICE = 'ticket.notice';
export const OUTBOX_KIND_STATUS_CHANGE = 'ticket.status';
