import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NO_FILE_MESSAGE,
  NO_REVIEW_NEEDED,
  REVIEW_MESSAGE,
  RISK_OWNER_AWAY_POINTS,
  TEMPLATE_MESSAGES,
  TEMPLATE_NAME_TAKEN,
  TEMPLATE_RETIRED,
  notAllowed,
  preApprovedNote,
  TRANSITION_MESSAGES,
  type ChangeTemplate,
  type ChangePage, type ChangeView, type ClientTimeline } from '@contracts/changes';
import type { QaItemView } from '@contracts/quality';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { multipart } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PLAN = { estimateHours: 12, implementationPlan: 'Add the column and the report.', rollbackPlan: 'Drop the column; redeploy the last release.' };
const LOW_RISK = { impact: 'low', complexity: 'medium', touchesData: false, downtime: false } as const;
const HIGH_RISK = { impact: 'high', complexity: 'high', touchesData: true, downtime: false } as const;

describe.each(BACKENDS)('change requests on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let admin: Api;
  let acme: Api;
  let globex: Api;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    [agent, manager, admin, acme, globex] = await Promise.all([apiAs(t, 'agent'), apiAs(t, 'manager'), apiAs(t, 'admin'), apiAs(t, 'acme'), apiAs(t, 'globex')]);
    for (const r of await sql.rows<{ id: number; email: string }>('SELECT id, email FROM staff_users')) id[r.email.split('@')[0]!] = r.id;
    id.acme = Number((await sql.one(`SELECT company_id AS id FROM client_users WHERE email = 'client@acme.demo.test'`)).id);
    // Acme's account manager decides its changes.
    await sql.rows('UPDATE companies SET account_manager_id = $1 WHERE id = $2', [id.manager, id.acme]);
  });
  afterAll(() => t?.close());

  const file = async (title: string) => {
    const res = await acme.post('/api/v2/client/scrs', { title, description: 'Bills should show the late fee on its own line.', businessReason: 'Customers call about it', priority: 'high' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const view = async (scr: number) => (await agent.get(`/api/v2/changes/${scr}`)).json() as ChangeView;
  const move = async (as: Api, scr: number, body: object) => as.post(`/api/v2/changes/${scr}/transitions`, { version: (await view(scr)).version, ...body });
  const ok = async (as: Api, scr: number, body: object) => {
    const res = await move(as, scr, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChangeView;
  };
  const approvalOf = async (scr: number) => (await view(scr)).approval_request_id!;
  const decide = async (as: Api, request: number) => {
    const current = (await as.get(`/api/v2/approvals/requests/${request}`)).json() as { version: number };
    const res = await as.post(`/api/v2/approvals/requests/${request}/decision`, { decision: 'approve', version: current.version });
    expect(res.statusCode, res.body).toBe(200);
  };
  const qa = async (as: Api, scr: number, result: 'pass' | 'fail', notes?: string) => {
    const itemId = (await view(scr)).qa_item_id!;
    let item = (await as.get(`/api/v2/quality/items/${itemId}`)).json() as QaItemView;
    const took = await as.post(`/api/v2/quality/items/${itemId}/take`, { version: item.version });
    expect(took.statusCode, took.body).toBe(200);
    item = took.json() as QaItemView;
    const res = await as.post(`/api/v2/quality/items/${itemId}/result`, { result, version: item.version, ...(notes ? { notes } : {}) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('walks a change from request to release: review, the advisory step, a project, QA failing and passing, release, each stage mailed', async () => {
    const scr = await file('Late fee line on bills');
    expect(await sql.count(`outbox WHERE to_address = 'client@acme.demo.test' AND kind = 'change'`)).toBeGreaterThanOrEqual(1);

    await ok(agent, scr, { to: 'under_review', ownerId: id['dana.dev'] });
    const sent = await ok(agent, scr, { to: 'approved', ...PLAN, risk: LOW_RISK });
    expect(sent).toMatchObject({ status: 'under_review', risk_score: 2, approval_state: 'inReview' });
    // Low risk: one step, Acme's account manager.
    const request = await approvalOf(scr);
    const steps = await sql.one<{ n: number }>(`SELECT jsonb_array_length(context->'steps') AS n FROM approval_requests WHERE id = $1`, [request]);
    expect(steps.n).toBe(1);
    await decide(manager, request);
    expect((await view(scr)).status).toBe('approved');

    const dev = await ok(agent, scr, { to: 'in_development', tasks: ['Add the column', 'Show it on the bill'] });
    expect(dev.project_id).not.toBeNull();
    expect(await sql.count('tasks WHERE project_id = $1', [dev.project_id])).toBe(2);
    // The page's links read as names, not bare numbers.
    expect(dev.project_name).toBe(`SCR-${scr}: Late fee line on bills`);

    await ok(agent, scr, { to: 'in_qa' });
    await qa(agent, scr, 'fail', 'The fee shows twice on the second page.');
    const back = await view(scr);
    expect(back.status).toBe('in_development');
    expect(back.history.at(-1)).toMatchObject({ action: 'qa_failed', to_status: 'in_development', note: 'The fee shows twice on the second page.' });
    // The project is not made twice.
    expect((await ok(agent, scr, { to: 'in_qa' })).project_id).toBe(dev.project_id);
    await qa(agent, scr, 'pass');
    const released = await ok(agent, scr, { to: 'released', releaseNote: 'Bills now show the late fee on its own line.' });
    expect(released.status).toBe('released');
    expect(released.history.map((h) => h.to_status)).toEqual(['submitted', 'under_review', 'under_review', 'approved', 'in_development', 'in_qa', 'in_development', 'in_qa', 'in_qa', 'released']);
    expect(released.history.at(-2)).toMatchObject({ action: 'qa_passed' });
    expect(await sql.count(`outbox WHERE to_address = 'client@acme.demo.test' AND subject LIKE $1`, [`SCR-${scr} is %`])).toBe(8);

    const timeline = (await acme.get(`/api/v2/client/scrs/${scr}/timeline`)).json() as ClientTimeline;
    expect(timeline.stages.map((s) => s.status)).toEqual(['submitted', 'under_review', 'approved', 'in_development', 'in_qa', 'in_development', 'in_qa', 'released']);
    // The tester's notes are for the team, not the client.
    expect(JSON.stringify(timeline)).not.toContain('shows twice');
    expect(timeline.release_note).toBe('Bills now show the late fee on its own line.');
  });

  it('rejects the change when its advisory step is rejected, with the approver’s reason in its history, on the client’s timeline and in the requester’s mail', async () => {
    const scr = await file('Bulk credit notes');
    await ok(agent, scr, { to: 'under_review', ownerId: id['dana.dev'] });
    await ok(agent, scr, { to: 'approved', ...PLAN, risk: LOW_RISK });
    const request = await approvalOf(scr);
    const current = (await manager.get(`/api/v2/approvals/requests/${request}`)).json() as { version: number };
    const reason = 'Credit notes are changing with the new billing run; raise it again after that.';
    const res = await manager.post(`/api/v2/approvals/requests/${request}/decision`, { decision: 'reject', version: current.version, comment: reason });
    expect(res.statusCode, res.body).toBe(200);
    const after = await view(scr);
    expect(after).toMatchObject({ status: 'rejected', rejection_reason: reason, approval_state: 'rejected', next: [] });
    expect(after.history.at(-1)).toMatchObject({ from_status: 'under_review', to_status: 'rejected', action: 'rejected', by: expect.any(String), note: reason });
    const timeline = (await acme.get(`/api/v2/client/scrs/${scr}/timeline`)).json() as ClientTimeline;
    expect(timeline.stages.at(-1)).toMatchObject({ status: 'rejected', note: reason });
    expect(await sql.count(`outbox WHERE to_address = 'client@acme.demo.test' AND subject LIKE $1`, [`SCR-${scr} is rejected%`])).toBe(1);
  });

  it('refuses a move the chart does not allow (409 naming why) and a move missing its fields (400 naming each), changing nothing', async () => {
    const scr = await file('Export meter reads');
    const before = await view(scr);
    const skip = await move(agent, scr, { to: 'released', releaseNote: 'Done' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().error.message).toBe(notAllowed('submitted', 'released'));
    const noOwner = await move(agent, scr, { to: 'under_review' });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().error.fields).toEqual({ ownerId: TRANSITION_MESSAGES.ownerId });
    await ok(agent, scr, { to: 'under_review', ownerId: id.agent });
    const bare = await move(agent, scr, { to: 'approved', estimateHours: 3 });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({ implementationPlan: TRANSITION_MESSAGES.implementationPlan, rollbackPlan: TRANSITION_MESSAGES.rollbackPlan, risk: TRANSITION_MESSAGES.risk });
    const noReason = await move(agent, scr, { to: 'rejected' });
    expect(noReason.json().error.fields).toEqual({ reason: TRANSITION_MESSAGES.reason });
    const after = await view(scr);
    expect(after).toMatchObject({ status: 'under_review', estimate_hours: null, approval_request_id: null });
    expect(after.history).toHaveLength(before.history.length + 1);
    // Released needs a passed QA run: a change in QA with no result cannot be released.
    const qaOnly = await file('Bigger bill font');
    await ok(manager, qaOnly, { to: 'under_review', ownerId: id.agent });
    await ok(manager, qaOnly, { to: 'approved', ...PLAN, risk: LOW_RISK, emergency: true, justification: 'Regulator deadline tomorrow.' });
    await ok(agent, qaOnly, { to: 'in_development' });
    await ok(agent, qaOnly, { to: 'in_qa' });
    const early = await move(agent, qaOnly, { to: 'released', releaseNote: 'Bigger font' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('A change is released only after it passed QA');
  });

  it('sends a high-risk change to a manager too; an emergency skips the step for managers only and is flagged for review', async () => {
    const risky = await file('Rewrite the billing run');
    await ok(agent, risky, { to: 'under_review', ownerId: id.agent });
    const sent = await ok(agent, risky, { to: 'approved', ...PLAN, risk: HIGH_RISK });
    expect(sent.risk_score).toBe(11);
    const steps = await sql.one<{ names: string[] }>(`SELECT ARRAY(SELECT s->>'name' FROM jsonb_array_elements(context->'steps') s) AS names FROM approval_requests WHERE id = $1`, [sent.approval_request_id]);
    expect(steps.names).toEqual(['Account manager', 'Manager (high risk)']);
    const again = await move(agent, risky, { to: 'approved', ...PLAN, risk: HIGH_RISK });
    expect(again.statusCode).toBe(409);

    const urgent = await file('Fix the tax rate');
    await ok(agent, urgent, { to: 'under_review', ownerId: id.agent });
    const denied = await move(agent, urgent, { to: 'approved', ...PLAN, risk: LOW_RISK, emergency: true, justification: 'The rate changed today.' });
    expect(denied.statusCode).toBe(403);
    const noWhy = await move(admin, urgent, { to: 'approved', ...PLAN, risk: LOW_RISK, emergency: true });
    expect(noWhy.json().error.fields).toEqual({ justification: TRANSITION_MESSAGES.justification });
    const done = await ok(admin, urgent, { to: 'approved', ...PLAN, risk: LOW_RISK, emergency: true, justification: 'The rate changed today.' });
    expect(done).toMatchObject({ status: 'approved', emergency: true, needs_review: true, approval_request_id: null, emergency_justification: 'The rate changed today.' });
    // The change form is submitted only by a move of a change request.
    const direct = await agent.post('/api/v2/approvals/requests', { formType: 'change', payload: { scrId: urgent, title: 'x', accountManagerId: null, riskScore: 1 } });
    expect(direct.statusCode).toBe(409);
  });

  it('makes a billable change a draft quote and holds development until the quote is accepted', async () => {
    const scr = await file('Custom usage report');
    expect((await ok(agent, scr, { to: 'under_review', ownerId: id.agent, targetDate: '2027-02-01' })).target_date).toBe('2027-02-01');
    await ok(agent, scr, { to: 'approved', ...PLAN, risk: LOW_RISK, billable: true, targetDate: '2027-02-15' });
    expect((await view(scr)).target_date).toBe('2027-02-15');
    await decide(manager, await approvalOf(scr));
    const approved = await view(scr);
    expect(approved).toMatchObject({ status: 'approved', quote_status: 'draft' });
    const quote = await sql.one<{ total_cents: number; company_id: number }>('SELECT total_cents::int AS total_cents, company_id FROM quotes WHERE id = $1', [approved.quote_id]);
    expect(quote).toMatchObject({ total_cents: 12 * 15000, company_id: id.acme });
    const { number } = await sql.one<{ number: string }>('SELECT number FROM quotes WHERE id = $1', [approved.quote_id]);
    expect(approved).toMatchObject({ quote_number: number, quote_title: `SCR-${scr}: Custom usage report` });
    const ticket = await sql.one<{ id: number; title: string }>('SELECT id, title FROM tickets ORDER BY id LIMIT 1');
    await sql.rows('UPDATE software_change_requests SET ticket_id = $1 WHERE id = $2', [ticket.id, scr]);
    expect((await view(scr)).ticket_subject).toBe(ticket.title);
    const held = await move(agent, scr, { to: 'in_development' });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe('Development waits for the client to accept the quote of this change');
    await sql.rows(`UPDATE quotes SET status = 'accepted' WHERE id = $1`, [approved.quote_id]);
    expect((await ok(agent, scr, { to: 'in_development' })).status).toBe('in_development');
  });

  it('shows a client only its company’s SCRs and the comments meant for it', async () => {
    const scr = await file('Paperless bills');
    expect((await agent.post(`/api/v2/changes/${scr}/comments`, { body: 'Needs the print vendor first', clientVisible: false })).statusCode).toBe(201);
    expect((await agent.post(`/api/v2/changes/${scr}/comments`, { body: 'We will start next month', clientVisible: true })).statusCode).toBe(201);
    expect((await acme.post(`/api/v2/client/scrs/${scr}/comments`, { body: 'Thanks!' })).statusCode).toBe(201);
    const timeline = (await acme.get(`/api/v2/client/scrs/${scr}/timeline`)).json() as ClientTimeline;
    expect(timeline.comments.map((c) => c.body)).toEqual(['We will start next month', 'Thanks!']);
    expect((await view(scr)).comments).toHaveLength(3);
    expect((await globex.get(`/api/v2/client/scrs/${scr}/timeline`)).statusCode).toBe(404);
    expect((await globex.post(`/api/v2/client/scrs/${scr}/comments`, { body: 'Mine now' })).statusCode).toBe(404);
    expect((await globex.get(`/api/v2/client/scrs/${scr}`)).statusCode).toBe(404);
    const rejected = await ok(agent, scr, { to: 'rejected', reason: 'Your contract does not include paperless billing.' });
    expect(rejected.rejection_reason).toBe('Your contract does not include paperless billing.');
    expect(((await acme.get(`/api/v2/client/scrs/${scr}/timeline`)).json() as ClientTimeline).stages.at(-1)).toMatchObject({ status: 'rejected', note: 'Your contract does not include paperless billing.' });
  });

  it('attaches files to an SCR through the one upload path: types checked by their bytes, images with a thumbnail, the company’s clients may download them and no one else', async () => {
    const scr = await file('Bill insert artwork');
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const send = (as: Api, files: { name: string; bytes: Buffer | string }[]) => {
      const { body, headers } = multipart({}, files);
      return as.post(`/api/v2/changes/${scr}/attachments`, body, { headers });
    };
    const before = await sql.count('scr_attachments');
    const fake = await send(agent, [{ name: 'mockup.png', bytes: 'MZ this is no image' }]);
    expect(fake.statusCode).toBe(415);
    expect(JSON.stringify(fake.json().error.fields)).toContain('mockup.png');
    const none = await send(agent, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ files: NO_FILE_MESSAGE });
    expect(await sql.count('scr_attachments')).toBe(before);

    const res = await send(agent, [{ name: 'mockup.png', bytes: png }, { name: 'notes.txt', bytes: 'Insert goes in the March cycle.' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [image, text] = res.json().attachments as { id: number; name: string; image: boolean }[];
    expect([image, text].map((a) => [a!.name, a!.image])).toEqual([['mockup.png', true], ['notes.txt', false]]);
    expect((await view(scr)).attachments.map((a) => a.name)).toEqual(['mockup.png', 'notes.txt']);
    expect((await acme.get(`/api/v2/client/scrs/${scr}/timeline`)).json().attachments.map((a: { name: string }) => a.name)).toEqual(['mockup.png', 'notes.txt']);

    const thumb = await agent.get(`/api/v2/changes/${scr}/attachments/${image!.id}?variant=thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);
    expect((await acme.get(`/api/v2/client/scrs/${scr}/attachments/${text!.id}`)).body).toBe('Insert goes in the March cycle.');
    expect((await globex.get(`/api/v2/client/scrs/${scr}/attachments/${text!.id}`)).statusCode).toBe(404);
    // A file is reached only through its own SCR.
    const other = await file('Another change');
    expect((await agent.get(`/api/v2/changes/${other}/attachments/${text!.id}`)).statusCode).toBe(404);
    expect((await acme.get(`/api/v2/client/scrs/${other}/attachments/${text!.id}`)).statusCode).toBe(404);
    const missing = multipart({}, [{ name: 'x.txt', bytes: 'x' }]);
    expect((await agent.post('/api/v2/changes/999999/attachments', missing.body, { headers: missing.headers })).statusCode).toBe(404);
  });

  it('lets one of two concurrent moves of the same version win; the other answers 409 and the SCR is in one state', async () => {
    const scr = await file('Two tabs');
    const { version } = await view(scr);
    const [a, b] = await Promise.all([
      agent.post(`/api/v2/changes/${scr}/transitions`, { to: 'under_review', ownerId: id.agent, version }),
      manager.post(`/api/v2/changes/${scr}/transitions`, { to: 'rejected', reason: 'Duplicate', version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const after = await view(scr);
    expect(after.status).toBe(a.statusCode === 200 ? 'under_review' : 'rejected');
    expect(after.history).toHaveLength(2);
  });

  it('has a manager or an admin review an emergency change after the fact: it needs review until then, the list filters for it, the notes go on its history', async () => {
    const urgent = await file('Emergency rate fix');
    await ok(agent, urgent, { to: 'under_review', ownerId: id['dana.dev'] });
    const done = await ok(manager, urgent, { to: 'approved', ...PLAN, risk: LOW_RISK, emergency: true, justification: 'The rate changed today.' });
    const waiting = async () => ((await agent.get('/api/v2/changes?needsReview=true&pageSize=100')).json() as ChangePage).items.map((r) => r.id);
    expect(await waiting()).toContain(urgent);
    expect(((await agent.get(`/api/v2/changes?q=${encodeURIComponent('Emergency rate fix')}`)).json() as ChangePage).items[0]).toMatchObject({ id: urgent, needs_review: true });
    expect((await agent.get('/api/v2/changes?needsReview=maybe')).json().error.fields).toEqual({ needsReview: 'needsReview must be true or false' });

    expect((await agent.post(`/api/v2/changes/${urgent}/review`, { version: done.version, notes: 'Looked fine.' })).statusCode).toBe(403);
    const noNotes = await manager.post(`/api/v2/changes/${urgent}/review`, { version: done.version, notes: ' ' });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json().error.fields).toEqual({ notes: REVIEW_MESSAGE });
    expect((await manager.post(`/api/v2/changes/${urgent}/review`, { version: done.version - 1, notes: 'Looked fine.' })).statusCode).toBe(409);
    expect((await view(urgent)).needs_review).toBe(true);

    const reviewed = await manager.post(`/api/v2/changes/${urgent}/review`, { version: done.version, notes: 'Rollback tested; the rate is right.' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ status: 'approved', needs_review: false });
    expect((reviewed.json() as ChangeView).history.at(-1)).toMatchObject({ action: 'reviewed', from_status: 'approved', to_status: 'approved', note: 'Rollback tested; the rate is right.' });
    expect(await waiting()).not.toContain(urgent);
    // Reviewed once: a second review is refused, and the review stays off the client's timeline.
    const again = await admin.post(`/api/v2/changes/${urgent}/review`, { version: (reviewed.json() as ChangeView).version, notes: 'Again.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(NO_REVIEW_NEEDED);
    const timeline = (await acme.get(`/api/v2/client/scrs/${urgent}/timeline`)).json() as ClientTimeline;
    expect(timeline.stages.map((st) => st.note)).not.toContain('Rollback tested; the rate is right.');
  });

  it('shows planned releases per week and serves them as a secret, revocable calendar feed of all-day events', async () => {
    const scr = await file('Release calendar, with commas; and a long title that folds past seventy-five octets');
    await ok(agent, scr, { to: 'under_review', ownerId: id['dana.dev'], targetDate: '2031-03-12' });
    const rejected = await file('A change nobody wants');
    await sql.rows(`UPDATE software_change_requests SET target_date = '2031-03-13', status = 'rejected' WHERE id = $1`, [rejected]);

    const cal = await agent.get('/api/v2/changes/calendar?from=2031-03-12&weeks=2');
    expect(cal.statusCode, cal.body).toBe(200);
    expect(cal.json()).toMatchObject({ weeks: [{ monday: '2031-03-10', items: [{ id: scr, target_date: '2031-03-12', company: expect.any(String) }] }, { monday: '2031-03-17', items: [] }] });
    expect(JSON.stringify(cal.json())).not.toContain(`"id":${rejected},`);
    expect((await agent.get('/api/v2/changes/calendar?weeks=99')).json().error.fields).toMatchObject({ weeks: expect.stringMatching(/^Weeks must be a number from 1 to/) });

    const created = await agent.post('/api/v2/changes/feeds', {});
    expect(created.statusCode, created.body).toBe(201);
    const path = new URL(created.json().url as string).pathname;
    const anonymous = apiWith(t, null);
    const feed = await anonymous.get(path);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const unfolded = feed.body.replace(/\r\n /g, '');
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(unfolded).toContain(`UID:scr-${scr}@client-care\r\n`);
    expect(unfolded).toContain('DTSTART;VALUE=DATE:20310312\r\nDTEND;VALUE=DATE:20310313\r\n');
    expect(unfolded).toContain(`SUMMARY:SCR-${scr}: Release calendar\\, with commas\\; and a long title that folds past seventy-five octets\r\n`);
    expect(unfolded).toMatch(new RegExp(`URL:https?://[^\\r]+/software/change/request/${scr}\\r\\n`));
    expect(unfolded).not.toContain(`UID:scr-${rejected}@`);
    // The same event keeps its UID on the next fetch.
    expect((await anonymous.get(path)).body.replace(/\r\n /g, '')).toContain(`UID:scr-${scr}@client-care`);

    // Another person's feed is not theirs to list or revoke; a made-up address is not found.
    expect(((await manager.get('/api/v2/changes/feeds')).json() as { id: number }[]).map((f) => f.id)).not.toContain(created.json().id);
    expect((await manager.delete(`/api/v2/changes/feeds/${created.json().id}`)).statusCode).toBe(404);
    expect((await anonymous.get(path)).statusCode).toBe(200);
    expect((await anonymous.get(`/api/v2/changes/feed/${'B'.repeat(43)}.ics`)).statusCode).toBe(404);

    expect((await agent.delete(`/api/v2/changes/feeds/${created.json().id}`)).statusCode).toBe(204);
    expect((await anonymous.get(path)).statusCode).toBe(404);
    expect((await agent.delete(`/api/v2/changes/feeds/${created.json().id}`)).statusCode).toBe(404);
  });

  it('adds risk when the owner has approved or pending leave on the target date, stores it with the inputs and rates it again when the date changes', async () => {
    // The agent asks for a day off (pending): the day is covered, the next is not.
    await sql.rows('DELETE FROM pto_ledger WHERE staff_id = $1', [id.agent]);
    await sql.rows(`INSERT INTO pto_ledger (staff_id, kind, hours, effective_on, source, created_at) VALUES ($1, 'adjustment', 40, '2020-01-01', 'opening', now())`, [id.agent]);
    const leave = await agent.post('/api/v2/approvals/requests', { formType: 'pto', payload: { from: '2031-06-11', to: '2031-06-11', unit: 'days' } });
    expect(leave.statusCode, leave.body).toBe(201);

    const away = await file('Holiday release');
    await ok(agent, away, { to: 'under_review', ownerId: id.agent, targetDate: '2031-06-12' });
    const sent = await ok(agent, away, { to: 'approved', ...PLAN, risk: LOW_RISK, targetDate: '2031-06-11' });
    expect(sent).toMatchObject({ target_date: '2031-06-11', risk_score: 2 + RISK_OWNER_AWAY_POINTS, risk_inputs: { ...LOW_RISK, ownerAway: true } });

    const present = await file('Ordinary release');
    await ok(agent, present, { to: 'under_review', ownerId: id.agent, targetDate: '2031-06-12' });
    expect(await ok(agent, present, { to: 'approved', ...PLAN, risk: LOW_RISK })).toMatchObject({ risk_score: 2, risk_inputs: { ...LOW_RISK, ownerAway: false } });
  });

  it('keeps standard change templates (managers and admins) that staff raise SCRs from; a pre-approved one passes the advisory step while its plan is kept, and the rest of the workflow holds', async () => {
    const TEMPLATE = {
      name: 'Renew the signing certificate',
      productArea: 'Hosting',
      title: 'Renew the signing certificate',
      description: 'Renew and install the certificate before it expires.',
      implementationPlan: 'Request the certificate, install it on both nodes, reload.',
      rollbackPlan: 'Reinstall the previous certificate and reload.',
      risk: LOW_RISK,
      estimateHours: 2,
      preApproved: true,
    };
    expect((await agent.post('/api/v2/changes/templates', TEMPLATE)).statusCode).toBe(403);
    const nameless = await manager.post('/api/v2/changes/templates', { ...TEMPLATE, name: ' ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.fields).toEqual({ name: TEMPLATE_MESSAGES.name });
    const made = await manager.post('/api/v2/changes/templates', TEMPLATE);
    expect(made.statusCode, made.body).toBe(201);
    const template = made.json() as ChangeTemplate;
    expect(template).toMatchObject({ name: TEMPLATE.name, product_area: 'Hosting', pre_approved: true, retired_at: null, estimate_hours: 2, risk_inputs: LOW_RISK });
    const twin = await admin.post('/api/v2/changes/templates', { ...TEMPLATE, name: 'renew the SIGNING certificate' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.fields).toEqual({ name: TEMPLATE_NAME_TAKEN });
    expect(((await agent.get('/api/v2/changes/templates')).json() as ChangeTemplate[]).map((t) => t.id)).toContain(template.id);

    const raise = (title: string) => agent.post('/api/v2/changes', { companyId: id.acme, templateId: template.id, title, description: TEMPLATE.description, priority: 'medium' });
    const raised = await raise('Rotate the certificate of the billing site');
    expect(raised.statusCode, raised.body).toBe(201);
    const scr = raised.json().id as number;
    expect(await view(scr)).toMatchObject({
      template_id: template.id,
      template_name: TEMPLATE.name,
      template_pre_approved: true,
      implementation_plan: TEMPLATE.implementationPlan,
      rollback_plan: TEMPLATE.rollbackPlan,
      estimate_hours: 2,
      risk_score: 2,
      risk_inputs: { ...LOW_RISK, ownerAway: false },
    });
    await ok(agent, scr, { to: 'under_review', ownerId: id['dana.dev'] });
    const plan = { estimateHours: 3, implementationPlan: TEMPLATE.implementationPlan, rollbackPlan: TEMPLATE.rollbackPlan, risk: LOW_RISK };
    const approved = await ok(agent, scr, { to: 'approved', ...plan });
    expect(approved).toMatchObject({ status: 'approved', approval_request_id: null, emergency: false, needs_review: false });
    expect(approved.history.at(-1)).toMatchObject({ action: 'pre_approved', from_status: 'under_review', to_status: 'approved', note: preApprovedNote(TEMPLATE.name) });
    // The rest of the workflow is unchanged: QA, and a release note.
    await ok(agent, scr, { to: 'in_development' });
    await ok(agent, scr, { to: 'in_qa' });
    // It is tested with the cases of the template's product area.
    expect(await sql.rows('SELECT product_area FROM qa_items WHERE scr_id = $1', [scr])).toEqual([{ product_area: 'Hosting' }]);
    expect((await move(agent, scr, { to: 'released' })).json().error.fields).toEqual({ releaseNote: TRANSITION_MESSAGES.releaseNote });
    expect((await move(agent, scr, { to: 'released', releaseNote: 'Renewed.' })).statusCode).toBe(409);

    // A plan changed away from the template's goes to the advisory step.
    const edited = (await raise('Rotate the certificate of the portal')).json().id as number;
    const before = await raise('Rotate the certificate of the mail server');
    await ok(agent, edited, { to: 'under_review', ownerId: id['dana.dev'] });
    expect(await ok(agent, edited, { to: 'approved', ...plan, rollbackPlan: 'Restore the old certificate from the backup.' })).toMatchObject({ status: 'under_review', approval_state: 'inReview' });

    // Retired: no new SCR from it, and an SCR raised before it is no longer pre-approved.
    expect((await manager.post(`/api/v2/changes/templates/${template.id}/retire`, { version: template.version + 1 })).statusCode).toBe(409);
    const retired = await manager.post(`/api/v2/changes/templates/${template.id}/retire`, { version: template.version });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toMatchObject({ retired_at: expect.any(String) });
    const late = await raise('Rotate the certificate again');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ message: TEMPLATE_RETIRED, fields: { templateId: TEMPLATE_RETIRED } });
    const old = before.json().id as number;
    expect((await view(old)).template_pre_approved).toBe(false);
    await ok(agent, old, { to: 'under_review', ownerId: id['dana.dev'] });
    expect(await ok(agent, old, { to: 'approved', ...plan })).toMatchObject({ status: 'under_review', approval_state: 'inReview' });
    expect((await manager.put(`/api/v2/changes/templates/${template.id}`, { ...TEMPLATE, version: (retired.json() as ChangeTemplate).version })).statusCode).toBe(409);
    // Retired, never deleted: still listed, after the live ones.
    expect(((await agent.get('/api/v2/changes/templates')).json() as ChangeTemplate[]).find((t) => t.id === template.id)).toMatchObject({ retired_at: expect.any(String) });

    // A client cannot use templates.
    expect((await acme.post('/api/v2/client/scrs', { title: 'From a template', description: 'Please.', templateId: template.id })).statusCode).toBe(400);
    expect((await acme.get('/api/v2/changes/templates')).statusCode).toBe(401);
  });

  it('keeps the history append-only', async () => {
    await expect(sql.rows('UPDATE scr_history SET note = $1', ['changed'])).rejects.toThrow(/append-only/);
    await expect(sql.rows('DELETE FROM scr_history')).rejects.toThrow(/append-only/);
  });
});
