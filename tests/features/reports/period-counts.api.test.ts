/**
 * Tickets by status, priority, queue, company and assignee over a period count whichever side of
 * the period holds fewer tickets (docs/adr/0246): a short period counts the tickets created in it, a
 * period holding most tickets takes the counts of every ticket as they are now less the tickets
 * created before and after it. Either way, every report's figures equal a straight count of the
 * tickets created in the period, for every filter and status, in UTC and in other zones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportParamsSchema, type ReportResult } from '@contracts/reports';
import { reports } from '@server/features/reports';
import { runOf } from '@server/features/reports/runner';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const ADMIN = { userId: 0, role: 'admin', people: null } as const;
const OPEN = ['A', 'WOP', 'WOC', 'WOT'];
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

type Period = { label: string; from: string; to: string; tz: string; fromKeptCounts: boolean };
/** Long periods hold most tickets (the kept counts less those outside), the short one few (counted). */
const PERIODS: Period[] = [
  { label: 'long, UTC, ending before today', from: day(390), to: day(15), tz: 'UTC', fromKeptCounts: true },
  { label: 'long, New York', from: day(420), to: day(2), tz: 'America/New_York', fromKeptCounts: true },
  { label: 'long, Kolkata, to today', from: day(360), to: day(0), tz: 'Asia/Kolkata', fromKeptCounts: true },
  { label: 'short, UTC', from: day(30), to: day(1), tz: 'UTC', fromKeptCounts: false },
];

type Report = { id: string; column: string; own: string; statusFallback: 'any' | 'open'; party?: string };
const REPORTS: Report[] = [
  { id: 'tickets-by-status', column: 'status', own: 'status', statusFallback: 'any' },
  { id: 'tickets-by-severity', column: 'severity', own: 'severity', statusFallback: 'open' },
  { id: 'tickets-by-queue', column: 'queue', own: 'queue', statusFallback: 'open' },
  { id: 'tickets-by-company', column: 'company_id', own: 'company', statusFallback: 'open', party: 'company_name' },
  { id: 'tickets-by-assignee', column: 'assignee_id', own: 'assignee', statusFallback: 'open', party: 'assignee_name' },
];

describe.each(BACKENDS)('ticket counts over a period on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  let company = 0;
  let assignee = 0;
  const query = (text: string, values: unknown[] = []) => t.ctx.database.pool.query(text, values);

  /** The tickets created in the period with the filters, counted one by one: code (or party) → counts per priority and in all. */
  const straightCount = async (r: Report, period: Period, filters: Record<string, string>) => {
    const values: unknown[] = [period.from, period.to, period.tz];
    const conds = [`created_at >= ($1::date::timestamp AT TIME ZONE $3)`, `created_at < (($2::date + 1)::timestamp AT TIME ZONE $3)`];
    const status = filters.status ?? r.statusFallback;
    if (r.own !== 'status' && status !== 'any') conds.push(`status = ANY($${values.push(status === 'open' ? OPEN : [status])}::text[])`);
    if (filters.company) conds.push(`company_id = $${values.push(Number(filters.company))}`);
    if (filters.assignee) conds.push(`assignee_id = $${values.push(Number(filters.assignee))}`);
    if (filters.queue) conds.push(`queue = $${values.push(filters.queue)}`);
    if (filters.severity) conds.push(`severity = $${values.push(filters.severity)}`);
    const none = r.own === 'company' ? 'No company' : 'Unassigned';
    const key = r.party ? `coalesce(${r.column}::text, '') || '|' || coalesce(${r.party}, '${none}')` : r.column;
    const { rows } = await query(`SELECT ${key} AS key, severity, count(*)::int AS n FROM tickets WHERE ${conds.join(' AND ')} GROUP BY 1, 2`, values);
    const out: Record<string, Record<string, number>> = {};
    for (const row of rows) {
      const k = String(row.key);
      out[k] ??= {};
      out[k][row.severity] = (out[k][row.severity] ?? 0) + Number(row.n);
      out[k].all = (out[k].all ?? 0) + Number(row.n);
    }
    return out;
  };

  /** The report's figures in the same shape (codes or parties with tickets). */
  const reported = async (r: Report, period: Period, filters: Record<string, string>) => {
    const params = new URLSearchParams({ period: 'custom', from: period.from, to: period.to, tz: period.tz, ...filters });
    const res = await admin.get(`/api/v2/reports/${r.id}?${params}`);
    expect(res.statusCode, res.body).toBe(200);
    const out: Record<string, Record<string, number>> = {};
    for (const row of (res.json() as ReportResult).rows) {
      if (!Number(row.tickets)) continue;
      if (r.party) {
        const counts: Record<string, number> = { all: Number(row.tickets) };
        for (const s of ['C', 'H', 'M', 'L']) if (Number(row[`sev_${s.toLowerCase()}`])) counts[s] = Number(row[`sev_${s.toLowerCase()}`]);
        out[`${row.party_id ?? ''}|${String(row.segment)}`] = counts;
      } else out[String(row.code)] = { all: Number(row.tickets) };
    }
    return out;
  };

  /** Whether the run of a report over a period read the kept counts (EXPLAIN ANALYZE: its scan executed). */
  const readKeptCounts = async (id: string, period: Period) => {
    const def = (reports.reports ?? []).find((d) => d.meta.id === id)!;
    const run = runOf(def, reportParamsSchema.parse({ period: 'custom', from: period.from, to: period.to, tz: period.tz }), new Date(), ADMIN);
    const statement = def.sql(run, 1000);
    const { rows } = await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    type Node = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: Node[] };
    const executed = (node: Node): boolean => (node['Relation Name'] === 'report_ticket_counts' && (node['Actual Loops'] ?? 0) > 0) || (node.Plans ?? []).some(executed);
    return executed(rows[0]['QUERY PLAN'][0].Plan as Node);
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const c = (await query('SELECT min(id) AS a, max(id) AS b FROM companies')).rows[0];
    const s = (await query('SELECT min(id) AS a, max(id) AS b FROM staff_users')).rows[0];
    company = Number(c.b);
    assignee = Number(s.a);
    // 600 tickets over 430 days, at hours that fall on either side of midnight in New York and Kolkata.
    await query(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, created_at, updated_at)
       SELECT 'Period ' || g, 'Counted over a period', (ARRAY['A','WOP','WOC','WOT','C','C'])[1 + g % 6], (ARRAY['C','H','M','L','M'])[1 + g % 5],
              CASE WHEN g % 3 = 0 THEN $1::int WHEN g % 3 = 1 THEN $2::int END, (ARRAY['Support','Programming','QA','Sales'])[1 + g % 4],
              CASE WHEN g % 4 = 0 THEN $3::int WHEN g % 4 = 1 THEN $4::int END,
              now() - make_interval(days => (g * 43) % 430, hours => g % 24), now()
         FROM generate_series(1, 600) g`,
      [c.a, c.b, s.a, s.b],
    );
    await query(`UPDATE tickets SET closed_at = created_at + interval '1 day' WHERE status = 'C' AND closed_at IS NULL`);
  }, 120_000);
  afterAll(() => t?.close());

  it('reads the kept counts for a period holding most tickets, and counts the tickets of a short one', async () => {
    for (const r of REPORTS) for (const period of PERIODS) expect(await readKeptCounts(r.id, period), `${r.id}, ${period.label}`).toBe(period.fromKeptCounts);
  });

  it('gives every report the figures of a straight count of the tickets created in the period, for every filter and status', async () => {
    const statuses: Record<string, string>[] = [{}, { status: 'any' }, { status: 'open' }, { status: 'C' }, { status: 'WOP' }];
    const others: Record<string, string>[] = [{}, { company: String(company) }, { assignee: String(assignee) }, { queue: 'QA' }, { severity: 'H' }, { company: String(company), severity: 'M' }];
    for (const r of REPORTS) {
      for (const period of PERIODS) {
        for (const status of r.own === 'status' ? [{}] : statuses) {
          for (const other of others) {
            if (Object.keys(other).some((k) => k === r.own)) continue;
            const filters = { ...status, ...other };
            const label = `${r.id}, ${period.label}, ${JSON.stringify(filters)}`;
            const expected = await straightCount(r, period, filters);
            if (!r.party) for (const k of Object.keys(expected)) expected[k] = { all: expected[k]!.all! };
            expect(await reported(r, period, filters), label).toEqual(expected);
          }
        }
      }
    }
    // The checks above compared something: the long UTC period holds hundreds of open tickets.
    const held = await straightCount(REPORTS[1]!, PERIODS[0]!, {});
    expect(Object.values(held).reduce((a, v) => a + v.all!, 0)).toBeGreaterThan(200);
  });
});
