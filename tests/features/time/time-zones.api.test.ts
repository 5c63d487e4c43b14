/**
 * Time zones are what PostgreSQL accepts: Intl still knows names the tz database dropped
 * (US/Pacific-New, Canada/East-Saskatchewan) that PostgreSQL refuses. Such a zone is a 400 naming
 * the field wherever a zone is taken; a punch stored with one before cannot stop the hourly
 * forgotten-punch sweep; migration 0021 renames the stored ones to their current names.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, readMigrations } from '@server/platform/db/migrate';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { emptyDatabase } from './empty-database';

/** Names Intl accepts and PostgreSQL (its tz database) does not. */
const DROPPED = ['US/Pacific-New', 'Canada/East-Saskatchewan'];

describe.each(BACKENDS)('time zones on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    const one = async (text: string, values: unknown[] = []) => (await sql.one<{ id: number }>(text, values)).id;
    ids.acme = await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    ids.agent = await one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    ids.manager = await one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    ids.quinn = await one(`SELECT id FROM staff_users WHERE email = 'quinn.qa@demo.test'`);
  });
  afterAll(() => t?.close());


  it('the database refuses the dropped names that Intl still accepts (why the server checks with the database)', async () => {
    for (const zone of DROPPED) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      await expect(sql.rows(`SELECT now() AT TIME ZONE $1`, [zone])).rejects.toThrow(/not recognized/);
    }
  });

  it('answers 400 naming tz for such a zone on the timeclock, a punch, the timer and a report; nothing is stored', async () => {
    const punches = await sql.rows('SELECT count(*)::int AS n FROM timeclock_punches');
    for (const tz of DROPPED) {
      const clock = await agent.get(`/api/v2/timeclock?week=2026-03-09&tz=${encodeURIComponent(tz)}`);
      expect(clock.statusCode, clock.body).toBe(400);
      expect(clock.json().error.fields).toHaveProperty('tz');
      const punch = await agent.post('/api/v2/timeclock/punch', { action: 'in', tz });
      expect(punch.statusCode, punch.body).toBe(400);
      expect(punch.json().error.fields).toHaveProperty('tz');
      const timer = await agent.post(`/api/v2/ms/tracker/${ids.acme}/${ids.agent}`, { action: 'start', tz });
      expect(timer.statusCode, timer.body).toBe(400);
      expect(timer.json().error.fields).toHaveProperty('tz');
      const report = await agent.get(`/api/v2/reports/opened-vs-closed?period=this-year&tz=${encodeURIComponent(tz)}`);
      expect(report.statusCode, report.body).toBe(400);
      expect(report.json().error.fields).toHaveProperty('tz');
    }
    expect(await sql.rows('SELECT count(*)::int AS n FROM timeclock_punches')).toEqual(punches);
    expect(await sql.rows('SELECT count(*)::int AS n FROM ms_timers')).toEqual([{ n: 0 }]);
    // Current names, and names of other letter case that PostgreSQL reads alike, still pass.
    expect((await agent.get('/api/v2/timeclock?week=2026-03-09&tz=America%2FLos_Angeles')).statusCode).toBe(200);
    expect((await agent.get('/api/v2/timeclock?week=2026-03-09&tz=america%2Fregina')).statusCode).toBe(200);
    expect((await agent.get('/api/v2/reports/opened-vs-closed?period=this-year&tz=America%2FLos_Angeles')).statusCode).toBe(200);
  });

  it('flags every forgotten punch in the hourly sweep even when one was stored with a zone the database does not know; that one counts in UTC and is logged', async () => {
    const { flagPunches } = await import('@server/features/time/jobs');
    // Stored before zones were checked with the database: punched in on 10 March, 20:00 UTC.
    const insert = (who: number, zone: string) =>
      sql.rows(`INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at) VALUES ($1, $2, '2026-03-10T20:00:00Z') RETURNING id::int AS id`, [who, zone]).then((r) => r[0].id as number);
    const bad = await insert(ids.quinn!, 'SystemV/PST8');
    const good = await insert(ids.manager!, 'America/New_York');
    const warn = vi.spyOn(t.app.log, 'warn');
    t.ctx.now = () => new Date('2026-03-11T03:00:00Z'); // 23:00 in New York: its day has not ended; in UTC it has.
    await t.ctx.jobs.send(flagPunches, {});
    await t.ctx.jobs.runDue();
    expect(await sql.rows('SELECT id::int AS id FROM timeclock_punches WHERE flagged_at IS NOT NULL AND id = ANY($1::int[]) ORDER BY id', [[bad, good]])).toEqual([{ id: bad }]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ punch: bad, time_zone: 'SystemV/PST8' }), expect.stringMatching(/counted in UTC/));
    t.ctx.now = () => new Date('2026-03-11T05:00:00Z');
    await t.ctx.jobs.send(flagPunches, {});
    await t.ctx.jobs.runDue();
    expect(await sql.rows('SELECT id::int AS id FROM timeclock_punches WHERE flagged_at IS NOT NULL AND id = ANY($1::int[]) ORDER BY id', [[bad, good]])).toEqual([{ id: bad }, { id: good }]);
    expect(await sql.rows(`SELECT detail FROM audit_log WHERE entity = 'punch' AND entity_id = $1 AND action = 'flag_forgotten_punch_out'`, [bad])).toEqual([
      { detail: { counted_in: 'UTC', unknown_time_zone: 'SystemV/PST8' } },
    ]);
    warn.mockRestore();
  });

  it('migration 0021 renames the dropped zones of stored punches to their current names and leaves the others', async () => {
    const { url, drop } = await emptyDatabase(backend);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(pool, readMigrations().filter((m) => m.name < '0021'));
      const [{ id: who }] = (await pool.query(`INSERT INTO staff_users (email, name, password_hash) VALUES ('a@example.test', 'A', 'x') RETURNING id`)).rows;
      for (const [i, zone] of ['US/Pacific-New', 'canada/east-saskatchewan', 'SystemV/PST8', 'Europe/Berlin'].entries()) {
        await pool.query(`INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at, punched_out_at) VALUES ($1, $2, $3, $3)`, [who, zone, `2026-01-0${i + 1}T08:00:00Z`]);
      }
      expect(await migrate(pool)).toContain('0021_time_zones_and_late_time.sql');
      expect((await pool.query('SELECT time_zone FROM timeclock_punches ORDER BY punched_in_at')).rows.map((r) => r.time_zone)).toEqual([
        'America/Los_Angeles',
        'America/Regina',
        'SystemV/PST8',
        'Europe/Berlin',
      ]);
    } finally {
      await pool.end();
      await drop();
    }
  });
});
