/**
 * The four sales activity reports of the report catalog (number of calls, letters sent, new leads,
 * closed sales): counts (and, for closed sales, revenue) per period bucket and rep, with a chart
 * over time per rep. The sales feature declares them (index.ts); the runner of the reports feature
 * gives them the parameter bar, CSV and PDF. A row drills to the dashboard's list of those
 * activities.
 */
import { ACTIVITY_PLURALS, SALES_REPORTS, type ActivityKind } from '@contracts/sales';
import { REPORT_SETTINGS, type Granularity, type ReportRow } from '@contracts/reports';
import { formatMoney } from '@contracts/quote-money';
import { sqlParams, type ReportDefinition } from '@server/platform/reports';

const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
const fmtInt = (v: number) => new Intl.NumberFormat('en-US').format(v);
const WEB_FORM = 'Web form';

const DESCRIPTIONS: Record<ActivityKind, string> = {
  call: 'Calls logged per rep and day, week or month of the period.',
  letter: 'Letters sent per rep and day, week or month of the period.',
  lead: 'New leads per rep (and from the public "how did you hear about us" form) per day, week or month of the period.',
  sale: 'Closed sales and their revenue per rep and day, week or month of the period.',
};

function activityReport(kind: ActivityKind): ReportDefinition {
  const { id, title } = SALES_REPORTS[kind];
  const money = kind === 'sale';
  return {
    meta: { id, group: 'Sales', title, description: DESCRIPTIONS[kind], params: ['period', 'granularity', 'assignee', 'company'], drillsTo: 'the activities of that month' },
    // The sales dashboard shows every rep's activities to every staff member (docs/adr/0104-report-access.md).
    access: 'staff',
    columns: [
      { key: 'bucket', label: 'Period', kind: 'date' },
      { key: 'rep', label: 'Rep', kind: 'text' },
      { key: 'count', label: ACTIVITY_PLURALS[kind], kind: 'count' },
      ...(money ? [{ key: 'amount', label: 'Revenue', kind: 'money' as const }] : []),
    ],
    sql: (run, limit) => {
      const { values, p } = sqlParams();
      const g: Granularity = run.params.granularity ?? 'month';
      const conds = [`a.kind = ${p(kind)}`, `a.occurred_on >= ${p(run.period!.from)}::date`, `a.occurred_on <= ${p(run.period!.to)}::date`];
      if (run.params.assignee) conds.push(`a.staff_id = ${p(run.params.assignee)}`);
      if (run.params.company) conds.push(`a.company_id = ${p(run.params.company)}`);
      return {
        text: `SELECT to_char(date_trunc(${p(g)}, a.occurred_on::timestamp), 'YYYY-MM-DD') AS bucket, a.staff_id, coalesce(s.name, ${p(WEB_FORM)}) AS rep,
                      count(*)::int AS count, coalesce(sum(a.amount_cents), 0)::float8 AS amount
                 FROM sales_activities a LEFT JOIN staff_users s ON s.id = a.staff_id
                WHERE ${conds.join(' AND ')}
                GROUP BY 1, 2, 3 ORDER BY 1, 3 ${limit === null ? '' : `LIMIT ${p(limit)}`}`,
        values,
      };
    },
    mapRow: (r) => ({ bucket: String(r.bucket), staff_id: r.staff_id === null ? null : n(r.staff_id), rep: String(r.rep), count: n(r.count), ...(money ? { amount: n(r.amount) } : {}) }),
    drill: (row) => {
      const q = new URLSearchParams({ list: kind, month: String(row.bucket).slice(0, 7) });
      if (row.staff_id !== null) q.set('staff', String(row.staff_id));
      return `/sales/dashboard?${q.toString()}`;
    },
    totals: (rows) => ({ bucket: 'Total', rep: '', count: rows.reduce((a, r) => a + n(r.count), 0), ...(money ? { amount: rows.reduce((a, r) => a + n(r.amount), 0) } : {}) }),
    chart: (rows) => {
      const buckets = [...new Set(rows.map((r) => String(r.bucket)))];
      if (!buckets.length) return null;
      const byRep = new Map<string, number>();
      for (const r of rows) byRep.set(String(r.rep), (byRep.get(String(r.rep)) ?? 0) + n(money ? r.amount : r.count));
      const reps = [...byRep.entries()].sort((a, b) => b[1] - a[1]).slice(0, Math.min(REPORT_SETTINGS.chartCategoriesMax, 20)).map(([name]) => name);
      return {
        kind: 'stackedBar',
        title,
        summary: summaryOf(kind, rows),
        unit: money ? 'money' : 'count',
        categories: buckets,
        categoryLabel: 'Period',
        valueLabel: money ? 'Revenue' : ACTIVITY_PLURALS[kind],
        series: reps.map((rep) => ({
          name: rep,
          stack: 'reps',
          values: buckets.map((b) => {
            const row = rows.find((r) => r.bucket === b && r.rep === rep);
            return row ? n(money ? row.amount : row.count) : 0;
          }),
        })),
      };
    },
    summary: (rows) => summaryOf(kind, rows),
  };
}

function summaryOf(kind: ActivityKind, rows: ReportRow[]): string {
  const count = rows.reduce((a, r) => a + n(r.count), 0);
  if (!count) return `No ${ACTIVITY_PLURALS[kind].toLowerCase()} in the period.`;
  const reps = new Set(rows.map((r) => r.rep)).size;
  const what = `${fmtInt(count)} ${ACTIVITY_PLURALS[kind].toLowerCase()} by ${fmtInt(reps)} ${reps === 1 ? 'rep' : 'reps'} in the period`;
  return kind === 'sale' ? `${what}, ${formatMoney(rows.reduce((a, r) => a + n(r.amount), 0))} in revenue.` : `${what}.`;
}

export const salesReports: ReportDefinition[] = (['call', 'letter', 'lead', 'sale'] as const).map(activityReport);
