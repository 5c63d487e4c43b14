/** The client portal for signed-in client users: dashboard, support, paper, help articles, change requests. */
import {
  articleListQuerySchema,
  contactSupportSchema,
  createPaperOrderSchema,
  createScrSchema,
  pageQuerySchema,
  type Article,
  type ArticleList,
  type ClientDashboard,
  type Page,
  type PaperOrder,
  type PaperProduct,
  type Scr,
  type SupportInfo,
} from '@contracts/client-portal';
import { SUPPORT_HOURS } from '@contracts/common/constants';
import { idParamsSchema } from '@contracts/common/input';
import { createClientTicket } from '@server/features/tickets';
import { clientOf } from '@server/platform/auth/guards';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { article, articles, createScr, dashboard, orderPaper, paperOrder, paperOrders, paperProducts, scr, scrs } from './client-portal.repo';

/** The row, or a 404 saying what was not found. */
const found = <T>(row: T | null, what: string): T => {
  if (!row) throw notFound(what);
  return row;
};

export const clientPortalRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.get('/api/v2/client/dashboard', async (request): Promise<ClientDashboard> => dashboard(pool, clientOf(request).companyId));

  app.get('/api/v2/client/support-info', async (): Promise<SupportInfo> => ({ phone: ctx.config.supportPhone, hours: SUPPORT_HOURS }));

  /** Contacting support raises a ticket, through the one ticket-creation path. */
  app.post('/api/v2/client/contact-support', async (request, reply) => {
    const input = parseInput(contactSupportSchema, request.body);
    const t = { title: input.subject, description: input.message, severity: 'M' as const };
    return createOnce(request, reply, pool, async (db) => ({
      status: 201,
      body: { id: await createClientTicket(db, ctx.config, clientOf(request), t, 'contact_support', new Date()) },
    }));
  });

  app.get('/api/v2/client/paper/products', async (): Promise<{ items: PaperProduct[] }> => ({ items: await paperProducts(pool) }));

  app.get('/api/v2/client/paper/orders', async (request): Promise<Page<PaperOrder>> =>
    paperOrders(pool, clientOf(request).companyId, parseInput(pageQuerySchema, request.query, 'query')),
  );

  app.get('/api/v2/client/paper/orders/:id', async (request): Promise<PaperOrder> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    return found(await paperOrder(pool, id, clientOf(request).companyId), 'No such order');
  });

  app.post('/api/v2/client/paper/orders', async (request, reply) => {
    const input = parseInput(createPaperOrderSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: { id: await orderPaper(db, clientOf(request), input) } }));
  });

  app.get('/api/v2/client/articles', async (request): Promise<ArticleList> => articles(pool, parseInput(articleListQuerySchema, request.query, 'query')));

  app.get('/api/v2/client/articles/:id', async (request): Promise<Article> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    return found(await article(pool, id), 'No such article');
  });

  app.get('/api/v2/client/scrs', async (request): Promise<Page<Scr>> => scrs(pool, clientOf(request).companyId, parseInput(pageQuerySchema, request.query, 'query')));

  app.get('/api/v2/client/scrs/:id', async (request): Promise<Scr> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    return found(await scr(pool, id, clientOf(request).companyId), 'No such change request');
  });

  app.post('/api/v2/client/scrs', async (request, reply) => {
    const input = parseInput(createScrSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: { id: await createScr(db, clientOf(request), input) } }));
  });
};
