/** The client portal for signed-in client users: dashboard, support, paper, help articles, change requests. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_PORTAL } from '@contracts/client-portal';
import { SUPPORT_HOURS } from '@contracts/common/constants';
import { createScr } from '@server/features/changes';
import { createClientTicket } from '@server/features/tickets';
import { clientOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce, type Created } from '@server/platform/idempotency';
import type { Queryable } from '@server/platform/sql';
import { article, articles, dashboard, orderPaper, paperOrder, paperOrders, paperProducts, scr, scrs } from './client-portal.repo';

/** The row, or a 404 saying what was not found. */
const found = <T>(row: T | null, what: string): T => {
  if (!row) throw notFound(what);
  return row;
};

export const clientPortalRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  /** Creates the record once per Idempotency-Key and answers its id (a replay answers the stored answer). */
  const createOnceWithId = (request: FastifyRequest, reply: FastifyReply, work: (db: Queryable) => Promise<number>) =>
    createOnce(request, reply, pool, async (db): Promise<Created<{ id: number }>> => ({ status: 201, body: { id: await work(db) } }));

  route(app, CLIENT_PORTAL.dashboard, async (_, request) => dashboard(pool, clientOf(request).companyId));

  route(app, CLIENT_PORTAL.supportInfo, async () => ({ phone: ctx.config.supportPhone, hours: SUPPORT_HOURS }));

  /** Contacting support raises a ticket, through the one ticket-creation path. */
  route(app, CLIENT_PORTAL.contactSupport, async ({ body }, request, reply) => {
    const t = { title: body.subject, description: body.message, severity: 'M' as const };
    return createOnceWithId(request, reply, (db) => createClientTicket(db, ctx.config, clientOf(request), t, 'contact_support', new Date()));
  });

  route(app, CLIENT_PORTAL.paperProducts, async () => ({ items: await paperProducts(pool) }));

  route(app, CLIENT_PORTAL.paperOrders, async ({ query }, request) => paperOrders(pool, clientOf(request).companyId, query));

  route(app, CLIENT_PORTAL.paperOrder, async ({ params }, request) => found(await paperOrder(pool, params.id, clientOf(request).companyId), 'No such order'));

  route(app, CLIENT_PORTAL.orderPaper, async ({ body }, request, reply) => createOnceWithId(request, reply, (db) => orderPaper(db, clientOf(request), body)));

  route(app, CLIENT_PORTAL.articles, async ({ query }) => articles(pool, query));

  route(app, CLIENT_PORTAL.article, async ({ params }) => found(await article(pool, params.id), 'No such article'));

  route(app, CLIENT_PORTAL.scrs, async ({ query }, request) => scrs(pool, clientOf(request).companyId, query));

  route(app, CLIENT_PORTAL.scr, async ({ params }, request) => found(await scr(pool, params.id, clientOf(request).companyId), 'No such change request'));

  /** A client's change request is raised by the changes feature, the one writer of change requests. */
  route(app, CLIENT_PORTAL.createScr, async ({ body }, request, reply) => {
    const me = clientOf(request);
    const deps = { publicUrl: ctx.config.publicUrl };
    return createOnceWithId(request, reply, (db) => createScr(db, deps, { clientId: me.userId }, { ...body, companyId: me.companyId }, ctx.now()));
  });
};
