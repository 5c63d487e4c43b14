/**
 * Service-level, time and satisfaction reports: SLA attainment per severity and month, overdue
 * tickets per assignee, time logged per person and per company with the billable share, CSAT and
 * NPS per month, and the survey comments.
 */
import { SEVERITIES, SEVERITY_CODES, severityLabel } from '@contracts/common/codes';
import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN, SURVEY_TYPE_CLIENT_CARE, SURVEY_TYPE_SUPPORT } from '@contracts/common/constants';
import { SURVEY_TEXT_QUESTIONS } from '@contracts/survey-form';
import { formatMonth, MESSAGE_LOCALE } from '@contracts/common/dates';
import { formatNps, NPS_SCALE_TEXT, npsScore } from '@contracts/surveys';
import { REPORT_SETTINGS, SURVEY_KINDS, reportSearchParams, share, type ReportParamsInput, type ReportRow } from '@contracts/reports';
import { isoOf } from '@server/platform/sql';
import { bucketDays, bucketOf, dayRange, fmtInt, fmtPct as pct, groupedCount, limitOf, n, partyId, periodBounds, periodBuckets, ticketConditions, ticketSearchHref, timeRows, WHOLE_HOURS, where, zoneOf } from './query';
import { sqlParams, type ReportDefinition, type ReportRun } from '@server/platform/reports';

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

// ------------------------------------------------------------------- SLA attainment

/**
 * A ticket met its service level when it was closed on or before its due date. The due date is
 * the stored one: the WOC/WOT clock pause already moved it out by the time the ticket waited
 * (server/features/tickets/clock.ts), including a pause that ended by closing (docs/adr/0075).
 */
/** The tickets the service level counts (closed, with a due date), and those that met it (`t`: the tickets' alias). */
export const slaCounted = (t: string) => `${t}.status = 'C' AND ${t}.duedate IS NOT NULL`;
export const slaMet = (t: string) => `${t}.closed_at <= ${t}.duedate`;

const slaAttainment: ReportDefinition = {
  meta: {
    id: 'sla-attainment',
    group: 'Service levels',
    title: 'SLA attainment',
    description: 'Share of tickets closed in the period within their due date, per priority and month (waiting on client or third party does not count against it).',
    params: ['period', 'company', 'assignee', 'queue', 'severity'],
    drillsTo: 'the ticket search',
  },
  // The whole desk's attainment for every staff member; one person's (assignee) is a per-person figure.
  access: { person: 'managers' },
  columns: [
    { key: 'month', label: 'Month', kind: 'date' },
    { key: 'severity', label: 'Priority', kind: 'text' },
    { key: 'resolved', label: 'Closed', kind: 'count' },
    { key: 'in_time', label: 'Within due date', kind: 'count' },
    { key: 'late', label: 'Late', kind: 'count' },
    { key: 'attainment', label: 'Attainment', kind: 'percent' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const filters = ticketConditions(run.params, p, ['company', 'assignee', 'queue', 'severity']);
    const conds = [slaCounted('t'), `t.closed_at >= months.lo`, `t.closed_at < months.hi`, ...filters];
    // Each month (in the run's zone) counted from the closing index between its instants. Without a
    // filter, a month that starts and ends on whole UTC hours (any zone with a whole-hour offset)
    // sums the tickets counted and met per priority of its hours instead (migration 0070, docs/adr/0246).
    const counted = `SELECT t.severity, count(*)::int AS resolved, count(*) FILTER (WHERE ${slaMet('t')})::int AS in_time
                       FROM tickets t WHERE ${conds.join(' AND ')} GROUP BY t.severity`;
    const hourly = `SELECT v.severity, v.resolved::int, v.in_time::int
                      FROM (SELECT ${SEVERITY_CODES.map((c) => `sum(h.due_${c.toLowerCase()}) AS due_${c.toLowerCase()}, sum(h.met_${c.toLowerCase()}) AS met_${c.toLowerCase()}`).join(', ')}
                              FROM report_ticket_hours h WHERE h.hour >= months.lo AND h.hour < months.hi) x
                      CROSS JOIN LATERAL (VALUES ${SEVERITY_CODES.map((c) => `('${c}', x.due_${c.toLowerCase()}, x.met_${c.toLowerCase()})`).join(', ')}) v(severity, resolved, in_time)
                     WHERE v.resolved > 0`;
    const perMonth = filters.length ? counted : `SELECT * FROM (${counted}) c WHERE NOT (${WHOLE_HOURS('months')}) UNION ALL SELECT * FROM (${hourly}) s WHERE ${WHOLE_HOURS('months')}`;
    return {
      text: `WITH months AS (${periodBuckets(run, p, 'month')})
             SELECT to_char(months.b, 'YYYY-MM') AS month, s.severity, s.resolved, s.in_time
               FROM months CROSS JOIN LATERAL (${perMonth}) s
              ORDER BY months.b, severity_rank(s.severity) ${limitOf(limit, p)}`,
      values,
    };
  },
  mapRow: (r) => ({
    month: String(r.month),
    severity_code: String(r.severity),
    severity: severityLabel(String(r.severity)),
    resolved: n(r.resolved),
    in_time: n(r.in_time),
    late: n(r.resolved) - n(r.in_time),
    attainment: share(n(r.in_time), n(r.resolved)) ?? 0,
  }),
  drill: (row, run) => slaDrill(row, run, 'any'),
  cellDrill: (row, run) => ({ resolved: slaDrill(row, run, 'any'), in_time: n(row.in_time) ? slaDrill(row, run, 'met') : null, late: n(row.late) ? slaDrill(row, run, 'missed') : null }),
  totals: (rows) => {
    const resolved = rows.reduce((a, r) => a + n(r.resolved), 0);
    const inTime = rows.reduce((a, r) => a + n(r.in_time), 0);
    return { month: 'Total', severity: '', resolved, in_time: inTime, late: resolved - inTime, attainment: share(inTime, resolved) ?? 0 };
  },
  chart: (rows, run) => {
    const months = [...new Set(rows.map((r) => String(r.month)))];
    if (!months.length) return null;
    const present = SEVERITY_CODES.filter((c) => rows.some((r) => r.severity_code === c));
    return {
      kind: 'line',
      title: 'SLA attainment',
      summary: slaSummary(rows),
      unit: 'percent',
      categories: months,
      categoryLabel: 'Month',
      valueLabel: 'Within due date',
      series: present.map((c) => {
        const of = months.map((m) => rows.find((r) => r.month === m && r.severity_code === c));
        return { name: SEVERITIES[c], values: of.map((row) => (row ? n(row.attainment) : null)), drill: of.map((row) => (row ? slaDrill(row, run, 'any') : null)) };
      }),
      markers: [{ type: 'value', value: 95, label: 'Target 95 %' }],
    };
  },
  summary: (rows) => slaSummary(rows),
};

/** The tickets of a row (priority × month) closed with a due date, met or missed: the search's address. */
function slaDrill(row: ReportRow, run: ReportRun, sla: 'met' | 'missed' | 'any'): string {
  const days = dayRange(run, bucketDays(`${String(row.month)}-01`, 'month', run.period!));
  return ticketSearchHref({
    status: ['C'],
    severity: String(row.severity_code),
    queue: run.params.queue,
    company: run.params.company,
    assignee: run.params.assignee,
    closed_from: days.from,
    closed_to: days.to,
    sla,
  });
}

function slaSummary(rows: ReportRow[]): string {
  const resolved = rows.reduce((a, r) => a + n(r.resolved), 0);
  if (!resolved) return 'No tickets with a due date were closed in the period.';
  const inTime = rows.reduce((a, r) => a + n(r.in_time), 0);
  const bySeverity = SEVERITY_CODES.map((c) => {
    const of = rows.filter((r) => r.severity_code === c);
    const total = of.reduce((a, r) => a + n(r.resolved), 0);
    return total ? `${SEVERITIES[c]} ${pct(share(of.reduce((a, r) => a + n(r.in_time), 0), total))}` : null;
  }).filter(Boolean);
  return `${pct(share(inTime, resolved))} of ${fmtInt(resolved)} tickets closed in the period met their due date (${bySeverity.join(', ')}).`;
}

// ------------------------------------------------------------------- overdue by assignee

const overdueByAssignee: ReportDefinition = {
  meta: {
    id: 'overdue-by-assignee',
    group: 'Service levels',
    title: 'Overdue by assignee',
    description: 'Open tickets past their due date now, per assignee, with the urgent ones and the oldest due date.',
    params: ['company', 'queue', 'severity'],
    drillsTo: 'the ticket search',
  },
  // Figures per person: the management dashboard's rule.
  access: 'managers',
  snapshot: true,
  columns: [
    { key: 'assignee', label: 'Assignee', kind: 'text' },
    { key: 'overdue', label: 'Overdue', kind: 'count' },
    { key: 'urgent', label: 'Critical or high', kind: 'count' },
    { key: 'oldest_due', label: 'Oldest due date', kind: 'date' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const now = p(run.now);
    const filters = ticketConditions(run.params, p, ['company', 'queue', 'severity']);
    const none = p('Unassigned');
    const urgent = `t.severity IN ('C', 'H')`;
    const open = [`t.status <> 'C'`, ...filters];
    // Overdue tickets are the open ones with a due date before now. Whichever is fewer is read from
    // tickets_overdue_idx (docs/adr/0246): the overdue tickets themselves, counted per assignee; or
    // the open tickets not yet due (or without a due date), subtracted from the open tickets per
    // assignee as they are now (report_ticket_counts, migration 0038), each group's oldest due date
    // then the first overdue entry of its assignee in the index. The tickets not yet due are counted
    // up to a third of the open tickets: fewer than that, and reading them twice costs less than
    // reading the overdue ones. Only the side taken runs (one-time conditions).
    const notDue = (measures: string) =>
      `(SELECT ${measures} FROM tickets t ${where([...open, `t.duedate >= ${now}`])}) UNION ALL (SELECT ${measures} FROM tickets t ${where([...open, 't.duedate IS NULL'])})`;
    const firstOverdue = (assignee: string) =>
      `(SELECT min(t.duedate) AS duedate FROM tickets t ${where([...open, assignee, 't.assignee_name IS NOT DISTINCT FROM o.assignee_name', `t.duedate < ${now}`])})`;
    return {
      text: `WITH open AS (
               SELECT t.assignee_id, t.assignee_name, sum(t.tickets) AS n, coalesce(sum(t.tickets) FILTER (WHERE ${urgent}), 0) AS urgent
                 FROM report_ticket_counts t ${where(['t.tickets > 0', ...open])} GROUP BY t.assignee_id, t.assignee_name),
             side AS (
               SELECT count(*) * 3 < (SELECT coalesce(sum(n), 0) FROM open) AS subtract
                 FROM (${notDue('1')} LIMIT (SELECT coalesce(sum(n), 0) FROM open) / 3 + 1) x),
             counted AS (
               SELECT * FROM (SELECT t.assignee_id AS party_id, coalesce(t.assignee_name, ${none}) AS assignee, count(*)::int AS overdue,
                                     count(*) FILTER (WHERE ${urgent})::int AS urgent, min(t.duedate) AS oldest
                                FROM tickets t ${where([...open, `t.duedate < ${now}`])}
                               GROUP BY t.assignee_id, t.assignee_name OFFSET 0) c
                WHERE NOT (SELECT subtract FROM side)),
             not_due AS (
               SELECT t.assignee_id, t.assignee_name, count(*) AS n, count(*) FILTER (WHERE ${urgent}) AS urgent
                 FROM (${notDue('t.assignee_id, t.assignee_name, t.severity')}) t GROUP BY t.assignee_id, t.assignee_name),
             subtracted AS (
               SELECT o.assignee_id AS party_id, coalesce(o.assignee_name, ${none}) AS assignee, (o.n - coalesce(d.n, 0))::int AS overdue,
                      (o.urgent - coalesce(d.urgent, 0))::int AS urgent,
                      CASE WHEN o.assignee_id IS NULL THEN ${firstOverdue('t.assignee_id IS NULL')} ELSE ${firstOverdue('t.assignee_id = o.assignee_id')} END AS oldest
                 FROM open o LEFT JOIN not_due d ON d.assignee_id IS NOT DISTINCT FROM o.assignee_id AND d.assignee_name IS NOT DISTINCT FROM o.assignee_name
                WHERE (SELECT subtract FROM side) AND o.n - coalesce(d.n, 0) > 0)
             SELECT r.party_id, r.assignee, r.overdue, r.urgent, ${isoOf('r.oldest')} AS oldest_due
               FROM (SELECT * FROM counted UNION ALL SELECT * FROM subtracted) r
              ORDER BY r.overdue DESC, r.assignee ${limitOf(limit, p)}`,
      values,
    };
  },
  mapRow: (r) => ({ assignee_id: partyId(r.party_id), assignee: String(r.assignee), overdue: n(r.overdue), urgent: n(r.urgent), oldest_due: (r.oldest_due as string) ?? null }),
  // The "Unassigned" row opens the overdue tickets nobody holds.
  drill: (row, run) =>
    ticketSearchHref({
      ...(row.assignee_id === null ? { unassigned: true } : { assignee: n(row.assignee_id) }),
      overdue: true,
      company: run.params.company,
      queue: run.params.queue,
      severity: run.params.severity,
    }),
  totals: (rows) => ({ assignee: 'Total', overdue: rows.reduce((a, r) => a + n(r.overdue), 0), urgent: rows.reduce((a, r) => a + n(r.urgent), 0), oldest_due: null }),
  chart: (rows, _run, drill) => {
    const top = rows.slice(0, REPORT_SETTINGS.chartCategoriesMax);
    if (!top.length) return null;
    return {
      kind: 'horizontalBar',
      title: 'Overdue by assignee',
      summary: overdueSummary(rows),
      categories: top.map((r) => String(r.assignee)),
      categoryLabel: 'Assignee',
      valueLabel: 'Overdue tickets',
      series: [{ name: 'Overdue', values: top.map((r) => n(r.overdue)), drill: drill.slice(0, top.length) }],
    };
  },
  summary: (rows) => overdueSummary(rows),
};

function overdueSummary(rows: ReportRow[]): string {
  const total = rows.reduce((a, r) => a + n(r.overdue), 0);
  if (!total) return 'No open ticket is past its due date.';
  const first = rows[0]!;
  return `${fmtInt(total)} open tickets are past their due date; ${String(first.assignee)} holds ${fmtInt(n(first.overdue))} (${pct(share(n(first.overdue), total))}).`;
}

// ------------------------------------------------------------------- time logged

function timeBy(kind: 'person' | 'company'): ReportDefinition {
  const person = kind === 'person';
  const label = person ? 'Person' : 'Company';
  return {
    meta: {
      id: person ? 'time-by-person' : 'time-by-company',
      group: 'Time',
      title: person ? 'Time by person' : 'Time by company',
      description: person
        ? 'Hours each person logged in the period, billable and not, with the billable share.'
        : 'Hours logged on each company in the period, billable and not, with the billable share.',
      params: person ? ['period', 'company'] : ['period', 'assignee'],
      drillsTo: 'the time entries',
    },
    access: { rows: 'time' },
    columns: [
      { key: 'name', label, kind: 'text' },
      { key: 'hours', label: 'Hours', kind: 'hours' },
      { key: 'billable', label: 'Billable hours', kind: 'hours' },
      { key: 'non_billable', label: 'Non-billable hours', kind: 'hours' },
      { key: 'billable_share', label: 'Billable share', kind: 'percent' },
    ],
    sql: (run, limit) => {
      const { values, p } = sqlParams();
      const company = 'coalesce(te.company_id, tk.company_id)';
      const conds = [`te.work_date >= ${p(run.period!.from)}::date`, `te.work_date <= ${p(run.period!.to)}::date`, ...timeRows(run, p, 'te.staff_user_id')];
      if (run.params.company && person) conds.push(`${company} = ${p(run.params.company)}`);
      if (run.params.assignee && !person) conds.push(`te.staff_user_id = ${p(run.params.assignee)}`);
      return {
        text: groupedCount(
          {
            id: person ? 'te.staff_user_id' : company,
            name: person ? 'u.name' : 'co.name',
            ...(person ? {} : { none: 'No company' }),
            nameAs: 'name',
            measures: { minutes: 'sum(te.minutes)::int', billable_minutes: 'coalesce(sum(te.minutes) FILTER (WHERE te.billable), 0)::int' },
            from: `time_entries te
                 LEFT JOIN tickets tk ON tk.id = te.ticket_id
                 ${person ? 'JOIN staff_users u ON u.id = te.staff_user_id' : `LEFT JOIN companies co ON co.id = ${company}`}`,
            conds,
            order: 'minutes DESC, name',
          },
          p,
          limit,
        ),
        values,
      };
    },
    mapRow: (r) => ({
      party_id: partyId(r.party_id),
      name: String(r.name),
      hours: hours(n(r.minutes)),
      billable: hours(n(r.billable_minutes)),
      non_billable: hours(n(r.minutes) - n(r.billable_minutes)),
      billable_share: share(n(r.billable_minutes), n(r.minutes)) ?? 0,
      minutes: n(r.minutes),
      billable_minutes: n(r.billable_minutes),
    }),
    drill: (row, run) =>
      row.party_id === null
        ? null
        : reportHref('time-entries', run, person ? { assignee: n(row.party_id), company: run.params.company } : { company: n(row.party_id), assignee: run.params.assignee }),
    totals: (rows) => {
      const minutes = rows.reduce((a, r) => a + n(r.minutes), 0);
      const billable = rows.reduce((a, r) => a + n(r.billable_minutes), 0);
      return { name: 'Total', hours: hours(minutes), billable: hours(billable), non_billable: hours(minutes - billable), billable_share: share(billable, minutes) ?? 0 };
    },
    chart: (rows, _run, drill) => {
      const top = rows.slice(0, REPORT_SETTINGS.chartCategoriesMax);
      if (!top.length) return null;
      return {
        kind: 'stackedBar',
        title: person ? 'Time by person' : 'Time by company',
        summary: timeSummary(rows, label),
        unit: 'hours',
        categories: top.map((r) => String(r.name)),
        categoryLabel: label,
        valueLabel: 'Hours',
        series: [
          { name: 'Billable', stack: 'hours', values: top.map((r) => n(r.billable)), drill: drill.slice(0, top.length) },
          { name: 'Non-billable', stack: 'hours', values: top.map((r) => n(r.non_billable)), drill: drill.slice(0, top.length) },
        ],
      };
    },
    summary: (rows) => timeSummary(rows, label),
  };
}

/** Another report of the catalog over the same period (the preset as chosen, or its days): its viewer address. */
function reportHref(report: string, run: ReportRun, params: Omit<ReportParamsInput, 'period' | 'from' | 'to'>): string {
  const period: ReportParamsInput = { ...(run.params.period ? { period: run.params.period, from: run.params.from, to: run.params.to } : {}), tz: run.params.tz };
  return `/report/view?${reportSearchParams(report, { ...period, ...params }).toString()}`;
}

/** The time entries of a period, one row each: where "time by person / company" drills to. */
const timeEntries: ReportDefinition = {
  meta: {
    id: 'time-entries',
    group: 'Time',
    title: 'Time entries',
    description: 'Every time entry of the period, newest first, with person, company, ticket and billable hours; filter by person or company.',
    params: ['period', 'assignee', 'company'],
    drillsTo: 'the ticket',
  },
  access: { rows: 'time' },
  columns: [
    { key: 'work_date', label: 'Date', kind: 'date' },
    { key: 'person', label: 'Person', kind: 'text' },
    { key: 'company', label: 'Company', kind: 'text' },
    { key: 'ticket', label: 'Ticket', kind: 'text' },
    { key: 'description', label: 'Description', kind: 'text' },
    { key: 'hours', label: 'Hours', kind: 'hours' },
    { key: 'billable', label: 'Billable', kind: 'text' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const company = 'coalesce(te.company_id, tk.company_id)';
    const conds = [`te.work_date >= ${p(run.period!.from)}::date`, `te.work_date <= ${p(run.period!.to)}::date`, ...timeRows(run, p, 'te.staff_user_id')];
    if (run.params.company) conds.push(`${company} = ${p(run.params.company)}`);
    if (run.params.assignee) conds.push(`te.staff_user_id = ${p(run.params.assignee)}`);
    return {
      text: `SELECT to_char(te.work_date, 'YYYY-MM-DD') AS work_date, u.name AS person, co.name AS company, te.ticket_id, tk.title AS ticket_title,
                    te.description, te.minutes, te.billable, sum(te.minutes) OVER ()::int AS total_minutes,
                    coalesce(sum(te.minutes) FILTER (WHERE te.billable) OVER (), 0)::int AS total_billable, count(*) OVER ()::int AS entries
               FROM time_entries te
               JOIN staff_users u ON u.id = te.staff_user_id
               LEFT JOIN tickets tk ON tk.id = te.ticket_id
               LEFT JOIN companies co ON co.id = ${company}
              WHERE ${conds.join(' AND ')}
              ORDER BY te.work_date DESC, te.id DESC ${limitOf(limit, p)}`,
      values,
    };
  },
  mapRow: (r) => ({
    work_date: String(r.work_date),
    person: String(r.person),
    company: (r.company as string | null) ?? null,
    ticket: r.ticket_id === null ? null : `#${n(r.ticket_id)} ${String(r.ticket_title ?? '')}`.trim(),
    ticket_id: r.ticket_id === null ? null : n(r.ticket_id),
    description: String(r.description ?? ''),
    hours: hours(n(r.minutes)),
    billable: r.billable ? 'Yes' : 'No',
    minutes: n(r.minutes),
    total_minutes: n(r.total_minutes),
    total_billable: n(r.total_billable),
    entries: n(r.entries),
  }),
  drill: (row) => (row.ticket_id === null ? null : `/ticket/${n(row.ticket_id)}`),
  // The totals are the whole period's (window sums), not only the rows the table shows.
  totals: (rows) => {
    const minutes = n(rows[0]?.total_minutes);
    return { work_date: 'Total', hours: hours(minutes), billable: rows.length ? `${pct(share(n(rows[0]?.total_billable), minutes))} billable` : null };
  },
  summary: (rows) => {
    if (!rows.length) return 'No time was logged in the period with these filters.';
    const minutes = n(rows[0]!.total_minutes);
    const fmt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(hours(minutes));
    return `${fmtInt(n(rows[0]!.entries))} time entries, ${fmt} h in the period, ${pct(share(n(rows[0]!.total_billable), minutes))} billable.`;
  },
};

function timeSummary(rows: ReportRow[], label: string): string {
  const minutes = rows.reduce((a, r) => a + n(r.minutes), 0);
  if (!minutes) return 'No time was logged in the period.';
  const billable = rows.reduce((a, r) => a + n(r.billable_minutes), 0);
  const first = rows[0]!;
  const fmt = (h: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(h);
  return `${fmt(hours(minutes))} h logged in the period, ${pct(share(billable, minutes))} billable; ${label === 'Person' ? '' : 'the company '}${String(first.name)} leads with ${fmt(n(first.hours))} h.`;
}

// ------------------------------------------------------------------- CSAT and NPS

const TEXT_KEYS = [...new Set([...SURVEY_TEXT_QUESTIONS[SURVEY_TYPE_SUPPORT], ...SURVEY_TEXT_QUESTIONS[SURVEY_TYPE_CLIENT_CARE]])];
/** A response (of `latest l`) with something written: what the survey comments report lists. */
const HAS_COMMENT = `(${TEXT_KEYS.map((k) => `btrim(coalesce(l.answers->>'${k}', '')) <> ''`).join(' OR ')})`;

/**
 * Which latest responses (`l`, from `latestResponses`) the CSAT and NPS report counts: CSAT over the
 * support survey's answers, satisfied at 4–5; NPS over the client care survey's answers to the
 * recommendation question, promoters at 9–10, detractors at 0–6. Other features' figures count with these.
 */
export const SURVEY_COUNTED = {
  csat: `l.type = '${SURVEY_TYPE_SUPPORT}'`,
  satisfied: `l.type = '${SURVEY_TYPE_SUPPORT}' AND l.q1 >= ${CSAT_SATISFIED_MIN}`,
  nps: `l.type = '${SURVEY_TYPE_CLIENT_CARE}' AND l.q2 IS NOT NULL`,
  promoter: `l.type = '${SURVEY_TYPE_CLIENT_CARE}' AND l.q2 >= ${NPS_PROMOTER_MIN}`,
  detractor: `l.type = '${SURVEY_TYPE_CLIENT_CARE}' AND l.q2 <= ${NPS_DETRACTOR_MAX}`,
} as const;

/** The latest response per survey key, optionally of one company: a CTE named `latest`. */
export function latestResponses(p: (v: unknown) => string, company: number | undefined): string {
  return `latest AS (
    SELECT DISTINCT ON (r.survey_key_id) r.id, r.type, r.q1, r.q2, r.answers, r.received_at, k.ticket_id, k.company_id
      FROM survey_responses r JOIN survey_keys k ON k.id = r.survey_key_id
     ${company ? `WHERE k.company_id = ${p(company)}` : ''}
     ORDER BY r.survey_key_id, r.received_at DESC, r.id DESC)`;
}

const csatNps: ReportDefinition = {
  meta: {
    id: 'csat-nps',
    group: 'Satisfaction',
    title: 'CSAT and NPS by month',
    description: 'CSAT (share of 4–5 on the support survey) and NPS (client care survey: promoters minus detractors, −100 to +100) per month, with response counts.',
    params: ['period', 'company'],
    drillsTo: 'the survey comments',
  },
  // The survey results screen is open to every staff member.
  access: 'staff',
  columns: [
    { key: 'month', label: 'Month', kind: 'date' },
    { key: 'support_responses', label: 'Support responses', kind: 'count' },
    { key: 'csat', label: 'CSAT', kind: 'percent' },
    { key: 'care_responses', label: 'Client care responses', kind: 'count' },
    { key: 'nps', label: 'NPS', kind: 'nps' },
    { key: 'comments', label: 'Comments', kind: 'count' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const { from, to } = periodBounds(run, p);
    return {
      text: `WITH ${latestResponses(p, run.params.company)},
             months AS (SELECT generate_series(date_trunc('month', ${p(run.period!.from)}::date::timestamp), ${p(run.period!.to)}::date::timestamp, interval '1 month') AS m),
             agg AS (
               SELECT ${bucketOf('month', 'l.received_at', p(zoneOf(run)))} AS m,
                      count(*) FILTER (WHERE ${SURVEY_COUNTED.csat})::int AS support_responses,
                      count(*) FILTER (WHERE ${SURVEY_COUNTED.satisfied})::int AS satisfied,
                      count(*) FILTER (WHERE ${SURVEY_COUNTED.nps})::int AS care_responses,
                      count(*) FILTER (WHERE ${SURVEY_COUNTED.promoter})::int AS promoters,
                      count(*) FILTER (WHERE ${SURVEY_COUNTED.detractor})::int AS detractors,
                      count(*) FILTER (WHERE ${HAS_COMMENT})::int AS comments
                 FROM latest l WHERE l.received_at >= ${from} AND l.received_at < ${to} GROUP BY 1)
             SELECT to_char(months.m, 'YYYY-MM') AS month, coalesce(agg.support_responses, 0) AS support_responses, coalesce(agg.satisfied, 0) AS satisfied,
                    coalesce(agg.care_responses, 0) AS care_responses, coalesce(agg.promoters, 0) AS promoters, coalesce(agg.detractors, 0) AS detractors,
                    coalesce(agg.comments, 0) AS comments
               FROM months LEFT JOIN agg ON agg.m = months.m ORDER BY months.m ${limitOf(limit, p)}`,
      values,
    };
  },
  mapRow: (r) => ({
    month: String(r.month),
    support_responses: n(r.support_responses),
    satisfied: n(r.satisfied),
    csat: share(n(r.satisfied), n(r.support_responses)),
    care_responses: n(r.care_responses),
    promoters: n(r.promoters),
    detractors: n(r.detractors),
    nps: npsScore(n(r.promoters), n(r.detractors), n(r.care_responses)),
    comments: n(r.comments),
  }),
  // A month opens the survey comments of that month (its days within the period).
  drill: (row, run) => commentsDrill(row, run),
  cellDrill: (row, run) => ({ comments: commentsDrill(row, run) }),
  totals: (rows) => {
    const s = rows.reduce((a, r) => a + n(r.support_responses), 0);
    const c = rows.reduce((a, r) => a + n(r.care_responses), 0);
    const sat = rows.reduce((a, r) => a + n(r.satisfied), 0);
    const pro = rows.reduce((a, r) => a + n(r.promoters), 0);
    const det = rows.reduce((a, r) => a + n(r.detractors), 0);
    return { month: 'Total', support_responses: s, csat: share(sat, s), care_responses: c, nps: npsScore(pro, det, c), comments: rows.reduce((a, r) => a + n(r.comments), 0) };
  },
  chart: (rows, _run, drill) =>
    rows.length
      ? {
          kind: 'line',
          title: 'CSAT and NPS by month',
          summary: satisfactionSummary(rows),
          // Both scores are drawn whole on one axis: CSAT in percent, NPS on its own −100 to +100 scale.
          unit: 'count',
          // Months in words ("Nov 2026"), as the table shows them.
          categories: rows.map((r) => formatMonth(String(r.month), { locale: MESSAGE_LOCALE, short: true })),
          categoryLabel: 'Month',
          valueLabel: 'Score',
          series: [
            { name: 'CSAT (%)', values: rows.map((r) => (r.csat === null ? null : n(r.csat))), drill },
            { name: `NPS (${NPS_SCALE_TEXT})`, values: rows.map((r) => (r.nps === null ? null : n(r.nps))), drill },
          ],
        }
      : null,
  summary: (rows) => satisfactionSummary(rows),
};

/** The survey comments of a month's row (its days within the period), as many as its Comments figure. */
function commentsDrill(row: ReportRow, run: ReportRun): string | null {
  if (!n(row.comments)) return null;
  const days = bucketDays(`${String(row.month)}-01`, 'month', run.period!);
  return `/report/view?${reportSearchParams('survey-comments', { period: 'custom', from: days.from, to: days.to, company: run.params.company, tz: run.params.tz }).toString()}`;
}

function satisfactionSummary(rows: ReportRow[]): string {
  const s = rows.reduce((a, r) => a + n(r.support_responses), 0);
  const c = rows.reduce((a, r) => a + n(r.care_responses), 0);
  if (!s && !c) return 'No survey responses in the period.';
  const sat = rows.reduce((a, r) => a + n(r.satisfied), 0);
  const pro = rows.reduce((a, r) => a + n(r.promoters), 0);
  const det = rows.reduce((a, r) => a + n(r.detractors), 0);
  const parts = [];
  if (s) parts.push(`CSAT ${pct(share(sat, s))} over ${fmtInt(s)} support responses`);
  if (c) parts.push(`NPS ${formatNps(npsScore(pro, det, c))} over ${fmtInt(c)} client care responses`);
  return `${parts.join('; ')} in the period.`;
}

// ------------------------------------------------------------------- survey comments


const surveyComments: ReportDefinition = {
  meta: {
    id: 'survey-comments',
    group: 'Satisfaction',
    title: 'Survey comments',
    description: 'What respondents wrote, newest first, by survey, rating, company and period.',
    params: ['period', 'kind', 'rating', 'company'],
    drillsTo: 'the ticket',
  },
  access: 'staff',
  columns: [
    { key: 'received', label: 'Received', kind: 'date' },
    { key: 'survey', label: 'Survey', kind: 'text' },
    { key: 'company', label: 'Company', kind: 'text' },
    { key: 'ticket', label: 'Ticket', kind: 'text' },
    { key: 'rating', label: 'Rating', kind: 'count' },
    { key: 'comment', label: 'Comment', kind: 'text' },
  ],
  sql: (run, limit) => {
    const { values, p } = sqlParams();
    const { from, to } = periodBounds(run, p);
    const conds = [`l.received_at >= ${from}`, `l.received_at < ${to}`];
    if (run.params.kind) conds.push(`l.type = ${p(run.params.kind === 'support' ? SURVEY_TYPE_SUPPORT : SURVEY_TYPE_CLIENT_CARE)}`);
    if (run.params.rating === 'low') conds.push('l.q1 <= 2');
    if (run.params.rating === 'neutral') conds.push('l.q1 = 3');
    if (run.params.rating === 'high') conds.push('l.q1 >= 4');
    // Only responses with something written.
    conds.push(HAS_COMMENT);
    return {
      text: `WITH ${latestResponses(p, run.params.company)}
             SELECT ${isoOf('l.received_at')} AS received, l.type, co.name AS company, l.ticket_id, t.title AS ticket_title, l.q1 AS rating, l.answers
               FROM latest l LEFT JOIN companies co ON co.id = l.company_id LEFT JOIN tickets t ON t.id = l.ticket_id
              WHERE ${conds.join(' AND ')}
              ORDER BY l.received_at DESC, l.id DESC ${limitOf(limit, p)}`,
      values,
    };
  },
  mapRow: (r) => {
    const type = String(r.type) as typeof SURVEY_TYPE_SUPPORT | typeof SURVEY_TYPE_CLIENT_CARE;
    const answers = (r.answers ?? {}) as Record<string, unknown>;
    const comment = SURVEY_TEXT_QUESTIONS[type]
      .map((q) => answers[q])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .map((v) => v.trim())
      .join(' · ');
    return {
      received: String(r.received),
      survey: type === SURVEY_TYPE_SUPPORT ? SURVEY_KINDS.support : SURVEY_KINDS['client-care'],
      company: (r.company as string | null) ?? null,
      ticket: r.ticket_id === null ? null : `#${n(r.ticket_id)} ${String(r.ticket_title ?? '')}`.trim(),
      ticket_id: r.ticket_id === null ? null : n(r.ticket_id),
      rating: n(r.rating),
      comment,
    };
  },
  drill: (row) => (row.ticket_id === null ? null : `/ticket/${n(row.ticket_id)}`),
  chart: (rows) => {
    if (!rows.length) return null;
    const ratings = [1, 2, 3, 4, 5];
    return {
      kind: 'bar',
      title: 'Comments by rating',
      summary: commentsSummary(rows),
      categories: ratings.map(String),
      categoryLabel: 'Rating',
      valueLabel: 'Comments',
      series: [{ name: 'Comments', values: ratings.map((v) => rows.filter((r) => r.rating === v).length) }],
    };
  },
  summary: (rows) => commentsSummary(rows),
};

function commentsSummary(rows: ReportRow[]): string {
  if (!rows.length) return 'No comments match these filters.';
  const low = rows.filter((r) => n(r.rating) <= 2).length;
  return `${fmtInt(rows.length)}${rows.length >= REPORT_SETTINGS.rowCap ? '+' : ''} comments; ${fmtInt(low)} from unhappy respondents (rating 1–2).`;
}

export const SERVICE_REPORTS: ReportDefinition[] = [slaAttainment, overdueByAssignee];
export const TIME_REPORTS: ReportDefinition[] = [timeBy('person'), timeBy('company'), timeEntries];
export const SATISFACTION_REPORTS: ReportDefinition[] = [csatNps, surveyComments];
