/** The client portal's own lists: dashboard, paper orders, knowledge articles, change requests. Every query is scoped to the company. */
import type { z } from 'zod';
import type { Article, ArticleList, ArticleSummary, articleListQuerySchema, ClientDashboard, ClientTicket, Page, PaperOrder, PaperProduct, Scr } from '@contracts/client-portal';
import { CATALOG_CATEGORY_PAPER, CLIENT_DASHBOARD_ITEMS } from '@contracts/common/constants';
import { audit, clientActor } from '@server/platform/audit';
import { invalidField } from '@server/platform/http/errors';
import { allQueries, containing, iso, listPage, type Queryable } from '@server/platform/sql';

type Paging = { page: number; pageSize: number };
type Who = { userId: number; companyId: number };

const TICKET_COLUMNS = `t.id, t.title, t.status, t.severity, t.contact_name, ${iso('t.created_at')}, ${iso('t.updated_at')}`;
const SCR_COLUMNS = `id, title, description, business_reason, priority, status, ${iso('created_at')}, ${iso('updated_at')}`;
const ORDER_COLUMNS = `o.id, o.catalog_item_id AS product_id, i.name AS product_name, o.quantity, o.po_number, o.ship_to, o.status, ${iso('o.created_at')}`;
const ORDERS = 'paper_orders o JOIN catalog_items i ON i.id = o.catalog_item_id';
const INSERT_ORDER = `INSERT INTO paper_orders (company_id, client_user_id, catalog_item_id, quantity, po_number, ship_to)
  VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`;

/** The company's open tickets, the team's latest replies and the open change requests. */
export async function dashboard(db: Queryable, companyId: number): Promise<ClientDashboard> {
  const [open, count, replies, openScrs] = await allQueries(db, [
    () => db.query<ClientTicket>(
      `SELECT ${TICKET_COLUMNS} FROM tickets t WHERE t.company_id = $1 AND t.status <> 'C' ORDER BY t.updated_at DESC, t.id DESC LIMIT $2`,
      [companyId, CLIENT_DASHBOARD_ITEMS],
    ),
    () => db.query<{ n: string }>(`SELECT count(*) AS n FROM tickets WHERE company_id = $1 AND status <> 'C'`, [companyId]),
    () => db.query<ClientDashboard['recentReplies'][number]>(
      `SELECT n.ticket_id, t.title AS ticket_title, left(n.body, 300) AS body, COALESCE(s.name, 'Support') AS author, ${iso('n.created_at')}
         FROM ticket_notes n JOIN tickets t ON t.id = n.ticket_id LEFT JOIN staff_users s ON s.id = n.staff_user_id
        WHERE t.company_id = $1 AND NOT n.internal AND n.staff_user_id IS NOT NULL
        ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
      [companyId, CLIENT_DASHBOARD_ITEMS],
    ),
    () => db.query<Scr>(
      `SELECT ${SCR_COLUMNS} FROM software_change_requests WHERE company_id = $1 AND status NOT IN ('released', 'rejected')
        ORDER BY updated_at DESC, id DESC LIMIT $2`,
      [companyId, CLIENT_DASHBOARD_ITEMS],
    ),
  ]);
  return { openTickets: open.rows, openTicketCount: Number(count.rows[0]!.n), recentReplies: replies.rows, openScrs: openScrs.rows };
}

export async function paperProducts(db: Queryable): Promise<PaperProduct[]> {
  const { rows } = await db.query<PaperProduct>(
    `SELECT id, sku, name, description, unit_price_cents FROM catalog_items WHERE category = $1 AND active ORDER BY name, id LIMIT 200`,
    [CATALOG_CATEGORY_PAPER],
  );
  return rows;
}

/** One page of a company's rows of a table, newest first. */
const companyPage = <T>(db: Queryable, list: { columns: string; from: string; alias: string; table: string }, companyId: number, paging: Paging): Promise<Page<T>> =>
  listPage<T>(
    db,
    {
      select: `SELECT ${list.columns} FROM ${list.from} WHERE ${list.alias}company_id = $1 ORDER BY ${list.alias}created_at DESC, ${list.alias}id DESC`,
      count: `SELECT count(*) AS n FROM ${list.table} WHERE company_id = $1`,
      params: [companyId],
    },
    paging,
  );

export const paperOrders = (db: Queryable, companyId: number, paging: Paging) =>
  companyPage<PaperOrder>(db, { columns: ORDER_COLUMNS, from: ORDERS, alias: 'o.', table: 'paper_orders' }, companyId, paging);

export async function paperOrder(db: Queryable, id: number, companyId: number): Promise<PaperOrder | null> {
  const { rows } = await db.query<PaperOrder>(`SELECT ${ORDER_COLUMNS} FROM ${ORDERS} WHERE o.id = $1 AND o.company_id = $2`, [id, companyId]);
  return rows[0] ?? null;
}

/** Inserts a row the client's company owns (`RETURNING id`) and its audit row; answers the id. */
async function insertOwned(db: Queryable, who: Who, entity: string, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(sql, params);
  const id = rows[0]!.id;
  await audit(db, { actor: clientActor(who.userId), entity, entityId: id, action: 'create' });
  return id;
}

export async function orderPaper(db: Queryable, who: Who, input: { productId: number; quantity: number; poNumber?: string | undefined; shipTo: string }): Promise<number> {
  const { rows: product } = await db.query('SELECT id FROM catalog_items WHERE id = $1 AND category = $2 AND active', [input.productId, CATALOG_CATEGORY_PAPER]);
  if (!product[0]) throw invalidField('productId', 'No such paper product');
  const row = [who.companyId, who.userId, input.productId, input.quantity, input.poNumber ?? null, input.shipTo];
  return insertOwned(db, who, 'paper_order', INSERT_ORDER, row);
}

/** Published knowledge articles, by category and text; a draft is never listed. */
export async function articles(db: Queryable, q: z.output<typeof articleListQuerySchema>): Promise<ArticleList> {
  const where = ['published'];
  const params: unknown[] = [];
  if (q.category) {
    params.push(q.category);
    where.push(`category = $${params.length}`);
  }
  if (q.q) {
    params.push(containing(q.q));
    where.push(`(title ILIKE $${params.length} OR body ILIKE $${params.length})`);
  }
  const whereSql = where.join(' AND ');
  const [page, { rows: categories }] = await allQueries(db, [
    () => listPage<ArticleSummary>(
      db,
      {
        select: `SELECT id, title, category, ${iso('updated_at')} FROM knowledge_articles WHERE ${whereSql} ORDER BY category, title, id`,
        count: `SELECT count(*) AS n FROM knowledge_articles WHERE ${whereSql}`,
        params,
      },
      q,
    ),
    () => db.query<{ category: string }>('SELECT DISTINCT category FROM knowledge_articles WHERE published ORDER BY category LIMIT 200'),
  ]);
  return { ...page, categories: categories.map((c) => c.category) };
}

/** A published article; a draft answers null. */
export async function article(db: Queryable, id: number): Promise<Article | null> {
  const { rows } = await db.query<Article>(`SELECT id, title, category, body, ${iso('updated_at')} FROM knowledge_articles WHERE id = $1 AND published`, [id]);
  return rows[0] ?? null;
}

export const scrs = (db: Queryable, companyId: number, paging: Paging) =>
  companyPage<Scr>(db, { columns: SCR_COLUMNS, from: 'software_change_requests', alias: '', table: 'software_change_requests' }, companyId, paging);

export async function scr(db: Queryable, id: number, companyId: number): Promise<Scr | null> {
  const { rows } = await db.query<Scr>(`SELECT ${SCR_COLUMNS} FROM software_change_requests WHERE id = $1 AND company_id = $2`, [id, companyId]);
  return rows[0] ?? null;
}
