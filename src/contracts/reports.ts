/**
 * Contracts of the reports: the catalog's entries, the one parameter schema every report reads,
 * the periods (presets and custom), what a run answers (table, chart, summary, drill keys), and
 * the endpoints. The server's registry (server/platform/reports) holds the queries, which each
 * feature declares; the browser reads the catalog from the API, so a report declared by another
 * feature shows up without browser code.
 */
import { z } from './common/zod';
import { QUEUES, SEVERITY_CODES, TICKET_STATUS_CODES, type Severity, type TicketStatus } from './common/codes';
import { endpoint } from './common/endpoint';
import { formatDay, MESSAGE_LOCALE } from './common/dates';
import { calendarDay, idInput, safeText } from './common/input';
import { isTimeZone } from './common/time-zone';
import { chartSpecSchema } from './charts';

/** The catalog's groups, in order. Sales and Projects register their reports in the same catalog. */
export const REPORT_GROUPS = ['Tickets', 'Service levels', 'Time', 'Satisfaction', 'Sales', 'Projects'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const PERIOD_PRESETS = {
  'this-week': 'This week',
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-90-days': 'Last 90 days',
  'this-year': 'This year',
  /** Every ticket ever created: the default of the "tickets by …" reports (no date condition). */
  'all-time': 'All time',
  custom: 'Custom',
} as const;
export type PeriodPreset = keyof typeof PERIOD_PRESETS;
export const PERIOD_PRESET_CODES = Object.keys(PERIOD_PRESETS) as [PeriodPreset, ...PeriodPreset[]];
export const DEFAULT_PERIOD: PeriodPreset = 'last-90-days';
export const ALL_TIME: PeriodPreset = 'all-time';
/** The first day "all time" covers (no ticket of the product is older). */
export const ALL_TIME_FROM = '2000-01-01';

export const GRANULARITIES = { day: 'Day', week: 'Week', month: 'Month' } as const;
export type Granularity = keyof typeof GRANULARITIES;
export const GRANULARITY_CODES = Object.keys(GRANULARITIES) as [Granularity, ...Granularity[]];

/** "Open" is every status but Closed, "any" every status; a single status code narrows further. */
export const REPORT_STATUS_OPEN = 'open';
export const REPORT_STATUS_ANY = 'any';
export const OPEN_STATUSES: TicketStatus[] = TICKET_STATUS_CODES.filter((s) => s !== 'C');

export const SURVEY_KINDS = { support: 'Support survey', 'client-care': 'Client care survey' } as const;
export type SurveyKind = keyof typeof SURVEY_KINDS;

/** Ratings of the comments report: Q1 of both surveys. */
export const RATING_FILTERS = { low: 'Unhappy (1–2)', neutral: 'Neutral (3)', high: 'Happy (4–5)' } as const;
export type RatingFilter = keyof typeof RATING_FILTERS;

/** The parameters a report may take; each catalog entry lists the ones it reads. */
export const REPORT_PARAMS = ['period', 'company', 'assignee', 'queue', 'severity', 'status', 'granularity', 'kind', 'rating'] as const;
export type ReportParamName = (typeof REPORT_PARAMS)[number];

export const REPORT_SETTINGS = {
  /** Rows the table shows at most (the CSV is not capped). */
  rowCap: 500,
  /** A report's query is stopped after this long (SET LOCAL statement_timeout). */
  statementTimeoutMs: 5000,
  /** The CSV export's query may run this long (it streams a million rows). */
  exportTimeoutMs: 10 * 60 * 1000,
  /** A run taking longer than this shows its progress and a Cancel button. */
  progressAfterMs: 1000,
  /** Categories a chart of companies or people shows (the table has them all). */
  chartCategoriesMax: 15,
  /** The longest period a custom range may span, in days. */
  customSpanMaxDays: 366 * 30,
} as const;

export const REPORT_ID = /^[a-z0-9][a-z0-9-]{0,59}$/;
export const reportIdSchema = safeText('report must be text', 'report').regex(REPORT_ID, 'report must be the id of a report');
export const RUN_ID = /^[A-Za-z0-9-]{8,64}$/;
const runIdSchema = safeText('run must be text', 'run').regex(RUN_ID, 'run must be 8 to 64 letters, digits or dashes');
/** The report of a path (/api/v2/reports/:id, …/csv, …/pdf). */
export const reportPathParamsSchema = z.strictObject({ id: reportIdSchema });
/** The run of a path (/api/v2/reports/runs/:run/cancel). */
export const reportRunParamsSchema = z.strictObject({ run: runIdSchema });

const id = (what: string) => idInput({ label: what });

/** The zone periods are counted in when a run names none (and the zone of every stored instant). */
export const REPORT_DEFAULT_TIME_ZONE = 'UTC';
/** An IANA time zone this runtime's Intl knows (Europe/Berlin, America/New_York, UTC), and on the server PostgreSQL too. */
export { isTimeZone };

/** Names of UTC itself (a browser on a server set to UTC says Etc/UTC): they count as UTC. */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Universal', 'Etc/Zulu', 'Zulu', 'UCT', 'Etc/UCT', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'GMT0']);

/** A zone as reports name it: UTC for every name of UTC, otherwise as given. */
export const canonicalTimeZone = (zone: string) => (UTC_NAMES.has(zone) ? REPORT_DEFAULT_TIME_ZONE : zone);

/** The browser's (or server's) own IANA time zone, UTC when it names none Intl knows. */
export function localTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? canonicalTimeZone(zone) : REPORT_DEFAULT_TIME_ZONE;
}

const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (a report computes hundreds of bounds). */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let f = ZONE_FORMATS.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    ZONE_FORMATS.set(zone, f);
  }
  return f;
}

/** The offset of `zone` from UTC at an instant, in milliseconds (east positive). */
function zoneOffsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(zoneFormat(zone).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The wall clock of an instant in a zone: its day (YYYY-MM-DD) and time (HH:MM) there. */
export function wallClockIn(instant: string | number, zone: string): { day: string; time: string } {
  const p = Object.fromEntries(zoneFormat(zone).formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The instant a day (YYYY-MM-DD) starts in a zone, as an ISO string (00:00 there; after a gap, the first time that exists). */
export function startOfDayIn(day: string, zone: string): string {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - zoneOffsetMs(wall, zone);
  const second = wall - zoneOffsetMs(instant, zone);
  if (second !== instant) instant = Math.min(instant, second);
  return new Date(instant).toISOString();
}

/** Today's date (YYYY-MM-DD) in a zone at an instant. */
export function dayIn(now: Date, zone: string): string {
  return new Date(now.getTime() + zoneOffsetMs(now.getTime(), zone)).toISOString().slice(0, 10);
}

/** The parameters of a run, as they travel in the query string (and the page's address). */
export const reportParamsSchema = z
  .strictObject({
    period: z.enum(PERIOD_PRESET_CODES, { error: `period must be one of ${PERIOD_PRESET_CODES.join(', ')}` }).optional(),
    from: calendarDay('from').optional(),
    to: calendarDay('to').optional(),
    company: id('company').optional(),
    assignee: id('assignee').optional(),
    queue: z.enum(QUEUES, { error: `queue must be one of ${QUEUES.join(', ')}` }).optional(),
    severity: z.enum(SEVERITY_CODES as [Severity, ...Severity[]], { error: `severity must be one of ${SEVERITY_CODES.join(', ')}` }).optional(),
    status: z
      .enum([REPORT_STATUS_OPEN, REPORT_STATUS_ANY, ...TICKET_STATUS_CODES] as [string, ...string[]], {
        error: `status must be open, any or one of ${TICKET_STATUS_CODES.join(', ')}`,
      })
      .optional(),
    granularity: z.enum(GRANULARITY_CODES, { error: `granularity must be one of ${GRANULARITY_CODES.join(', ')}` }).optional(),
    kind: z.enum(Object.keys(SURVEY_KINDS) as [SurveyKind, ...SurveyKind[]], { error: 'kind must be support or client-care' }).optional(),
    rating: z.enum(Object.keys(RATING_FILTERS) as [RatingFilter, ...RatingFilter[]], { error: 'rating must be low, neutral or high' }).optional(),
    /** The IANA time zone days, weeks and months are counted in (the browser's; default UTC). */
    tz: safeText('tz must be text', 'tz')
      .max(64, 'tz must be a time zone such as Europe/Berlin')
      .refine(isTimeZone, 'tz must be a time zone such as Europe/Berlin')
      .transform(canonicalTimeZone)
      .optional(),
    /** The browser's id of this run, so it can be cancelled. */
    run: runIdSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.period === 'custom') {
      if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'from is needed for a custom period' });
      if (!v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is needed for a custom period' });
      if (v.from && v.to) {
        if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
        else if ((Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 > REPORT_SETTINGS.customSpanMaxDays) {
          ctx.addIssue({ code: 'custom', path: ['to'], message: 'the period may span at most 30 years' });
        }
      }
    } else if (v.from || v.to) {
      ctx.addIssue({ code: 'custom', path: [v.from ? 'from' : 'to'], message: 'from and to go with period=custom' });
    }
  });
export type ReportParams = z.output<typeof reportParamsSchema>;
export type ReportParamsInput = z.input<typeof reportParamsSchema>;

/** The days of a period: from (inclusive) and to (inclusive), YYYY-MM-DD, days of the run's time zone. */
export const resolvedPeriodSchema = z.object({
  preset: z.enum(PERIOD_PRESET_CODES),
  from: z.string(),
  to: z.string(),
  label: z.string(),
  /** The IANA zone its days are in (UTC when absent). */
  tz: z.string().optional(),
});
export type ResolvedPeriod = z.infer<typeof resolvedPeriodSchema>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));

/** The days a period covers at `now` (weeks start on Monday; days of the zone `params.tz`, UTC by default). */
export function resolvePeriod(params: Pick<ReportParams, 'period' | 'from' | 'to' | 'tz'>, now: Date, fallback: PeriodPreset = DEFAULT_PERIOD): ResolvedPeriod {
  const preset = params.period ?? fallback;
  const tz = params.tz ?? REPORT_DEFAULT_TIME_ZONE;
  // The calendar day of `now` in the zone, as a UTC date: the arithmetic below stays on whole days.
  const local = new Date(`${dayIn(now, tz)}T00:00:00Z`);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const today = utc(y, m, d);
  let from: Date;
  let to: Date = today;
  switch (preset) {
    case 'this-week':
      from = utc(y, m, d - ((local.getUTCDay() + 6) % 7));
      break;
    case 'this-month':
      from = utc(y, m, 1);
      break;
    case 'last-month':
      from = utc(y, m - 1, 1);
      to = utc(y, m, 0);
      break;
    case 'this-year':
      from = utc(y, 0, 1);
      break;
    case 'all-time':
      return { preset, from: ALL_TIME_FROM, to: day(today), label: 'All time', tz };
    case 'custom':
      return { preset, from: params.from!, to: params.to!, label: `${formatDay(params.from!, MESSAGE_LOCALE)} – ${formatDay(params.to!, MESSAGE_LOCALE)}`, tz };
    default:
      from = utc(y, m, d - 89);
  }
  return { preset, from: day(from), to: day(to), label: `${PERIOD_PRESETS[preset]} (${formatDay(day(from), MESSAGE_LOCALE)} – ${formatDay(day(to), MESSAGE_LOCALE)})`, tz };
}

/** How a column's values read: text, or a chart unit (count, hours, percent, money in cents). */
/** `nps` is a Net Promoter Score, shown whole and signed ("+33") by `formatNps`. */
export const REPORT_COLUMN_KINDS = ['text', 'date', 'count', 'hours', 'percent', 'money', 'nps'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];
export const reportColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) });
export type ReportColumn = z.infer<typeof reportColumnSchema>;
const reportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;
export const reportRowSchema = z.record(z.string(), reportCellSchema);
export type ReportRow = z.infer<typeof reportRowSchema>;

/** A report as the catalog lists it. */
export const reportMetaSchema = z.object({
  id: z.string(),
  group: z.enum(REPORT_GROUPS),
  title: z.string(),
  description: z.string(),
  params: z.array(z.enum(REPORT_PARAMS)),
  /** What a drill-down opens ("the ticket search"), for the screen's hint; none: no drill-down. */
  drillsTo: z.string().optional(),
  /** The period when the address names none (default DEFAULT_PERIOD); only reports defaulting to "all time" offer it. */
  defaultPeriod: z.enum(PERIOD_PRESET_CODES).optional(),
});
export type ReportMeta = z.infer<typeof reportMetaSchema>;

/** The period presets a report offers in its parameter bar. */
export function periodPresetsOf(meta: Pick<ReportMeta, 'defaultPeriod'>): PeriodPreset[] {
  return PERIOD_PRESET_CODES.filter((p) => p !== ALL_TIME || meta.defaultPeriod === ALL_TIME);
}

/**
 * Who may run a report and whose figures it shows (docs/adr/0104-report-access.md), declared by
 * every report and enforced by the server's runner for the table, the CSV and the PDF alike:
 * - `staff`: every staff member, every parameter (the screen that owns the data is open to all staff);
 * - `managers`: managers and admins only (figures per person: the management dashboard's rule);
 * - `{ person: 'managers' }`: every staff member for the whole desk or themselves; the figures of
 *   another person (the assignee parameter) for managers and admins, as on the management dashboard;
 * - `{ rows: 'time' }`: per-person time under the time rule (docs/adr/0080): a person's own rows,
 *   a manager's own and their direct reports', an admin's everyone's; naming anyone else is refused.
 */
export const reportAccessSchema = z.union([
  z.literal('staff'),
  z.literal('managers'),
  z.strictObject({ person: z.literal('managers') }),
  z.strictObject({ rows: z.literal('time') }),
]);
export type ReportAccess = z.infer<typeof reportAccessSchema>;

/** A catalog entry as the caller sees it. */
export const reportCatalogEntrySchema = reportMetaSchema.extend({
  /** The report's declared rule (absent: staff). */
  access: reportAccessSchema.optional(),
  /** The people this caller may name as the assignee (absent: anyone). */
  assignees: z.array(z.number().int()).optional(),
});
export type ReportCatalogEntry = z.infer<typeof reportCatalogEntrySchema>;

/** The reports the caller may run. */
export const reportCatalogSchema = z.object({ reports: z.array(reportCatalogEntrySchema) });
export type ReportCatalog = z.infer<typeof reportCatalogSchema>;

const drillKey = z.string().nullable();
/** What a run answers. */
export const reportResultSchema = z.object({
  report: reportMetaSchema,
  /** The period the figures cover (null: a report of the tickets as they are now). */
  period: resolvedPeriodSchema.nullable(),
  columns: z.array(reportColumnSchema),
  /** At most REPORT_SETTINGS.rowCap rows, in the report's order. */
  rows: z.array(reportRowSchema),
  /** One drill key per row: the app path of the list filtered to that row (null: none). */
  drill: z.array(drillKey),
  /** Drill keys of single cells, by column key then row (a count opening exactly the tickets it counts). */
  cellDrill: z.record(z.string(), z.array(drillKey)).optional(),
  /** A last line of totals, when the report has one. */
  totals: reportRowSchema.nullable(),
  /** Every row the query found; more than rows.length when the table is capped. */
  rowCount: z.number().int(),
  capped: z.boolean(),
  /** The chart (null for list reports). */
  chart: chartSpecSchema.nullable(),
  summary: z.string(),
  generatedAt: z.string(),
  elapsedMs: z.number(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

/** The query string of a run (and of the viewer's address), defaults left out, keys in a fixed order. */
export function reportSearchParams(report: string, params: ReportParamsInput): URLSearchParams {
  const out = new URLSearchParams({ report });
  for (const key of ['period', 'from', 'to', ...REPORT_PARAMS.filter((p) => p !== 'period'), 'tz'] as const) {
    const v = (params as Record<string, unknown>)[key];
    if (v !== undefined && v !== null && v !== '') out.set(key, String(v));
  }
  return out;
}

/** Percent with two decimals (41.5 = 41.5 %), null without a denominator. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 10000) / 100 : null;
}

// ------------------------------------------------------------------- endpoints

const TAG = 'Reports';

export const REPORTS = {
  catalog: endpoint({
    method: 'GET',
    path: '/api/v2/reports',
    audience: 'staff',
    tag: TAG,
    summary: 'The reports the caller may run, by group, with the people each may be narrowed to',
    response: reportCatalogSchema,
  }),
  run: endpoint({
    method: 'GET',
    path: '/api/v2/reports/:id',
    audience: 'staff',
    tag: TAG,
    summary: "Runs a report: its table (capped), totals, chart, summary and drill-down keys, under the report's access rule",
    params: reportPathParamsSchema,
    query: reportParamsSchema,
    response: reportResultSchema,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/v2/reports/runs/:run/cancel',
    audience: 'staff',
    tag: TAG,
    summary: "Cancels a run of the caller's by its run id (its query stops in the database)",
    params: reportRunParamsSchema,
    response: z.object({ cancelled: z.boolean() }),
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/v2/reports/:id/csv',
    audience: 'staff',
    tag: TAG,
    summary: "Every row of a report as CSV, streamed, under the report's access rule",
    params: reportPathParamsSchema,
    query: reportParamsSchema,
    produces: 'text/csv',
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/v2/reports/:id/pdf',
    audience: 'staff',
    tag: TAG,
    summary: "A report as a PDF: summary, chart and table, under the report's access rule",
    params: reportPathParamsSchema,
    query: reportParamsSchema,
    produces: 'application/pdf',
  }),
} as const;
