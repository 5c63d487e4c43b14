/** A manager's correction of a punch changes what it names and nothing else. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('timeclock corrections on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api;
  let agentId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    manager = await apiAs(t, 'manager');
    agentId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
  });
  afterAll(() => t?.close());

  const patch = (id: number, payload: object) => manager.patch(`/api/v2/timeclock/punches/${id}`, payload);
  const columns = 'staff_user_id, time_zone, punched_in_at, punched_out_at, break_started_at, break_seconds, flagged_at, corrected_by';

  it('PATCH with punched_out_at alone sets it and leaves every other field of the punch as it was', async () => {
    const [{ id }] = await sql.rows(
      `INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at, break_seconds, flagged_at)
       VALUES ($1, 'America/New_York', '2026-02-02T13:00:00Z', 1800, '2026-02-03T06:00:00Z') RETURNING id::int AS id`,
      [agentId],
    );
    const [before] = await sql.rows(`SELECT ${columns} FROM timeclock_punches WHERE id = $1`, [id]);
    const res = await patch(id, { punched_out_at: '2026-02-02T22:00:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await sql.rows(`SELECT ${columns} FROM timeclock_punches WHERE id = $1`, [id]);
    const managerId = (await sql.rows(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`))[0].id;
    expect(after).toEqual({ ...before, punched_out_at: new Date('2026-02-02T22:00:00Z'), corrected_by: managerId });
    expect(after).toMatchObject({ time_zone: 'America/New_York', punched_in_at: new Date('2026-02-02T13:00:00Z'), break_seconds: 1800, flagged_at: new Date('2026-02-03T06:00:00Z') });
  });

  it('refuses a field it does not correct with a 400 naming it, and changes nothing', async () => {
    const [{ id }] = await sql.rows(`INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at) VALUES ($1, 'UTC', '2026-02-09T08:00:00Z') RETURNING id::int AS id`, [agentId]);
    const [before] = await sql.rows(`SELECT ${columns} FROM timeclock_punches WHERE id = $1`, [id]);
    const res = await patch(id, { punched_out_at: '2026-02-09T16:00:00Z', time_zone: 'Europe/Berlin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/time_zone/);
    expect(await sql.rows(`SELECT ${columns} FROM timeclock_punches WHERE id = $1`, [id])).toEqual([before]);
  });
});
