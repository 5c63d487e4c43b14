import { TICKET_STATUS_CODES } from './common/codes';
import { endpoint } from './common/endpoint';
import { safeText } from './common/input';
import { isTimeZone, TIME_ZONE_MAX } from './common/time-zone';
import { z } from './common/zod';

export * from './common/codes';

/** How many rows of each of Home's lists show; the rest are one "All N" link away, in the ticket search. */
export const HOME_LIST_ROWS = 6;

export const ticketSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  company_name: z.string().nullable(),
  queue: z.string(),
  duedate: z.string().nullable(),
  created_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

const TIME_ZONE_MESSAGE = 'tz must be a current IANA time zone such as Europe/Berlin';
/** The zone of "Due today" for a caller that names none. */
export const HOME_DEFAULT_TIME_ZONE = 'UTC';
/** The caller's time zone names the day "Due today" counts (HOME_DEFAULT_TIME_ZONE when none is given). */
export const myTicketsQuerySchema = z.strictObject({
  tz: safeText(TIME_ZONE_MESSAGE, 'tz').max(TIME_ZONE_MAX, TIME_ZONE_MESSAGE).refine(isTimeZone, TIME_ZONE_MESSAGE).optional(),
});
export type MyTicketsQuery = z.input<typeof myTicketsQuerySchema>;

export const myTicketsResponseSchema = z.object({
  /** The first HOME_LIST_ROWS open tickets not yet overdue, soonest due first (the overdue ones are `overdue`). */
  tickets: z.array(ticketSummarySchema),
  /** The first HOME_LIST_ROWS overdue tickets, longest overdue first. */
  overdue: z.array(ticketSummarySchema),
  /** Counted by the database, not from the lists: every open ticket, the overdue ones, the ones due today. */
  counts: z.object({ open: z.number().int(), overdue: z.number().int(), due_today: z.number().int() }),
  /** The caller's day in their time zone, as instants: from its start, to its last millisecond. */
  today: z.object({ from: z.string(), to: z.string() }),
  /** The signed-in user (the assignee the "All" links search for). */
  assignee_id: z.number().int(),
});
export type MyDesk = z.infer<typeof myTicketsResponseSchema>;

/** Home's lists, each the ticket search of the same tickets, in the same order. */
export type HomeList = 'open' | 'overdue' | 'dueToday';

/** The ticket search (its address, with the URL filters it reads) that holds every ticket a Home list or count shows. */
export function homeTicketSearch(list: HomeList, desk: Pick<MyDesk, 'assignee_id' | 'today'>): string {
  const q = new URLSearchParams();
  q.set('assignee', String(desk.assignee_id));
  if (list === 'overdue') q.set('overdue', 'true');
  else q.set('f.status', TICKET_STATUS_CODES.filter((s) => s !== 'C').join(','));
  if (list === 'dueToday') {
    q.set('due_from', desk.today.from);
    q.set('due_to', desk.today.to);
  }
  q.set('sort', 'duedate:asc');
  return `/ticket/search?${q.toString()}`;
}

/**
 * The home screen's endpoint (served by the tickets feature). Defined here, apart from TICKETS, so
 * the first screen after sign-in does not load the ticket desk's schemas.
 */
export const HOME = {
  myTickets: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/mine',
    audience: 'staff',
    tag: 'Tickets',
    summary: "The signed-in user's desk: counts of their open, overdue and due-today tickets, and the first of the open and overdue ones",
    query: myTicketsQuerySchema,
    response: myTicketsResponseSchema,
  }),
} as const;
