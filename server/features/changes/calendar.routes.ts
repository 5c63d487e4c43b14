/** The change calendar for staff and its feeds; the feed itself is read by calendar apps by its secret address (no session). */
import { CHANGES } from '@contracts/changes';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import * as calendar from './calendar.commands';
import { feedsOf } from './changes.repo';

export const staffCalendarRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, CHANGES.calendar, async ({ query }) => calendar.readCalendar(pool, query, ctx.now()));
  route(app, CHANGES.feeds, async (_input, request) => feedsOf(pool, staffOf(request).userId));
  route(app, CHANGES.addFeed, async (_input, request) => inTransaction(pool, (db) => calendar.addFeed(db, staffOf(request).userId, ctx.config.publicUrl, ctx.now())));
  route(app, CHANGES.revokeFeed, async ({ params }, request) => void (await inTransaction(pool, (db) => calendar.revokeFeed(db, staffOf(request).userId, params.id, ctx.now()))));
};

export const publicCalendarRoutes: Routes = (app, ctx) => {
  route(app, CHANGES.feed, async ({ params }, _request, reply) => {
    const text = await calendar.feedCalendar(ctx.database.pool, params.token, ctx.config.publicUrl, ctx.now());
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(text);
  });
};
