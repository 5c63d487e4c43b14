/**
 * Saved views of the ticket search (docs/adr/0136): the built-in queues every staff user has
 * (My open, Unassigned, Overdue, Waiting on Client) and each user's own saved filters, private to
 * them, all answered with their live counts in one call.
 */
import { z } from './common/zod';
import { idParamsSchema, safeText } from './common/input';
import { endpoint } from './common/endpoint';
import { NOTIFICATIONS_POLL_INTERVAL_MS } from './common/constants';
import { ticketSearchQuerySchema } from './tickets';

/** The search's parameters a view may hold: every filter, never the page, its size or the sort. */
export const TICKET_VIEW_FILTER_KEYS = ['q', 'status', 'severity', 'queue', 'company', 'assignee', 'unassigned', 'overdue', 'due_from', 'due_to', 'created_from', 'created_to', 'closed_from', 'closed_to', 'sla'] as const;
export type TicketViewFilterKey = (typeof TICKET_VIEW_FILTER_KEYS)[number];
/** A view's filters as the search endpoint takes them (query-string values). */
export type TicketViewFilters = Partial<Record<TicketViewFilterKey, string>>;

/** The longest name of a saved view. */
export const TICKET_VIEW_NAME_MAX = 60;
/** How many saved views one user may keep. */
export const TICKET_VIEWS_PER_USER_MAX = 30;
/** The views' counts are at most this old when the tab comes back into view; older, they load again (as often as the bell asks). */
export const TICKET_VIEW_COUNTS_FRESH_MS = NOTIFICATIONS_POLL_INTERVAL_MS;
/** The longest value of one filter of a saved view. */
const FILTER_VALUE_MAX = 200;

/** The statuses of a ticket still open (every one but Closed). */
const OPEN_STATUSES = 'A,WOP,WOC,WOT';
/** Stands for the signed-in user in a built-in view's filters; the server puts their id there. */
export const TICKET_VIEW_ME = 'me';

/** The built-in views, in the order the screen shows them. */
export const BUILT_IN_TICKET_VIEWS = [
  { key: 'mine', name: 'My open', filters: { assignee: TICKET_VIEW_ME, status: OPEN_STATUSES } },
  { key: 'unassigned', name: 'Unassigned', filters: { unassigned: 'true', status: OPEN_STATUSES } },
  { key: 'overdue', name: 'Overdue', filters: { overdue: 'true' } },
  { key: 'waiting-on-client', name: 'Waiting on Client', filters: { status: 'WOC' } },
] as const satisfies readonly { key: string; name: string; filters: TicketViewFilters }[];

const viewName = safeText('Name must be text', 'Name')
  .trim()
  .min(1, 'Name is required')
  .max(TICKET_VIEW_NAME_MAX, `Name must be at most ${TICKET_VIEW_NAME_MAX} characters`);

/** Filters the search would take: only its filter keys, each one a value it accepts. */
export const ticketViewFiltersSchema = z
  .partialRecord(
    z.enum(TICKET_VIEW_FILTER_KEYS, { error: `Filters may hold only ${TICKET_VIEW_FILTER_KEYS.join(', ')}` }),
    safeText('Each filter must be text', 'A filter').max(FILTER_VALUE_MAX, `Each filter must be at most ${FILTER_VALUE_MAX} characters`),
  )
  .superRefine((filters, ctx) => {
    const checked = ticketSearchQuerySchema.safeParse(filters);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: `Filters: ${issue.message}` });
  });

export const createTicketViewSchema = z.strictObject({ name: viewName, filters: ticketViewFiltersSchema });
export type CreateTicketViewInput = z.input<typeof createTicketViewSchema>;
export const renameTicketViewSchema = z.strictObject({ name: viewName });

/** A user's saved view. */
export const savedTicketViewSchema = z.object({ id: z.number(), name: z.string(), filters: z.record(z.string(), z.string()) });
export type SavedTicketView = z.infer<typeof savedTicketViewSchema>;

/** One view with its count: `id` is the saved view's (null for a built-in one); `filters` as the search takes them. */
export const countedTicketViewSchema = z.object({
  key: z.string(),
  id: z.number().nullable(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  count: z.number(),
});
export type CountedTicketView = z.infer<typeof countedTicketViewSchema>;
export const ticketViewsSchema = z.object({ views: z.array(countedTicketViewSchema) });
export type TicketViews = z.infer<typeof ticketViewsSchema>;

export const TICKET_VIEWS = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/ticket-views',
    audience: 'staff',
    tag: 'Tickets',
    summary: "The built-in ticket views and the caller's saved ones, each with its exact count",
    response: ticketViewsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/ticket-views',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Save the current filters of the ticket search under a name (seen only by the caller)',
    body: createTicketViewSchema,
    status: 201,
    response: savedTicketViewSchema,
  }),
  rename: endpoint({
    method: 'PATCH',
    path: '/api/v2/ticket-views/:id',
    audience: 'staff',
    tag: 'Tickets',
    summary: "Rename one of the caller's saved views",
    params: idParamsSchema,
    body: renameTicketViewSchema,
    response: savedTicketViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v2/ticket-views/:id',
    audience: 'staff',
    tag: 'Tickets',
    summary: "Delete one of the caller's saved views",
    params: idParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
