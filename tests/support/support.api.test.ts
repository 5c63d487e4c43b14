/**
 * The shared API and SQL helpers of the API tests: what a call carries, whose session it is, and
 * what the SQL helper answers (or refuses to).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, apiWith, type Api } from './api';
import { sqlOf, type Sql } from './sql';
import { BACKENDS, startTestApp, type TestApp } from './test-app';

/** A route of this test only: it answers what it received. */
const ECHO = '/api/test/echo';

describe.each(BACKENDS)('the shared test helpers on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      routes: (app) =>
        app.route({
          method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
          url: ECHO,
          handler: async (request) => ({
            method: request.method,
            authorization: request.headers.authorization ?? null,
            trace: request.headers['x-trace'] ?? null,
            ip: request.ip,
            body: request.body ?? null,
          }),
        }),
    });
    sql = sqlOf(t);
  });
  afterAll(() => t.close());

  describe('apiAs and apiWith', () => {
    /** The profile of a staff user as the caller sees it. */
    const profile = async (api: Api, email: string) => {
      const { id } = await sql.one<{ id: number }>('SELECT id FROM staff_users WHERE email = $1', [email]);
      return api.post('/api/v2/profile/me', { user: id });
    };

    it('makes one session per demo account and app, and every call carries it', async () => {
      const before = await sql.count('sessions');
      const agent = await apiAs(t, 'agent');
      const again = await apiAs(t, 'agent');
      const manager = await apiAs(t, 'manager');
      expect(again.token).toBe(agent.token);
      expect(manager.token).not.toBe(agent.token);
      expect(await sql.count('sessions')).toBe(before + 2);
      expect(agent.headers).toEqual({ authorization: `Bearer ${agent.token}` });

      const me = await profile(agent, 'agent@demo.test');
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe('agent@demo.test');
      // Another user's profile is for managers and admins: the agent's calls are the agent's, the manager's the manager's.
      expect((await profile(agent, 'manager@demo.test')).statusCode).toBe(403);
      expect((await profile(manager, 'agent@demo.test')).json().email).toBe('agent@demo.test');
      expect((await (await apiAs(t, 'acme')).get('/api/v2/client/dashboard')).statusCode).toBe(200);
    });

    it('makes a new session when asked for a fresh one, at the app clock, and shares that one from then on', async () => {
      const old = await apiAs(t, 'admin');
      const clock = t.ctx.now;
      t.ctx.now = () => new Date(Date.now() + 40 * 60_000);
      try {
        // Forty minutes on, the shared session has been idle too long.
        expect((await profile(old, 'admin@demo.test')).statusCode).toBe(401);
        const fresh = await apiAs(t, 'admin', { fresh: true });
        expect(fresh.token).not.toBe(old.token);
        expect((await profile(fresh, 'admin@demo.test')).statusCode).toBe(200);
        expect((await apiAs(t, 'admin')).token).toBe(fresh.token);
      } finally {
        t.ctx.now = clock;
      }
    });

    it('sends each method with its body as JSON, the extra headers and the address a call names', async () => {
      const agent = await apiAs(t, 'agent');
      for (const [method, answer] of [
        ['GET', await agent.get(ECHO)],
        ['POST', await agent.post(ECHO, { a: 1 })],
        ['PUT', await agent.put(ECHO, { a: 2 })],
        ['PATCH', await agent.patch(ECHO, { a: 3 })],
        ['DELETE', await agent.delete(ECHO)],
        ['POST', await agent.request('POST', ECHO, { a: 4 })],
      ] as const) {
        expect(answer.json()).toMatchObject({ method, authorization: `Bearer ${agent.token}` });
      }
      expect((await agent.post(ECHO, { title: 'Printer' })).json().body).toEqual({ title: 'Printer' });
      expect((await agent.get(ECHO)).json().body).toBeNull();
      const traced = (await agent.post(ECHO, { a: 1 }, { headers: { 'x-trace': 'abc' }, remoteAddress: '10.9.8.7' })).json();
      expect(traced).toMatchObject({ trace: 'abc', ip: '10.9.8.7', authorization: `Bearer ${agent.token}` });
      // A header a call names wins over the caller's own.
      expect((await agent.get(ECHO, { headers: { authorization: 'Bearer other' } })).json().authorization).toBe('Bearer other');
    });

    it('calls with no session when the token is null, and with a token of the test own making otherwise', async () => {
      const anonymous = apiWith(t, null);
      expect(anonymous.headers).toEqual({});
      expect((await anonymous.get(ECHO)).json().authorization).toBeNull();
      expect((await profile(anonymous, 'agent@demo.test')).statusCode).toBe(401);
      const own = await t.tokenFor('admin');
      expect((await profile(apiWith(t, own), 'admin@demo.test')).json().email).toBe('admin@demo.test');
    });
  });

  describe('sqlOf', () => {
    it('answers rows, one row, and counts of a table, a table with a condition and a query', async () => {
      const open = await sql.rows<{ id: number }>(`SELECT id FROM tickets WHERE status <> 'C' ORDER BY id`);
      expect(open.length).toBeGreaterThan(1);
      expect(await sql.count(`tickets WHERE status <> $1`, ['C'])).toBe(open.length);
      expect(await sql.count(`SELECT id FROM tickets WHERE status <> 'C'`)).toBe(open.length);
      expect(await sql.count(`  with o AS (SELECT id FROM tickets WHERE status <> $1) SELECT * FROM o`, ['C'])).toBe(open.length);
      expect(await sql.count('tickets')).toBe((await sql.one<{ n: number }>('SELECT count(*)::int AS n FROM tickets')).n);
      expect(await sql.one('SELECT id, title FROM tickets WHERE id = $1', [open[0]!.id])).toMatchObject({ id: open[0]!.id });
      expect(await sql.rows('UPDATE tickets SET title = title WHERE id = -1')).toEqual([]);
    });

    it('refuses one row when the statement answers none or several, naming the statement', async () => {
      await expect(sql.one('SELECT id FROM tickets WHERE id = -1')).rejects.toThrow('Expected one row, got 0, from: SELECT id FROM tickets WHERE id = -1');
      await expect(sql.one('SELECT id FROM tickets')).rejects.toThrow(/^Expected one row, got \d+, from: SELECT id FROM tickets$/);
    });

    it('queries through a pool of the test own as through the app', async () => {
      const direct = sqlOf(t.ctx.database.pool);
      expect(await direct.count('staff_users')).toBe(await sql.count('staff_users'));
    });
  });
});
