/**
 * SLA attainment without a filter sums, per month, the tickets counted for their service level and
 * those that met it per priority of each UTC hour (migration 0070, docs/adr/0246): those counts stay
 * exact through every write (closing, reopening, a changed priority, a moved due date or closing
 * time, deletion), and the report's rows equal a straight count of the closed tickets, in UTC, in a
 * whole-hour zone, in a half-hour zone (which counts the tickets) and with a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportParamsSchema, type ReportResult } from '@contracts/reports';
import { reports } from '@server/features/reports';
import { runOf } from '@server/features/reports/runner';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const ADMIN = { userId: 0, role: 'admin', people: null } as const;
const SLA = 'due_c, met_c, due_h, met_h, due_m, met_m, due_l, met_l';
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const PERIOD = { period: 'custom', from: day(200), to: day(0) };

describe.each(BACKENDS)('SLA attainment from the hourly counts on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  let company = 0;
  const query = (text: string, values: unknown[] = []) => t.ctx.database.pool.query(text, values);

  /** Closed tickets with a due date per month of the zone and priority, counted one by one. */
  const straightCount = async (tz: string, companyId?: number) => {
    const { rows } = await query(
      `SELECT to_char(date_trunc('month', closed_at AT TIME ZONE $3), 'YYYY-MM') AS month, severity, count(*)::int AS resolved,
              count(*) FILTER (WHERE closed_at <= duedate)::int AS in_time
         FROM tickets
        WHERE status = 'C' AND duedate IS NOT NULL AND closed_at >= ($1::date::timestamp AT TIME ZONE $3) AND closed_at < (($2::date + 1)::timestamp AT TIME ZONE $3)
          AND ($4::int IS NULL OR company_id = $4)
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [PERIOD.from, PERIOD.to, tz, companyId ?? null],
    );
    return rows.map((r) => `${r.month} ${r.severity} ${r.resolved} ${r.in_time}`);
  };
  const reported = async (params: Record<string, string>) => {
    const res = await admin.get(`/api/v2/reports/sla-attainment?${new URLSearchParams({ ...PERIOD, ...params })}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ReportResult).rows.map((r) => `${r.month} ${r.severity_code} ${r.resolved} ${r.in_time}`).sort();
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const c = (await query('SELECT min(id) AS a, max(id) AS b FROM companies')).rows[0];
    company = Number(c.b);
    // 300 tickets closed over the last 190 days at every hour, half within their due date.
    await query(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, created_at, updated_at, closed_at, duedate)
       SELECT 'Service level ' || g, 'Closed in time or late', 'C', (ARRAY['C','H','M','L','M'])[1 + g % 5], CASE WHEN g % 2 = 0 THEN $1::int ELSE $2::int END,
              'Support', now() - make_interval(days => 195), now(), now() - make_interval(days => (g * 13) % 190, hours => g % 24),
              CASE WHEN g % 9 <> 0 THEN now() - make_interval(days => (g * 13) % 190, hours => g % 24) + make_interval(hours => (g % 5) - 2) END
         FROM generate_series(1, 300) g`,
      [c.a, c.b],
    );
    const ids = (await query(`SELECT id FROM tickets WHERE title LIKE 'Service level %' ORDER BY id`)).rows.map((r) => Number(r.id));
    // Reopening, a changed priority, a moved due date, a moved closing time, deletion.
    await query(`UPDATE tickets SET status = 'A', closed_at = NULL WHERE id = ANY($1::int[])`, [ids.slice(0, 6)]);
    await query(`UPDATE tickets SET severity = 'C' WHERE id = ANY($1::int[])`, [ids.slice(6, 14)]);
    await query(`UPDATE tickets SET duedate = duedate + interval '3 hours' WHERE id = ANY($1::int[])`, [ids.slice(14, 24)]);
    await query(`UPDATE tickets SET closed_at = closed_at - interval '26 days 5 hours' WHERE id = ANY($1::int[])`, [ids.slice(24, 30)]);
    await query(`UPDATE tickets SET status = 'WOP' WHERE id = ANY($1::int[])`, [ids.slice(30, 33)]);
    await query(`DELETE FROM tickets WHERE id = ANY($1::int[])`, [ids.slice(33, 37)]);
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps the hourly service-level counts equal to a recount of the tickets after every kind of write', async () => {
    const stored = await query(`SELECT hour, ${SLA} FROM report_ticket_hours WHERE (${SLA.replaceAll(',', ' +')}) <> 0 ORDER BY hour`);
    const recount = await query(
      `SELECT date_trunc('hour', closed_at, 'UTC') AS hour,
              ${['C', 'H', 'M', 'L'].map((s) => `count(*) FILTER (WHERE severity = '${s}')::int AS due_${s.toLowerCase()}, count(*) FILTER (WHERE severity = '${s}' AND closed_at <= duedate)::int AS met_${s.toLowerCase()}`).join(', ')}
         FROM tickets WHERE status = 'C' AND duedate IS NOT NULL AND closed_at IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(stored.rows.length).toBeGreaterThan(100);
    expect(stored.rows).toEqual(recount.rows);
  });

  it('gives the rows of a straight count of the closed tickets, in UTC, New York and Kolkata and for one company', async () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      const expected = await straightCount(tz);
      expect(expected.length).toBeGreaterThan(20);
      expect(await reported({ tz }), tz).toEqual(expected.sort());
    }
    expect(await reported({ company: String(company) })).toEqual((await straightCount('UTC', company)).sort());
  });

  it('reads the hourly counts without a filter in UTC, no closed ticket one by one', async () => {
    const def = (reports.reports ?? []).find((d) => d.meta.id === 'sla-attainment')!;
    const statement = def.sql(runOf(def, reportParamsSchema.parse(PERIOD), new Date(), ADMIN), 1000);
    const { rows } = await query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    type Node = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: Node[] };
    const ran: string[] = [];
    const walk = (node: Node) => {
      if (node['Relation Name'] && (node['Actual Loops'] ?? 0) > 0) ran.push(node['Relation Name']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan as Node);
    expect(ran).toContain('report_ticket_hours');
    expect(ran).not.toContain('tickets');
  });
});
