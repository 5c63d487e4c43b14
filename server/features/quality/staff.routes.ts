/** The QA queue for staff: the items, one with its runs, taking one, recording a result, the figures. */
import { QUALITY } from '@contracts/quality';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { recordResult, takeItem, viewItem } from './quality.commands';
import { figures, queue } from './quality.repo';

export const staffQualityRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, QUALITY.queue, async ({ query }) => queue(pool, query));
  route(app, QUALITY.figures, async ({ query }) => figures(pool, query.weeks, ctx.now()));
  route(app, QUALITY.item, async ({ params }) => viewItem(pool, params.id));
  route(app, QUALITY.take, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => takeItem(db, staffOf(request).userId, params.id, body.version, ctx.now()));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.result, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => recordResult(db, staffOf(request).userId, params.id, body, ctx.now()));
    return viewItem(pool, params.id);
  });
};
