import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkResult, RequestSummary, RequestView } from '@contracts/approvals';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { createSession } from '@server/platform/auth/sessions';

const HOUR = 3_600_000;
/** The correction policy of migration 0031, put back after a test tries another. */
const MANAGER_REVIEW = [{ name: 'Manager review', approver: { kind: 'manager', levels: 1 }, need: 'any', dueHours: 48 }];

const report = (summary: string) => ({
  summary,
  customerImpact: 'Acme could not read their meters for two hours.',
  rootCause: 'A certificate expired on the gateway.',
  correctiveAction: 'Renewal is now on the monthly checklist.',
});

describe.each(BACKENDS)('the approval engine on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let admin: Api;
  let quinn: Api;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    admin = await apiAs(t, 'admin');
    for (const r of await sql.rows<{ id: number; email: string }>('SELECT id, email FROM staff_users')) id[r.email.split('@')[0]!] = r.id;
    const token = await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: id['quinn.qa']! }, t.ctx.now());
    quinn = apiWith(t, token);
  });
  afterAll(() => t?.close());

  const submit = async (as: Api, formType: string, payload: object) => {
    const res = await as.post('/api/v2/approvals/requests', { formType, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as RequestView;
  };
  const view = async (as: Api, requestId: number) => (await as.get(`/api/v2/approvals/requests/${requestId}`)).json() as RequestView;
  const decide = (as: Api, r: { id: number; version: number }, decision: string, comment?: string) =>
    as.post(`/api/v2/approvals/requests/${r.id}/decision`, { decision, version: r.version, ...(comment ? { comment } : {}) });
  /** The request's row and history, to prove a refusal changed nothing. */
  const snapshot = async (requestId: number) => ({
    row: await sql.one('SELECT state, context, version, waiting_on FROM approval_requests WHERE id = $1', [requestId]),
    history: await sql.count('approval_history WHERE request_id = $1', [requestId]),
    mails: await sql.count('outbox'),
  });
  const policy = (steps: object[]) =>
    sql.rows(`INSERT INTO approval_policies (form_type, version, steps) SELECT 'correction', max(version) + 1, $1 FROM approval_policies WHERE form_type = 'correction'`, [JSON.stringify(steps)]);

  it("sends a correction to the author's manager, who finds it in the inbox and accepts it", async () => {
    const r = await submit(agent, 'correction', report('Meter reads stopped'));
    expect(r).toMatchObject({ state: 'inReview', step: 'Manager review', waitingOn: ['Morgan Manager'], canDecide: false, canWithdraw: true });
    expect(r.dueAt).not.toBeNull();
    const inbox = (await manager.get('/api/v2/approvals/inbox')).json() as RequestSummary[];
    expect(inbox.map((i) => i.id)).toContain(r.id);
    expect(((await manager.get('/api/v2/approvals/waiting')).json() as { waiting: number }).waiting).toBeGreaterThanOrEqual(1);
    expect(await sql.count(`outbox WHERE to_address = 'manager@demo.test' AND subject LIKE 'Waiting for your approval%'`)).toBeGreaterThanOrEqual(1);

    const res = await decide(manager, r, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as RequestView;
    expect(done.state).toBe('applied');
    expect(done.history.map((h) => [h.action, h.fromState, h.toState, h.actor])).toEqual([
      ['submitted', 'draft', 'inReview', 'Avery Agent'],
      ['approved', 'inReview', 'approved', 'Morgan Manager'],
      ['applied', 'approved', 'applied', null],
    ]);
    expect((await manager.get('/api/v2/approvals/inbox')).json().map((i: RequestSummary) => i.id)).not.toContain(r.id);
  });

  it('refuses the requester deciding their own request, an outsider, a stale read, and a second decision, changing nothing', async () => {
    await policy([{ name: 'Directors', approver: { kind: 'role', role: 'admin' }, need: 'any' }, { name: 'Managers', approver: { kind: 'user', userId: id.manager }, need: 'all' }]);
    const r = await submit(agent, 'correction', report('Wrong invoice sent'));
    const before = await snapshot(r.id);

    const own = await decide(agent, r, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('You cannot decide on your own request');
    const outsider = await decide(quinn, r, 'approve');
    expect(outsider.statusCode).toBe(404);
    const stale = await decide(admin, { id: r.id, version: r.version - 1 }, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed since you read it/);
    expect(await snapshot(r.id)).toEqual(before);

    const first = await decide(admin, r, 'approve');
    expect(first.statusCode, first.body).toBe(200);
    const after = first.json() as RequestView;
    expect(after).toMatchObject({ state: 'inReview', step: 'Managers' });
    const again = await decide(admin, after, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already decided on this request');
    await policy(MANAGER_REVIEW);
  });

  it('never skips a step: the second step’s approver is refused until the first step is decided', async () => {
    await policy([
      { name: 'Manager review', approver: { kind: 'manager', levels: 1 }, need: 'any' },
      { name: 'Director review', approver: { kind: 'manager', levels: 2 }, need: 'any' },
    ]);
    const r = await submit(agent, 'correction', report('Outage not announced'));
    const before = await snapshot(r.id);
    const early = await decide(admin, r, 'approve');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe('You are not an approver of this step');
    expect(await snapshot(r.id)).toEqual(before);
    const step1 = (await decide(manager, r, 'approve')).json() as RequestView;
    expect(step1).toMatchObject({ state: 'inReview', step: 'Director review', waitingOn: ['Alex Admin'] });
    const step2 = await decide(admin, step1, 'approve');
    expect(step2.json().state).toBe('applied');
    await policy(MANAGER_REVIEW);
  });

  it('sends a report back with a comment, takes it resubmitted, and counts a new round', async () => {
    const r = await submit(agent, 'correction', report('Duplicate tickets'));
    const noComment = await decide(manager, r, 'sendBack');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error.fields).toHaveProperty('comment');
    const back = (await decide(manager, r, 'sendBack', 'Name the ticket that started it')).json() as RequestView;
    expect(back).toMatchObject({ state: 'changesRequested', waitingOn: [] });
    expect(await sql.count(`outbox WHERE to_address = 'agent@demo.test' AND subject = 'Changes requested: Duplicate tickets'`)).toBe(1);
    const notMine = await manager.post(`/api/v2/approvals/requests/${r.id}/resubmit`, { version: back.version, payload: report('x') });
    expect(notMine.statusCode).toBe(404);
    const res = await agent.post(`/api/v2/approvals/requests/${r.id}/resubmit`, { version: back.version, payload: report('Duplicate tickets from the mail import') });
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json() as RequestView;
    expect(again).toMatchObject({ state: 'inReview', title: 'Duplicate tickets from the mail import' });
    const ok = await decide(manager, (await view(manager, r.id)), 'approve');
    expect(ok.json().state).toBe('applied');
    expect((ok.json() as RequestView).history.map((h) => h.action)).toEqual(['submitted', 'sentBack', 'resubmitted', 'approved', 'applied']);
  });

  it('lets the requester withdraw before a decision, and refuses a decision afterwards', async () => {
    const r = await submit(agent, 'correction', report('Wrong contact called'));
    const w = await agent.post(`/api/v2/approvals/requests/${r.id}/withdraw`, { version: r.version });
    expect(w.statusCode, w.body).toBe(200);
    const late = await decide(manager, (await view(manager, r.id)), 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/withdrawn/);
  });

  it('bulk-approves through the same checks: each item decided or refused on its own', async () => {
    const a = await submit(agent, 'correction', report('Bulk one'));
    const b = await submit(agent, 'correction', report('Bulk two'));
    const own = await submit(manager, 'correction', report('Bulk own'));
    const beforeB = await snapshot(b.id);
    const res = await manager.post('/api/v2/approvals/decisions', {
      decision: 'approve',
      items: [{ id: a.id, version: a.version }, { id: b.id, version: b.version + 5 }, { id: own.id, version: own.version }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as BulkResult).results.map((x) => [x.id, x.ok, x.status])).toEqual([[a.id, true, 200], [b.id, false, 409], [own.id, false, 403]]);
    expect((await view(agent, a.id)).state).toBe('applied');
    expect((await snapshot(b.id)).row).toEqual(beforeB.row);
    const noReason = await manager.post('/api/v2/approvals/decisions', { decision: 'reject', items: [{ id: b.id, version: b.version }] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('comment');
    const rejected = await manager.post('/api/v2/approvals/decisions', { decision: 'reject', items: [{ id: b.id, version: b.version }], comment: 'Already reported in another correction' });
    expect((rejected.json() as BulkResult).results[0]).toMatchObject({ ok: true });
    expect((await view(agent, b.id)).history.at(-1)).toMatchObject({ action: 'rejected', comment: 'Already reported in another correction' });
  });

  it('sends requests to the delegate inside the window only, and the history says on whose behalf', async () => {
    const now = t.ctx.now().getTime();
    const later = await manager.post('/api/v2/approvals/delegations', { delegateId: id['quinn.qa'], startsAt: new Date(now + 48 * HOUR).toISOString(), endsAt: new Date(now + 96 * HOUR).toISOString() });
    expect(later.statusCode, later.body).toBe(201);
    const outside = await submit(agent, 'correction', report('Before the holiday'));
    expect(outside.waitingOn).toEqual(['Morgan Manager']);

    const self = await manager.post('/api/v2/approvals/delegations', { delegateId: id.manager, startsAt: new Date(now).toISOString(), endsAt: new Date(now + HOUR).toISOString() });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toHaveProperty('delegateId');
    const overlap = await manager.post('/api/v2/approvals/delegations', { delegateId: id['dana.dev'], startsAt: new Date(now + 50 * HOUR).toISOString(), endsAt: new Date(now + 60 * HOUR).toISOString() });
    expect(overlap.statusCode).toBe(409);

    const inWindow = await manager.post('/api/v2/approvals/delegations', { delegateId: id['quinn.qa'], startsAt: new Date(now - HOUR).toISOString(), endsAt: new Date(now + 24 * HOUR).toISOString() });
    expect(inWindow.statusCode, inWindow.body).toBe(201);
    const r = await submit(agent, 'correction', report('During the holiday'));
    expect(r.waitingOn).toEqual(['Quinn Tester']);
    const inbox = (await quinn.get('/api/v2/approvals/inbox')).json() as RequestSummary[];
    expect(inbox.find((i) => i.id === r.id)).toMatchObject({ onBehalfOf: 'Morgan Manager' });
    const done = (await decide(quinn, r, 'approve')).json() as RequestView;
    expect(done.history.find((h) => h.action === 'approved')).toMatchObject({ actor: 'Quinn Tester', onBehalfOf: 'Morgan Manager' });
    await manager.delete(`/api/v2/approvals/delegations/${inWindow.json().id}`);
    await manager.delete(`/api/v2/approvals/delegations/${later.json().id}`);
  });

  it('keeps the history append-only', async () => {
    await expect(sql.rows('UPDATE approval_history SET comment = $1', ['rewritten'])).rejects.toThrow(/append-only/);
    await expect(sql.rows('DELETE FROM approval_history')).rejects.toThrow(/append-only/);
  });

  it('reminds at half the due time and escalates to the manager of the approver at the due time, on the job queue', async () => {
    const start = t.ctx.now().getTime();
    const r = await submit(agent, 'correction', report('Late escalation check'));
    // The jobs wait on the queue for half the due time and the due time.
    const jobs = await sql.rows<{ name: string; start_after: Date }>(`SELECT name, start_after FROM pgboss.job WHERE singleton_key LIKE $1 ORDER BY name`, [`approval-${r.id}-%`]);
    expect(jobs.map((j) => j.name)).toEqual(['approvals.escalate', 'approvals.remind']);
    expect(Math.abs(jobs[0]!.start_after.getTime() - (start + 48 * HOUR))).toBeLessThan(5_000);
    expect(Math.abs(jobs[1]!.start_after.getTime() - (start + 24 * HOUR))).toBeLessThan(5_000);
    const remindersOf = () => sql.count(`outbox WHERE to_address = 'manager@demo.test' AND subject = 'Reminder: Late escalation check waits for your approval'`);
    const { remindApprovers, escalateStep } = await import('@server/features/approvals/jobs');
    try {
      t.ctx.now = () => new Date(start + 25 * HOUR);
      await t.ctx.jobs.runDue({ includeFuture: true, only: [remindApprovers] });
      expect(await remindersOf()).toBe(1);
      expect((await view(await apiAs(t, 'agent', { fresh: true }), r.id)).waitingOn).toEqual(['Morgan Manager']);

      t.ctx.now = () => new Date(start + 49 * HOUR);
      await t.ctx.jobs.runDue({ includeFuture: true, only: [escalateStep] });
      // A job run again (after a crash) changes nothing more.
      await t.ctx.jobs.send(escalateStep, { requestId: r.id, round: 1, step: 0, at: new Date(start + 48 * HOUR).toISOString() });
      await t.ctx.jobs.runDue({ includeFuture: true, only: [escalateStep] });
      expect(await remindersOf()).toBe(1);
      const adminLater = await apiAs(t, 'admin', { fresh: true });
      const escalated = await view(adminLater, r.id);
      expect(escalated.waitingOn.sort()).toEqual(['Alex Admin', 'Morgan Manager']);
      expect(escalated.history.map((h) => h.action)).toEqual(['submitted', 'reminded', 'escalated']);
      expect(await sql.count(`outbox WHERE to_address = 'admin@demo.test' AND subject = 'Overdue approval: Late escalation check'`)).toBe(1);

      const res = await decide(adminLater, escalated, 'approve');
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as RequestView).history.find((h) => h.action === 'approved')).toMatchObject({ actor: 'Alex Admin', onBehalfOf: 'Morgan Manager' });
    } finally {
      t.ctx.now = () => new Date();
    }
  });
});
