import { expect } from 'vitest';
import type { Notification, NotificationPage } from '@contracts/notifications';
import { machineRegistry } from '@/app/machine-registry';
import { hasUnreadShown, type NotificationsContext } from '@/features/notifications/machines/notifications.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'notifications')!;
const item = (id: number, read = false): Notification => ({
  id, kind: 'client_reply', ticket_id: 100 + id, ticket_title: `Ticket ${id}`, actor: 'Pat Client', created_at: '2026-11-20T10:00:00Z', read,
});
const page: NotificationPage = { items: [item(2), item(1, true)], total: 2, page: 1, pageSize: 10, unread: 1 };
const empty: NotificationPage = { items: [], total: 0, page: 1, pageSize: 10, unread: 0 };

describeMachinePaths(entry, {
  events: [
    { type: 'notifications.open' },
    { type: 'notifications.close' },
    { type: 'notifications.refresh' },
    { type: 'notifications.retry' },
    { type: 'notifications.markAllRead' },
    { type: 'notifications.openTicket', id: 2 },
  ],
  outputs: { fetchUnread: [0, 3], fetchPage: [page, empty], markRead: [0], markAllRead: [0] },
  errors: { fetchUnread: [{ status: 0, message: 'Network Error' }], fetchPage: [{ status: 503 }], markRead: [{ status: 404 }], markAllRead: [{ status: 500 }] },
  serializeState: (s) => JSON.stringify(s.value) + JSON.stringify((s.context as NotificationsContext).items.map((n) => n.read)),
  check: (snapshot) => {
    const c = snapshot.context as NotificationsContext;
    expect(c.unread).toBeGreaterThanOrEqual(0);
    if (snapshot.matches({ popover: { open: 'markingAll' } })) expect(hasUnreadShown(c)).toBe(true);
  },
});
