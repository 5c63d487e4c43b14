import { outboxQuerySchema } from '@contracts/outbox';
import { parseInput } from '@server/platform/http/errors';
import { requireRole, type Routes } from '@server/platform/http/plugins';
import { outboxPage } from './outbox.repo';

/** Admins read the outbox: every email the system queued, newest first. */
export const staffOutboxRoutes: Routes = (app, ctx) => {
  app.get('/api/v2/admin/outbox', requireRole(['admin']), async (request) => {
    const { page, pageSize } = parseInput(outboxQuerySchema, request.query, 'query');
    return outboxPage(ctx.database.pool, page, pageSize);
  });
};
