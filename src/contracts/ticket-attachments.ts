/**
 * Downloads of the files attached to tickets' notes (served by the tickets feature): staff, and
 * client users for their company's public notes. Apart from TICKETS and CLIENT_TICKETS so that
 * only the screens that list files carry them (the sign-in bundle has a budget).
 */
import { attachmentSchema } from './common/attachments';
import { endpoint } from './common/endpoint';
import { idInput, idParamsSchema } from './common/input';
import { z } from './common/zod';

/** Which of a stored file's forms to download: the file itself, or an image's thumbnail. */
export const attachmentQuerySchema = z.strictObject({
  variant: z.enum(['original', 'thumbnail'], { error: 'variant must be original or thumbnail' }).default('original'),
});

/** The path parameters of one attachment of one record (attachment ids stay within PostgreSQL's integer). */
export const attachmentParamsSchema = z.strictObject({ id: idInput({ label: 'id' }), attachmentId: idInput({ label: 'attachmentId' }) });

/**
 * Files sent to a ticket itself once it exists (the files chosen in a create form, docs/adr/0138):
 * no fields besides the files, which come as multipart/form-data.
 */
export const attachToTicketSchema = z.strictObject({});

/** The ticket's own files (those not of a note) after an upload. */
export const ticketFilesSchema = z.object({ attachments: z.array(attachmentSchema) });
export type TicketFiles = z.infer<typeof ticketFilesSchema>;

export const TICKET_ATTACHMENTS = {
  staff: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/:id/attachments/:attachmentId',
    audience: 'staff',
    tag: 'Tickets',
    summary: "A file attached to one of the ticket's notes, or an image's thumbnail (images inline, other files as a download)",
    params: attachmentParamsSchema,
    query: attachmentQuerySchema,
    produces: 'application/octet-stream',
  }),
  client: endpoint({
    method: 'GET',
    path: '/api/v2/client/tickets/:id/attachments/:attachmentId',
    audience: 'client',
    tag: 'Client tickets',
    summary: "A file of a reply or public note on one of the company's tickets, or an image's thumbnail",
    params: attachmentParamsSchema,
    query: attachmentQuerySchema,
    produces: 'application/octet-stream',
  }),
  attachStaff: endpoint({
    method: 'POST',
    path: '/api/v2/tickets/:id/attachments',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Attach files to the ticket itself (sent as multipart/form-data), as the create form does once the ticket exists',
    params: idParamsSchema,
    body: attachToTicketSchema,
    status: 201,
    idempotent: true,
    upload: true,
    response: ticketFilesSchema,
  }),
  attachClient: endpoint({
    method: 'POST',
    path: '/api/v2/client/tickets/:id/attachments',
    audience: 'client',
    tag: 'Client tickets',
    summary: "Attach files to one of the company's tickets (sent as multipart/form-data), as the new-ticket form does once the ticket exists",
    params: idParamsSchema,
    body: attachToTicketSchema,
    status: 201,
    idempotent: true,
    upload: true,
    response: ticketFilesSchema,
  }),
} as const;
