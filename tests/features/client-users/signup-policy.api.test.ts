/**
 * Client self-signup under each company's policy: the account number alone never grants access,
 * and the public answer is the same (text and time) whatever the account number, the policy or
 * the email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_ACCEPTED_MESSAGE } from '@contracts/client-portal';
import { DEMO_SIGNUP_DOMAIN } from '@server/seed/client-portal';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, settle, startTestApp, type TestApp } from '@tests/support/test-app';

const PASSWORD = 'a long enough passphrase';
let ip = 0;
/** Each signup from its own address, so the per-address limit stays out of the way. */
const nextAddress = () => {
  ip += 1;
  return `10.60.${ip >> 8}.${ip & 255}`;
};

describe.each(BACKENDS)('client signup policy on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  /** An agent's calls. */
  let staff: Api;
  const companies: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend);
    // The account's sign-in delay is the sign-in limits' to test: here a failed sign-in answers at once.
    t.ctx.limits.signIn.sleep = async () => undefined;
    sql = sqlOf(t);
    staff = await apiAs(t, 'agent');
    const { rows } = await t.ctx.database.pool.query<{ id: number; account_number: string }>('SELECT id, account_number FROM companies ORDER BY id LIMIT 4');
    for (const r of rows) companies[r.account_number] = r.id;
    // INIT-003 takes no sign-ups; UMBR-004 takes them at umbrella.example at once.
    await t.ctx.database.pool.query(`UPDATE companies SET signup_policy = 'off' WHERE account_number = 'INIT-003'`);
    await t.ctx.database.pool.query(`UPDATE companies SET signup_policy = 'email_domains', signup_domains = '{umbrella.example}' WHERE account_number = 'UMBR-004'`);
  });
  afterAll(() => t?.close());

  const signup = (accountNumber: string, email: string, name = 'Stranger Danger') =>
    t.app.inject({ method: 'POST', url: '/api/v2/client/signup', remoteAddress: nextAddress(), payload: { accountNumber, name, email, password: PASSWORD } });
  const mailsTo = async (to: string) => {
    await settle(t);
    return sql.rows<{ kind: string; subject: string; body: string }>('SELECT kind, subject, body FROM outbox WHERE to_address = $1 ORDER BY id', [to]);
  };
  const userOf = async (email: string) => {
    await settle(t);
    return (await sql.rows<{ id: number; status: string; name: string; company_id: number }>('SELECT id, status, name, company_id FROM client_users WHERE email = $1', [email]))[0];
  };
  const login = (email: string, password = PASSWORD) => t.app.inject({ method: 'POST', url: '/api/v2/client/login', remoteAddress: nextAddress(), payload: { email, password } });
  const tokenIn = (body: string) => /\/client\/set-password\/([\w-]+)/.exec(body)?.[1];

  it('answers byte for byte the same whatever the account number, the policy or the email', async () => {
    await staff.post('/api/v2/client-users', { company_id: companies['GLOBEX-002'], name: 'Invited Ivy', email: 'ivy@globex.example' });
    const answers = [
      await signup('NO-SUCH-999', 'a@nowhere.example'),
      await signup('INIT-003', 'b@initech.example'),
      await signup('GLOBEX-002', 'c@evil.example'),
      await signup('UMBR-004', 'd@umbrella.example'),
      await signup('UMBR-004', 'e@elsewhere.example'),
      await signup('ACME-001', 'client@acme.demo.test'),
      await signup('GLOBEX-002', 'ivy@globex.example'),
      await signup('INACTIVE-NUMBER-1', 'f@nowhere.example'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(202));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify({ ...a.headers, date: undefined, 'x-request-id': undefined }))).size).toBe(1);
    expect(answers[0]!.json()).toEqual({ accepted: true, message: SIGNUP_ACCEPTED_MESSAGE });
  });

  it('never grants access on the account number alone: a stranger waits for approval, gets no link, cannot sign in or reset', async () => {
    const email = 'stranger@attacker.example';
    expect((await signup('GLOBEX-002', email)).statusCode).toBe(202);
    expect(await userOf(email)).toMatchObject({ status: 'pending_approval', company_id: companies['GLOBEX-002'] });
    expect(await mailsTo(email)).toEqual([]);
    expect((await login(email)).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/v2/client/forgot-password', remoteAddress: nextAddress(), payload: { email } });
    expect(await mailsTo(email)).toEqual([]);
    const listed = await staff.get(`/api/v2/client-users?status=pending_approval&company=${companies['GLOBEX-002']}`);
    expect(listed.json().rows.map((r: { email: string }) => r.email)).toContain(email);
  });

  it('sends the activation link once staff approve; the link activates the account, which sees its company', async () => {
    const email = 'approved.person@globex-partner.example';
    await signup('GLOBEX-002', email, 'Approved Person');
    const user = (await userOf(email))!;
    const approved = await staff.post(`/api/v2/client-users/${user.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: user.id, status: 'invited', company_name: 'Globex Water' });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'signup', subject: 'Activate your Client Care account' });
    const token = tokenIn(mails[0]!.body)!;
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/client/set-password', payload: { token, password: 'chosen after approval' } })).statusCode).toBe(200);
    const signedIn = await login(email, 'chosen after approval');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.companyName).toBe('Globex Water');
    const tickets = await apiWith(t, signedIn.json().token as string).get('/api/v2/client/tickets');
    expect(tickets.json().total).toBeGreaterThan(0);
    expect((await sql.rows('SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id', ['client_user', user.id])).map((r) => r.action)).toEqual([
      'signup_requested',
      'approve_signup',
      'password_set',
    ]);
    // Approving twice, or approving an active user, is a conflict; an unknown id is not found.
    expect((await staff.post(`/api/v2/client-users/${user.id}/approve`)).statusCode).toBe(409);
    expect((await staff.post('/api/v2/client-users/999999/approve')).statusCode).toBe(404);
  });

  it('declining tells nobody anything and leaves no account behind', async () => {
    const email = 'declined.person@attacker.example';
    await signup('GLOBEX-002', email);
    const user = (await userOf(email))!;
    const outboxBefore = (await sql.rows<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0]!.n;
    const declined = await staff.post(`/api/v2/client-users/${user.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ id: user.id, declined: true });
    expect(await userOf(email)).toBeUndefined();
    await settle(t);
    expect((await sql.rows<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0]!.n).toBe(outboxBefore);
    expect((await sql.rows('SELECT action, detail FROM audit_log WHERE entity = $1 AND entity_id = $2 AND action = $3', ['client_user', user.id, 'decline_signup']))[0]).toMatchObject({
      detail: { email },
    });
    expect((await login(email)).statusCode).toBe(401);
    expect((await staff.post(`/api/v2/client-users/${user.id}/decline`)).statusCode).toBe(404);
    const active = (await sql.rows<{ id: number }>(`SELECT id FROM client_users WHERE email = 'client@globex.demo.test'`))[0]!.id;
    expect((await staff.post(`/api/v2/client-users/${active}/decline`)).statusCode).toBe(409);
  });

  it('with sign-up off, keeps nothing and mails nothing', async () => {
    const email = 'nobody.allowed@initech.example';
    await signup('INIT-003', email);
    expect(await userOf(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('with email domains, activates an address at a listed domain at once and sends any other address to approval', async () => {
    const own = 'worker@umbrella.example';
    const other = 'worker@umbrella.example.evil.test';
    await signup('UMBR-004', own);
    await signup('UMBR-004', other);
    expect(await userOf(own)).toMatchObject({ status: 'invited' });
    expect((await mailsTo(own)).map((m) => m.kind)).toEqual(['signup']);
    expect(await userOf(other)).toMatchObject({ status: 'pending_approval' });
    expect(await mailsTo(other)).toEqual([]);
    // The demo's own company: Acme takes its domain at once.
    await signup('ACME-001', `pat@${DEMO_SIGNUP_DOMAIN}`);
    expect(await userOf(`pat@${DEMO_SIGNUP_DOMAIN}`)).toMatchObject({ status: 'invited' });
  });

  it("leaves a pending staff invitation alone: the invitee's name and link stay, and only the invitee hears of it", async () => {
    const email = 'invitee@globex.example';
    const invited = await staff.post('/api/v2/client-users', { company_id: companies['GLOBEX-002'], name: 'Ingrid Invitee', email });
    expect(invited.statusCode).toBe(201);
    const [invitation] = await mailsTo(email);
    const token = tokenIn(invitation!.body)!;
    for (const account of ['GLOBEX-002', 'ACME-001']) await signup(account, email, 'Mallory Renamed');
    expect(await userOf(email)).toMatchObject({ name: 'Ingrid Invitee', status: 'invited', company_id: companies['GLOBEX-002'] });
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['client_invite', 'signup-existing', 'signup-existing']);
    expect(mails[1]!.subject).toBe('Your Client Care invitation is waiting');
    expect(mails.slice(1).every((m) => !tokenIn(m.body))).toBe(true);
    // The invitation's link still works.
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/client/set-password', payload: { token, password: 'the invitee chose this' } })).statusCode).toBe(200);
    expect((await login(email, 'the invitee chose this')).json().user.name).toBe('Ingrid Invitee');
  });

  it('staff set the policy on the company; the email-domains policy needs a company domain', async () => {
    const id = companies['INIT-003'];
    const set = await staff.patch(`/api/v2/companies/${id}`, { signup_policy: 'email_domains', signup_domains: ['Initech.Example', 'initech.example', 'mail.initech.example'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().company).toMatchObject({ signup_policy: 'email_domains', signup_domains: ['initech.example', 'mail.initech.example'] });
    const none = await staff.patch(`/api/v2/companies/${id}`, { signup_domains: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('signup_domains');
    const publicDomain = await staff.patch(`/api/v2/companies/${id}`, { signup_domains: ['gmail.com'] });
    expect(publicDomain.json().error.fields).toEqual({ 'signup_domains.0': "A public mail service is nobody's company domain" });
    const notADomain = await staff.patch(`/api/v2/companies/${id}`, { signup_domains: ['@initech'] });
    expect(notADomain.json().error.fields).toHaveProperty(['signup_domains.0']);
    expect((await staff.patch(`/api/v2/companies/${id}`, { signup_policy: 'anyone' })).json().error.fields).toHaveProperty('signup_policy');
    expect((await staff.patch(`/api/v2/companies/${id}`, { signup_policy: 'off' })).json().company.signup_policy).toBe('off');
    const created = await staff.post('/api/v2/companies', { name: 'New Co', account_number: 'NEWCO-1' });
    expect(created.json().company).toMatchObject({ signup_policy: 'approval', signup_domains: [] });
  });

  it('does the same work before answering on every path: the account number, policy and email are looked at only afterwards', async () => {
    // Hold the work queued after the answer, and record every query made while answering.
    const held: (() => Promise<void>)[] = [];
    const run = t.ctx.background.run.bind(t.ctx.background);
    t.ctx.background.run = (_log, _what, work) => {
      held.push(work);
    };
    const pool = t.ctx.database.pool;
    const query = pool.query.bind(pool);
    let seen: string[] = [];
    pool.query = ((text: unknown, ...rest: unknown[]) => {
      seen.push(typeof text === 'string' ? text : (text as { text: string }).text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof pool.query;
    try {
      const paths = {
        unknownNumber: ['NO-SUCH-777', 'w1@nowhere.example'],
        policyOff: ['INIT-003', 'w2@initech.example'],
        approval: ['GLOBEX-002', 'w3@elsewhere.example'],
        domainAtOnce: ['UMBR-004', 'w4@umbrella.example'],
        domainOther: ['UMBR-004', 'w5@elsewhere.example'],
        emailTaken: ['ACME-001', 'client@globex.demo.test'],
      } as const;
      const work: Record<string, { status: number; body: string; queries: string[] }> = {};
      for (const [path, [number, email]] of Object.entries(paths)) {
        seen = [];
        const res = await signup(number, email);
        work[path] = { status: res.statusCode, body: res.body, queries: seen };
      }
      const first = Object.values(work)[0]!;
      for (const [path, w] of Object.entries(work)) expect(w, path).toEqual(first);
      // Before answering, only the per-address counter is touched; no company or user is read.
      expect(first.queries.length).toBeGreaterThan(0);
      expect(first.queries.every((q) => q.includes('rate_limits'))).toBe(true);
      expect(held).toHaveLength(Object.keys(paths).length);
    } finally {
      pool.query = query as typeof pool.query;
      t.ctx.background.run = run;
    }
    // The held work does what each path asks, once the answers are out.
    for (const work of held) await work();
    expect(await userOf('w3@elsewhere.example')).toMatchObject({ status: 'pending_approval' });
    expect(await userOf('w4@umbrella.example')).toMatchObject({ status: 'invited' });
    expect(await userOf('w1@nowhere.example')).toBeUndefined();
    expect((await mailsTo('client@globex.demo.test')).at(-1)).toMatchObject({ kind: 'signup-existing' });
  });
});
