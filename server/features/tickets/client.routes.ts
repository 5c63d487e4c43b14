/** The company's tickets for its client users: every query is scoped to the caller's company. */
import { clientTicketListQuerySchema, createClientTicketSchema, replySchema, type ClientTicketDetail, type Page, type ClientTicket } from '@contracts/client-portal';
import { idParamsSchema } from '@contracts/common/input';
import { clientOf } from '@server/platform/auth/guards';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { addClientReply, clientTicket, clientTickets, createClientTicket } from './tickets.repo';

export const clientTicketRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.get('/api/v2/client/tickets', async (request): Promise<Page<ClientTicket>> =>
    clientTickets(pool, clientOf(request).companyId, parseInput(clientTicketListQuerySchema, request.query, 'query')),
  );

  app.post('/api/v2/client/tickets', async (request, reply) => {
    const input = parseInput(createClientTicketSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({
      status: 201,
      body: { id: await createClientTicket(db, ctx.config, clientOf(request), input, 'create', new Date()) },
    }));
  });

  app.get('/api/v2/client/tickets/:id', async (request): Promise<ClientTicketDetail> => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const ticket = await clientTicket(pool, id, clientOf(request).companyId);
    if (!ticket) throw notFound('No such ticket');
    return ticket;
  });

  app.post('/api/v2/client/tickets/:id/replies', async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(replySchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: { id: await addClientReply(db, id, clientOf(request), input.body) } }));
  });
};
