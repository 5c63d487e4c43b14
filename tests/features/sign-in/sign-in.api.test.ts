import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '@server/platform/auth/sessions';
import { hashToken } from '@server/platform/auth/tokens';
import { passwordProblem, verifyPassword } from '@server/platform/auth/passwords';
import { apiWith } from '@tests/support/api';
import { BACKENDS, bearer, startTestApp, type TestApp } from '@tests/support/test-app';

const PASSWORD = 'care-demo-2026';

describe.each(BACKENDS)('staff and client sign-in on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t?.close());

  const login = (path: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: path, payload: { email, password } });

  it('signs a staff user in and answers the per-tab session fields', async () => {
    const res = await login('/api/v2/auth/login', 'Agent@Demo.test ', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userid: expect.any(Number), username: 'Avery Agent', role: 'user' });
    expect(res.json().token).toMatch(/^[\w-]{43}$/);
  });

  it('stores only the hash of a session token', async () => {
    const { token } = (await login('/api/v2/auth/login', 'manager@demo.test', PASSWORD)).json();
    const { rows } = await t.ctx.database.pool.query('SELECT token_hash FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rows).toHaveLength(1);
    const raw = await t.ctx.database.pool.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(raw.rows).toHaveLength(0);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const unknown = await login('/api/v2/auth/login', 'nobody@demo.test', PASSWORD);
    const wrong = await login('/api/v2/auth/login', 'admin@demo.test', 'wrong-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ error: { code: 'invalid_credentials', message: 'Email or password is incorrect' } });
  });

  it('names each bad field of a sign-in body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email: 'not-an-email', password: 'x'.repeat(129) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Invalid email address', password: 'Password must be at most 128 characters' });
    const extra = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email: 'a@b.test', password: 'x', admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toContain('admin');
  });

  it('signs a client user in with the company, and keeps staff and client tokens apart', async () => {
    const res = await login('/api/v2/client/login', 'client@acme.demo.test', PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(user).toMatchObject({ id: expect.any(Number), email: 'client@acme.demo.test', companyName: 'Acme Utilities' });
    const verify = await t.app.inject({ method: 'POST', url: '/api/v2/client/verify-token', headers: bearer(token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ valid: true, user });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(token) })).statusCode).toBe(401);
    const staffToken = await t.tokenFor('agent');
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/client/verify-token', headers: bearer(staffToken) })).statusCode).toBe(401);
    // A staff account cannot sign in to the client portal.
    expect((await login('/api/v2/client/login', 'agent@demo.test', PASSWORD)).statusCode).toBe(401);
  });

  it('revokes the session on sign-out; the token is useless afterwards', async () => {
    const token = await t.tokenFor('agent');
    expect((await t.app.inject({ method: 'GET', url: '/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('expires a session after the idle time and after the absolute lifetime', async () => {
    const idle = await t.tokenFor('agent');
    await t.ctx.database.pool.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [hashToken(idle)]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(idle) })).statusCode).toBe(401);
    const old = await t.tokenFor('agent');
    await t.ctx.database.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(old)]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(old) })).statusCode).toBe(401);
    const fresh = await t.tokenFor('agent');
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(fresh) })).statusCode).toBe(200);
  });

  it('a disabled staff user loses every session', async () => {
    const token = await t.tokenFor('manager');
    await t.ctx.database.pool.query(`UPDATE staff_users SET active = false WHERE email = 'manager@demo.test'`);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets/mine', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await t.ctx.database.pool.query(`UPDATE staff_users SET active = true WHERE email = 'manager@demo.test'`);
    }
  });

  it('answers who/am/i as a one-item list with the role, and profile/me with the name', async () => {
    const token = await t.tokenFor('agent');
    const { rows } = await t.ctx.database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    const who = await t.app.inject({ method: 'POST', url: '/api/v2/profile/who/am/i', headers: bearer(token), payload: { userid: String(rows[0].id) } });
    expect(who.json()).toEqual([expect.objectContaining({ userid: rows[0].id, role: 'user', name: 'Avery Agent' })]);
    const me = await t.app.inject({ method: 'POST', url: '/api/v2/profile/me', headers: bearer(token), payload: { user: rows[0].id } });
    expect(me.json()).toMatchObject({ name: 'Avery Agent' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/v2/profile/me', headers: bearer(token), payload: { user: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ user: 'Must be a user id' });
  });
});

describe.each(BACKENDS)('the idle clock of a session on %s', (backend) => {
  let t: TestApp;
  let agentId: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { env: { SESSION_IDLE_MINUTES: '1' } });
    agentId = (await t.ctx.database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
  });
  afterAll(() => t?.close());
  const mine = (token: string) => apiWith(t, token).get('/api/v2/tickets/mine');

  it('counts the idle minute from the latest use: used at 50 s, still valid at 100 s and 159 s, ended at 220 s', async () => {
    const start = Date.now();
    const at = (seconds: number) => {
      t.ctx.now = () => new Date(start + seconds * 1000);
    };
    const token = await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: agentId }, new Date(start));
    const statuses: Record<number, number> = {};
    for (const s of [50, 100, 159, 220]) {
      at(s);
      statuses[s] = (await mine(token)).statusCode;
    }
    expect(statuses).toEqual({ 50: 200, 100: 200, 159: 200, 220: 401 });
  });

  it('records every use: a use 50 s after the last one moves the idle end, whatever the database clock says', async () => {
    t.ctx.now = () => new Date();
    const token = await t.tokenFor('agent');
    const back = (seconds: number) =>
      t.ctx.database.pool.query(
        `UPDATE sessions SET created_at = created_at - make_interval(secs => $2), last_seen_at = last_seen_at - make_interval(secs => $2) WHERE token_hash = $1`,
        [hashToken(token), seconds],
      );
    await back(50);
    expect((await mine(token)).statusCode).toBe(200);
    await back(50);
    expect((await mine(token)).statusCode).toBe(200);
  });
});

describe('passwords', () => {
  it('refuses short, overlong and common passwords, and nothing else', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('Password123')).toMatch(/too common/);
    expect(passwordProblem('correct horse battery staple')).toBeNull();
  });

  it('verifies against the stored scrypt hash and rejects a malformed one', async () => {
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
  });
});
