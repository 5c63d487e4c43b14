/**
 * Sign-in limits: per account and address pair, per address, and per account a growing delay
 * instead of a lock, so an attacker guessing from many addresses cannot keep the owner out. The
 * counters live in PostgreSQL, shared by every app server on the database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { accountDelayMs, SIGN_IN_LIMITS } from '@server/platform/auth/limits';
import { ConfigError, loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PASSWORD = 'care-demo-2026';
const ROUTES = {
  staff: { url: '/api/v2/auth/login', email: 'admin@demo.test' },
  client: { url: '/api/v2/client/login', email: 'client@acme.demo.test' },
} as const;
type Audience = keyof typeof ROUTES;

describe('the account delay', () => {
  it('starts after the free failures, doubles, and stops growing at its cap', () => {
    const free = SIGN_IN_LIMITS.accountFreeFailures;
    expect([0, 1, free].map(accountDelayMs)).toEqual([0, 0, 0]);
    expect([free + 1, free + 2, free + 3, free + 4].map(accountDelayMs)).toEqual([500, 1000, 2000, 4000]);
    expect(accountDelayMs(free + 5)).toBe(SIGN_IN_LIMITS.accountDelayMaxMs);
    expect(accountDelayMs(10_000)).toBe(SIGN_IN_LIMITS.accountDelayMaxMs);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes true, or proxy addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['2', 'the load balancer', '10.0.0.0/33', '10.0.0.1,']) expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
  });
});

describe.each(BACKENDS)('sign-in limits on %s', (backend) => {
  let t: TestApp;
  const waits: number[] = [];
  beforeAll(async () => {
    t = await startTestApp(backend);
    t.ctx.limits.signIn.sleep = async (ms) => {
      waits.push(ms);
    };
  });
  afterAll(() => t?.close());

  const login = (who: Audience, password: string, ip: string, email: string = ROUTES[who].email) =>
    t.app.inject({ method: 'POST', url: ROUTES[who].url, remoteAddress: ip, payload: { email, password } });

  for (const who of ['staff', 'client'] as const) {
    it(`${who}: ten wrong passwords from ten addresses do not lock the owner out; from their own address they get in after a short wait`, async () => {
      waits.length = 0;
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await login(who, `wrong-guess-${i}`, `198.51.100.${i + 1}`)).statusCode);
      expect(statuses).toEqual(Array(10).fill(401));
      // The account slowed the attacker down from the sixth failure on, more with each one.
      expect(waits).toEqual([500, 1000, 2000, 4000]);
      const owner = await login(who, PASSWORD, `192.0.2.${who === 'staff' ? 10 : 11}`);
      expect(owner.statusCode, owner.body).toBe(200);
      expect(waits.at(-1)).toBe(SIGN_IN_LIMITS.accountDelayMaxMs);
    });
  }

  it('answers 429 with Retry-After to an account and address pair after five failures, even with the right password, while the owner elsewhere gets in', async () => {
    const email = 'manager@demo.test';
    const account = `staff:${email}`;
    for (let i = 0; i < SIGN_IN_LIMITS.perPair; i++) await t.ctx.limits.signIn.failed(account, '203.0.113.5');
    const over = await login('staff', 'wrong-again', '203.0.113.5', email);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('rate_limited');
    expect((await login('staff', PASSWORD, '203.0.113.5', email)).statusCode).toBe(429);
    expect((await login('staff', PASSWORD, '203.0.113.6', email)).statusCode).toBe(200);
  });

  it('forgives the owner their own failures from an address once they sign in there', async () => {
    const email = 'agent@demo.test';
    for (let i = 0; i < SIGN_IN_LIMITS.perPair - 1; i++) await t.ctx.limits.signIn.failed(`staff:${email}`, '203.0.113.7');
    expect((await login('staff', PASSWORD, '203.0.113.7', email)).statusCode).toBe(200);
    expect((await login('staff', 'one typo', '203.0.113.7', email)).statusCode).toBe(401);
    expect((await login('staff', PASSWORD, '203.0.113.7', email)).statusCode).toBe(200);
  });

  it('limits failures per address across accounts', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++) await t.ctx.limits.signIn.address.fail('203.0.113.9');
    expect((await login('client', 'wrong-password', '203.0.113.9', 'someone@example.test')).statusCode).toBe(429);
    expect((await login('client', 'wrong-password', '203.0.113.8', 'someone@example.test')).statusCode).toBe(401);
  });

  it('shares the counters between app servers on one database', async () => {
    const other = createContext(t.config, t.ctx.database);
    const second = await buildApp(other, { logger: false, serveStatic: false });
    try {
      const email = 'client@globex.demo.test';
      for (let i = 0; i < SIGN_IN_LIMITS.perPair; i++) await t.ctx.limits.signIn.failed(`client:${email}`, '203.0.113.20');
      const res = await second.inject({ method: 'POST', url: ROUTES.client.url, remoteAddress: '203.0.113.20', payload: { email, password: PASSWORD } });
      expect(res.statusCode).toBe(429);
      const { rows } = await t.ctx.database.pool.query<{ key: string }>('SELECT key FROM rate_limits');
      expect(rows.length).toBeGreaterThan(0);
      // Keys are hashes: no email address or IP address is stored in the counters.
      expect(rows.filter((r) => r.key.includes('@') || r.key.includes('203.0.113'))).toEqual([]);
    } finally {
      await second.close();
    }
  });

  describe('behind a proxy', () => {
    /** The same app's routes and counters with TRUST_PROXY set to the proxy (a second app server on the same database). */
    let behind: FastifyInstance;
    const account = `staff:${ROUTES.staff.email}`;
    beforeAll(async () => {
      behind = await buildApp(createContext({ ...t.config, trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy }, t.ctx.database), { logger: false, serveStatic: false });
      // The account's failures from the tests above are forgotten: these count from nothing.
      await t.ctx.limits.signIn.account.reset(account);
    });
    afterAll(() => behind?.close());

    const viaProxy = (app: FastifyInstance, forwardedFor: string, password = 'wrong-password') =>
      app.inject({
        method: 'POST',
        url: ROUTES.staff.url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: ROUTES.staff.email, password },
      });

    it('with TRUST_PROXY set to the proxy, counts the client address it forwards', async () => {
      for (let i = 0; i < SIGN_IN_LIMITS.perPair; i++) await t.ctx.limits.signIn.failed(account, '203.0.113.50');
      expect((await viaProxy(behind, '203.0.113.50')).statusCode).toBe(429);
      expect((await viaProxy(behind, '203.0.113.51', PASSWORD)).statusCode).toBe(200);
    });

    it('without it, ignores X-Forwarded-For: a client cannot pick the address it is counted under', async () => {
      await t.ctx.limits.signIn.account.reset(account);
      for (let i = 0; i < SIGN_IN_LIMITS.perPair; i++) await t.ctx.limits.signIn.failed(account, '127.0.0.1');
      expect((await viaProxy(t.app, '203.0.113.60', PASSWORD)).statusCode).toBe(429);
    });
  });
});
