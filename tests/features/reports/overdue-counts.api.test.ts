/**
 * Overdue by assignee reads whichever is fewer (docs/adr/0246): the overdue tickets themselves, or,
 * when most open tickets are overdue, the open tickets not yet due subtracted from the open tickets
 * per assignee as they are now. Either way its rows (overdue, critical or high, oldest due date)
 * equal a straight count of the open tickets past their due date, for every filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportParamsSchema, type ReportResult } from '@contracts/reports';
import { reports } from '@server/features/reports';
import { runOf } from '@server/features/reports/runner';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const ADMIN = { userId: 0, role: 'admin', people: null } as const;
type Node = { 'Relation Name'?: string; 'Index Cond'?: string; Filter?: string; 'Actual Loops'?: number; Plans?: Node[] };

describe.each(BACKENDS)('overdue by assignee on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  let company = 0;
  let ids: number[] = [];
  const query = (text: string, values: unknown[] = []) => t.ctx.database.pool.query(text, values);

  /** Open tickets past their due date now, counted one by one, in the report's shape. */
  const straightCount = async (filters: Record<string, string>) => {
    const values: unknown[] = [];
    const conds = [`status <> 'C'`, `duedate < now()`];
    if (filters.company) conds.push(`company_id = $${values.push(Number(filters.company))}`);
    if (filters.queue) conds.push(`queue = $${values.push(filters.queue)}`);
    if (filters.severity) conds.push(`severity = $${values.push(filters.severity)}`);
    const { rows } = await query(
      `SELECT assignee_id, coalesce(assignee_name, 'Unassigned') AS assignee, count(*)::int AS overdue,
              count(*) FILTER (WHERE severity IN ('C', 'H'))::int AS urgent, to_char(min(duedate) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS oldest_due
         FROM tickets WHERE ${conds.join(' AND ')} GROUP BY assignee_id, assignee_name`,
      values,
    );
    return rows.map((r) => ({ assignee_id: r.assignee_id === null ? null : Number(r.assignee_id), assignee: r.assignee, overdue: r.overdue, urgent: r.urgent, oldest_due: r.oldest_due }));
  };
  const reported = async (filters: Record<string, string>) => {
    const res = await admin.get(`/api/v2/reports/overdue-by-assignee?${new URLSearchParams(filters)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ReportResult).rows.map((r) => ({ assignee_id: r.assignee_id, assignee: r.assignee, overdue: r.overdue, urgent: r.urgent, oldest_due: r.oldest_due }));
  };
  const byKey = <T extends { assignee_id: unknown; assignee: unknown }>(rows: T[]) => [...rows].sort((a, b) => `${a.assignee_id}|${a.assignee}`.localeCompare(`${b.assignee_id}|${b.assignee}`));
  /**
   * What the report's statement ran (EXPLAIN ANALYZE): whether it read the kept counts, and the scans
   * of tickets past their due date that were not one assignee's (counting the overdue tickets one by one).
   */
  const executed = async () => {
    const def = (reports.reports ?? []).find((d) => d.meta.id === 'overdue-by-assignee')!;
    const statement = def.sql(runOf(def, reportParamsSchema.parse({}), new Date(), ADMIN), 1000);
    const { rows } = await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const nodes: Node[] = [];
    const walk = (node: Node) => {
      if ((node['Actual Loops'] ?? 0) > 0) nodes.push(node);
      for (const c of node.Plans ?? []) walk(c);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan as Node);
    const conditions = (n: Node) => `${n['Index Cond'] ?? ''} ${n.Filter ?? ''}`;
    return {
      keptCounts: nodes.some((n) => n['Relation Name'] === 'report_ticket_counts'),
      overdueCountedOneByOne: nodes.filter((n) => n['Relation Name'] === 'tickets' && /duedate < /.test(conditions(n)) && !/assignee_id/.test(conditions(n))).length,
    };
  };
  const checkEveryFilter = async () => {
    for (const filters of [{}, { company: String(company) }, { queue: 'QA' }, { severity: 'H' }, { company: String(company), severity: 'C' }] as Record<string, string>[]) {
      const expected = await straightCount(filters);
      expect(byKey(await reported(filters)), JSON.stringify(filters)).toEqual(byKey(expected));
    }
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const c = (await query('SELECT min(id) AS a, max(id) AS b FROM companies')).rows[0];
    const s = (await query('SELECT min(id) AS a, max(id) AS b FROM staff_users')).rows[0];
    company = Number(c.b);
    // 2,000 tickets, most open; due dates from 300 days ago to 30 days ahead, some without one.
    await query(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, created_at, updated_at, duedate)
       SELECT 'Overdue ' || g, 'Due or not', (ARRAY['A','WOP','WOC','WOT','A','C'])[1 + g % 6], (ARRAY['C','H','M','L','M'])[1 + g % 5],
              CASE WHEN g % 3 = 0 THEN $1::int WHEN g % 3 = 1 THEN $2::int END, (ARRAY['Support','Programming','QA','Sales'])[1 + g % 4],
              CASE WHEN g % 4 = 0 THEN $3::int WHEN g % 4 = 1 THEN $4::int END, now() - interval '400 days', now(),
              CASE WHEN g % 17 <> 0 THEN now() + make_interval(days => 30 - (g * 7) % 330, hours => g % 24) END
         FROM generate_series(1, 2000) g`,
      [c.a, c.b, s.a, s.b],
    );
    ids = (await query(`SELECT id FROM tickets WHERE title LIKE 'Overdue %' ORDER BY id`)).rows.map((r) => Number(r.id));
  }, 120_000);
  afterAll(() => t?.close());

  it('with most open tickets overdue, subtracts those not yet due from the kept counts: its rows equal a straight count, the overdue tickets not counted one by one', async () => {
    const overdue = (await straightCount({})).reduce((a, r) => a + r.overdue, 0);
    const open = Number((await query(`SELECT count(*) AS n FROM tickets WHERE status <> 'C'`)).rows[0].n);
    expect(overdue * 3).toBeGreaterThan(open * 2);
    await checkEveryFilter();
    expect(await executed()).toEqual({ keptCounts: true, overdueCountedOneByOne: 0 });
  });

  it('with few open tickets overdue, counts them: its rows still equal a straight count', async () => {
    await query(`UPDATE tickets SET duedate = now() + interval '10 days' WHERE id = ANY($1::int[]) AND id % 5 <> 0 AND duedate IS NOT NULL`, [ids]);
    const overdue = (await straightCount({})).reduce((a, r) => a + r.overdue, 0);
    const open = Number((await query(`SELECT count(*) AS n FROM tickets WHERE status <> 'C'`)).rows[0].n);
    expect(overdue).toBeGreaterThan(10);
    expect(overdue * 3).toBeLessThan(open * 2);
    await checkEveryFilter();
  });
});
