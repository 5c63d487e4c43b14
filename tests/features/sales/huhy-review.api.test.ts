/**
 * The public "how did you hear about us" form never touches a customer: an answer waits for staff,
 * who confirm it (to the matching company or as a new prospect) or discard it; until then it is
 * nobody's contact and no mail-out reaches it. Identical answers are stored once, also when they
 * arrive at the same moment (409, never 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HuhyOverview } from '@contracts/sales';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

let address = 0;
const nextAddress = () => `203.0.113.${++address}`;

describe.each(BACKENDS)('public form answers on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let channelId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    [agent, manager] = await Promise.all([apiAs(t, 'agent'), apiAs(t, 'manager')]);
    channelId = (await t.app.inject({ method: 'GET', url: '/api/v2/public/huhy/channels' })).json().channels[0].id;
  });
  afterAll(() => t?.close());

  const submit = (payload: object, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/v2/public/huhy', remoteAddress, payload });
  const overview = async () => (await agent.get('/api/v2/sales/huhy')).json() as HuhyOverview;
  const pendingOf = async (email: string) => (await overview()).pending.find((p) => p.email === email);
  const review = (id: number, action: 'confirm' | 'discard', payload?: object, as = agent) => as.post(`/api/v2/sales/huhy/${id}/${action}`, payload);
  const companyId = async (accountNumber: string) => (await sql.one<{ id: number }>('SELECT id FROM companies WHERE account_number = $1', [accountNumber])).id;

  it('keeps a stranger naming a customer away from its contacts, and the client-care survey does not mail her', async () => {
    const acme = await companyId('ACME-001');
    const contactsBefore = await sql.rows('SELECT id, email FROM contacts WHERE company_id = $1 ORDER BY id', [acme]);
    const before = { companies: await sql.count('companies'), leads: await sql.count(`sales_activities WHERE kind = 'lead'`) };
    const res = await submit({ company: 'acme utilities', name: 'Mallory', email: 'mallory@attacker.test', channelId, detail: 'Please add me' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await sql.rows('SELECT id, email FROM contacts WHERE company_id = $1 ORDER BY id', [acme])).toEqual(contactsBefore);
    expect(await sql.count(`contacts WHERE lower(email) = 'mallory@attacker.test'`)).toBe(0);
    expect({ companies: await sql.count('companies'), leads: await sql.count(`sales_activities WHERE kind = 'lead'`) }).toEqual(before);

    // The manager sends to every recipient the survey dialog lists: she is not among them.
    const listed = (await manager.get(`/api/v2/surveys/client-care/recipients?companyId=${acme}`)).json() as { rows: { id: number; email: string }[] };
    expect(listed.rows.map((r) => r.email)).not.toContain('mallory@attacker.test');
    const mailed = await sql.count('outbox');
    const sent = await manager.post('/api/v2/surveys/client-care/send', { companyId: acme, contactIds: listed.rows.map((r) => r.id) });
    expect(sent.statusCode, sent.body).toBe(200);
    const to = await sql.rows<{ to_address: string }>('SELECT to_address FROM outbox ORDER BY id OFFSET $1', [mailed]);
    expect(to.length).toBe(sent.json().queued);
    expect(to.map((r) => r.to_address)).not.toContain('mallory@attacker.test');

    // Staff see it waiting for review, with the customer its name matches.
    const pending = await pendingOf('mallory@attacker.test');
    expect(pending).toMatchObject({ company: 'acme utilities', name: 'Mallory', companyId: null, status: 'pending', match: { id: acme, name: 'Acme Utilities', status: 'active' } });
    const discarded = await review(pending!.id, 'discard');
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(await pendingOf('mallory@attacker.test')).toBeUndefined();
    expect((await overview()).answers.map((a) => a.email)).not.toContain('mallory@attacker.test');
    expect(await sql.count(`contacts WHERE lower(email) = 'mallory@attacker.test'`)).toBe(0);
  });

  it('confirms an answer as a new prospect with the person as its contact and a web-form lead of the channel', async () => {
    expect((await submit({ company: 'Riverbend Water Co-op', name: 'Rae River', email: 'Rae@Riverbend.example', channelId, detail: 'Saw you at the expo' })).statusCode).toBe(201);
    const pending = (await pendingOf('rae@riverbend.example'))!;
    expect(pending.match).toBeNull();
    const res = await review(pending.id, 'confirm', { companyId: null });
    expect(res.statusCode, res.body).toBe(200);
    const [company] = await sql.rows<{ id: number; status: string }>(`SELECT id, status FROM companies WHERE name = 'Riverbend Water Co-op'`);
    expect(res.json()).toEqual({ companyId: company!.id });
    expect(company!.status).toBe('prospect');
    expect(await sql.rows('SELECT email FROM contacts WHERE company_id = $1', [company!.id])).toEqual([{ email: 'rae@riverbend.example' }]);
    expect(await sql.rows('SELECT kind, staff_id, channel_id, huhy_id FROM sales_activities WHERE company_id = $1', [company!.id])).toEqual([
      { kind: 'lead', staff_id: null, channel_id: channelId, huhy_id: pending.id },
    ]);
    expect((await overview()).answers.find((a) => a.id === pending.id)).toMatchObject({ status: 'confirmed', companyId: company!.id });
    expect(await sql.count(`audit_log WHERE entity = 'huhy_answer' AND entity_id = $1 AND action = 'confirm'`, [pending.id])).toBe(1);

    // Reviewed once: a second review is a conflict and changes nothing.
    const again = await review(pending.id, 'confirm', { companyId: null });
    expect(again.statusCode).toBe(409);
    expect((await review(pending.id, 'discard')).statusCode).toBe(409);
    expect(await sql.count('sales_activities WHERE company_id = $1', [company!.id])).toBe(1);
  });

  it('adds a confirmed answer to the company staff pick, and refuses a second company of a name that exists', async () => {
    const globex = await companyId('GLOBEX-002');
    expect((await submit({ company: '  GLOBEX   water. ', name: 'Gil Globex', email: 'gil@globex.example', channelId })).statusCode).toBe(201);
    const pending = (await pendingOf('gil@globex.example'))!;
    expect(pending.match).toMatchObject({ id: globex, name: 'Globex Water' });
    const companies = await sql.count('companies');
    const duplicate = await review(pending.id, 'confirm', { companyId: null });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ companyId: 'A company named Globex Water exists: add the answer to it' });
    expect(await sql.count('companies')).toBe(companies);
    expect((await pendingOf('gil@globex.example'))?.id).toBe(pending.id);

    const unknown = await review(pending.id, 'confirm', { companyId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ companyId: 'No such company' });
    const res = await review(pending.id, 'confirm', { companyId: globex });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sql.rows('SELECT name FROM contacts WHERE company_id = $1 AND email = $2', [globex, 'gil@globex.example'])).toEqual([{ name: 'Gil Globex' }]);
    expect(await sql.count(`sales_activities WHERE company_id = $1 AND kind = 'lead' AND huhy_id = $2`, [globex, pending.id])).toBe(1);
    expect((await review(999_999, 'discard')).statusCode).toBe(404);
  });

  it('counts answers waiting for review in the breakdown by channel, and drops discarded ones', async () => {
    const name = (await t.app.inject({ method: 'GET', url: '/api/v2/public/huhy/channels' })).json().channels[0].name as string;
    const thisMonth = new Date().toISOString().slice(0, 7);
    const month = async () => (await overview()).byMonth.find((m) => m.month === thisMonth)?.counts[name] ?? 0;
    const before = await month();
    expect((await submit({ company: 'Counting Co', name: 'Cora Count', email: 'cora@counting.example', channelId })).statusCode).toBe(201);
    expect(await month()).toBe(before + 1);
    await review((await pendingOf('cora@counting.example'))!.id, 'discard');
    expect(await month()).toBe(before);
  });

  it('stores four identical answers sent at the same moment once, answering the others 409', async () => {
    const names = ['Harbor Light', 'harbor light', 'HARBOR  LIGHT', 'Harbor Light!'];
    const answers = await Promise.all(names.map((company, i) => submit({ company, name: 'Hana Harbor', email: i % 2 ? 'HANA@harbor.example' : 'hana@harbor.example', channelId })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.error.message).toBe('We already have your answer for this company; someone from our team will be in touch soon.');
    expect(await sql.count(`huhy_answers WHERE email = 'hana@harbor.example'`)).toBe(1);

    // Confirmed by several people at once: one prospect, one lead.
    const pending = (await pendingOf('hana@harbor.example'))!;
    const companies = await sql.count('companies');
    const reviews = await Promise.all([agent, manager, agent, manager].map((as, i) => review(pending.id, i === 3 ? 'discard' : 'confirm', i === 3 ? undefined : { companyId: null }, as)));
    expect(reviews.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await sql.count('companies')).toBe(companies + (reviews[3]!.statusCode === 200 ? 0 : 1));
    expect(await sql.count(`sales_activities WHERE huhy_id = $1`, [pending.id])).toBe(reviews[3]!.statusCode === 200 ? 0 : 1);
    // Once reviewed, the same person may answer again (a new answer waits for review).
    expect((await submit({ company: 'Harbor Light', name: 'Hana Harbor', email: 'hana@harbor.example', channelId })).statusCode).toBe(201);
  });

  it('makes one prospect when two answers naming one new company are confirmed at the same moment', async () => {
    for (const email of ['a@tidewater.example', 'b@tidewater.example']) expect((await submit({ company: 'Tidewater Gas', name: 'Tide', email, channelId })).statusCode).toBe(201);
    const ids = [(await pendingOf('a@tidewater.example'))!.id, (await pendingOf('b@tidewater.example'))!.id];
    const reviews = await Promise.all(ids.map((id) => review(id, 'confirm', { companyId: null })));
    expect(reviews.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await sql.count(`companies WHERE name = 'Tidewater Gas'`)).toBe(1);
  });
});
