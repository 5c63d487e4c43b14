/**
 * Every API route × audience, with the status each must get. The rows live in
 * tests/features/<feature>/authz.ts, one file per feature. A route that is in no file fails the test, so a
 * new route cannot ship without its authorization decided and checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '@server/app';
import { AUDIENCES, declarationMismatches, type Audience, type MatrixIds, type Row } from '@tests/support/authz';
import { BACKENDS, bearer, startTestApp, type DemoAccount, type TestApp } from '@tests/support/test-app';

type RowsModule = {
  ROWS: Record<string, Row>;
  EXTRA_CASES?: { route: string; label: string; row: Row }[];
  /** Looks up (or makes) ids the rows need (own and other company objects); merged into `ids.extra`. */
  prepare?: (pool: TestApp['ctx']['database']['pool'], ctx: TestApp['ctx']) => Promise<Record<string, number>>;
};
const modules = Object.values(import.meta.glob<RowsModule>(['../features/*/authz.ts', '../platform/**/authz.ts'], { eager: true })).filter((m) => 'ROWS' in m);
const MATRIX: Record<string, Row> = Object.assign({}, ...modules.map((m) => m.ROWS));
const EXTRA = modules.flatMap((m) => m.EXTRA_CASES ?? []);

const ACCOUNT: Record<Exclude<Audience, 'anonymous'>, DemoAccount> = { client: 'acme', user: 'agent', manager: 'manager', admin: 'admin' };

const resolve = <T>(value: T | ((ids: MatrixIds) => T), ids: MatrixIds): T =>
  typeof value === 'function' ? (value as (ids: MatrixIds) => T)(ids) : value;

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let t: TestApp;
  const ids = new Map<Audience, number>();
  const extra: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend);
    const { rows } = await t.ctx.database.pool.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    ids.set('user', byEmail.get('agent@demo.test')!);
    ids.set('manager', byEmail.get('manager@demo.test')!);
    ids.set('admin', byEmail.get('admin@demo.test')!);
    for (const m of modules) if (m.prepare) Object.assign(extra, await m.prepare(t.ctx.database.pool, t.ctx));
  });
  afterAll(() => t?.close());

  it('has a row for every API route, and no row for a route that does not exist', () => {
    const routes = listApiRoutes(t.app).sort();
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it("keeps every endpoint's declared audience and roles in its row", () => {
    const rows = Object.values(MATRIX).filter((r) => 'endpoint' in r) as Parameters<typeof declarationMismatches>[0][];
    expect(rows.flatMap(declarationMismatches)).toEqual([]);
  });

  const cases = [
    ...Object.entries(MATRIX).map(([route, row]) => ({ route, row, label: route })),
    ...EXTRA.map(({ route, row, label }) => ({ route, row, label: `${route} (${label})` })),
  ];
  for (const { route, row, label } of cases) {
    for (const audience of AUDIENCES) {
      it(`${label} as ${audience} → ${row.expect[audience]}`, async () => {
        const [method, pattern] = route.split(' ') as [string, string];
        // A fresh session each time, so a sign-out row cannot affect another row.
        const headers = audience === 'anonymous' ? {} : bearer(await t.tokenFor(ACCOUNT[audience]));
        const self = ids.get(audience) ?? ids.get('user')!;
        const other = self === ids.get('admin') ? ids.get('user')! : ids.get('admin')!;
        const body = row.body === undefined ? undefined : resolve(row.body, { self, other, extra });
        const url = row.url === undefined ? pattern : resolve(row.url, { self, other, extra });
        const res = await t.app.inject({ method: method as 'GET', url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
        expect(res.statusCode, res.body).toBe(row.expect[audience]);
        if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      });
    }
  }
});
