/**
 * The reports of tickets as they are now read, over all time, the tickets per status, priority,
 * queue, company and assignee (migration 0038, docs/adr/0141): those counts stay exact through every
 * ticket write (new tickets, a status change, reassignment, a queue or priority change, a company
 * renamed, deletion), and each report's figures over all time equal its figures over a period
 * holding every ticket, which counts the tickets themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '@contracts/reports';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const KEY = 'status, severity, queue, company_id, company_name, assignee_id, assignee_name';
const REPORTS = ['tickets-by-status', 'tickets-by-severity', 'tickets-by-queue', 'tickets-by-company', 'tickets-by-assignee'];

describe.each(BACKENDS)('ticket counts as they are now on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  let company = 0;
  const query = (text: string, values: unknown[] = []) => t.ctx.database.pool.query(text, values);
  const rowsOf = async (id: string, params: Record<string, string>) => {
    const res = await admin.get(`/api/v2/reports/${id}?${new URLSearchParams(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ReportResult).rows;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const c = (await query('SELECT min(id) AS a, max(id) AS b FROM companies')).rows[0];
    company = Number(c.b);
    const staff = (await query('SELECT min(id) AS a, max(id) AS b FROM staff_users')).rows[0];
    await query(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, created_at, updated_at)
       SELECT 'Counted ' || g, 'Counted as it is now', (ARRAY['A','WOP','WOC','C'])[1 + g % 4], (ARRAY['C','H','M','L'])[1 + g % 4], $1,
              (ARRAY['Support','Programming','QA'])[1 + g % 3], now() - make_interval(days => g), now() - make_interval(days => g)
         FROM generate_series(1, 40) g`,
      [c.a],
    );
    const ids = (await query(`SELECT id FROM tickets WHERE title LIKE 'Counted %' ORDER BY id`)).rows.map((r) => Number(r.id));
    await query(`UPDATE tickets SET status = 'C', closed_at = now() WHERE id = ANY($1::int[])`, [ids.slice(0, 5)]);
    await query(`UPDATE tickets SET assignee_id = $2 WHERE id = ANY($1::int[])`, [ids.slice(5, 12), staff.a]);
    await query(`UPDATE tickets SET assignee_id = NULL WHERE id = $1`, [ids[6]]);
    await query(`UPDATE tickets SET queue = 'Sales', severity = 'C' WHERE id = ANY($1::int[])`, [ids.slice(12, 18)]);
    await query(`UPDATE tickets SET company_id = $2 WHERE id = ANY($1::int[])`, [ids.slice(18, 22), company]);
    await query(`UPDATE tickets SET company_name = company_name || ' (renamed)' WHERE company_id = $1`, [company]);
    await query(`DELETE FROM tickets WHERE id = ANY($1::int[])`, [[ids[1], ids[13], ids[19]]]);
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps the counts equal to a recount of the tickets after every kind of write', async () => {
    const stored = await query(`SELECT ${KEY}, tickets FROM report_ticket_counts WHERE tickets <> 0 ORDER BY ${KEY}`);
    const recount = await query(`SELECT ${KEY}, count(*)::int AS tickets FROM tickets GROUP BY ${KEY} ORDER BY ${KEY}`);
    expect(stored.rows.length).toBeGreaterThan(10);
    expect(stored.rows).toEqual(recount.rows);
  });

  it('gives the same figures over all time as over a period holding every ticket, with and without filters', async () => {
    const everything = { period: 'custom', from: '2000-01-01', to: '2029-12-31' };
    for (const id of REPORTS) {
      const filters: Record<string, string>[] = [{}, id === 'tickets-by-status' ? { severity: 'C' } : { status: 'any' }, id === 'tickets-by-queue' ? { severity: 'H' } : { queue: 'Sales' }];
      if (id !== 'tickets-by-company') filters.push({ company: String(company) });
      for (const filter of filters) {
        const allTime = await rowsOf(id, filter);
        const counted = await rowsOf(id, { ...everything, ...filter });
        expect(allTime, `${id} ${JSON.stringify(filter)}`).toEqual(counted);
      }
    }
    const renamed = await rowsOf('tickets-by-company', { status: 'any' });
    expect(renamed.some((r) => String(r.segment).endsWith('(renamed)'))).toBe(true);
  });
});
