/**
 * The managed-services timer at the edges: starts and stops within one second, a stop at the
 * instant of the start, and a timer that cannot be posted, which its owner or their manager
 * discards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerView } from '@contracts/time';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('managed-services timer on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let admin: Api;
  let quinn: Api;
  const ids: Record<string, number> = {};
  const tokens = async () => {
    [agent, manager, admin] = await Promise.all([apiAs(t, 'agent', { fresh: true }), apiAs(t, 'manager', { fresh: true }), apiAs(t, 'admin', { fresh: true })]);
    const { id } = await sql.one(`SELECT id FROM staff_users WHERE email = 'quinn.qa@demo.test'`);
    const { createSession } = await import('@server/platform/auth/sessions');
    quinn = apiWith(t, await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: id }));
  };
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    const one = async (text: string, values: unknown[] = []) => (await sql.one<{ id: number }>(text, values)).id;
    ids.acme = await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    ids.agent = await one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    ids.manager = await one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    await tokens();
  });
  afterAll(() => t?.close());

  /** Sets the server's clock (to the millisecond); sessions are made afresh so a jump does not end them. */
  const at = async (iso: string) => {
    t.ctx.now = () => new Date(iso);
    await tokens();
  };
  const tracker = (as: Api, action: string, user = ids.agent, extra: object = {}) =>
    as.post(`/api/v2/ms/tracker/${ids.acme}/${user}`, { action, tz: 'Europe/Berlin', ...extra });
  const view = async (as: Api, user = ids.agent) => (await as.get(`/api/v2/ms/tracker/${ids.acme}/${user}`)).json() as TrackerView;

  it('starts again within the second it stopped, and the next stop posts (the start is kept to the millisecond)', async () => {
    await at('2026-04-07T08:00:00.300Z');
    expect((await tracker(agent, 'start')).statusCode).toBe(200);
    await at('2026-04-07T08:20:00.400Z');
    const first = await tracker(agent, 'stop');
    expect(first.statusCode, first.body).toBe(200);
    await at('2026-04-07T08:20:00.700Z');
    expect((await tracker(agent, 'start')).statusCode).toBe(200);
    await at('2026-04-07T08:50:00.000Z');
    const second = await tracker(agent, 'stop');
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as TrackerView).posted).toMatchObject({ minutes: 30, work_date: '2026-04-07' });
    // The timer is free again, and the two entries touch without overlapping.
    expect((await tracker(agent, 'start')).statusCode).toBe(200);
    expect((await tracker(agent, 'discard')).statusCode).toBe(200);
    expect(
      await sql.rows(`SELECT started_at, ended_at FROM time_entries WHERE staff_user_id = $1 AND source = 'tracker' AND work_date = '2026-04-07' ORDER BY started_at`, [ids.agent]),
    ).toEqual([
      { started_at: new Date('2026-04-07T08:00:00.300Z'), ended_at: new Date('2026-04-07T08:20:00.400Z') },
      { started_at: new Date('2026-04-07T08:20:00.700Z'), ended_at: new Date('2026-04-07T08:50:00.000Z') },
    ]);
  });

  it('posts the minimum when stopped at the very instant it started', async () => {
    await at('2026-04-08T09:00:00.000Z');
    await tracker(agent, 'start');
    const stopped = await tracker(agent, 'stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((stopped.json() as TrackerView).posted).toMatchObject({ minutes: 15, work_date: '2026-04-08' });
  });

  it('lets the owner discard a timer that cannot be posted; nothing is posted and it can start again', async () => {
    // Tracked time already covers 10:00–11:00; a timer started at 10:30 overlaps it at every stop.
    await sql.rows(
      `INSERT INTO time_entries (staff_user_id, company_id, work_date, minutes, source, started_at, ended_at) VALUES ($1, $2, '2026-04-09', 60, 'tracker', '2026-04-09T10:00:00Z', '2026-04-09T11:00:00Z')`,
      [ids.agent, ids.acme],
    );
    await at('2026-04-09T10:30:00Z');
    await tracker(agent, 'start');
    await at('2026-04-09T11:30:00Z');
    expect((await tracker(agent, 'stop')).statusCode).toBe(409);
    expect((await tracker(agent, 'start')).statusCode).toBe(409);
    const entries = await sql.rows('SELECT count(*)::int AS n FROM time_entries');
    const discarded = await tracker(agent, 'discard');
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ timer: null });
    expect(discarded.json()).not.toHaveProperty('posted');
    expect(await sql.rows('SELECT count(*)::int AS n FROM time_entries')).toEqual(entries);
    expect(await sql.rows(`SELECT actor_id, action, detail FROM audit_log WHERE entity = 'ms_timer' AND action = 'discard' ORDER BY id DESC LIMIT 1`)).toEqual([
      { actor_id: ids.agent, action: 'discard', detail: { company_id: ids.acme, started_at: '2026-04-09T10:30:00.000Z', seconds: 3600 } },
    ]);
    expect((await tracker(agent, 'start')).statusCode).toBe(200);
    await tracker(agent, 'discard');
  });

  it('says to discard a timer left running longer than its day can hold', async () => {
    await at('2026-04-13T08:00:00Z');
    await tracker(agent, 'start');
    await at('2026-04-14T09:00:00Z');
    const refused = await tracker(agent, 'stop');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('2026-04-13 would hold more than 24 hours; discard this timer and log the time on the timesheet');
    expect((await tracker(agent, 'discard')).statusCode).toBe(200);
  });

  it("lets the person's manager and an admin discard it, nobody else; without a timer a discard is a 409", async () => {
    await at('2026-04-10T08:00:00Z');
    await tracker(agent, 'start');
    expect((await tracker(quinn, 'discard')).statusCode).toBe(403);
    expect((await view(agent)).timer).not.toBeNull();
    expect((await tracker(manager, 'discard')).statusCode).toBe(200);
    expect((await view(agent)).timer).toBeNull();
    const none = await tracker(manager, 'discard');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('The timer is not running');
    await tracker(agent, 'start');
    await tracker(agent, 'pause');
    expect((await tracker(admin, 'discard')).statusCode).toBe(200);
    expect((await view(agent)).timer).toBeNull();
  });
});
