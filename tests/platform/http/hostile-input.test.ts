/**
 * Hostile input never gets a 5xx. A property-based test (fast-check) over every route of the
 * authorization matrix, enumerated from the app's own route list. Each route's endpoint definition
 * gives the schemas of its query and body; a first, valid request (the matrix row's) must answer
 * below 500; then bodies start from the row's valid body with one or two of the contract's fields
 * replaced by hostile values, query strings are built from the contract's query parameters, and
 * path ids are mangled. Hostile values: NUL bytes, lone surrogates, impossible and far-off dates,
 * ids past PostgreSQL's integer, huge and odd numbers, nested objects, broken percent-encoding.
 * Each request goes as the audience the route serves (a staff admin, a client user or nobody).
 * Every answer must be below 500, and a 400 must name at least one field.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { listApiRoutes, listEndpoints } from '@server/app';
import { isSafeText } from '@contracts/common/input';
import type { MatrixIds, Row } from '@tests/support/authz';
import { BACKENDS, bearer, settle, startTestApp, type TestApp } from '@tests/support/test-app';

/** The field names of an object schema (or of every option of a union of them). */
function keysOf(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; options?: unknown[]; def?: { in?: unknown } };
  if (s?.shape) return Object.keys(s.shape);
  if (Array.isArray(s?.options)) return [...new Set(s.options.flatMap(keysOf))];
  if (s?.def?.in) return keysOf(s.def.in);
  return [];
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * The paths of the text fields in a schema that do not carry the one text check (isSafeText):
 * what a route would take unchecked. Only the input side of a pipe counts.
 */
function textWithoutCheck(schema: unknown, path = '$'): string[] {
  const def = defOf(schema);
  const inner = (key: string) => textWithoutCheck(def[key], path);
  switch (def.type) {
    case 'string': {
      const checks = (def.checks as { _zod: { def: { fn?: unknown } } }[] | undefined) ?? [];
      return checks.some((c) => c._zod.def.fn === isSafeText) ? [] : [path];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) => textWithoutCheck(v, `${path}.${k}`));
    case 'union':
      return (def.options as unknown[]).flatMap((o) => textWithoutCheck(o, path));
    case 'array':
      return textWithoutCheck(def.element, `${path}[]`);
    case 'pipe':
      return inner('in');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    default:
      return [];
  }
}

type RowsModule = { ROWS: Record<string, Row>; prepare?: (pool: TestApp['ctx']['database']['pool'], ctx: TestApp['ctx']) => Promise<Record<string, number>> };
const modules = Object.values(import.meta.glob<RowsModule>(['../../features/*/authz.ts', '../**/authz.ts'], { eager: true })).filter((m) => 'ROWS' in m);
const MATRIX: Record<string, Row> = Object.assign({}, ...modules.map((m) => m.ROWS));

/** Field names of every object schema the contracts export: query parameters and body fields apart. */
function contractFields(): { query: string[]; body: string[] } {
  const query = new Set<string>();
  const body = new Set<string>();
  const contracts = import.meta.glob<Record<string, unknown>>('../../../src/contracts/**/*.ts', { eager: true });
  for (const mod of Object.values(contracts)) {
    for (const [name, value] of Object.entries(mod)) {
      const shape = (value as { shape?: Record<string, ZodType> } | null)?.shape;
      if (!shape || typeof shape !== 'object' || !name.endsWith('Schema')) continue;
      for (const key of Object.keys(shape)) (/Query|Params/.test(name) ? query : body).add(key);
    }
  }
  return { query: [...query].sort(), body: [...body].sort() };
}
const FIELDS = contractFields();

/** Requests per route, and fewer on routes that hash a password (about 0.1 s each). */
const RUNS = 14;
const RUNS_HASHING = 5;
const HASHING = /\/(login|signup|set-password|reset-password)$/;

const surrogateOrAnyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(
    '\u0000', 'a\u0000b', '\ud800', 'title \udfff', '\ud83d', '\udc00\ud800', 'x'.repeat(300), 'y'.repeat(21_000),
    '2026-02-30', '0000-01-01', '+275760-09-13', '-000001-01-01', '2026-02-28T24:00:00Z', '9999-12-31', '1899-12-31', '2026-1-1',
    '2147483648', '-1', '0', '1.5', '1e308', '-0', 'NaN', 'Infinity', '0x10', ' 7 ', '',
    "' OR 1=1 --", '%', '_', '\\', '\\\\x00', '*:*', '!', '&|<->', 'a:b', 'A,WOC,ZZZ', 'title:asc,id:sideways,x', 'duedate:asc,id:desc,title:asc,queue:asc',
    'null', 'true', '[]', '{}', 'javascript:alert(1)', '=HYPERLINK("x")', '\r\n', '\t', '😀'.repeat(50), '\u202eevil', 'ä'.normalize('NFD'),
  ) },
  { weight: 2, arbitrary: fc.string({ unit: surrogateOrAnyUnit, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -1, 0, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, -2_147_483_649, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { $gt: '' }, [[[[]]]], { a: { b: { c: {} } } }) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
);

/** Query values as they arrive on the wire, broken percent-encoding included. */
const RAW_QUERY = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', '%FF%FE', '%', '%ZZ', '%E0%A4%A', '%F0%9F%98', '+', '%2B275760-09-13', '2026-02-30', '0000-01-01', '2147483648'];
const queryValue = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...RAW_QUERY) },
  { weight: 3, arbitrary: hostileText.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))) },
);
const PATH_IDS = ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '%00', '%ED%A0%80', '1e3', '%20', '0x10', 'NaN', '1%00'];

type Attempt = { path: string; query?: string; body?: unknown; ip: string };

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  let t: TestApp;
  const ids = { self: 0, other: 0, extra: {} as Record<string, number> };
  let clientIds = { self: 0, other: 0, extra: {} as Record<string, number> };
  beforeAll(async () => {
    t = await startTestApp(backend);
    // The account delay only slows sign-in down; here it would only slow the test down.
    t.ctx.limits.signIn.sleep = async () => undefined;
    const { rows } = await t.ctx.database.pool.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
    const byEmail = new Map(rows.map((r) => [r.email, r.id]));
    ids.self = byEmail.get('admin@demo.test')!;
    ids.other = byEmail.get('agent@demo.test')!;
    for (const m of modules) if (m.prepare) Object.assign(ids.extra, await m.prepare(t.ctx.database.pool, t.ctx));
    clientIds = { ...ids, self: byEmail.get('agent@demo.test')!, other: ids.self };
  });
  afterAll(() => t?.close());

  const resolve = <T>(value: T | ((i: MatrixIds) => T), i: MatrixIds): T => (typeof value === 'function' ? (value as (i: MatrixIds) => T)(i) : value);

  it('answers every route of the matrix below 500, and names a field in every 400', { timeout: 300_000 }, async () => {
    const started = Date.now();
    const routes = listApiRoutes(t.app).sort();
    const endpoints = listEndpoints(t.app);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    let requests = 0;
    const contractsParsed = new Set<unknown>();
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const row = MATRIX[route]!;
      // The audience the route serves: staff (as an admin), else a client user, else nobody.
      const audience = row.expect.admin !== 401 ? 'admin' : row.expect.client !== 401 ? 'client' : 'anonymous';
      const rowIds = audience === 'client' ? clientIds : ids;
      const baseBody = row.body === undefined ? undefined : resolve(row.body, rowIds);
      const baseUrl = row.url === undefined ? pattern : resolve(row.url, rowIds);
      const basePath = baseUrl.split('?')[0]!;
      const withBody = ['POST', 'PUT', 'PATCH'].includes(method);

      // A fresh session per route, so a sign-out route cannot end the others' session.
      const token = audience === 'anonymous' ? undefined : await t.tokenFor(audience === 'admin' ? 'admin' : 'acme');
      const headers = (json: boolean) => ({ ...(token ? bearer(token) : {}), ...(json ? { 'content-type': 'application/json' } : {}) });

      // The valid request of the matrix row shows the contract the route parses its input with.
      const probe = await t.app.inject({ method: method as 'GET', url: baseUrl, headers: headers(baseBody !== undefined), ...(baseBody !== undefined ? { payload: JSON.stringify(baseBody) } : {}) });
      expect(probe.statusCode, `${route} (valid request) → ${probe.body.slice(0, 300)}`).toBeLessThan(500);
      // The schemas the route validates with: its endpoint definition's.
      const endpoint = endpoints.get(route);
      expect(endpoint, `${route} has an endpoint definition`).toBeDefined();
      const schemas = [
        { schema: endpoint!.query, what: 'query' },
        { schema: endpoint!.body, what: 'body' },
        { schema: endpoint!.params, what: 'path' },
      ].filter((c) => c.schema !== undefined);
      for (const c of schemas) contractsParsed.add(c.schema);
      const queryKeys = schemas.filter((c) => c.what === 'query').flatMap((c) => keysOf(c.schema));
      const bodyKeys = [...new Set([...schemas.filter((c) => c.what === 'body').flatMap((c) => keysOf(c.schema)), ...Object.keys((baseBody as object | undefined) ?? {})])];

      const field = (own: string[], any: string[]) =>
        own.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...any) }) : fc.constantFrom(...any);
      const body: fc.Arbitrary<unknown> = fc.oneof(
        { weight: 8, arbitrary: fc
          .array(fc.tuple(field(bodyKeys, FIELDS.body), hostileValue), { minLength: 1, maxLength: 2 })
          .map((changes) => ({ ...((baseBody as object | undefined) ?? {}), ...Object.fromEntries(changes) })) },
        { weight: 1, arbitrary: fc.constant(baseBody ?? {}) },
        { weight: 1, arbitrary: hostileValue },
      );
      const query = fc
        .array(fc.tuple(field(queryKeys, FIELDS.query), queryValue), { minLength: 1, maxLength: 3 })
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
      const path = pattern.includes(':')
        ? fc.oneof({ weight: 2, arbitrary: fc.constant(basePath) }, { weight: 1, arbitrary: fc.constantFrom(...PATH_IDS).map((id) => pattern.replace(/:\w+/g, id)) })
        : fc.constant(basePath);
      const attempt: fc.Arbitrary<Attempt> = fc.record({
        path,
        query: fc.oneof(
          { weight: method === 'GET' ? 4 : 1, arbitrary: query },
          { weight: method === 'GET' ? 1 : 3, arbitrary: fc.constant(undefined) },
        ),
        body: withBody ? body : fc.constant(undefined),
        ip: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([x, y, z]) => `10.${x}.${y}.${z}`),
      });

      await fc.assert(
        fc.asyncProperty(attempt, async (a) => {
          requests += 1;
          const url = a.query ? `${a.path}?${a.query}` : a.path;
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            remoteAddress: a.ip,
            headers: headers(a.body !== undefined),
            ...(a.body !== undefined ? { payload: JSON.stringify(a.body) } : {}),
          });
          const what = `${route} ${url} ${a.body === undefined ? '' : JSON.stringify(a.body).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400 && res.headers['content-type']?.toString().startsWith('application/json')) {
            const error = res.json().error;
            expect(error, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            if (res.statusCode === 400) expect(Object.keys(error.fields ?? {}).length, what).toBeGreaterThan(0);
          }
        }),
        { numRuns: HASHING.test(pattern) ? RUNS_HASHING : RUNS, endOnFailure: true },
      );
    }
    await settle(t);
    // One text schema: every text field of every contract a route parses carries its check.
    expect(contractsParsed.size).toBeGreaterThan(30);
    expect([...contractsParsed].flatMap((schema) => textWithoutCheck(schema))).toEqual([]);
    console.info(`hostile input on ${backend}: ${requests} requests over ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
