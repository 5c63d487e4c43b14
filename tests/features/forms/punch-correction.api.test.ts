/**
 * The punch-correcting Correction: a punch of mine, before → after; approval changes it through the
 * time feature's command in the same transaction (the original kept in the audit row, in the
 * approver's name); a stale punch answers 409. Approved weeks change only this way. My "last 30
 * days" are counted in my own time zone.
 */
import { describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { addDays, dayInZone } from '@contracts/time';
import { BACKENDS } from '@tests/support/test-app';
import { correctionApp } from './correction-app';

/** A zone whose today is not UTC's today right now (east of UTC late in the UTC day, west of it early). */
const zoneOffUtc = (now: Date) => (dayInZone(now, 'Pacific/Kiritimati') !== dayInZone(now, 'UTC') ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago');

describe.each(BACKENDS)('correcting a punch on %s', (backend) => {
  const app = correctionApp(backend);

  const punch = async (userId: number, inAt: string, outAt: string | null) =>
    (await app.sql.one<{ id: number }>(`INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at, punched_out_at) VALUES ($1, 'Europe/Berlin', $2, $3) RETURNING id::int AS id`, [userId, inAt, outAt])).id;
  const times = (id: number) =>
    app.sql.one<{ punchedInAt: string; punchedOutAt: string | null }>(
      `SELECT to_char(punched_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "punchedInAt", to_char(punched_out_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "punchedOutAt" FROM timeclock_punches WHERE id = $1`,
      [id],
    );
  const correct = (punchId: number, after: object, summary = 'Forgot to punch out on time') => app.agent.post('/api/v2/approvals/requests', { formType: 'correction', payload: { kind: 'punch', summary, punchId, after } });
  const approve = (r: RequestView) => app.manager.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision: 'approve', version: r.version });

  it('stores the punch as it was, and on approval changes it in the same transaction, the original kept in an audit row naming the approver', async () => {
    const id = await punch(app.agentId, '2026-03-10T08:00:00Z', '2026-03-10T12:00:00Z');
    const res = await correct(id, { punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T16:30:00+00:00' });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as RequestView;
    expect(r).toMatchObject({ state: 'inReview', title: 'Punch correction: Forgot to punch out on time', waitingOn: ['Morgan Manager'] });
    expect(r.payload).toMatchObject({
      kind: 'punch',
      punchId: id,
      before: { punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T12:00:00Z' },
      after: { punchedInAt: '2026-03-10T08:00:00.000Z', punchedOutAt: '2026-03-10T16:30:00.000Z' },
    });
    expect(await times(id)).toEqual({ punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T12:00:00Z' });

    const approved = await approve(r);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as RequestView).state).toBe('applied');
    expect(await times(id)).toEqual({ punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T16:30:00Z' });
    const audit = await app.sql.one<{ actor: string; detail: Record<string, unknown> }>(
      `SELECT s.email AS actor, a.detail FROM audit_log a JOIN staff_users s ON s.id = a.actor_id WHERE a.entity = 'punch' AND a.entity_id = $1 AND a.action = 'correct'`,
      [id],
    );
    expect(audit.actor).toBe('manager@demo.test');
    expect(audit.detail).toEqual({ request_id: r.id, before: { punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T12:00:00Z' }, after: { punchedInAt: '2026-03-10T08:00:00Z', punchedOutAt: '2026-03-10T16:30:00Z' } });
    expect((await app.sql.one<{ corrected_by: number }>('SELECT corrected_by FROM timeclock_punches WHERE id = $1', [id])).corrected_by).toBe(app.managerId);
  });

  it('refuses approval with 409 when the punch changed since the correction was sent, writing nothing', async () => {
    const id = await punch(app.agentId, '2026-03-11T08:00:00Z', '2026-03-11T15:00:00Z');
    const r = (await correct(id, { punchedInAt: '2026-03-11T07:30:00Z', punchedOutAt: '2026-03-11T15:00:00Z' })).json() as RequestView;
    await app.sql.rows(`UPDATE timeclock_punches SET punched_out_at = '2026-03-11T15:10:00Z' WHERE id = $1`, [id]);
    const refused = await approve(r);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/punch changed since this correction was sent/);
    expect(await times(id)).toEqual({ punchedInAt: '2026-03-11T08:00:00Z', punchedOutAt: '2026-03-11T15:10:00Z' });
    expect((await app.sql.one<{ state: string }>('SELECT state FROM approval_requests WHERE id = $1', [r.id])).state).toBe('inReview');
    expect(await app.sql.count(`SELECT 1 FROM audit_log WHERE entity = 'punch' AND entity_id = $1 AND action = 'correct'`, [id])).toBe(0);
  });

  it("refuses someone else's punch, an open punch and times that break a rule, naming the field and writing nothing", async () => {
    const before = await app.sql.count('approval_requests');
    const managers = await punch(app.managerId, '2026-03-12T08:00:00Z', '2026-03-12T12:00:00Z');
    const other = await correct(managers, { punchedInAt: '2026-03-12T08:00:00Z', punchedOutAt: '2026-03-12T11:00:00Z' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ punchId: 'Pick a punch of yours' });

    const mine = await punch(app.agentId, '2026-03-12T08:00:00Z', '2026-03-12T12:00:00Z');
    const backwards = await correct(mine, { punchedInAt: '2026-03-12T08:00:00Z', punchedOutAt: '2026-03-12T07:00:00Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual({ 'after.punchedOutAt': 'Punched out must be after punched in' });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const ahead = await correct(mine, { punchedInAt: new Date(Date.now() - 3_600_000).toISOString(), punchedOutAt: future });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().error.fields).toEqual({ 'after.punchedOutAt': 'Punched out must not be in the future' });
    await punch(app.agentId, '2026-03-12T13:00:00Z', '2026-03-12T17:00:00Z');
    const overlapping = await correct(mine, { punchedInAt: '2026-03-12T08:00:00Z', punchedOutAt: '2026-03-12T14:00:00Z' });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.fields).toHaveProperty(['after.punchedInAt'], expect.stringMatching(/punches may not overlap/));
    const garbled = await correct(mine, { punchedInAt: 'yesterday', punchedOutAt: '2026-03-12T14:00:00Z' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.fields).toHaveProperty(['after.punchedInAt']);

    await app.sql.rows('DELETE FROM timeclock_punches WHERE staff_user_id = $1 AND punched_out_at IS NULL', [app.agentId]);
    const open = await punch(app.agentId, new Date(Date.now() - 3_600_000).toISOString(), null);
    const stillOpen = await correct(open, { punchedInAt: new Date(Date.now() - 3_600_000).toISOString(), punchedOutAt: new Date(Date.now() - 60_000).toISOString() });
    expect(stillOpen.statusCode).toBe(400);
    expect(stillOpen.json().error.fields).toEqual({ punchId: 'This punch is still open; punch out first, then correct it' });
    await app.sql.rows('DELETE FROM timeclock_punches WHERE id = $1', [open]);
    expect(await app.sql.count('approval_requests')).toBe(before);
  });

  it('refuses direct edits of time and punches in an approved week, pointing to the Correction form', async () => {
    const acme = (await app.sql.one<{ id: number }>(`SELECT id FROM companies ORDER BY id LIMIT 1`)).id;
    const cell = await app.agent.put('/api/v2/timesheet/cells', { week: '2026-03-09', item: { kind: 'company', id: acme }, day: '2026-03-13', minutes: 30 });
    expect(cell.statusCode).toBe(409);
    expect(cell.json().error.message).toMatch(/approved and locked; correct its time through the Correction form \(\/forms\/correction\)/);
    const id = await punch(app.agentId, '2026-03-13T08:00:00Z', null);
    const patched = await app.manager.patch(`/api/v2/timeclock/punches/${id}`, { punched_out_at: '2026-03-13T16:00:00Z' });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().error.message).toMatch(/Correction form \(\/forms\/correction\)/);
    expect(await times(id)).toEqual({ punchedInAt: '2026-03-13T08:00:00Z', punchedOutAt: null });
    await app.sql.rows('DELETE FROM timeclock_punches WHERE id = $1', [id]);
  });

  it('lists my punches and time entries of the last 30 days counted in my time zone, not in UTC', async () => {
    const zone = zoneOffUtc(new Date());
    const first = addDays(dayInZone(new Date(), zone), -30);
    const dayBefore = addDays(first, -1);
    const at = (day: string, time: string) => app.sql.one<{ at: string }>(`SELECT to_char((($1::date + $2::time) AT TIME ZONE $3) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`, [day, time, zone]);
    const inside = await punch(app.agentId, (await at(first, '00:30')).at, (await at(first, '01:30')).at);
    const outside = await punch(app.agentId, (await at(dayBefore, '22:30')).at, (await at(dayBefore, '23:30')).at);
    await app.sql.rows(`INSERT INTO time_entries (staff_user_id, work_date, minutes, description, source) VALUES ($1, $2, 15, 'First day in my zone', 'timesheet'), ($1, $3, 15, 'Day before in my zone', 'timesheet')`, [app.agentId, first, dayBefore]);

    const punches = await app.agent.get(`/api/v2/forms/corrections/punches?tz=${encodeURIComponent(zone)}`);
    expect(punches.statusCode, punches.body).toBe(200);
    const ids = (punches.json() as { id: number }[]).map((p) => p.id);
    expect(ids).toContain(inside);
    expect(ids).not.toContain(outside);
    const entries = await app.agent.get(`/api/v2/forms/corrections/time-entries?tz=${encodeURIComponent(zone)}`);
    expect(entries.statusCode, entries.body).toBe(200);
    const descriptions = (entries.json() as { description: string }[]).map((e) => e.description);
    expect(descriptions).toContain('First day in my zone');
    expect(descriptions).not.toContain('Day before in my zone');
    // Only mine, and a zone that is not one is named.
    expect(((await app.manager.get('/api/v2/forms/corrections/punches')).json() as { id: number }[]).map((p) => p.id)).not.toContain(inside);
    const badZone = await app.agent.get('/api/v2/forms/corrections/punches?tz=Mars%2FOlympus');
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.fields).toHaveProperty(['tz']);
  });
});
