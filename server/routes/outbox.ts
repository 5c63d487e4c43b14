import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, type OutboxEntry, type Page } from '../../src/contracts/client-portal';
import { requireStaff } from '../auth/guards';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { iso, offsetOf } from './client-shared';

/** Every email the system stored, newest first: admins only. */
export function registerOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v2/admin/outbox', { preHandler: requireStaff(ctx, ['admin']) }, async (request): Promise<Page<OutboxEntry>> => {
    const q = parseInput(pageQuerySchema, request.query, 'query');
    const [{ rows }, { rows: count }] = await Promise.all([
      ctx.database.pool.query<OutboxEntry>(
        `SELECT id::int AS id, to_address, subject, body, kind, ${iso('created_at')}, ${iso('sent_at')}, error
           FROM outbox ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
        [q.pageSize, offsetOf(q)],
      ),
      ctx.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM outbox'),
    ]);
    return { items: rows, total: Number(count[0]!.n), page: q.page, pageSize: q.pageSize };
  });
}
