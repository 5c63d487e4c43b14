import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, TOKEN_INVALID_MESSAGE } from '@contracts/client-portal';
import { DEMO_SIGNUP_DOMAIN } from '@server/seed/client-portal';
import { apiWith, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, settle, startTestApp, type TestApp } from '@tests/support/test-app';

const PASSWORD = 'a long enough passphrase';

/** The token of the newest outbox email to an address, read from its link. */
async function linkToken(t: TestApp, to: string, path: string): Promise<string> {
  await settle(t);
  const rows = await sqlOf(t).rows('SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to]);
  const match = new RegExp(`${path}/([\\w-]+)`).exec(rows[0]?.body ?? '');
  if (!match) throw new Error(`no ${path} link in the outbox for ${to}`);
  return match[1]!;
}

describe.each(BACKENDS)('client account flows on %s', (backend) => {
  let t: TestApp;
  /** Someone not signed in, as on the portal's public pages. */
  let visitor: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    visitor = apiWith(t, null);
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string) => visitor.post('/api/v2/client/login', { email, password });

  it('signs up at the company\'s email domain as invited, emails a set-password link, and activates through it', async () => {
    const email = `new.person@${DEMO_SIGNUP_DOMAIN}`;
    const res = await visitor.post('/api/v2/client/signup', { accountNumber: 'acme-001', name: 'New Person', email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    await settle(t);
    const { rows } = await t.ctx.database.pool.query('SELECT status FROM client_users WHERE email = $1', [email]);
    expect(rows[0].status).toBe('invited');
    expect((await login(email, PASSWORD)).statusCode).toBe(401);

    const token = await linkToken(t, email, '/client/set-password');
    expect(token.length).toBeGreaterThanOrEqual(22);
    const stored = await t.ctx.database.pool.query('SELECT token_hash FROM password_tokens ORDER BY id DESC LIMIT 1');
    expect(stored.rows[0].token_hash).not.toContain(token);

    expect((await visitor.post('/api/v2/client/set-password', { token, password: 'another long passphrase' })).statusCode).toBe(200);
    const logged = await login(email, 'another long passphrase');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().user.companyName).toBe('Acme Utilities');

    const again = await visitor.post('/api/v2/client/set-password', { token, password: PASSWORD });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ message: TOKEN_INVALID_MESSAGE, fields: { token: TOKEN_INVALID_MESSAGE } });
  });

  it('answers a signup for an existing account the same way, without touching the account', async () => {
    const fresh = await visitor.post('/api/v2/client/signup', { accountNumber: 'ACME-001', name: 'Someone', email: 'someone.new@example.test', password: PASSWORD });
    const taken = await visitor.post('/api/v2/client/signup', { accountNumber: 'GLOBEX-002', name: 'Mallory', email: 'client@acme.demo.test', password: PASSWORD });
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    await settle(t);
    const { rows } = await t.ctx.database.pool.query(
      `SELECT u.status, u.name, c.account_number FROM client_users u JOIN companies c ON c.id = u.company_id WHERE u.email = 'client@acme.demo.test'`,
    );
    expect(rows[0]).toEqual({ status: 'active', name: 'Casey Client', account_number: 'ACME-001' });
    const mail = await t.ctx.database.pool.query(`SELECT kind FROM outbox WHERE to_address = 'client@acme.demo.test' ORDER BY id DESC LIMIT 1`);
    expect(mail.rows[0].kind).toBe('signup-existing');
    expect((await login('client@acme.demo.test', PASSWORD)).statusCode).toBe(401);
  });

  it('names the field of a bad signup and refuses a common password', async () => {
    const missing = await visitor.post('/api/v2/client/signup', { accountNumber: 'ACME-001', email: 'x@example.test', password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('name');
    const badNumber = await visitor.post('/api/v2/client/signup', { accountNumber: '', name: 'X', email: 'x@example.test', password: PASSWORD });
    expect(badNumber.json().error.fields).toHaveProperty('accountNumber');
    const common = await visitor.post('/api/v2/client/signup', { accountNumber: 'ACME-001', name: 'X', email: 'x@example.test', password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toHaveProperty('password');
  });

  it('answers forgot-password the same for a known and an unknown email, and mails only the known one', async () => {
    const known = await visitor.post('/api/v2/client/forgot-password', { email: 'client@globex.demo.test' });
    const unknown = await visitor.post('/api/v2/client/forgot-password', { email: 'nobody.here@example.test' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(FORGOT_PASSWORD_MESSAGE);
    await settle(t);
    const { rows } = await t.ctx.database.pool.query('SELECT to_address FROM outbox WHERE to_address = ANY($1)', [
      ['client@globex.demo.test', 'nobody.here@example.test'],
    ]);
    expect(rows.map((r) => r.to_address)).toEqual(['client@globex.demo.test']);
  });

  it('resets the password, revokes every session of the user, and signs nobody in', async () => {
    const email = 'client@globex.demo.test';
    const old = await t.tokenFor('globex');
    expect((await apiWith(t, old).post('/api/v2/client/verify-token', {})).statusCode).toBe(200);
    await visitor.post('/api/v2/client/forgot-password', { email });
    const token = await linkToken(t, email, '/client/reset-password');
    const res = await visitor.post('/api/v2/client/reset-password', { token, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect((await apiWith(t, old).post('/api/v2/client/verify-token', {})).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link, and a set-password link on the reset route', async () => {
    await visitor.post('/api/v2/client/forgot-password', { email: 'client@acme.demo.test' });
    const token = await linkToken(t, 'client@acme.demo.test', '/client/reset-password');
    expect((await visitor.post('/api/v2/client/set-password', { token, password: PASSWORD })).statusCode).toBe(400);
    await t.ctx.database.pool.query(`UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await visitor.post('/api/v2/client/reset-password', { token, password: PASSWORD })).statusCode).toBe(400);
  });

  it('rate-limits forgot-password per account with 429 and Retry-After', async () => {
    const email = 'limited.account@example.test';
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await visitor.post('/api/v2/client/forgot-password', { email });
      statuses.push(res.statusCode);
      retryAfter ??= res.headers['retry-after'] as string | undefined;
    }
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
