/**
 * The client portal's tickets (served by the tickets feature): a company's tickets for its client
 * users, a new ticket and a reply. Their payloads are the client portal's (./client-portal).
 */
import { clientPageSchema, clientTicketDetailSchema, clientTicketListQuerySchema, clientTicketSchema, createClientTicketSchema, createdSchema, replySchema } from './client-portal';
import { endpoint } from './common/endpoint';
import { idParamsSchema } from './common/input';

/** A page of the company's tickets. */
export const clientTicketPageSchema = clientPageSchema(clientTicketSchema);

export const CLIENT_TICKETS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/client/tickets',
    audience: 'client',
    tag: 'Client tickets',
    summary: "A page of the company's tickets, searched, filtered by open or closed and sorted",
    query: clientTicketListQuerySchema,
    response: clientTicketPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/client/tickets',
    audience: 'client',
    tag: 'Client tickets',
    summary: 'Raise a ticket for the company (unassigned, in the Support queue)',
    body: createClientTicketSchema,
    status: 201,
    idempotent: true,
    response: createdSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/v2/client/tickets/:id',
    audience: 'client',
    tag: 'Client tickets',
    summary: "One of the company's tickets with its public thread (internal notes never)",
    params: idParamsSchema,
    response: clientTicketDetailSchema,
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/v2/client/tickets/:id/replies',
    audience: 'client',
    tag: 'Client tickets',
    summary: 'Reply on a ticket, with files if sent as multipart/form-data; a ticket waiting on the client goes back to the team',
    params: idParamsSchema,
    body: replySchema,
    status: 201,
    idempotent: true,
    upload: true,
    response: createdSchema,
  }),
} as const;
