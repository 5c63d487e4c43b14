/**
 * Ticket reports: counts by status, severity, queue, company and assignee (the tickets as they
 * are now), age of open tickets, opened vs closed over a period, and the ticket list. Drill keys
 * open the ticket search with the same filters, so its count equals the chart point's.
 */
import { QUEUES, SEVERITIES, SEVERITY_CODES, TICKET_STATUSES, TICKET_STATUS_CODES, severityLabel, statusLabel } from '@contracts/common/codes';
import type { ChartSpecInput, ChartTone } from '@contracts/charts';
import { CHART_LIMITS, severityTone, statusTone } from '@contracts/charts';
import {
  ALL_TIME,
  OPEN_STATUSES,
  REPORT_SETTINGS,
  REPORT_STATUS_ANY,
  REPORT_STATUS_OPEN,
  share,
  type ReportAccess,
  type ReportColumn,
  type ReportParams,
  type ReportRow,
  dayIn,
} from '@contracts/reports';
import { isoOf } from '@server/platform/sql';
import {
  bucketDays,
  dayRange,
  zoneOf,
  fmtInt,
  fmtPct,
  groupedCount,
  n,
  partyId,
  periodBounds,
  periodBuckets,
  statusesOf,
  ticketConditions,
  ticketSearchHref,
  WHOLE_HOURS,
  where,
  type TicketFilterKeys,
  type TicketSearchFilters,
} from './query';
import { sqlParams, type ReportDefinition, type ReportRun } from '@server/platform/reports';

const isAllTime = (run: ReportRun) => !run.period || run.period.preset === ALL_TIME;

/**
 * Where a count of tickets as they are now reads: rows (alias t) with the given columns of tickets
 * and `t.tickets`, how many tickets each stands for, the filters (conditions over t) applied.
 * - Over all time: the tickets per status, priority, queue, company and assignee (migration 0038,
 *   docs/adr/0141), whose columns hold every filter of these reports.
 * - Over a period: whichever side of it holds fewer tickets, by the tickets opened per hour
 *   (migration 0038). A period holding at most half of them counts the tickets created in it; a
 *   longer one takes the counts of every ticket and subtracts the tickets created before and after
 *   it, an index-only range scan of the index of status and creation time (migration 0067,
 *   docs/adr/0246). Both sides give the same figures; only one runs (the other's branch is
 *   skipped by its one-time condition).
 */
function countSource(run: ReportRun, p: (v: unknown) => string, columns: readonly string[], filters: string[]): { from: string; conds: string[] } {
  if (isAllTime(run)) return { from: 'report_ticket_counts t', conds: ['t.tickets > 0', ...filters] };
  const { from, to } = periodBounds(run, p);
  const cols = columns.join(', ');
  const names = columns.map((c) => c.replace(/^t\./, '')).join(', ');
  // Each side's count under its one-time condition; OFFSET 0 keeps the condition above the count,
  // so the side not taken starts nothing (no parallel workers launched for it).
  const count = (source: string, measure: string, conds: string[], side: string) =>
    `SELECT * FROM (SELECT ${cols}, ${measure} AS n FROM ${source} ${where([...filters, ...conds])} GROUP BY ${cols} OFFSET 0) b WHERE ${side}`;
  const inside = '(SELECT inside FROM side)';
  return {
    from: `(WITH side AS (SELECT coalesce(sum(h.opened) FILTER (WHERE h.hour >= ${from} AND h.hour < ${to}), 0) * 2 <= coalesce(sum(h.opened), 0) AS inside FROM report_ticket_hours h)
            SELECT ${names}, sum(x.n) AS tickets FROM (
              ${count('tickets t', 'count(*)', [`t.created_at >= ${from}`, `t.created_at < ${to}`], inside)}
              UNION ALL ${count('report_ticket_counts t', 'sum(t.tickets)', [], `NOT ${inside}`)}
              UNION ALL ${count('tickets t', '-count(*)', [`t.created_at < ${from}`], `NOT ${inside}`)}
              UNION ALL ${count('tickets t', '-count(*)', [`t.created_at >= ${to}`], `NOT ${inside}`)}
            ) x GROUP BY ${names} HAVING sum(x.n) > 0) t`,
    conds: [],
  };
}

/** The ticket search's created range of the period (its days, inclusive; instants in a zone other than UTC). */
function createdFilters(run: ReportRun): Pick<TicketSearchFilters, 'created_from' | 'created_to'> {
  if (isAllTime(run)) return {};
  const range = dayRange(run, run.period!);
  return { created_from: range.from, created_to: range.to };
}

/** The search filter of a party's row: its id, or (the assignee's "Unassigned" row) nobody; null when the search cannot filter it. */
function partyFilter(own: TicketFilterKeys, id: number | null): TicketSearchFilters | null {
  if (id !== null) return { [own]: id };
  return own === 'assignee' ? { unassigned: true } : null;
}

/** The search filters a report's parameters stand for (segment values override them). */
function baseFilters(params: ReportParams, keys: readonly TicketFilterKeys[], statusFallback: string) {
  return {
    status: keys.includes('status') ? statusesOf(params, statusFallback) : null,
    severity: keys.includes('severity') ? params.severity : undefined,
    queue: keys.includes('queue') ? params.queue : undefined,
    company: keys.includes('company') ? params.company : undefined,
    assignee: keys.includes('assignee') ? params.assignee : undefined,
  };
}

const statusWord = (params: ReportParams, fallback: string) => {
  const s = params.status ?? fallback;
  return s === REPORT_STATUS_ANY ? '' : s === REPORT_STATUS_OPEN ? 'open ' : `${statusLabel(s).toLowerCase()} `;
};

// ------------------------------------------------------------------- counts by a fixed dimension

type Dimension = {
  id: string;
  title: string;
  description: string;
  label: string;
  codes: readonly string[];
  labelOf: (code: string) => string;
  column: string;
  /** The filter this dimension replaces. */
  own: TicketFilterKeys;
  statusFallback: string;
  chart: ChartSpecInput['kind'];
  /** Codes that stand for a priority or a status are drawn in their badge's colour. */
  toneOf?: (code: string) => ChartTone;
};

const FILTERS: readonly TicketFilterKeys[] = ['company', 'assignee', 'queue', 'severity', 'status'];

function byDimension(d: Dimension): ReportDefinition {
  const keys = FILTERS.filter((k) => k !== d.own);
  return {
    meta: {
      id: d.id,
      group: 'Tickets',
      title: d.title,
      description: d.description,
      params: ['period', ...keys],
      drillsTo: 'the ticket search',
      defaultPeriod: ALL_TIME,
    },
    access: { person: 'managers' },
    columns: [
      { key: 'segment', label: d.label, kind: 'text' },
      { key: 'tickets', label: 'Tickets', kind: 'count' },
      { key: 'share', label: 'Share', kind: 'percent' },
    ],
    sql: (run, limit) => {
      const { values, p } = sqlParams();
      const source = countSource(run, p, [d.column], ticketConditions(run.params, p, keys, d.statusFallback));
      // Every code appears (zero when no ticket has it), in the dimension's order.
      return {
        text: `WITH counts AS (SELECT ${d.column} AS code, sum(t.tickets)::int AS n FROM ${source.from} ${where(source.conds)} GROUP BY 1)
               SELECT c.code, coalesce(counts.n, 0)::int AS tickets, coalesce(sum(counts.n) OVER (), 0)::int AS total
                 FROM unnest(${p(d.codes)}::text[]) WITH ORDINALITY c(code, ord) LEFT JOIN counts ON counts.code = c.code
                ORDER BY c.ord ${limit === null ? '' : `LIMIT ${p(limit)}`}`,
        values,
      };
    },
    mapRow: (r) => ({ code: String(r.code), segment: d.labelOf(String(r.code)), tickets: n(r.tickets), share: share(n(r.tickets), n(r.total)) ?? 0, total: n(r.total) }),
    drill: (row, run) => {
      const f = { ...baseFilters(run.params, keys, d.statusFallback), ...createdFilters(run) };
      const code = String(row.code);
      if (d.own === 'status') return ticketSearchHref({ ...f, status: [code] });
      if (n(row.tickets) === 0) return null;
      return ticketSearchHref({ ...f, [d.own]: code });
    },
    totals: (rows) => ({ segment: 'Total', tickets: rows.reduce((a, r) => a + n(r.tickets), 0), share: rows.some((r) => n(r.tickets) > 0) ? 100 : 0 }),
    chart: (rows, run, drill) => ({
      kind: d.chart,
      title: d.title,
      summary: summaryOfShares(rows, `${statusWord(run.params, d.statusFallback)}tickets`),
      categories: rows.map((r) => String(r.segment)),
      categoryLabel: d.label,
      valueLabel: 'Tickets',
      series: [{ name: 'Tickets', values: rows.map((r) => n(r.tickets)), drill, ...(d.toneOf ? { tones: rows.map((r) => d.toneOf!(String(r.code))) } : {}) }],
    }),
    summary: (rows, run) => summaryOfShares(rows, `${statusWord(run.params, d.statusFallback)}tickets`),
  };
}

/** "Support holds 41 % of 1,234 open tickets; Programming follows with 22 %." */
function summaryOfShares(rows: ReportRow[], what: string): string {
  const total = rows.reduce((a, r) => a + n(r.tickets), 0);
  if (!total) return `No ${what} match these filters.`;
  const sorted = [...rows].sort((a, b) => n(b.tickets) - n(a.tickets));
  const [first, second] = sorted;
  const lead = `${String(first!.segment)} holds ${fmtPct(share(n(first!.tickets), total))} of ${fmtInt(total)} ${what}`;
  return second && n(second.tickets) > 0 ? `${lead}; ${String(second.segment)} follows with ${fmtPct(share(n(second.tickets), total))}.` : `${lead}.`;
}

// ------------------------------------------------------------------- counts by company or assignee

type Party = { id: string; title: string; description: string; label: string; idColumn: string; nameColumn: string; none: string; own: TicketFilterKeys; access: ReportAccess };

function byParty(d: Party): ReportDefinition {
  const keys = FILTERS.filter((k) => k !== d.own);
  const sev = SEVERITY_CODES.map((c) => ({ code: c, key: `sev_${c.toLowerCase()}`, label: SEVERITIES[c] }));
  return {
    meta: { id: d.id, group: 'Tickets', title: d.title, description: d.description, params: ['period', ...keys], drillsTo: 'the ticket search', defaultPeriod: ALL_TIME },
    access: d.access,
    columns: [
      { key: 'segment', label: d.label, kind: 'text' },
      ...sev.map((s): ReportColumn => ({ key: s.key, label: s.label, kind: 'count' })),
      { key: 'tickets', label: 'Tickets', kind: 'count' },
      { key: 'share', label: 'Share', kind: 'percent' },
    ],
    sql: (run, limit) => {
      const { values, p } = sqlParams();
      const source = countSource(run, p, [d.idColumn, d.nameColumn, 't.severity'], ticketConditions(run.params, p, keys, REPORT_STATUS_OPEN));
      const count = 'sum(t.tickets)';
      return {
        text: groupedCount(
          {
            id: d.idColumn,
            name: d.nameColumn,
            none: d.none,
            nameAs: 'segment',
            measures: { ...Object.fromEntries(sev.map((s) => [s.key, `coalesce(${count} FILTER (WHERE t.severity = '${s.code}'), 0)::int`])), tickets: `${count}::int` },
            total: true,
            count,
            from: source.from,
            conds: source.conds,
            order: 'tickets DESC, segment, party_id',
          },
          p,
          limit,
        ),
        values,
      };
    },
    mapRow: (r) => ({
      party_id: partyId(r.party_id),
      segment: String(r.segment),
      ...Object.fromEntries(sev.map((s) => [s.key, n(r[s.key])])),
      tickets: n(r.tickets),
      share: share(n(r.tickets), n(r.total)) ?? 0,
      total: n(r.total),
    }),
    drill: (row, run) => {
      const party = partyFilter(d.own, partyId(row.party_id));
      return party && ticketSearchHref({ ...baseFilters(run.params, keys, REPORT_STATUS_OPEN), ...createdFilters(run), ...party });
    },
    totals: (rows) => ({
      segment: 'Total',
      ...Object.fromEntries(sev.map((s) => [s.key, rows.reduce((a, r) => a + n(r[s.key]), 0)])),
      tickets: rows.reduce((a, r) => a + n(r.tickets), 0),
      share: rows.length ? Math.min(100, rows.reduce((a, r) => a + n(r.share), 0)) : 0,
    }),
    chart: (rows, run) => {
      const top = rows.slice(0, REPORT_SETTINGS.chartCategoriesMax);
      const base = { ...baseFilters(run.params, keys, REPORT_STATUS_OPEN), ...createdFilters(run) };
      return {
        kind: 'stackedBar',
        title: d.title,
        summary: summaryOfShares(rows, `${statusWord(run.params, REPORT_STATUS_OPEN)}tickets`),
        categories: top.map((r) => truncate(String(r.segment))),
        categoryLabel: d.label,
        valueLabel: 'Tickets',
        series: sev
          .filter((s) => !run.params.severity || run.params.severity === s.code)
          .map((s) => ({
            name: s.label,
            stack: 'severity',
            tone: severityTone(s.code),
            values: top.map((r) => n(r[s.key])),
            drill: top.map((r) => {
              const party = partyFilter(d.own, partyId(r.party_id));
              return !party || !n(r[s.key]) ? null : ticketSearchHref({ ...base, ...party, severity: s.code });
            }),
          })),
      };
    },
    summary: (rows, run) => summaryOfShares(rows, `${statusWord(run.params, REPORT_STATUS_OPEN)}tickets`),
  };
}

/** Category labels stay unique: names longer than the chart's limit are cut with an ellipsis. */
const truncate = (s: string) => (s.length > CHART_LIMITS.labelLength ? `${s.slice(0, CHART_LIMITS.labelLength - 1)}…` : s);

// ------------------------------------------------------------------- age of open tickets

export const AGE_BUCKETS = [
  { label: '0–1 d', lo: 0, hi: 1 },
  { label: '1–3 d', lo: 1, hi: 3 },
  { label: '3–7 d', lo: 3, hi: 7 },
  { label: '7–30 d', lo: 7, hi: 30 },
  { label: '30+ d', lo: 30, hi: null },
] as const;

const ticketAge: ReportDefinition = {
  meta: {
    id: 'ticket-age',
    group: 'Tickets',
    title: 'Age of open tickets',
    description: 'Open tickets by how long ago they were opened: 0–1, 1–3, 3–7, 7–30 and over 30 days.',
    params: ['company', 'assignee', 'queue', 'severity'],
    drillsTo: 'the ticket search',
  },
  access: { person: 'managers' },
  snapshot: true,
  columns: [
    { key: 'bucket', label: 'Age', kind: 'text' },
    { key: 'tickets', label: 'Tickets', kind: 'count' },
    { key: 'share', label: 'Share', kind: 'percent' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    // The open statuses by name (the CHECK of tickets.status allows no other), so the index's
    // leading column finds them.
    const conds = [`t.status = ANY(${p(OPEN_STATUSES)}::text[])`, ...ticketConditions(run.params, p, ['company', 'assignee', 'queue', 'severity'])];
    const now = p(run.now);
    // A ticket created in [now − hi days, now − lo days) falls in that bucket (the drill-down's
    // range; the newest bucket has no upper end, the oldest no lower one). Each bucket is counted
    // by its own range of creation times, an index-only scan of (status, created_at) when no other
    // filter narrows it further: no per-ticket expression, no grouping (docs/adr/0150).
    const ago = (days: number) => `${now}::timestamptz - interval '${days} days'`;
    const counts = AGE_BUCKETS.map((b, i) => {
      const range = [...(b.hi === null ? [] : [`t.created_at >= ${ago(b.hi)}`]), ...(i === 0 ? [] : [`t.created_at < ${ago(b.lo)}`])];
      return `(${i + 1}, (SELECT count(*)::int FROM tickets t ${where([...conds, ...range])}))`;
    });
    return {
      text: `SELECT b.label AS bucket, counts.n AS tickets, sum(counts.n) OVER ()::int AS total
               FROM unnest(${p(AGE_BUCKETS.map((b) => b.label))}::text[]) WITH ORDINALITY b(label, ord)
               JOIN (VALUES ${counts.join(', ')}) counts(ord, n) ON counts.ord = b.ord
              ORDER BY b.ord ${limit === null ? '' : `LIMIT ${p(limit)}`}`,
      values,
    };
  },
  mapRow: (r) => ({ bucket: String(r.bucket), tickets: n(r.tickets), share: share(n(r.tickets), n(r.total)) ?? 0 }),
  drill: (row, run) => {
    const b = AGE_BUCKETS.find((x) => x.label === row.bucket);
    if (!b || !n(row.tickets)) return null;
    const ago = (days: number) => new Date(run.now.getTime() - days * 86_400_000).toISOString();
    return ticketSearchHref({
      ...baseFilters(run.params, ['company', 'assignee', 'queue', 'severity'], REPORT_STATUS_ANY),
      status: OPEN_STATUSES,
      ...(b.hi === null ? {} : { created_from: ago(b.hi) }),
      created_to: ago(b.lo),
    });
  },
  totals: (rows) => ({ bucket: 'Total', tickets: rows.reduce((a, r) => a + n(r.tickets), 0), share: 100 }),
  chart: (rows, _run, drill) => ({
    kind: 'bar',
    title: 'Age of open tickets',
    summary: ageSummary(rows),
    categories: rows.map((r) => String(r.bucket)),
    categoryLabel: 'Age',
    valueLabel: 'Open tickets',
    series: [{ name: 'Open tickets', values: rows.map((r) => n(r.tickets)), drill }],
  }),
  summary: (rows) => ageSummary(rows),
};

function ageSummary(rows: ReportRow[]): string {
  const total = rows.reduce((a, r) => a + n(r.tickets), 0);
  if (!total) return 'No open tickets match these filters.';
  const old = n(rows[rows.length - 1]?.tickets);
  const week = rows.slice(3).reduce((a, r) => a + n(r.tickets), 0);
  return `${fmtInt(total)} open tickets; ${fmtPct(share(week, total))} are older than a week and ${fmtPct(share(old, total))} older than 30 days.`;
}

// ------------------------------------------------------------------- opened vs closed

/** The hourly counts' column of each timestamp (migration 0038). */
const HOURLY = { created_at: 'opened', closed_at: 'closed' } as const;

const openedClosed: ReportDefinition = {
  meta: {
    id: 'opened-vs-closed',
    group: 'Tickets',
    title: 'Opened vs closed',
    description: 'Tickets opened and tickets closed per day, week or month of the period, and the backlog change.',
    params: ['period', 'granularity', 'company', 'assignee', 'queue', 'severity'],
    drillsTo: 'the ticket search',
  },
  access: { person: 'managers' },
  columns: [
    { key: 'bucket', label: 'Period', kind: 'date' },
    { key: 'opened', label: 'Opened', kind: 'count' },
    { key: 'closed', label: 'Closed', kind: 'count' },
    { key: 'net', label: 'Backlog change', kind: 'count' },
  ],
  sql: (run, limit) => {
    const g = run.params.granularity ?? 'week';
    const { values, p } = sqlParams();
    const conds = ticketConditions(run.params, p, ['company', 'assignee', 'queue', 'severity']);
    const and = conds.length ? `AND ${conds.join(' AND ')}` : '';
    // Each bucket is counted with two index range scans: no per-ticket function call, an
    // index-only count of the creation and closing indexes when no filter reads the table.
    // Without a filter, a bucket that starts and ends on whole UTC hours (any zone with a
    // whole-hour offset) sums the hourly counts instead: a day is 24 rows (docs/adr/0140).
    const raw = (column: string) => `(SELECT count(*) FROM tickets t WHERE t.${column} >= buckets.lo AND t.${column} < buckets.hi ${and})::int`;
    const count = (column: 'created_at' | 'closed_at') =>
      conds.length
        ? raw(column)
        : `CASE WHEN ${WHOLE_HOURS('buckets')} THEN (SELECT coalesce(sum(h.${HOURLY[column]}), 0) FROM report_ticket_hours h WHERE h.hour >= buckets.lo AND h.hour < buckets.hi)::int ELSE ${raw(column)} END`;
    return {
      text: `WITH buckets AS (${periodBuckets(run, p, g, limit)})
             SELECT to_char(buckets.b, 'YYYY-MM-DD') AS bucket, ${count('created_at')} AS opened, ${count('closed_at')} AS closed
               FROM buckets ORDER BY buckets.b`,
      values,
    };
  },
  mapRow: (r, run) => {
    const g = run.params.granularity ?? 'week';
    const b = String(r.bucket);
    return { bucket: g === 'month' ? b.slice(0, 7) : b, start: b, opened: n(r.opened), closed: n(r.closed), net: n(r.opened) - n(r.closed) };
  },
  drill: (row, run) => bucketDrill(row, run, 'created'),
  cellDrill: (row, run) => ({ opened: bucketDrill(row, run, 'created'), closed: bucketDrill(row, run, 'closed') }),
  totals: (rows) => {
    const opened = rows.reduce((a, r) => a + n(r.opened), 0);
    const closed = rows.reduce((a, r) => a + n(r.closed), 0);
    return { bucket: 'Total', opened, closed, net: opened - closed };
  },
  chart: (rows, run, drill) =>
    rows.length > CHART_LIMITS.points
      ? null
      : {
          kind: 'line',
          title: 'Opened vs closed',
          summary: openedSummary(rows, run),
          categories: rows.map((r) => String(r.bucket)),
          categoryLabel: (run.params.granularity ?? 'week') === 'week' ? 'Week starting' : (run.params.granularity ?? 'week') === 'day' ? 'Day' : 'Month',
          valueLabel: 'Tickets',
          series: [
            { name: 'Opened', values: rows.map((r) => n(r.opened)), drill },
            { name: 'Closed', values: rows.map((r) => n(r.closed)), drill: rows.map((r) => bucketDrill(r, run, 'closed')) },
          ],
        },
  summary: (rows, run) => openedSummary(rows, run),
};

/** The tickets opened (created) or closed in a row's bucket, with the report's filters: the search's address. */
function bucketDrill(row: ReportRow, run: ReportRun, which: 'created' | 'closed'): string | null {
  // The table's drill, its cells' and the chart's ask for the same row's address: worked out once.
  let known = BUCKET_DRILLS.get(row);
  if (!known) BUCKET_DRILLS.set(row, (known = {}));
  if (known[which] === undefined) known[which] = bucketDrillOf(row, run, which);
  return known[which];
}

/** The addresses worked out for each row of a run (the rows are the run's own objects). */
const BUCKET_DRILLS = new WeakMap<ReportRow, { created?: string | null; closed?: string | null }>();

function bucketDrillOf(row: ReportRow, run: ReportRun, which: 'created' | 'closed'): string | null {
  if (!n(which === 'created' ? row.opened : row.closed)) return null;
  const days = dayRange(run, bucketDays(String(row.start), run.params.granularity ?? 'week', run.period!));
  return ticketSearchHref({
    ...baseFilters(run.params, ['company', 'assignee', 'queue', 'severity'], REPORT_STATUS_ANY),
    [`${which}_from`]: days.from,
    [`${which}_to`]: days.to,
  });
}

/** The longest a bucket runs, for its natural end (bucketDays cuts a bucket to the period). */
const ALL_DAYS = { from: '0000-01-01', to: '9999-12-31' };

/**
 * Whether a row's bucket is a whole day, week or month: inside the period at both ends, and over
 * (its last day before today in the report's zone). Only whole buckets are compared with each other.
 */
function isWholeBucket(row: ReportRow, run: ReportRun, today: string): boolean {
  if (!run.period) return true;
  const g = run.params.granularity ?? 'week';
  const natural = bucketDays(String(row.start), g, ALL_DAYS);
  return natural.from >= run.period.from && natural.to <= run.period.to && natural.to < today;
}

/**
 * "81 opened and 3 closed in the period; the backlog grew by 78. Opened tickets rose 50 % from the
 * first to the last full week; 4 opened so far this week." Like is compared with like: the trend
 * runs between whole buckets only, and the running week or month is reported as "so far".
 */
export function openedSummary(rows: ReportRow[], run: ReportRun): string {
  const opened = rows.reduce((a, r) => a + n(r.opened), 0);
  const closed = rows.reduce((a, r) => a + n(r.closed), 0);
  if (!opened && !closed) return 'No tickets were opened or closed in the period.';
  const unit = run.params.granularity ?? 'week';
  const today = dayIn(run.now, zoneOf(run));
  const whole = rows.filter((r) => isWholeBucket(r, run, today));
  const first = n(whole[0]?.opened);
  const last = n(whole[whole.length - 1]?.opened);
  const trend = whole.length > 1 && first > 0 ? ` Opened tickets ${last >= first ? 'rose' : 'fell'} ${fmtPct(Math.abs(share(last - first, first) ?? 0))} from the first to the last full ${unit}.` : '';
  const current = rows[rows.length - 1];
  const running = current && run.period && !isWholeBucket(current, run, today) && String(current.start) <= today && bucketDays(String(current.start), unit, ALL_DAYS).to >= today;
  const soFar = running ? ` ${fmtInt(n(current.opened))} opened so far this ${unit}.` : '';
  const net = opened - closed;
  return `${fmtInt(opened)} opened and ${fmtInt(closed)} closed in the period; the backlog ${net > 0 ? `grew by ${fmtInt(net)}` : net < 0 ? `shrank by ${fmtInt(-net)}` : 'held steady'}.${trend}${soFar}`;
}

// ------------------------------------------------------------------- the ticket list

const ticketList: ReportDefinition = {
  meta: {
    id: 'ticket-list',
    group: 'Tickets',
    title: 'Ticket list',
    description: 'Every ticket opened in the period with its status, priority, company, queue, assignee and dates; the CSV holds them all.',
    params: ['period', 'status', 'company', 'assignee', 'queue', 'severity'],
    drillsTo: 'the ticket',
  },
  // A list of tickets, as the ticket search lists them to every staff member (assignee filter included).
  access: 'staff',
  columns: [
    { key: 'id', label: 'ID', kind: 'count' },
    { key: 'title', label: 'Title', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'severity', label: 'Priority', kind: 'text' },
    { key: 'company', label: 'Company', kind: 'text' },
    { key: 'queue', label: 'Queue', kind: 'text' },
    { key: 'assignee', label: 'Assignee', kind: 'text' },
    { key: 'created', label: 'Created', kind: 'date' },
    { key: 'due', label: 'Due', kind: 'date' },
    { key: 'closed', label: 'Closed', kind: 'date' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const { from, to } = periodBounds(run, p);
    const conds = [`t.created_at >= ${from}`, `t.created_at < ${to}`, ...ticketConditions(run.params, p, FILTERS)];
    return {
      text: `SELECT t.id, t.title, t.status, t.severity, t.company_name AS company, t.queue, t.assignee_name AS assignee,
                    ${isoOf('t.created_at')} AS created, ${isoOf('t.duedate')} AS due, ${isoOf('t.closed_at')} AS closed
               FROM tickets t WHERE ${conds.join(' AND ')}
              ORDER BY t.created_at DESC, t.id DESC ${limit === null ? '' : `LIMIT ${p(limit)}`}`,
      values,
    };
  },
  mapRow: (r) => ({
    id: n(r.id),
    title: String(r.title),
    status: TICKET_STATUSES[r.status as keyof typeof TICKET_STATUSES] ?? String(r.status),
    severity: severityLabel(String(r.severity)),
    company: (r.company as string | null) ?? null,
    queue: String(r.queue),
    assignee: (r.assignee as string | null) ?? null,
    created: (r.created as string | null) ?? null,
    due: (r.due as string | null) ?? null,
    closed: (r.closed as string | null) ?? null,
  }),
  drill: (row) => `/ticket/${n(row.id)}`,
  summary: (rows) => (rows.length ? `${fmtInt(rows.length)}${rows.length >= REPORT_SETTINGS.rowCap ? '+' : ''} tickets opened in the period match these filters.` : 'No tickets opened in the period match these filters.'),
};

export const TICKET_REPORTS: ReportDefinition[] = [
  byDimension({
    id: 'tickets-by-status',
    title: 'Tickets by status',
    description: 'How many tickets are in each status now, of the tickets created in the period (all time unless you choose one).',
    label: 'Status',
    codes: TICKET_STATUS_CODES,
    labelOf: statusLabel,
    toneOf: statusTone,
    column: 't.status',
    own: 'status',
    statusFallback: REPORT_STATUS_ANY,
    chart: 'bar',
  }),
  byDimension({
    id: 'tickets-by-severity',
    title: 'Tickets by priority',
    description: 'Open tickets (or another status) by priority: Critical, High, Medium, Low; of the tickets created in the period (all time unless you choose one).',
    label: 'Priority',
    codes: SEVERITY_CODES,
    labelOf: severityLabel,
    toneOf: severityTone,
    column: 't.severity',
    own: 'severity',
    statusFallback: REPORT_STATUS_OPEN,
    chart: 'donut',
  }),
  byDimension({
    id: 'tickets-by-queue',
    title: 'Tickets by queue',
    description: 'Open tickets (or another status) per queue: Support, Programming, Managed Services, Sales, QA; of the tickets created in the period (all time unless you choose one).',
    label: 'Queue',
    codes: QUEUES,
    labelOf: (q) => q,
    column: 't.queue',
    own: 'queue',
    statusFallback: REPORT_STATUS_OPEN,
    chart: 'bar',
  }),
  byParty({
    id: 'tickets-by-company',
    title: 'Tickets by company',
    description: 'Open tickets (or another status) per company, stacked by priority, most first; of the tickets created in the period (all time unless you choose one).',
    label: 'Company',
    idColumn: 't.company_id',
    nameColumn: 't.company_name',
    none: 'No company',
    own: 'company',
    access: { person: 'managers' },
  }),
  byParty({
    id: 'tickets-by-assignee',
    title: 'Tickets by assignee',
    description: 'Open tickets (or another status) per assignee, stacked by priority, most first; of the tickets created in the period (all time unless you choose one).',
    label: 'Assignee',
    idColumn: 't.assignee_id',
    nameColumn: 't.assignee_name',
    none: 'Unassigned',
    own: 'assignee',
    // Figures per person: the management dashboard's rule.
    access: 'managers',
  }),
  ticketAge,
  openedClosed,
  ticketList,
];
