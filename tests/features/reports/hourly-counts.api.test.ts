/**
 * Opened vs closed reads the tickets opened and closed per UTC hour (migration 0038, docs/adr/0140)
 * when no filter narrows it: those counts stay exact through every ticket write (new tickets,
 * closing, reopening, a moved creation time, reassignment, a queue change, deletion), and the
 * report's figures equal counts of the tickets themselves, in UTC, in a whole-hour zone and in a
 * half-hour zone (which counts the tickets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '@contracts/reports';
import { apiAs, type Api } from '@tests/support/api';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const n = (v: unknown) => Number(v ?? 0);

describe.each(BACKENDS)('hourly ticket counts of the reports on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  const query = (text: string, values: unknown[] = []) => t.ctx.database.pool.query(text, values);
  const run = async (params: Record<string, string>) => {
    const res = await admin.get(`/api/v2/reports/opened-vs-closed?${new URLSearchParams(params)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResult;
  };
  /** The hourly counts as stored, and as a recount of the tickets gives them (hours with nothing left out). */
  const storedAndRecounted = async () => {
    const stored = await query(`SELECT hour, opened, closed FROM report_ticket_hours WHERE opened <> 0 OR closed <> 0 ORDER BY hour`);
    const recount = await query(
      `SELECT hour, sum(opened)::int AS opened, sum(closed)::int AS closed
         FROM (SELECT date_trunc('hour', created_at, 'UTC') AS hour, 1 AS opened, 0 AS closed FROM tickets
               UNION ALL SELECT date_trunc('hour', closed_at, 'UTC'), 0, 1 FROM tickets WHERE closed_at IS NOT NULL) x
        GROUP BY hour ORDER BY hour`,
    );
    return { stored: stored.rows, recount: recount.rows };
  };
  /** Opened and closed per day of the last 90 days in a zone, counted from the tickets. */
  const countedPerDay = async (tz: string) => {
    const { rows } = await query(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day,
              (SELECT count(*) FROM tickets WHERE (created_at AT TIME ZONE $1)::date = d)::int AS opened,
              (SELECT count(*) FROM tickets WHERE (closed_at AT TIME ZONE $1)::date = d)::int AS closed
         FROM generate_series((now() AT TIME ZONE $1)::date - 89, (now() AT TIME ZONE $1)::date, interval '1 day') d ORDER BY d`,
      [tz],
    );
    return rows.map((r) => ({ day: r.day as string, opened: n(r.opened), closed: n(r.closed) }));
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    admin = await apiAs(t, 'admin');
    const c = (await query('SELECT min(id) AS a, max(id) AS b FROM companies')).rows[0];
    const staff = (await query('SELECT min(id) AS a, max(id) AS b FROM staff_users')).rows[0];
    // Sixty tickets over the last 80 days, at minutes past the hour; every third closed a day later.
    await query(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, created_at, updated_at, closed_at)
       SELECT 'Hourly ' || g, 'Counted by the hour', CASE WHEN g % 3 = 0 THEN 'C' ELSE 'A' END, 'M', $1, 'Support',
              now() - make_interval(days => g + 5, mins => g * 7), now() - make_interval(days => g + 5, mins => g * 7),
              CASE WHEN g % 3 = 0 THEN now() - make_interval(days => g + 4, mins => g * 11) END
         FROM generate_series(1, 60) g`,
      [c.a],
    );
    const ids = (await query(`SELECT id FROM tickets WHERE title LIKE 'Hourly %' ORDER BY id`)).rows.map((r) => n(r.id));
    // Closing, reopening, a moved creation time, reassignment, a queue change, deletion.
    await query(`UPDATE tickets SET status = 'C', closed_at = now() - interval '2 days 3 hours' WHERE id = ANY($1::int[])`, [ids.slice(0, 4)]);
    await query(`UPDATE tickets SET status = 'A', closed_at = NULL WHERE id = ANY($1::int[])`, [[ids[2], ids[5]]]);
    await query(`UPDATE tickets SET created_at = created_at - interval '9 days 5 hours' WHERE id = ANY($1::int[])`, [ids.slice(6, 9)]);
    await query(`UPDATE tickets SET closed_at = closed_at + interval '1 hour' WHERE id = $1`, [ids[11]]);
    await query(`UPDATE tickets SET assignee_id = $2, queue = 'QA', severity = 'H' WHERE id = ANY($1::int[])`, [ids.slice(12, 16), staff.b]);
    await query(`DELETE FROM tickets WHERE id = ANY($1::int[])`, [[ids[14], ids[20], ids[29]]]);
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps the hourly counts equal to a recount of the tickets after every kind of write', async () => {
    const { stored, recount } = await storedAndRecounted();
    expect(stored.length).toBeGreaterThan(60);
    expect(stored).toEqual(recount);
  });

  it('counts opened and closed per day from the hourly counts exactly as from the tickets, in UTC, New York and Kolkata', async () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      const r = await run({ period: 'last-90-days', granularity: 'day', tz });
      const figures = r.rows.map((row) => ({ day: String(row.bucket), opened: n(row.opened), closed: n(row.closed) }));
      const counted = await countedPerDay(tz);
      expect(counted.reduce((a, d) => a + d.opened, 0)).toBeGreaterThan(50);
      expect(figures, tz).toEqual(counted);
    }
  });

  it('reads the hourly counts only without a filter: one company counts its tickets', async () => {
    const c = n((await query('SELECT min(id) AS a FROM companies')).rows[0].a);
    const r = await run({ period: 'last-90-days', granularity: 'week', company: String(c) });
    const { rows } = await query(`SELECT count(*)::int AS k FROM tickets WHERE company_id = $1 AND created_at >= now() - interval '100 days'`, [c]);
    const opened = r.rows.reduce((a, row) => a + n(row.opened), 0);
    expect(opened).toBeGreaterThan(0);
    expect(opened).toBeLessThanOrEqual(n(rows[0].k));
  });
});
