/**
 * What the tickets feature tells the rest of the product on the event bus (ADR 62), published in
 * the transaction of the change: ids only, subscribers read the rest themselves.
 */
import { z } from 'zod';
import { defineTopic } from '@server/platform/events';

const id = z.number().int().positive();

/** A ticket got an assignee (created with one, or changed to one) by a staff member; `entry` names the cause once. */
export const ticketAssigned = defineTopic('tickets.assigned', z.object({ ticketId: id, assigneeId: id, byId: id, entry: z.string().max(60) }));

/** A client replied on a ticket: a client user (in the portal or by email), or the ticket's contact without a portal account (by email). */
export const clientReplied = defineTopic(
  'tickets.client-replied',
  z.union([z.object({ ticketId: id, noteId: id, clientUserId: id }), z.object({ ticketId: id, noteId: id, contactId: id })]),
);

/** A staff member changed a ticket's status (codes as stored); `entry` is the change's note, naming the cause once. */
export const ticketStatusChanged = defineTopic('tickets.status-changed', z.object({ ticketId: id, from: z.string().max(10), to: z.string().max(10), byId: id, entry: z.string().max(60) }));

/** A staff member added a public note (one the client sees) to a ticket. */
export const staffReplied = defineTopic('tickets.staff-replied', z.object({ ticketId: id, noteId: id, byId: id }));
