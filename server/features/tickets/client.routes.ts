/** The company's tickets for its client users: every query is scoped to the caller's company. */
import { CLIENT_TICKETS } from '@contracts/client-tickets';
import { clientOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { findAttachment } from './attachments.repo';
import { addClientReply, attachToTicket, clientTicket, clientTickets, createClientTicket } from './tickets.repo';
import { TICKET_ATTACHMENTS } from '@contracts/ticket-attachments';

/** A create answers what createOnce answers: the new id, or on a retry the first answer again. */
export const clientTicketRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, CLIENT_TICKETS.list, async ({ query }, request) => clientTickets(pool, clientOf(request).companyId, query));

  route(app, CLIENT_TICKETS.create, async ({ body }, request, reply) => {
    const now = ctx.now();
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: { id: await createClientTicket(db, ctx.config, clientOf(request), body, 'create', now) } }));
  });

  route(app, CLIENT_TICKETS.view, async ({ params }, request) => {
    const ticket = await clientTicket(pool, params.id, clientOf(request).companyId);
    if (!ticket) throw notFound('No such ticket');
    return ticket;
  });

  // The reply's files (multipart) are moved into place first; their rows commit with the reply.
  route(app, CLIENT_TICKETS.reply, async ({ params, body }, request, reply) => {
    const now = ctx.now();
    return withUploads(request, (files, keep) =>
      createOnce(request, reply, pool, async (db) => ({
        status: 201,
        body: { id: await addClientReply(db, params.id, clientOf(request), body.body, now, files) },
        afterCommit: keep,
      })),
    );
  });

  // The new-ticket form's files, sent once the ticket exists; another company's ticket is not there (404).
  route(app, TICKET_ATTACHMENTS.attachClient, async ({ params }, request, reply) => {
    const now = ctx.now();
    const who = clientOf(request);
    return withUploads(request, (files, keep) =>
      createOnce(request, reply, pool, async (db) => ({
        status: 201,
        body: { attachments: await attachToTicket(db, params.id, files, { type: 'client', id: who.userId }, now, who.companyId) },
        afterCommit: keep,
      })),
    );
  });

  // Another company's file, or one of an internal note, is not there for a client user: 404.
  route(app, TICKET_ATTACHMENTS.client, async ({ params, query }, request, reply) => {
    const file = await findAttachment(pool, params.id, params.attachmentId, clientOf(request).companyId);
    if (!file) throw notFound('No such file on this ticket');
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });
};
