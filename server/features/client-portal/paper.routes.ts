import type { FastifyInstance } from 'fastify';
import { createPaperOrderSchema, idParamsSchema, pageQuerySchema, type Page, type PaperOrder, type PaperProduct } from '@contracts/client-portal';
import { CATALOG_CATEGORY_PAPER } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import { clientOf, requireClient } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { audit, iso, offsetOf } from '@server/platform/sql';

const ORDER_COLUMNS = `o.id, o.catalog_item_id AS product_id, i.name AS product_name, o.quantity, o.po_number, o.ship_to, o.status, ${iso('o.created_at')}`;

/** Paper orders of the caller's company, from the catalog's paper category. */
export function registerClientPaperRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const auth = { preHandler: requireClient(ctx) };

  app.get('/api/v2/client/paper/products', auth, async (): Promise<{ items: PaperProduct[] }> => {
    const { rows } = await pool.query<PaperProduct>(
      `SELECT id, sku, name, description, unit_price_cents FROM catalog_items WHERE category = $1 AND active ORDER BY name, id LIMIT 200`,
      [CATALOG_CATEGORY_PAPER],
    );
    return { items: rows };
  });

  app.get('/api/v2/client/paper/orders', auth, async (request): Promise<Page<PaperOrder>> => {
    const q = parseInput(pageQuerySchema, request.query, 'query');
    const who = clientOf(request);
    const [{ rows }, { rows: count }] = await Promise.all([
      pool.query<PaperOrder>(
        `SELECT ${ORDER_COLUMNS} FROM paper_orders o JOIN catalog_items i ON i.id = o.catalog_item_id
          WHERE o.company_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
        [who.companyId, q.pageSize, offsetOf(q)],
      ),
      pool.query<{ n: string }>('SELECT count(*) AS n FROM paper_orders WHERE company_id = $1', [who.companyId]),
    ]);
    return { items: rows, total: Number(count[0]!.n), page: q.page, pageSize: q.pageSize };
  });

  app.get('/api/v2/client/paper/orders/:id', auth, async (request): Promise<PaperOrder> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { rows } = await pool.query<PaperOrder>(
      `SELECT ${ORDER_COLUMNS} FROM paper_orders o JOIN catalog_items i ON i.id = o.catalog_item_id WHERE o.id = $1 AND o.company_id = $2`,
      [id, clientOf(request).companyId],
    );
    if (!rows[0]) throw notFound('No such order');
    return rows[0];
  });

  app.post('/api/v2/client/paper/orders', auth, async (request, reply) => {
    const input = parseInput(createPaperOrderSchema, request.body);
    const who = clientOf(request);
    const id = await inTransaction(pool, async (db) => {
      const { rows: product } = await db.query('SELECT id FROM catalog_items WHERE id = $1 AND category = $2 AND active', [
        input.productId,
        CATALOG_CATEGORY_PAPER,
      ]);
      if (!product[0]) {
        throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: productId (No such paper product)', { productId: 'No such paper product' });
      }
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO paper_orders (company_id, client_user_id, catalog_item_id, quantity, po_number, ship_to)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [who.companyId, who.userId, input.productId, input.quantity, input.poNumber ?? null, input.shipTo],
      );
      const orderId = rows[0]!.id;
      await audit(db, { actorType: 'client', actorId: who.userId, entity: 'paper_order', entityId: orderId, action: 'create' });
      return orderId;
    });
    reply.status(201);
    return { id };
  });
}
