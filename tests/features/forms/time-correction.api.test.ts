/** The record-correcting Correction: a time entry of mine, before → after; approval changes it through time's command, in the same transaction; a stale entry answers 409. */
import { describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { BACKENDS } from '@tests/support/test-app';
import { correctionApp } from './correction-app';

describe.each(BACKENDS)('correcting a time entry on %s', (backend) => {
  const app = correctionApp(backend);

  const entry = async (minutes: number, description: string) =>
    (await app.sql.one<{ id: number }>(`INSERT INTO time_entries (staff_user_id, work_date, minutes, description, source) VALUES ($1, '2026-03-10', $2, $3, 'timesheet') RETURNING id::int AS id`, [app.agentId, minutes, description])).id;
  const fields = (id: number) => app.sql.one(`SELECT to_char(work_date, 'YYYY-MM-DD') AS "workDate", minutes, description FROM time_entries WHERE id = $1`, [id]);
  const correct = (entryId: number, after: object) => app.agent.post('/api/v2/approvals/requests', { formType: 'correction', payload: { kind: 'timeEntry', summary: 'Logged 8 h for a 6 h visit', entryId, after } });

  it('stores the entry as it was, and on approval changes it in the same transaction with its before and after kept', async () => {
    const id = await entry(480, 'Acme depot visit');
    const res = await correct(id, { workDate: '2026-03-10', minutes: 360, description: 'Acme depot visit (6 h)' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as RequestView;
    expect(r).toMatchObject({ state: 'inReview', title: 'Time correction: Logged 8 h for a 6 h visit', waitingOn: ['Morgan Manager'] });
    expect(r.payload).toMatchObject({ before: { workDate: '2026-03-10', minutes: 480, description: 'Acme depot visit' }, after: { minutes: 360 } });
    expect(await fields(id)).toEqual({ workDate: '2026-03-10', minutes: 480, description: 'Acme depot visit' });

    const approved = await app.manager.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision: 'approve', version: r.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as RequestView).state).toBe('applied');
    expect(await fields(id)).toEqual({ workDate: '2026-03-10', minutes: 360, description: 'Acme depot visit (6 h)' });
    const audit = await app.sql.one<{ actor: string; detail: Record<string, unknown> }>(
      `SELECT s.email AS actor, a.detail FROM audit_log a JOIN staff_users s ON s.id = a.actor_id WHERE a.entity = 'time_entry' AND a.entity_id = $1 AND a.action = 'correct'`,
      [id],
    );
    // The change is the approver's doing, not the requester's.
    expect(audit.actor).toBe('manager@demo.test');
    expect(audit.detail).toMatchObject({ request_id: r.id, before: { minutes: 480 }, after: { minutes: 360 } });
  });

  it('refuses approval with 409 when the entry changed since the correction was sent, changing nothing', async () => {
    const id = await entry(120, 'Harbor Water call');
    const r = (await correct(id, { workDate: '2026-03-10', minutes: 90, description: 'Harbor Water call' })).json() as RequestView;
    await app.sql.rows('UPDATE time_entries SET minutes = 150 WHERE id = $1', [id]);
    const refused = await app.manager.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision: 'approve', version: r.version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/changed since this correction was sent/);
    expect(await fields(id)).toMatchObject({ minutes: 150 });
    expect((await app.sql.one<{ state: string }>('SELECT state FROM approval_requests WHERE id = $1', [r.id])).state).toBe('inReview');
  });

  it("refuses someone else's time entry and names the bad fields, writing nothing", async () => {
    const before = await app.sql.count('approval_requests');
    const managers = (await app.sql.one<{ id: number }>(`INSERT INTO time_entries (staff_user_id, work_date, minutes, source) SELECT id, '2026-03-10', 60, 'timesheet' FROM staff_users WHERE email = 'manager@demo.test' RETURNING id::int AS id`)).id;
    const other = await correct(managers, { workDate: '2026-03-10', minutes: 30 });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ entryId: 'Pick a time entry of yours' });
    const bad = await correct(0, { workDate: '2026-02-30', minutes: 2000 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['after.minutes', 'after.workDate', 'entryId']);
    expect(await app.sql.count('approval_requests')).toBe(before);
  });

  it('lists my own time entries of the last 30 days, newest first, with the ticket or project each was for', async () => {
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const ticket = await app.sql.one<{ id: number; title: string }>('SELECT id, title FROM tickets ORDER BY id LIMIT 1');
    await app.sql.rows(
      `INSERT INTO time_entries (staff_user_id, work_date, minutes, description, source, ticket_id) VALUES ($1, $2, 45, 'Recent ticket work', 'ticket', $5), ($1, $3, 30, 'A week back', 'timesheet', NULL), ($1, $4, 60, 'Too old to pick', 'timesheet', NULL)`,
      [app.agentId, day(1), day(7), day(40), ticket.id],
    );
    const res = await app.agent.get('/api/v2/forms/corrections/time-entries');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { workDate: string; minutes: number; description: string; ticketId: number | null; forWhat: string | null }[];
    expect(list.map((e) => e.description)).toEqual(expect.arrayContaining(['Recent ticket work', 'A week back']));
    expect(list.map((e) => e.description)).not.toContain('Too old to pick');
    expect(list.find((e) => e.description === 'Recent ticket work')).toMatchObject({ workDate: day(1), minutes: 45, ticketId: ticket.id, forWhat: ticket.title });
    expect(list.map((e) => e.workDate)).toEqual([...list.map((e) => e.workDate)].sort().reverse());
    // Only mine: the manager's entries are not offered.
    const managers = (await app.manager.get('/api/v2/forms/corrections/time-entries')).json() as { description: string }[];
    expect(managers.map((e) => e.description)).not.toContain('Recent ticket work');
  });
});
