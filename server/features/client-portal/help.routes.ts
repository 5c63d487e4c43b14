import type { FastifyInstance } from 'fastify';
import { articleListQuerySchema, idParamsSchema, type Article, type ArticleList } from '@contracts/client-portal';
import { requireClient } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { notFound, parseInput } from '@server/platform/http/errors';
import { iso, offsetOf } from '@server/platform/sql';

/** Published knowledge articles for client users; a draft answers 404. */
export function registerClientHelpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const auth = { preHandler: requireClient(ctx) };

  app.get('/api/v2/client/articles', auth, async (request): Promise<ArticleList> => {
    const q = parseInput(articleListQuerySchema, request.query, 'query');
    const where = ['published'];
    const params: unknown[] = [];
    if (q.category) {
      params.push(q.category);
      where.push(`category = $${params.length}`);
    }
    if (q.q) {
      params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(title ILIKE $${params.length} OR body ILIKE $${params.length})`);
    }
    const whereSql = where.join(' AND ');
    const [{ rows }, { rows: count }, { rows: categories }] = await Promise.all([
      pool.query(
        `SELECT id, title, category, ${iso('updated_at')} FROM knowledge_articles WHERE ${whereSql}
          ORDER BY category, title, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.pageSize, offsetOf(q)],
      ),
      pool.query<{ n: string }>(`SELECT count(*) AS n FROM knowledge_articles WHERE ${whereSql}`, params),
      pool.query<{ category: string }>('SELECT DISTINCT category FROM knowledge_articles WHERE published ORDER BY category LIMIT 200'),
    ]);
    return { items: rows, total: Number(count[0]!.n), page: q.page, pageSize: q.pageSize, categories: categories.map((c) => c.category) };
  });

  app.get('/api/v2/client/articles/:id', auth, async (request): Promise<Article> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { rows } = await pool.query<Article>(
      `SELECT id, title, category, body, ${iso('updated_at')} FROM knowledge_articles WHERE id = $1 AND published`,
      [id],
    );
    if (!rows[0]) throw notFound('No such article');
    return rows[0];
  });
}
