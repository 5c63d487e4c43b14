/** The company's tickets for its client users: every query is scoped to the caller's company. */
import { clientTicketListQuerySchema, createClientTicketSchema, replySchema, type ClientTicketDetail, type Page, type ClientTicket } from '@contracts/client-portal';
import { idParamsSchema } from '@contracts/common/input';
import { clientOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { addClientReply, clientTicket, clientTickets, createClientTicket } from './tickets.repo';

export const clientTicketRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.get('/api/v2/client/tickets', async (request): Promise<Page<ClientTicket>> =>
    clientTickets(pool, clientOf(request).companyId, parseInput(clientTicketListQuerySchema, request.query, 'query')),
  );

  app.post('/api/v2/client/tickets', async (request, reply) => {
    const input = parseInput(createClientTicketSchema, request.body);
    const id = await inTransaction(pool, (db) => createClientTicket(db, ctx.config, clientOf(request), input, 'create', new Date()));
    reply.status(201);
    return { id };
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
    const noteId = await inTransaction(pool, (db) => addClientReply(db, id, clientOf(request), input.body));
    reply.status(201);
    return { id: noteId };
  });
};
