/**
 * Time logged from the ticket view (a note with minutes, or the ticket's time entry) goes through
 * the time feature's one `logTime` command: the same person lock, week lock and 24-hour day as the
 * timesheet and the timer, and nothing half-written when it is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mondayOf } from '@contracts/time';
import { BACKENDS, bearer, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('time logged on a ticket on %s', (backend) => {
  let t: TestApp;
  let agent: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    const one = async (sql: string, v: unknown[] = []) => (await t.ctx.database.pool.query(sql, v)).rows[0].id as number;
    ids.acme = await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    ids.agent = await one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    ids.ticket = await one(`SELECT id FROM tickets WHERE company_id = $1 AND status <> 'C' ORDER BY id LIMIT 1`, [ids.acme]);
  });
  afterAll(() => t?.close());

  type Method = 'GET' | 'POST' | 'PUT';
  const call = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(agent), ...(payload ? { payload } : {}) });
  const q = (sql: string, values: unknown[] = []) => t.ctx.database.pool.query(sql, values).then((r) => r.rows);
  const signIn = async () => {
    agent = await t.tokenFor('agent');
  };
  const cell = (week: string, day: string, minutes: number) => call('PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'company', id: ids.acme }, day, minutes });
  const counts = async () => (await q('SELECT (SELECT count(*)::int FROM time_entries) AS entries, (SELECT count(*)::int FROM ticket_notes WHERE ticket_id = $1) AS notes', [ids.ticket]))[0];

  // A note's minutes count on the day it is written (the server's day, UTC).
  const today = () => new Date().toISOString().slice(0, 10);
  const dayTotal = async (day: string) => (await q(`SELECT COALESCE(sum(minutes), 0)::int AS n FROM time_entries WHERE staff_user_id = $1 AND work_date = $2`, [ids.agent, day]))[0].n as number;

  it('audits the entry as time logged, beside the ticket’s own note row', async () => {
    await signIn();
    expect((await call('POST', `/api/v2/tickets/${ids.ticket}/notes`, { body: 'Replaced the meter', minutes: 25 })).statusCode).toBe(201);
    const [entry] = await q(`SELECT id::int AS id FROM time_entries WHERE staff_user_id = $1 AND ticket_id = $2 ORDER BY id DESC LIMIT 1`, [ids.agent, ids.ticket]);
    const rows = await q(`SELECT entity, action, detail FROM audit_log WHERE (entity = 'time_entry' AND entity_id = $1) OR (entity = 'ticket' AND entity_id = $2 AND action = 'note') ORDER BY id DESC LIMIT 2`, [entry.id, ids.ticket]);
    expect(rows.map((r) => `${r.entity}:${r.action}`).sort()).toEqual(['ticket:note', 'time_entry:log']);
    expect(rows.find((r) => r.entity === 'time_entry').detail).toMatchObject({ ticket_id: ids.ticket, minutes: 25, day: today(), source: 'ticket' });
  });

  it('refuses note minutes that would take the day past 24 hours with a 400 naming minutes, as the timesheet does; the note is not written', async () => {
    await signIn();
    const day = today();
    // The timesheet fills the day up to 20 minutes short of 24 hours.
    expect((await cell(mondayOf(day), day, 1420 - (await dayTotal(day)))).statusCode).toBe(200);
    const before = await counts();
    const note = await call('POST', `/api/v2/tickets/${ids.ticket}/notes`, { body: 'Called the client back', minutes: 60 });
    expect(note.statusCode, note.body).toBe(400);
    expect(note.json().error.fields).toEqual({ minutes: 'A day holds at most 24 hours' });
    expect(await counts()).toEqual(before);
    // What still fits the day is taken.
    expect((await call('POST', `/api/v2/tickets/${ids.ticket}/notes`, { body: 'A short call', minutes: 20 })).statusCode).toBe(201);
    expect(await dayTotal(day)).toBe(1440);
  });

  it("refuses a ticket's time entry that would take its day past 24 hours, naming minutes; nothing is written", async () => {
    await signIn();
    expect((await cell('2026-09-14', '2026-09-16', 1000)).statusCode).toBe(200);
    const before = await counts();
    const time = await call('POST', `/api/v2/tickets/${ids.ticket}/time`, { minutes: 500, billable: true, description: 'Night shift', work_date: '2026-09-16' });
    expect(time.statusCode, time.body).toBe(400);
    expect(time.json().error.fields).toEqual({ minutes: 'A day holds at most 24 hours' });
    expect(await counts()).toEqual(before);
  });

  it('never lets ticket time and timesheet cells sent at once take a day past 24 hours (one person’s time is changed one request at a time)', async () => {
    await signIn();
    const answers = await Promise.all([
      cell('2026-09-28', '2026-09-29', 900),
      call('POST', `/api/v2/tickets/${ids.ticket}/time`, { minutes: 600, description: 'Migration, part one', work_date: '2026-09-29' }),
      call('POST', `/api/v2/tickets/${ids.ticket}/time`, { minutes: 600, description: 'Migration, part two', work_date: '2026-09-29' }),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 201 && s !== 400)).toEqual([]);
    expect(answers.filter((a) => a.statusCode === 400).length).toBeGreaterThan(0);
    expect(await dayTotal('2026-09-29')).toBeLessThanOrEqual(1440);
  });

  it('refuses note minutes in a submitted week with the timesheet’s 409, and writes neither the note nor the entry', async () => {
    await signIn();
    const week = mondayOf(today());
    expect((await call('POST', '/api/v2/timesheet/submit', { week })).statusCode).toBe(200);
    const before = await counts();
    const note = await call('POST', `/api/v2/tickets/${ids.ticket}/notes`, { body: 'Logged after submitting', minutes: 15 });
    expect(note.statusCode, note.body).toBe(409);
    expect(note.json().error.message).toBe(`The week of ${week} is submitted for approval; it is locked until a manager approves or rejects it`);
    expect(await counts()).toEqual(before);
  });
});
