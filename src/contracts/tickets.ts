/** Contracts of the staff ticket desk: search, create, view, notes, changes, time entries, stats. */
import { z } from './common/zod';
import { LIMITS, TICKET_AGE_BUCKETS_DAYS, TICKET_SEARCH, TIME_ENTRY_MINUTES_MAX } from './common/constants';
import { PRIORITY_MESSAGE, QUEUES, SEVERITY_CODES, TICKET_SOURCES, TICKET_STATUS_CODES, type Severity, type TicketStatus } from './common/codes';
import { endpoint } from './common/endpoint';
import { attachmentSchema } from './common/attachments';
import { calendarDay, dateTimeInput, idInput, idParamsSchema, PAGE_MAX, pickedId, safeText, type TextForm } from './common/input';

const id = (what: string) => idInput({ label: what });

/** A comma-separated list of codes in a query string ("A,WOC"), or the same key repeated. */
function codeList<const T extends readonly [string, ...string[]]>(codes: T, what: string) {
  return z
    .union([safeText(`${what} must be text`, what).max(200, `${what} is too long`), z.array(safeText(`${what} must be text`, what).max(40)).max(20)], {
      error: `${what} must be a code or a list of codes`,
    })
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(codes, { error: `${what} must be one of ${codes.join(', ')}` })));
}

const isoDate = dateTimeInput;

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * One end of a created or closed range, as the instant the range starts (`start`) or stops before
 * (`end`): a day (YYYY-MM-DD, a UTC day) covers that whole day, so `to=2026-11-20` stops before
 * 2026-11-21T00:00Z; an instant is the bound itself (a report's age bucket ends at an instant).
 */
function rangeBound(label: string, end: 'start' | 'end') {
  return safeText(`${label} must be text`, label)
    .max(40, `${label} must be a date and time (ISO 8601)`)
    .pipe(
      z.string().transform((raw, ctx) => {
        const parsed = dateTimeInput(label).safeParse(raw);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
          return z.NEVER;
        }
        if (end === 'end' && DAY_ONLY.test(raw.trim())) return new Date(Date.parse(parsed.data) + 86_400_000).toISOString();
        return parsed.data;
      }),
    );
}

/** Closed tickets with a due date by whether they were closed by it: met, missed, or any of them. */
export const TICKET_SLA_FILTERS = { met: 'Met the due date', missed: 'Missed the due date', any: 'Closed with a due date' } as const;
export type TicketSlaFilter = keyof typeof TICKET_SLA_FILTERS;

export const TICKET_SORT_FIELDS = ['id', 'title', 'status', 'severity', 'company_name', 'queue', 'assignee_name', 'duedate', 'created_at', 'updated_at'] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];
export type SortSpec<F extends string> = { field: F; dir: 'asc' | 'desc' };

/** "duedate:asc,id:desc": up to TICKET_SEARCH.sortColumnsMax columns. */
export function sortParam<const F extends readonly [string, ...string[]]>(fields: F, max: number) {
  return safeText('sort must be text', 'sort')
    .max(200, 'sort is too long')
    .transform((v, ctx) => {
      const out: SortSpec<F[number]>[] = [];
      for (const part of v.split(',').map((s) => s.trim()).filter(Boolean)) {
        const [field, dir = 'asc'] = part.split(':');
        if (!fields.includes(field as F[number]) || (dir !== 'asc' && dir !== 'desc')) {
          ctx.addIssue({ code: 'custom', message: `sort must be field:asc or field:desc with a field of ${fields.join(', ')}` });
          return z.NEVER;
        }
        out.push({ field: field as F[number], dir });
      }
      if (out.length > max) {
        ctx.addIssue({ code: 'custom', message: `sort takes at most ${max} columns` });
        return z.NEVER;
      }
      return out;
    });
}

export const ticketSearchQuerySchema = z
  .strictObject({
    q: safeText('q must be text', 'q').trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
    status: codeList(TICKET_STATUS_CODES as unknown as [TicketStatus, ...TicketStatus[]], 'status').optional(),
    severity: codeList(SEVERITY_CODES as unknown as [Severity, ...Severity[]], 'severity').optional(),
    queue: codeList(QUEUES, 'queue').optional(),
    company: id('company').optional(),
    assignee: id('assignee').optional(),
    /** true: tickets nobody is assigned to; false: tickets someone holds. */
    unassigned: boolParam.optional(),
    overdue: boolParam.optional(),
    due_from: isoDate('due_from').optional(),
    due_to: isoDate('due_to').optional(),
    /** Created on or after (a day: from its start). */
    created_from: rangeBound('created_from', 'start').optional(),
    /** Created before (a day: through its end). */
    created_to: rangeBound('created_to', 'end').optional(),
    closed_from: rangeBound('closed_from', 'start').optional(),
    closed_to: rangeBound('closed_to', 'end').optional(),
    sla: z.enum(Object.keys(TICKET_SLA_FILTERS) as [TicketSlaFilter, ...TicketSlaFilter[]], { error: 'sla must be met, missed or any' }).optional(),
    sort: sortParam(TICKET_SORT_FIELDS, TICKET_SEARCH.sortColumnsMax).optional(),
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
      .default(1),
    size: z.coerce
      .number({ error: 'size must be a number' })
      .int('size must be a whole number')
      .min(1, 'size must be at least 1')
      .max(TICKET_SEARCH.pageSizeMax, `size must be at most ${TICKET_SEARCH.pageSizeMax}`)
      .default(TICKET_SEARCH.defaultPageSize),
    /**
     * Keyset paging: the id of the last ticket of the page before. The page continues right after
     * that ticket in the sort (its sort values, then its id), so tickets created or changed elsewhere
     * in the list between two loads neither repeat nor skip a row; `page` then only numbers the page.
     */
    after: id('after').optional(),
  })
  .refine((v) => v.after !== undefined || (v.page - 1) * v.size < TICKET_SEARCH.offsetMax, {
    path: ['page'],
    message: `page goes at most ${TICKET_SEARCH.offsetMax} rows deep; narrow the search`,
  })
  .refine((v) => !v.created_from || !v.created_to || v.created_from < v.created_to, { path: ['created_to'], message: 'created_to must be after created_from' })
  .refine((v) => !v.closed_from || !v.closed_to || v.closed_from < v.closed_to, { path: ['closed_to'], message: 'closed_to must be after closed_from' });
export type TicketSearchQuery = z.input<typeof ticketSearchQuerySchema>;
/** The ticket a keyset page was asked to continue after is gone (deleted or merged away since the page before was read). */
export const TICKET_SEARCH_AFTER_GONE = 'The ticket this page continued after no longer exists; go back to the first page';

export const ticketRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  severity: z.string(),
  company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  queue: z.string(),
  assignee_id: z.number().nullable(),
  assignee_name: z.string().nullable(),
  duedate: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  overdue: z.boolean(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const pagedSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    page: z.number(),
    size: z.number(),
    /** Matches counted, up to the cap. */
    total: z.number(),
    /** False when there are more matches than `total`. */
    totalExact: z.boolean(),
  });
export const ticketSearchResponseSchema = pagedSchema(ticketRowSchema);
export type TicketSearchResponse = z.infer<typeof ticketSearchResponseSchema>;

/** Text of at most `max` characters; `missing` is what an empty required one says (by default "Title is required"). */
const text = (what: string, max: number, min = 0, form?: TextForm, missing = `${what} is required`) =>
  safeText(missing, what, form)
    .trim()
    .min(min, min ? missing : undefined)
    .max(max, `${what} must be at most ${max} characters`);

/** What Create Ticket says of a field left empty, in the words of the form (also the server's 400). */
export const CREATE_TICKET_MESSAGES = {
  title: 'Give the ticket a title',
  description: 'Describe what happened',
  company: 'Pick a company',
  contact: 'Pick a contact of the company',
  assignee: 'Pick someone to assign it to',
} as const;

export const createTicketSchema = z.strictObject({
  title: text('Title', LIMITS.title, 1, 'line', CREATE_TICKET_MESSAGES.title),
  description: text('Description', LIMITS.text, 1, 'long', CREATE_TICKET_MESSAGES.description),
  company_id: pickedId(CREATE_TICKET_MESSAGES.company),
  contact_id: pickedId(CREATE_TICKET_MESSAGES.contact).nullable().optional(),
  severity: z.enum(SEVERITY_CODES as unknown as [Severity, ...Severity[]], { error: PRIORITY_MESSAGE }),
  queue: z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` }),
  assignee_id: pickedId(CREATE_TICKET_MESSAGES.assignee).nullable().optional(),
  source: z.enum(TICKET_SOURCES, { error: `Source must be one of ${TICKET_SOURCES.join(', ')}` }).default('staff'),
  /** When missing, the due date is the creation time plus the severity's response target. */
  duedate: isoDate('Due date').nullable().optional(),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

/** What the ticket's Change form says when nothing in it differs from the ticket (also the server's 400). */
export const TICKET_CHANGE_MESSAGES = { nothing: 'Nothing to save yet: change the status, priority, queue, assignee or due date first' } as const;

export const updateTicketSchema = z
  .strictObject({
    status: z.enum(TICKET_STATUS_CODES as unknown as [TicketStatus, ...TicketStatus[]], { error: 'Status must be A, C, WOP, WOC or WOT' }).optional(),
    severity: z.enum(SEVERITY_CODES as unknown as [Severity, ...Severity[]], { error: PRIORITY_MESSAGE }).optional(),
    queue: z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` }).optional(),
    assignee_id: id('Assignee').nullable().optional(),
    duedate: isoDate('Due date').nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: TICKET_CHANGE_MESSAGES.nothing });
export type UpdateTicketInput = z.input<typeof updateTicketSchema>;

const minutes = z.coerce
  .number({ error: 'Minutes must be a number' })
  .int('Minutes must be a whole number')
  .min(0, 'Minutes cannot be negative')
  .max(TIME_ENTRY_MINUTES_MAX, `Minutes must be at most ${TIME_ENTRY_MINUTES_MAX}`);

export const addNoteSchema = z.strictObject({
  body: text('Note', LIMITS.text, 1, 'long'),
  internal: z.boolean({ error: 'internal must be true or false' }).default(false),
  minutes: minutes.default(0),
});
export type AddNoteInput = z.input<typeof addNoteSchema>;

/** The outbox kind of the mail a public staff note sends the ticket's contact. */
export const OUTBOX_KIND_TICKET_REPLY = 'ticket.reply';

/** What the ticket's Add time form says of its minutes, in the words of the form (also the server's 400). */
export const TIME_ENTRY_MESSAGES = {
  minutes: 'Enter the minutes worked, e.g. 90',
  whole: 'Enter whole minutes, e.g. 90',
  max: `Enter at most ${TIME_ENTRY_MINUTES_MAX} minutes (a day)`,
} as const;

export const addTimeEntrySchema = z.strictObject({
  minutes: z.coerce
    .number({ error: TIME_ENTRY_MESSAGES.minutes })
    .int(TIME_ENTRY_MESSAGES.whole)
    .min(1, TIME_ENTRY_MESSAGES.minutes)
    .max(TIME_ENTRY_MINUTES_MAX, TIME_ENTRY_MESSAGES.max),
  billable: z.boolean({ error: 'billable must be true or false' }).default(true),
  description: text('Description', 500, 0, 'long').default(''),
  work_date: calendarDay('Work date').optional(),
});
export type AddTimeEntryInput = z.input<typeof addTimeEntrySchema>;

/** One entry of a ticket's thread: a note someone wrote, or a change of its fields (with what each was and became). */
export const threadEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'change']),
  body: z.string(),
  internal: z.boolean(),
  minutes_spent: z.number().int(),
  change: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })).nullable(),
  author_name: z.string().nullable(),
  author_type: z.enum(['staff', 'client']).nullable(),
  created_at: z.string(),
  /** Files attached to the note (none on a change). */
  attachments: z.array(attachmentSchema),
});
export type ThreadEntry = z.infer<typeof threadEntrySchema>;

/** Time spent on a ticket (a note's minutes, or an entry of its own). */
export const timeEntrySchema = z.object({
  id: z.number().int(),
  staff_user_id: z.number().int(),
  staff_name: z.string(),
  work_date: z.string(),
  minutes: z.number().int(),
  billable: z.boolean(),
  description: z.string(),
  note_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

export const ticketDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  severity: z.string(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  queue: z.string(),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  source: z.string(),
  duedate: z.string().nullable(),
  /** While paused: the due date if the clock resumed now. */
  projected_duedate: z.string().nullable(),
  paused_since: z.string().nullable(),
  paused_seconds: z.number().int(),
  overdue: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** One answer to the support survey of a ticket; only the latest of them counts in the results. */
export const ticketSurveyResponseSchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  q1: z.number().int(),
  texts: z.record(z.string(), z.string()),
  counts: z.boolean(),
});
export type TicketSurveyResponse = z.infer<typeof ticketSurveyResponseSchema>;
/** The support survey of a ticket: when it was last sent (null: never), and its answers, newest first. */
export const ticketSurveysSchema = z.object({ sent_at: z.string().nullable(), responses: z.array(ticketSurveyResponseSchema) });
export type TicketSurveys = z.infer<typeof ticketSurveysSchema>;

/** A ticket as the staff view shows it: header, thread, time and its support survey. */
export const ticketViewSchema = z.object({
  ticket: ticketDetailSchema,
  /** Files of the ticket itself (chosen when it was raised), apart from those of its notes. */
  attachments: z.array(attachmentSchema),
  thread: z.array(threadEntrySchema),
  time: z.object({ entries: z.array(timeEntrySchema), total_minutes: z.number().int(), billable_minutes: z.number().int() }),
  surveys: ticketSurveysSchema,
});
export type TicketView = z.infer<typeof ticketViewSchema>;

/** The create options and the assignee picker: `q` narrows the staff to names containing it. */
export const ticketOptionsQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
});
export type TicketOptionsQuery = z.infer<typeof ticketOptionsQuerySchema>;

export const ticketOptionsSchema = z.object({
  staff: z.array(z.object({ id: z.number().int(), name: z.string() })),
  response_target_hours: z.record(z.enum(SEVERITY_CODES as unknown as [Severity, ...Severity[]]), z.number()),
});
export type TicketOptions = z.infer<typeof ticketOptionsSchema>;

export const countRowSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() });
export type CountRow = z.infer<typeof countRowSchema>;
export const ticketStatsSchema = z.object({
  /** The moment the figures were counted (the age buckets' edges are measured from it). */
  as_of: z.string(),
  open_total: z.number().int(),
  overdue_total: z.number().int(),
  by_status: z.array(countRowSchema),
  by_severity: z.array(countRowSchema),
  by_queue: z.array(countRowSchema),
  by_assignee: z.array(countRowSchema),
  by_age: z.array(countRowSchema),
});
export type TicketStats = z.infer<typeof ticketStatsSchema>;

export type TicketStatsBreakdown = 'by_status' | 'by_severity' | 'by_queue' | 'by_assignee' | 'by_age';

/**
 * The ticket search (its address) of one bar of the active ticket stats: the open tickets with
 * that status, priority, queue, assignee (or nobody: the "none" bar) or age, so its count is the
 * bar's. Null for an unknown assignee key or age bucket.
 */
export function ticketStatsDrill(breakdown: TicketStatsBreakdown, key: string, asOf: string): string | null {
  const q = new URLSearchParams();
  const open = TICKET_STATUS_CODES.filter((s) => s !== 'C').join(',');
  if (breakdown === 'by_status') q.set('f.status', key);
  else q.set('f.status', open);
  if (breakdown === 'by_severity') q.set('f.severity', key);
  if (breakdown === 'by_queue') q.set('f.queue', key);
  if (breakdown === 'by_assignee') {
    if (key === 'none') q.set('unassigned', 'true');
    else if (/^\d+$/.test(key)) q.set('assignee', key);
    else return null;
  }
  if (breakdown === 'by_age') {
    // Bucket i holds tickets created in [as_of − edge[i] days, as_of − edge[i−1] days).
    const i = Number(key);
    const edges = [0, ...TICKET_AGE_BUCKETS_DAYS];
    if (!Number.isInteger(i) || i < 0 || i > TICKET_AGE_BUCKETS_DAYS.length) return null;
    const ago = (days: number) => new Date(Date.parse(asOf) - days * 86_400_000).toISOString();
    if (i < TICKET_AGE_BUCKETS_DAYS.length) q.set('created_from', ago(edges[i + 1]!));
    q.set('created_to', ago(edges[i]!));
  }
  return `/ticket/search?${q.toString()}`;
}

/** The staff ticket desk's endpoints (the home screen's own tickets: HOME in ./home; the client portal's: CLIENT_TICKETS). */
export const TICKETS = {
  search: endpoint({
    method: 'GET',
    path: '/api/v2/tickets',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Search tickets by words, filters and a sort, a page at a time',
    query: ticketSearchQuerySchema,
    response: ticketSearchResponseSchema,
  }),
  options: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/options',
    audience: 'staff',
    tag: 'Tickets',
    summary: "The create form's options: active staff (narrowed by q) and the response targets",
    query: ticketOptionsQuerySchema,
    response: ticketOptionsSchema,
  }),
  stats: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/stats',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'The open tickets counted by status, severity, queue, assignee and age',
    response: ticketStatsSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/tickets',
    audience: 'staff',
    tag: 'Tickets',
    summary: "Raise a ticket for a company, due after its severity's response target unless a due date is given",
    body: createTicketSchema,
    status: 201,
    idempotent: true,
    response: ticketViewSchema,
  }),
  view: endpoint({
    method: 'GET',
    path: '/api/v2/tickets/:id',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'A ticket with its thread, time and support survey',
    params: idParamsSchema,
    response: ticketViewSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/v2/tickets/:id',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Change the status, severity, queue, assignee or due date (each change a thread entry)',
    params: idParamsSchema,
    body: updateTicketSchema,
    response: ticketViewSchema,
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/v2/tickets/:id/notes',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Add an internal or public note, with files if sent as multipart/form-data; its minutes become a billable time entry',
    params: idParamsSchema,
    body: addNoteSchema,
    status: 201,
    idempotent: true,
    upload: true,
    response: ticketViewSchema,
  }),
  addTime: endpoint({
    method: 'POST',
    path: '/api/v2/tickets/:id/time',
    audience: 'staff',
    tag: 'Tickets',
    summary: 'Log time spent on a ticket',
    params: idParamsSchema,
    body: addTimeEntrySchema,
    status: 201,
    idempotent: true,
    response: ticketViewSchema,
  }),
} as const;
