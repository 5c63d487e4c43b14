/**
 * Every API route × audience, with the status each must get. A route that is not in the table
 * fails the test, so a new route cannot ship without its authorization decided and checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '../../server/app';
import { BACKENDS, bearer, startTestApp, type DemoAccount, type TestApp } from './helpers';

type Audience = 'anonymous' | 'client' | 'user' | 'manager' | 'admin';
const AUDIENCES: Audience[] = ['anonymous', 'client', 'user', 'manager', 'admin'];
const ACCOUNT: Record<Exclude<Audience, 'anonymous'>, DemoAccount> = { client: 'acme', user: 'agent', manager: 'manager', admin: 'admin' };

type Row = {
  /** The body to send; a function gets the caller's own staff user id (agent's for others). */
  body?: unknown | ((ids: { self: number; other: number }) => unknown);
  expect: Record<Audience, number>;
};

const all = (status: number): Record<Audience, number> => ({ anonymous: status, client: status, user: status, manager: status, admin: status });
const staffOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: 401, user: ok, manager: ok, admin: ok });
const clientOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: ok, user: 401, manager: 401, admin: 401 });

export const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: all(200) },
  // Sign-in endpoints answer the same to everyone: a wrong password is 401 whoever asks.
  'POST /api/v2/auth/login': { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) },
  'POST /api/v2/client/login': { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) },
  'GET /logout': { expect: { anonymous: 401, client: 200, user: 200, manager: 200, admin: 200 } },
  'POST /api/v2/profile/who/am/i': { body: ({ self }: { self: number }) => ({ userid: self }), expect: staffOnly() },
  'POST /api/v2/profile/me': { body: ({ self }: { self: number }) => ({ user: self }), expect: staffOnly() },
  'GET /api/v2/tickets/mine': { expect: staffOnly() },
  'POST /api/v2/client/verify-token': { expect: clientOnly() },
};

/** Looking up another staff user's profile needs manager or admin. */
const OTHER_USER_ROWS: Record<string, Row> = {
  'POST /api/v2/profile/who/am/i': { body: ({ other }: { other: number }) => ({ userid: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } },
  'POST /api/v2/profile/me': { body: ({ other }: { other: number }) => ({ user: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } },
};

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let t: TestApp;
  const ids = new Map<Audience, number>();
  beforeAll(async () => {
    t = await startTestApp(backend);
    const { rows } = await t.ctx.database.pool.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    ids.set('user', byEmail.get('agent@demo.test')!);
    ids.set('manager', byEmail.get('manager@demo.test')!);
    ids.set('admin', byEmail.get('admin@demo.test')!);
  });
  afterAll(() => t?.close());

  it('has a row for every API route, and no row for a route that does not exist', () => {
    const routes = listApiRoutes(t.app).sort();
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  const cases = [
    ...Object.entries(MATRIX).map(([route, row]) => ({ route, row, label: route })),
    ...Object.entries(OTHER_USER_ROWS).map(([route, row]) => ({ route, row, label: `${route} (another user)` })),
  ];
  for (const { route, row, label } of cases) {
    for (const audience of AUDIENCES) {
      it(`${label} as ${audience} → ${row.expect[audience]}`, async () => {
        const [method, url] = route.split(' ') as [string, string];
        // A fresh session each time, so a sign-out row cannot affect another row.
        const headers = audience === 'anonymous' ? {} : bearer(await t.tokenFor(ACCOUNT[audience]));
        const self = ids.get(audience) ?? ids.get('user')!;
        const other = self === ids.get('admin') ? ids.get('user')! : ids.get('admin')!;
        const body = typeof row.body === 'function' ? (row.body as (x: object) => unknown)({ self, other }) : row.body;
        const res = await t.app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
        expect(res.statusCode, res.body).toBe(row.expect[audience]);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      });
    }
  }
});
