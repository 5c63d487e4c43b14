/**
 * Ticket changes as they happen: a staff stream (server-sent events) that tells an open ticket
 * list which tickets were created or changed, so it can reload through the ordinary,
 * access-checked search. A frame names ticket ids only, never what a ticket holds.
 */
import { endpoint } from './common/endpoint';
import { safeText } from './common/input';
import { z } from './common/zod';

/** Timings of the stream, the server's and the browser's. */
export const TICKET_CHANGES_TIMING = {
  /** At most one frame per this window: the first change after a quiet spell goes at once, the ones that follow within it make one frame at its end. */
  coalesceMs: 500,
  /** A comment line this often keeps proxies and idle connections open. */
  heartbeatMs: 15_000,
  /** The reconnection hint sent to the browser (`retry:`). */
  retryMs: 2_000,
  /** Waits before each reconnection attempt, the last repeated. */
  backoffMs: [1_000, 2_000, 5_000, 10_000, 30_000] as readonly number[],
} as const;

export const TICKET_CHANGES_LIMITS = {
  /** Ticket ids a frame names at most (the newest). */
  idsMax: 50,
  /** A reader this far behind is dropped (it reconnects and catches up). */
  maxBufferedBytes: 65_536,
} as const;

/** The name of a frame of the stream. */
export const TICKET_CHANGES_FRAME = 'changed';

/** Where the stream starts: `now`, or after a change id a previous frame gave (a reconnection catches up). */
export const TICKET_CHANGES_NOW = 'now';
const AFTER_FORMAT = /^(now|[1-9]\d{0,14})$/;
const AFTER_MESSAGE = 'Start after must be "now" or the id of a change a frame gave';

export const ticketChangesQuerySchema = z.strictObject({
  after: safeText(AFTER_MESSAGE, 'Start after').regex(AFTER_FORMAT, AFTER_MESSAGE),
});
export type TicketChangesQuery = z.infer<typeof ticketChangesQuerySchema>;

/** One frame: the newest change it covers, and the tickets created or changed (up to idsMax; empty when the log cannot tell, reload anyway). */
export const ticketChangesFrameSchema = z.object({
  latest: z.number().int().min(0),
  ids: z.array(z.number().int()).max(TICKET_CHANGES_LIMITS.idsMax),
});
export type TicketChangesFrame = z.infer<typeof ticketChangesFrameSchema>;

export const TICKET_CHANGES = {
  stream: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/changes',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Tickets created or changed, as server-sent events (ids only; the list reloads through the search)',
    query: ticketChangesQuerySchema,
    produces: 'text/event-stream',
  }),
} as const;
