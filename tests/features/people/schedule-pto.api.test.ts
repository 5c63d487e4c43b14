/** The weekly schedule and PTO on both databases: balances, requests through the engine, swaps, reminders, feeds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveConflicts, MyPto, Schedule, Team } from '@contracts/people-schedule';
import type { RequestView } from '@contracts/approvals';
import { certificationReminders, ptoAccrual } from '@server/features/people/jobs';
import { accrue, readMyPto, sendCertificationReminders } from '@server/features/people/schedule.commands';
import { inTransaction } from '@server/platform/db/database';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const DAY = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** A Monday some weeks ahead (UTC), away from the seeded leave. */
const mondayIn = (weeks: number) => {
  const now = Date.now();
  return dayOf(now - ((new Date(now).getUTCDay() + 6) % 7) * DAY + weeks * 7 * DAY);
};
const plus = (day: string, n: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + n * DAY);

describe.each(BACKENDS)('schedule and PTO on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let support: Team;
  const idOf = async (email: string) => (await sql.one(`SELECT id FROM staff_users WHERE email = $1`, [email])).id as number;
  const signIn = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    return apiWith(t, (res.json() as { token: string }).token);
  };
  /** Sets a person's ledger to one opening balance. */
  const openBalance = async (staffId: number, hours: number) => {
    await sql.rows('DELETE FROM pto_ledger WHERE staff_id = $1', [staffId]);
    await sql.rows(`INSERT INTO pto_ledger (staff_id, kind, hours, effective_on, source, created_at) VALUES ($1, 'adjustment', $2, '2020-01-01', 'opening', now())`, [staffId, hours]);
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    support = ((await agent.get('/api/v2/schedule/teams')).json() as Team[]).find((x) => x.name === 'Support')!;
  });
  afterAll(() => t?.close());

  it("says in the teams answer which teams the reader is in", async () => {
    const teams = (await agent.get('/api/v2/schedule/teams')).json() as Team[];
    expect(teams.filter((x) => x.member).map((x) => x.name)).toEqual(['Support']);
    expect(((await agent.get(`/api/v2/schedule?team=${support.id}&from=${mondayIn(1)}`)).json() as Schedule).team.member).toBe(true);
  });

  it('refuses a PTO request beyond the balance with a 400 naming it, and writes nothing', async () => {
    const me = await idOf('agent@demo.test');
    await openBalance(me, 16);
    const before = await sql.count('approval_requests');
    const from = plus(mondayIn(6), 1);
    const res = await agent.post('/api/v2/approvals/requests', { formType: 'pto', payload: { from, to: plus(from, 2), unit: 'days' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields.to).toMatch(/takes 24 hours but your balance allows 16 hours/);
    expect(await sql.count('approval_requests')).toBe(before);
    const balance = (await agent.get('/api/v2/pto')).json() as MyPto;
    expect(balance.balance).toMatchObject({ available: 16, pending: 0 });
  });

  it('counts a pending request against the balance, shows the approver the on-call hours it leaves uncovered, and on approval books it and tells the schedule owner', async () => {
    const me = await idOf('agent@demo.test');
    await openBalance(me, 40);
    const day = plus(mondayIn(3), 2);
    // The agent is on call that day by an override the schedule owner set.
    const override = await manager.post(`/api/v2/schedule/teams/${support.id}/overrides`, { staffId: me, startsAt: `${day}T12:00:00Z`, endsAt: `${plus(day, 1)}T12:00:00Z` });
    expect(override.statusCode, override.body).toBe(201);
    const created = await agent.post('/api/v2/approvals/requests', { formType: 'pto', payload: { from: day, to: day, unit: 'days', note: 'Dentist' } });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json() as RequestView;
    expect((await agent.get('/api/v2/pto')).json()).toMatchObject({ balance: { available: 32, pending: 8 } });

    const conflicts = (await manager.get(`/api/v2/pto/requests/${request.id}/conflicts`)).json() as LeaveConflicts;
    expect(conflicts.hours).toBe(8);
    expect(conflicts.uncovered.length).toBeGreaterThan(0);
    expect(conflicts.uncovered.every((u) => u.staffId === me && u.teamName === 'Support')).toBe(true);
    expect((await (await signIn('sam.sales@demo.test')).get(`/api/v2/pto/requests/${request.id}/conflicts`)).statusCode).toBe(404);

    const mails = await sql.count('outbox');
    const decided = await manager.post(`/api/v2/approvals/requests/${request.id}/decision`, { decision: 'approve', version: request.version });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ state: 'applied' });
    expect((await agent.get('/api/v2/pto')).json()).toMatchObject({ balance: { available: 32, pending: 0, approved: 8 } });
    const gapMail = await sql.rows(`SELECT to_address, subject FROM outbox WHERE kind = 'schedule.coverage-gap' ORDER BY id DESC LIMIT 1`);
    expect(gapMail[0]).toMatchObject({ to_address: 'manager@demo.test', subject: 'Coverage gap: Avery Agent is on leave while on call' });
    expect(await sql.count('outbox')).toBeGreaterThan(mails);

    const week = (await agent.get(`/api/v2/schedule?team=${support.id}&from=${mondayIn(3)}`)).json() as Schedule;
    expect(week.leave).toContainEqual({ staffId: me, from: day, to: day, state: 'approved' });
    expect(week.gaps.some((g) => g.staffId === me && g.reason === 'Avery Agent is on leave')).toBe(true);
  });

  it('applies a swap atomically: of two approved at once for the same shift, one applies and the other is refused with 409', async () => {
    const [me, noahId, priyaId] = [await idOf('agent@demo.test'), await idOf('noah.kim@demo.test'), await idOf('priya.patel@demo.test')];
    const day = plus(mondayIn(7), 1);
    const shift = async (staffId: number, start: string) => {
      const res = await manager.post('/api/v2/schedule/shifts', { teamId: support.id, staffId, day, start, end: '22:00' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const [mine, noahs, priyas] = [await shift(me, '06:00'), await shift(noahId, '12:00'), await shift(priyaId, '14:00')];
    const ask = async (theirs: number, counterpartId: number) => {
      const res = await agent.post('/api/v2/approvals/requests', { formType: 'shift_swap', payload: { myShiftId: mine, theirShiftId: theirs, counterpartId } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as RequestView;
    };
    const first = await ask(noahs, noahId);
    const second = await ask(priyas, priyaId);
    const accept = async (who: Api, r: RequestView) => {
      const res = await who.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision: 'approve', version: r.version });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as RequestView;
    };
    const a = await accept(await signIn('noah.kim@demo.test'), first);
    const b = await accept(await signIn('priya.patel@demo.test'), second);
    expect([a.state, b.state]).toEqual(['inReview', 'inReview']);
    const answers = await Promise.all([a, b].map((r) => manager.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision: 'approve', version: r.version })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error.message).toMatch(/changed hands/);
    const owners = await sql.rows<{ id: number; staff_id: number }>('SELECT id, staff_id FROM shifts WHERE id = ANY($1::int[]) ORDER BY id', [[mine, noahs, priyas]]);
    const after = new Map(owners.map((o) => [o.id, o.staff_id]));
    const swappedWithNoah = after.get(mine) === noahId;
    expect(after.get(mine)).toBe(swappedWithNoah ? noahId : priyaId);
    expect(after.get(noahs)).toBe(swappedWithNoah ? me : noahId);
    expect(after.get(priyas)).toBe(swappedWithNoah ? priyaId : me);
  });

  it('sends each certification reminder once, even when two runs go at the same time', async () => {
    const me = await idOf('agent@demo.test');
    const created = await agent.post('/api/v2/certifications', { name: 'Reminder Check Cert', issuer: 'Test Board', earnedOn: '2024-01-10', expiresOn: dayOf(Date.now() + 20 * DAY) });
    expect(created.statusCode, created.body).toBe(201);
    const pool = t.ctx.database.pool;
    await Promise.all([1, 2].map(() => inTransaction(pool, (db) => sendCertificationReminders(db, t.ctx.now()))));
    await inTransaction(pool, (db) => sendCertificationReminders(db, t.ctx.now()));
    const sent = await sql.rows(`SELECT subject FROM outbox WHERE kind = 'certification.reminder' AND subject LIKE '%Reminder Check Cert%'`);
    expect(sent).toEqual([{ subject: 'Your Reminder Check Cert certification expires in 20 days' }]);
    expect((await sql.rows('SELECT days_before FROM certification_reminders WHERE certification_id = $1 ORDER BY 1', [created.json().id])).map((r) => r.days_before)).toEqual([30, 60, 90]);
    expect(me).toBeGreaterThan(0);
  });

  it('runs the accrual and reminder jobs on the queue, a second run adding nothing', async () => {
    const me = await idOf('agent@demo.test');
    await sql.rows('DELETE FROM pto_ledger WHERE staff_id = $1', [me]);
    for (let run = 0; run < 2; run++) {
      await t.ctx.jobs.send(ptoAccrual, {});
      await t.ctx.jobs.send(certificationReminders, {});
      await t.ctx.jobs.runDue({ only: [ptoAccrual, certificationReminders] });
    }
    const month = new Date(t.ctx.now()).toISOString().slice(0, 7);
    expect(await sql.rows('SELECT kind, hours::float8 AS hours, source FROM pto_ledger WHERE staff_id = $1', [me])).toEqual([{ kind: 'accrual', hours: 10, source: `accrual:${month}` }]);
  });

  it('serves a secret calendar feed in UTC until it is revoked, then answers 404', async () => {
    const created = await agent.post('/api/v2/schedule/feeds', { teamId: support.id });
    expect(created.statusCode, created.body).toBe(201);
    const url = new URL(created.json().url as string);
    const anonymous = apiWith(t, null);
    const feed = await anonymous.get(url.pathname);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR/);
    expect(feed.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(feed.body).not.toMatch(/TZID/);
    expect((await agent.delete(`/api/v2/schedule/feeds/${created.json().id}`)).statusCode).toBe(204);
    expect((await anonymous.get(url.pathname)).statusCode).toBe(404);
  });

  it('says on the org chart who is on call now', async () => {
    const me = await idOf('agent@demo.test');
    const now = Date.now();
    const override = await manager.post(`/api/v2/schedule/teams/${support.id}/overrides`, { staffId: me, startsAt: new Date(now - 3_600_000).toISOString(), endsAt: new Date(now + 3_600_000).toISOString() });
    expect(override.statusCode, override.body).toBe(201);
    const chart = (await agent.get('/api/v2/orgchart')).json() as { people: { id: number; status: string[] }[] };
    expect(chart.people.find((p) => p.id === me)?.status).toEqual(['On call now']);
  });

  it('lets only the schedule owner or an admin edit a team\'s grid, and refuses a stale change with 409', async () => {
    const me = await idOf('agent@demo.test');
    const day = plus(mondayIn(8), 3);
    expect((await agent.post('/api/v2/schedule/shifts', { teamId: support.id, staffId: me, day, start: '09:00', end: '17:00' })).statusCode).toBe(403);
    const night = await manager.post('/api/v2/schedule/shifts', { teamId: support.id, staffId: me, day, start: '22:00', end: '06:00' });
    expect(night.statusCode, night.body).toBe(201);
    expect(Date.parse(night.json().endsAt) - Date.parse(night.json().startsAt)).toBe(8 * 3_600_000);
    const moved = await manager.put(`/api/v2/schedule/shifts/${night.json().id}`, { version: 1, staffId: me, day: plus(day, 1), start: '22:00', end: '06:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const stale = await manager.put(`/api/v2/schedule/shifts/${night.json().id}`, { version: 1, staffId: me, day, start: '20:00', end: '23:00' });
    expect(stale.statusCode).toBe(409);
    const outsider = await manager.post('/api/v2/schedule/shifts', { teamId: support.id, staffId: await idOf('sam.sales@demo.test'), day, start: '09:00', end: '17:00' });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.fields.staffId).toBe('Pick someone of the Support team');
  });

  it('lists the team\'s overrides on the grid and lets only the owner remove one, once', async () => {
    const me = await idOf('agent@demo.test');
    const day = plus(mondayIn(9), 1);
    const added = await manager.post(`/api/v2/schedule/teams/${support.id}/overrides`, { staffId: me, startsAt: `${day}T08:00:00Z`, endsAt: `${day}T20:00:00Z` });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id as number;
    const week = (await agent.get(`/api/v2/schedule?team=${support.id}&from=${mondayIn(9)}`)).json() as Schedule;
    expect(week.me).toBe(me);
    expect(week.overrides).toContainEqual({ id, staffId: me, startsAt: `${day}T08:00:00Z`, endsAt: `${day}T20:00:00Z` });
    expect((await agent.delete(`/api/v2/schedule/overrides/${id}`)).statusCode).toBe(403);
    expect((await manager.delete(`/api/v2/schedule/overrides/${id}`)).statusCode).toBe(204);
    const again = await manager.delete(`/api/v2/schedule/overrides/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('No such override; it may have been removed already');
    expect(((await agent.get(`/api/v2/schedule?team=${support.id}&from=${mondayIn(9)}`)).json() as Schedule).overrides.some((o) => o.id === id)).toBe(false);
  });

  it('counts as approved only the leave of this leave year, and dates the ledger in the person\'s own zone across midnight', async () => {
    const me = await idOf('agent@demo.test');
    await openBalance(me, 100);
    await sql.rows(
      `INSERT INTO pto_ledger (staff_id, kind, hours, effective_on, source, created_at) VALUES ($1, 'taken', -16, '2026-06-01', 'request:old', now()), ($1, 'taken', -8, '2027-01-04', 'request:new', now())`,
      [me],
    );
    await sql.rows(`INSERT INTO staff_profiles (staff_id, time_zone, updated_at) VALUES ($1, 'Asia/Tokyo', now()) ON CONFLICT (staff_id) DO UPDATE SET time_zone = EXCLUDED.time_zone`, [me]);
    // 20:00 UTC on New Year's Eve is already 05:00 on 1 January in Tokyo.
    const eve = new Date('2026-12-31T20:00:00Z');
    const pto = await readMyPto(t.ctx.database.pool, { userId: me, role: 'user' }, undefined, eve);
    expect(pto.asOf).toBe('2027-01-01');
    expect(pto.balance.approved).toBe(8);
    expect(pto.balance.available).toBe(76);
    expect(pto.balance.accrued - pto.balance.approved - pto.balance.pending).toBe(pto.balance.available);
    await inTransaction(t.ctx.database.pool, (db) => accrue(db, me, eve));
    const sources = (await sql.rows('SELECT source FROM pto_ledger WHERE staff_id = $1 ORDER BY id', [me])).map((r) => r.source);
    expect(sources).toContain('accrual:2027-01');
    expect(sources).not.toContain('accrual:2026-12');
    await sql.rows('UPDATE staff_profiles SET time_zone = NULL WHERE staff_id = $1', [me]);
  });
  it('lists the certification names people hold, each once whatever its case', async () => {
    const [noah, priya] = [await idOf('noah.kim@demo.test'), await idOf('priya.patel@demo.test')];
    await sql.rows(`INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, 'Zeta Audit', 'Test Board', '2024-01-01', NULL), ($2, 'zeta audit', 'Test Board', '2024-01-01', NULL)`, [noah, priya]);
    const res = await agent.get('/api/v2/certifications/names');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json() as string[];
    expect(names.filter((n) => n.toLowerCase() === 'zeta audit')).toEqual(['Zeta Audit']);
    expect(names).toContain('Secure Coding');
  });

  it('says who could not take a ticket in a queue that requires a certification: no valid one of that name on their own day', async () => {
    const admin = await apiAs(t, 'admin');
    const [noah, priya] = [await idOf('noah.kim@demo.test'), await idOf('priya.patel@demo.test')];
    expect((await admin.put('/api/v2/queue-certifications', { queue: 'QA', certification: 'Mutation Testing' })).statusCode).toBe(200);
    await sql.rows(
      `INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, 'mutation testing', 'Test Board', '2024-01-01', NULL), ($2, 'Mutation Testing', 'Test Board', '2020-01-01', current_date - 2)`,
      [noah, priya],
    );
    const res = await agent.get('/api/v2/queue-certifications/assignees?queue=QA');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { queue: string; certification: string | null; uncertified: number[] };
    expect(body).toMatchObject({ queue: 'QA', certification: 'Mutation Testing' });
    expect(body.uncertified).toContain(priya);
    expect(body.uncertified).not.toContain(noah);
    expect(body.uncertified).toHaveLength((await sql.count('SELECT 1 FROM staff_users WHERE active')) - 1);
    // A queue without a rule: anyone may take its tickets.
    expect((await agent.get('/api/v2/queue-certifications/assignees?queue=Sales')).json()).toEqual({ queue: 'Sales', certification: null, uncertified: [] });
    // No such queue: named in plain words.
    const bad = await agent.get('/api/v2/queue-certifications/assignees?queue=Nowhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.queue).toBe('Queue must be one of Support, Programming, Managed Services, Sales, QA');
    await admin.put('/api/v2/queue-certifications', { queue: 'QA', certification: null });
  });

  it('refuses assigning a ticket in a queue that requires a certification to someone without a valid one, on create, on reassign and on a move of queue', async () => {
    const admin = await apiAs(t, 'admin');
    const dana = await idOf('dana.dev@demo.test');
    await sql.rows('DELETE FROM certifications WHERE staff_id = $1', [dana]);
    const company = (await sql.one('SELECT id FROM companies ORDER BY id LIMIT 1')).id as number;
    // Only an admin sets the rule; a missing certification name is named in plain words.
    expect((await manager.put('/api/v2/queue-certifications', { queue: 'Programming', certification: 'Secure Coding' })).statusCode).toBe(403);
    const blank = await admin.put('/api/v2/queue-certifications', { queue: 'Programming', certification: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.certification).toBe('Certification is required');
    const set = await admin.put('/api/v2/queue-certifications', { queue: 'Programming', certification: 'Secure Coding' });
    expect(set.statusCode, set.body).toBe(200);
    expect(((await agent.get('/api/v2/queue-certifications')).json() as { queue: string; certification: string | null }[]).find((r) => r.queue === 'Programming')).toEqual({ queue: 'Programming', certification: 'Secure Coding' });

    const ticket = { title: 'Certified work', description: 'Needs a certified developer', company_id: company, severity: 'M', queue: 'Programming' };
    const before = await sql.count('tickets');
    const refused = await admin.post('/api/v2/tickets', { ...ticket, assignee_id: dana });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe('The Programming queue requires a valid Secure Coding certification, and Dana Developer has none that is valid today');
    expect(await sql.count('tickets')).toBe(before);

    // Unassigned it is created; assigning it is the same refusal, and nothing changes.
    const id = ((await admin.post('/api/v2/tickets', ticket)).json() as { ticket: { id: number } }).ticket.id;
    expect((await admin.patch(`/api/v2/tickets/${id}`, { assignee_id: dana })).statusCode).toBe(409);
    // An expired certification is no certification.
    await sql.rows(`INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, 'Secure Coding', 'OWASP', '2020-01-01', current_date - 2)`, [dana]);
    const expired = await admin.patch(`/api/v2/tickets/${id}`, { assignee_id: dana });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toMatch(/Dana Developer has none that is valid today/);
    expect((await sql.one('SELECT assignee_id FROM tickets WHERE id = $1', [id])).assignee_id).toBeNull();

    // A ticket of her own in Support cannot move into the queue with her on it either.
    const support = ((await admin.post('/api/v2/tickets', { ...ticket, queue: 'Support', assignee_id: dana })).json() as { ticket: { id: number } }).ticket.id;
    expect((await admin.patch(`/api/v2/tickets/${support}`, { queue: 'Programming' })).statusCode).toBe(409);
    expect((await sql.one('SELECT queue FROM tickets WHERE id = $1', [support])).queue).toBe('Support');

    // A valid one (any case of the name) lets both through; clearing the rule lets anyone.
    await sql.rows(`INSERT INTO certifications (staff_id, name, issuer, earned_on, expires_on) VALUES ($1, 'secure coding', 'OWASP', '2024-01-01', current_date + 30)`, [dana]);
    expect((await admin.patch(`/api/v2/tickets/${id}`, { assignee_id: dana })).statusCode).toBe(200);
    expect((await admin.patch(`/api/v2/tickets/${support}`, { queue: 'Programming' })).statusCode).toBe(200);
    expect((await admin.put('/api/v2/queue-certifications', { queue: 'Programming', certification: null })).json()).toEqual({ queue: 'Programming', certification: null });
    const avery = await idOf('agent@demo.test');
    expect((await admin.post('/api/v2/tickets', { ...ticket, assignee_id: avery })).statusCode).toBe(201);
  });
});
