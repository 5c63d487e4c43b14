/** A staff user's own notifications: list, unread count, mark one or all read. Nobody reaches another's. */
import { NOTIFICATIONS } from '@contracts/notifications';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { listMine, markAllRead, markRead, unreadCount } from './notifications.repo';

export const staffNotificationRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, NOTIFICATIONS.list, async ({ query }, request) => listMine(pool, staffOf(request).userId, query));

  route(app, NOTIFICATIONS.unreadCount, async (_, request) => ({ unread: await unreadCount(pool, staffOf(request).userId) }));

  route(app, NOTIFICATIONS.markRead, async ({ params }, request) => {
    const userId = staffOf(request).userId;
    if (!(await markRead(pool, userId, params.id, ctx.now()))) throw notFound('No such notification');
    return { unread: await unreadCount(pool, userId) };
  });

  route(app, NOTIFICATIONS.markAllRead, async ({ body }, request) => {
    const userId = staffOf(request).userId;
    await markAllRead(pool, userId, body.through, ctx.now());
    return { unread: await unreadCount(pool, userId) };
  });
};
