import type { FastifyInstance } from 'fastify';
import { createScrSchema, idParamsSchema, pageQuerySchema, type Page, type Scr } from '@contracts/client-portal';
import { clientOf, requireClient } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import { audit, iso, offsetOf } from '@server/platform/sql';

const SCR_COLUMNS = `id, title, description, business_reason, priority, status, ${iso('created_at')}, ${iso('updated_at')}`;

/** Software change requests of the caller's company. */
export function registerClientScrRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const auth = { preHandler: requireClient(ctx) };

  app.get('/api/v2/client/scrs', auth, async (request): Promise<Page<Scr>> => {
    const q = parseInput(pageQuerySchema, request.query, 'query');
    const who = clientOf(request);
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query<Scr>(
        `SELECT ${SCR_COLUMNS} FROM software_change_requests WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [who.companyId, q.pageSize, offsetOf(q)],
      ),
      pool.query<{ n: string }>('SELECT count(*) AS n FROM software_change_requests WHERE company_id = $1', [who.companyId]),
    ]);
    return { items: rows, total: Number(count[0]!.n), page: q.page, pageSize: q.pageSize };
  });

  app.get('/api/v2/client/scrs/:id', auth, async (request): Promise<Scr> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { rows } = await pool.query<Scr>(`SELECT ${SCR_COLUMNS} FROM software_change_requests WHERE id = $1 AND company_id = $2`, [
      id,
      clientOf(request).companyId,
    ]);
    if (!rows[0]) throw notFound('No such change request');
    return rows[0];
  });

  app.post('/api/v2/client/scrs', auth, async (request, reply) => {
    const input = parseInput(createScrSchema, request.body);
    const who = clientOf(request);
    const id = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO software_change_requests (company_id, requested_by_client, title, description, business_reason, priority)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [who.companyId, who.userId, input.title, input.description, input.businessReason ?? null, input.priority],
      );
      const scrId = rows[0]!.id;
      await audit(db, { actorType: 'client', actorId: who.userId, entity: 'software_change_request', entityId: scrId, action: 'create' });
      return scrId;
    });
    reply.status(201);
    return { id };
  });
}
