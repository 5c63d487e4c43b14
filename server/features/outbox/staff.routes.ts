import { OUTBOX } from '@contracts/outbox';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { outboxPage } from './outbox.repo';

/** Admins read the outbox: every email the system queued, newest first. */
export const staffOutboxRoutes: Routes = (app, ctx) => {
  route(app, OUTBOX.page, async ({ query }) => outboxPage(ctx.database.pool, query.page, query.pageSize));
};
