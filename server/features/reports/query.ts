/**
 * What every report's SQL is built from: the grouped count (rows per party or code with their
 * measures), the filter conditions over tickets, the period's bounds and buckets in the run's time
 * zone (docs/adr/0095-report-time-zones.md), and the ticket search address a drill-down opens.
 */
import { OPEN_STATUSES, REPORT_DEFAULT_TIME_ZONE, REPORT_STATUS_ANY, REPORT_STATUS_OPEN, startOfDayIn, type Granularity, type ReportParams } from '@contracts/reports';
import type { ReportRun } from '@server/platform/reports';

export const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
export const fmtInt = (v: number) => new Intl.NumberFormat('en-US').format(v);
export const fmtPct = (v: number | null) => (v === null ? '—' : `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(v)} %`);
export const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');
export const limitOf = (limit: number | null, p: (v: unknown) => string) => (limit === null ? '' : `LIMIT ${p(limit)}`);

// ------------------------------------------------------------------- the grouped count

export type GroupedCount = {
  /** The group's id column (a row without one groups as null) and its name column. */
  id: string;
  name: string;
  /** The name of the group without one (null name): "Unassigned", "No company". */
  none?: string;
  /** The field the name comes back as. */
  nameAs: string;
  /** The measures, alias → aggregate expression, in column order. */
  measures: Record<string, string>;
  /** Adds `total`: the sum of count(*) over every group (shares). */
  total?: boolean;
  /** The count of a group (count(*) unless rows stand for several tickets: a sum of their counts). */
  count?: string;
  /** FROM and joins. */
  from: string;
  conds: string[];
  /** ORDER BY of the groups (ties broken as the caller says). */
  order: string;
};

/**
 * Rows per group with their measures: `party_id`, the name (`nameAs`), each measure, and `total`
 * when asked. One statement shape for counts by company or assignee, overdue by assignee and time
 * by person or company.
 */
export function groupedCount(g: GroupedCount, p: (v: unknown) => string, limit: number | null): string {
  const name = g.none === undefined ? g.name : `coalesce(${g.name}, ${p(g.none)})`;
  const measures = Object.entries(g.measures).map(([alias, expr]) => `${expr} AS ${alias}`);
  if (g.total) measures.push(`sum(${g.count ?? 'count(*)'}) OVER ()::int AS total`);
  return `SELECT ${g.id} AS party_id, ${name} AS ${g.nameAs}, ${measures.join(', ')}
            FROM ${g.from} ${where(g.conds)}
           GROUP BY ${g.id}, ${g.name}
           ORDER BY ${g.order} ${limitOf(limit, p)}`;
}

/** A grouped row's id: null for the group without one (unassigned, no company). */
export const partyId = (v: unknown) => (v === null || v === undefined ? null : n(v));

// ------------------------------------------------------------------- the time rule

const TIME_RULE_APPLIED = new WeakSet<ReportRun>();

/**
 * The time rule over a column of staff ids (docs/adr/0104-report-access.md): only the rows of the
 * people whose time the viewer may see (nothing added for an admin). Every report declaring
 * `{ rows: 'time' }` puts it in its WHERE clause; the runner checks that the statement did.
 */
export function timeRows(run: ReportRun, p: (v: unknown) => string, column: string): string[] {
  TIME_RULE_APPLIED.add(run);
  return run.viewer.people === null ? [] : [`${column} = ANY(${p(run.viewer.people)}::int[])`];
}

/** True once a run's statement was written with the time rule. */
export const appliesTimeRule = (run: ReportRun) => TIME_RULE_APPLIED.has(run);

// ------------------------------------------------------------------- filters over tickets

export type TicketFilterKeys = 'company' | 'assignee' | 'queue' | 'severity' | 'status';

/** The statuses a report's status parameter means (default: `fallback`). */
export function statusesOf(params: ReportParams, fallback: string): string[] | null {
  const s = params.status ?? fallback;
  if (s === REPORT_STATUS_ANY) return null;
  if (s === REPORT_STATUS_OPEN) return OPEN_STATUSES;
  return [s];
}

/** The WHERE conditions (over tickets t) of the filter parameters a report takes. */
export function ticketConditions(params: ReportParams, p: (v: unknown) => string, keys: readonly TicketFilterKeys[], statusFallback = REPORT_STATUS_ANY): string[] {
  const conds: string[] = [];
  if (keys.includes('company') && params.company) conds.push(`t.company_id = ${p(params.company)}`);
  if (keys.includes('assignee') && params.assignee) conds.push(`t.assignee_id = ${p(params.assignee)}`);
  if (keys.includes('queue') && params.queue) conds.push(`t.queue = ${p(params.queue)}`);
  if (keys.includes('severity') && params.severity) conds.push(`t.severity = ${p(params.severity)}`);
  if (keys.includes('status')) {
    const statuses = statusesOf(params, statusFallback);
    if (statuses?.length === 1) conds.push(`t.status = ${p(statuses[0])}`);
    else if (statuses) conds.push(`t.status = ANY(${p(statuses)}::text[])`);
  }
  return conds;
}

// ------------------------------------------------------------------- periods in the run's zone

/** The run's time zone (UTC unless the run names one). */
export const zoneOf = (run: ReportRun) => run.period?.tz ?? run.params.tz ?? REPORT_DEFAULT_TIME_ZONE;

/** The period's bounds as parameters: [from 00:00, the day after `to` 00:00) in the run's zone. */
export function periodBounds(run: ReportRun, p: (v: unknown) => string): { from: string; to: string } {
  const tz = p(zoneOf(run));
  return { from: `(${p(run.period!.from)}::date::timestamp AT TIME ZONE ${tz})`, to: `((${p(run.period!.to)}::date + 1)::timestamp AT TIME ZONE ${tz})` };
}

/** The bucket (day, week, month) of a timestamptz column in the run's zone, as a timestamp without time zone. */
export const bucketOf = (g: Granularity, column: string, tz: string) => `date_trunc('${g}', ${column} AT TIME ZONE ${tz})`;

export const STEP: Record<Granularity, string> = { day: '1 day', week: '1 week', month: '1 month' };

/**
 * The period's buckets as rows (b: the bucket's local start, a timestamp without time zone; lo and
 * hi: the instants it starts and ends at in the run's zone, clipped to the period). A report counts
 * each bucket with an index range scan between lo and hi, so no ticket goes through a time zone
 * conversion (the per-row AT TIME ZONE of a year of tickets costs more than the scan itself).
 */
export function periodBuckets(run: ReportRun, p: (v: unknown) => string, g: Granularity, limit: number | null = null): string {
  const { from, to } = periodBounds(run, p);
  const tz = p(zoneOf(run));
  return `SELECT b, greatest(b AT TIME ZONE ${tz}, ${from}) AS lo, least((b + interval '${STEP[g]}') AT TIME ZONE ${tz}, ${to}) AS hi
            FROM generate_series(date_trunc('${g}', ${p(run.period!.from)}::date::timestamp), ${p(run.period!.to)}::date::timestamp, interval '${STEP[g]}') AS b
           ORDER BY b ${limitOf(limit, p)}`;
}

/** A bucket (of the rows `alias`, with lo and hi) the hourly counts answer exactly: both its ends on a whole UTC hour (migration 0038). */
export const WHOLE_HOURS = (alias: string) =>
  `date_trunc('hour', ${alias}.lo, 'UTC') = ${alias}.lo AND date_trunc('hour', ${alias}.hi, 'UTC') = ${alias}.hi`;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The days of a period's bucket (clipped to the period), YYYY-MM-DD, inclusive. */
export function bucketDays(start: string, g: Granularity, period: { from: string; to: string }): { from: string; to: string } {
  let end: string;
  if (g === 'day') end = start;
  else if (g === 'week') end = addDays(start, 6);
  else {
    const d = new Date(`${start}T00:00:00Z`);
    end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  }
  return { from: start < period.from ? period.from : start, to: end > period.to ? period.to : end };
}

/**
 * A range of days (inclusive) as the ticket search's bounds: the days themselves in UTC (the
 * search reads a day as a UTC day), or the instants they start and end at in another zone.
 */
export function dayRange(run: ReportRun, days: { from: string; to: string }): { from: string; to: string } {
  const tz = zoneOf(run);
  if (tz === REPORT_DEFAULT_TIME_ZONE) return days;
  return { from: dayStartIn(days.from, tz), to: dayStartIn(addDays(days.to, 1), tz) };
}

/** Days whose start in a zone was worked out (a zone's rules are fixed while the server runs), at most DAY_STARTS_KEPT. */
const DAY_STARTS = new Map<string, string>();
const DAY_STARTS_KEPT = 20_000;

/** The instant a day starts in a zone, worked out once: a year per day asks for each day several times. */
function dayStartIn(day: string, tz: string): string {
  const key = `${tz} ${day}`;
  let start = DAY_STARTS.get(key);
  if (start === undefined) {
    if (DAY_STARTS.size >= DAY_STARTS_KEPT) DAY_STARTS.clear();
    start = startOfDayIn(day, tz);
    DAY_STARTS.set(key, start);
  }
  return start;
}

// ------------------------------------------------------------------- where drill-downs go

export type TicketSearchFilters = {
  status?: string[] | null;
  severity?: string;
  queue?: string;
  company?: number | null;
  assignee?: number | null;
  /** Tickets nobody is assigned to (the "Unassigned" row). */
  unassigned?: boolean;
  overdue?: boolean;
  /** Created in [from, to): a day covers the whole day, an instant is the bound itself. */
  created_from?: string;
  created_to?: string;
  closed_from?: string;
  closed_to?: string;
  sla?: 'met' | 'missed' | 'any';
};

/** The ticket search (/ticket/search) filtered to a segment: its address. */
export function ticketSearchHref(filters: TicketSearchFilters): string {
  const q = new URLSearchParams();
  if (filters.status?.length) q.set('f.status', filters.status.join(','));
  if (filters.severity) q.set('f.severity', filters.severity);
  if (filters.queue) q.set('f.queue', filters.queue);
  if (filters.company) q.set('company', String(filters.company));
  if (filters.assignee) q.set('assignee', String(filters.assignee));
  else if (filters.unassigned) q.set('unassigned', 'true');
  if (filters.overdue) q.set('overdue', 'true');
  for (const k of ['created_from', 'created_to', 'closed_from', 'closed_to', 'sla'] as const) if (filters[k]) q.set(k, filters[k]);
  return `/ticket/search?${q.toString()}`;
}
