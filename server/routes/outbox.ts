import type { FastifyInstance } from 'fastify';
import { outboxQuerySchema } from '@contracts/outbox';
import { requireStaff } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { parseInput } from '@server/platform/http/errors';

/** Admins read the outbox: every email the system queued, newest first. */
export function registerOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v2/admin/outbox', { preHandler: requireStaff(ctx, ['admin']) }, async (request) => {
    const { page, pageSize } = parseInput(outboxQuerySchema, request.query, 'query');
    const [rows, count] = await Promise.all([
      ctx.database.pool.query(
        `SELECT id::int AS id, to_address AS "toAddress", subject, body, kind,
                to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt",
                to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "sentAt"
           FROM outbox ORDER BY id DESC LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      ),
      ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox'),
    ]);
    return { rows: rows.rows, total: count.rows[0]!.n, page, pageSize };
  });
}
