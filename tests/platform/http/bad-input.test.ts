/**
 * Every route that takes a body refuses a body that is not JSON (400) and an oversized one
 * (413) with the JSON error shape, before anything else happens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '@server/app';
import { LIMITS } from '@contracts/common/constants';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, bearer, startTestApp, type Backend, type TestApp } from '@tests/support/test-app';

/** One app per backend for the whole file: every block below only reads, or writes records of its own. */
const apps = new Map<Backend, Promise<TestApp>>();
const appOn = (backend: Backend) => {
  if (!apps.has(backend)) apps.set(backend, startTestApp(backend));
  return apps.get(backend)!;
};
afterAll(async () => {
  for (const app of apps.values()) await (await app.catch(() => undefined))?.close();
});

describe('bad bodies on every route', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await appOn('embedded');
    token = await t.tokenFor('admin');
  });

  const withBody = () => listApiRoutes(t.app).filter((r) => /^(POST|PUT|PATCH) /.test(r));

  it('has routes with bodies to check', () => {
    expect(withBody().length).toBeGreaterThan(3);
  });

  it('answers 400 invalid_input for a body that is not JSON', async () => {
    for (const route of withBody()) {
      const [method, pattern] = route.split(' ') as ['POST', string];
      const url = pattern.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '{"title": "unterminated' });
      expect(res.statusCode, route).toBe(400);
      expect(res.json().error, route).toMatchObject({ code: 'invalid_input', fields: { body: 'Request body is not valid JSON' } });
    }
  });

  it('answers 413 payload_too_large for an oversized body', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(LIMITS.bodyBytes + 1) });
    for (const route of withBody()) {
      const [method, pattern] = route.split(' ') as ['POST', string];
      const url = pattern.replace(/:(\w+)/g, '1');
      const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: big });
      expect(res.statusCode, route).toBe(413);
      expect(res.json().error.code, route).toBe('payload_too_large');
    }
  });
});

describe.each(BACKENDS)('hostile values on %s', (backend) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let client: Record<string, string>;
  let ticketId: number;
  beforeAll(async () => {
    t = await appOn(backend);
    admin = bearer(await t.tokenFor('admin'));
    client = bearer(await t.tokenFor('acme'));
    ticketId = (await t.ctx.database.pool.query<{ id: number }>(`SELECT id FROM tickets WHERE status <> 'C' ORDER BY id LIMIT 1`)).rows[0]!.id;
  });

  type Request = { method: 'GET' | 'POST' | 'PATCH'; url: string; headers?: Record<string, string>; payload?: string | object };
  /** Answers 400 invalid_input naming exactly this field. */
  async function namesField(request: Request, field: string) {
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  }

  it('refuses a NUL byte in a query string and a lone surrogate in a title', async () => {
    await namesField({ method: 'GET', url: '/api/v2/client/tickets?q=a%00b', headers: client }, 'q');
    await namesField({ method: 'GET', url: '/api/v2/tickets?q=meter%00reads', headers: admin }, 'q');
    await namesField({ method: 'POST', url: '/api/v2/client/tickets', headers: { ...client, 'content-type': 'application/json' }, payload: '{"title":"Bills \\ud800","description":"x"}' }, 'title');
    await namesField({ method: 'PATCH', url: '/api/v2/contacts/7', headers: { ...admin, 'content-type': 'application/json' }, payload: '{"phone":"\\ud83d"}' }, 'phone');
    await namesField({ method: 'POST', url: '/api/v2/tickets', headers: admin, payload: { title: 'a\u0000b', description: 'x', company_id: 1, severity: 'M', queue: 'Support' } }, 'title');
  });

  it('refuses characters that change the direction of text in names and titles, even on the public form, and stores nothing', async () => {
    const answers = () => sqlOf(t).count('huhy_answers');
    const before = await answers();
    const channelId = (await t.app.inject({ method: 'GET', url: '/api/v2/public/huhy/channels' })).json().channels[0].id as number;
    const huhy = { company: 'Acme Utilities', name: 'Ann Lee', email: 'ann@acme.example', channelId };
    await namesField({ method: 'POST', url: '/api/v2/public/huhy', payload: { ...huhy, name: 'Ann\u202egpj.exe' } }, 'name');
    await namesField({ method: 'POST', url: '/api/v2/public/huhy', payload: { ...huhy, company: '\u2067Acme\u2069 Utilities' } }, 'company');
    expect(await answers()).toBe(before);
    await namesField({ method: 'POST', url: '/api/v2/client/tickets', headers: client, payload: { title: 'Invoice \u202efdp.exe\u202c', description: 'x' } }, 'title');
    // A description may quote right-to-left text with its controls closed on the line; an open override is refused.
    await namesField({ method: 'POST', url: '/api/v2/client/tickets', headers: client, payload: { title: 'Bills', description: 'Reads \u202eevil' } }, 'description');
    const quoted = await t.app.inject({ method: 'POST', url: '/api/v2/client/tickets', headers: client, payload: { title: 'Bills', description: 'The customer wrote \u2067שלום\u2069.\nSecond line.' } });
    expect(quoted.statusCode, quoted.body).toBe(201);
  });

  it('refuses impossible and far-off dates: 30 February, year 0, year 275760', async () => {
    await namesField({ method: 'GET', url: '/api/v2/surveys/results?from=2026-02-30', headers: admin }, 'from');
    await namesField({ method: 'GET', url: '/api/v2/surveys/results/export?to=0000-01-01', headers: admin }, 'to');
    await namesField({ method: 'GET', url: '/api/v2/tickets?due_from=0000-01-01', headers: admin }, 'due_from');
    await namesField({ method: 'GET', url: '/api/v2/tickets?due_to=2026-02-30T10:00:00Z', headers: admin }, 'due_to');
    await namesField({ method: 'PATCH', url: `/api/v2/tickets/${ticketId}`, headers: admin, payload: { duedate: '+275760-09-13' } }, 'duedate');
    await namesField({ method: 'PATCH', url: `/api/v2/tickets/${ticketId}`, headers: admin, payload: { duedate: '2026-02-28T24:00:00Z' } }, 'duedate');
    await namesField({ method: 'POST', url: `/api/v2/tickets/${ticketId}/time`, headers: admin, payload: { minutes: 10, work_date: '2026-02-30' } }, 'work_date');
    const { rows } = await t.ctx.database.pool.query(`SELECT count(*)::int AS n FROM tickets WHERE duedate > '2200-12-31'`);
    expect(rows[0].n).toBe(0);
  });

  it('keeps taking real dates, with or without a time and an offset', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/surveys/results?from=2024-02-29&to=2026-12-31', headers: admin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/tickets?due_from=2026-01-01&due_to=2026-03-01T10:00:00%2B02:00', headers: admin })).statusCode).toBe(200);
    const set = await t.app.inject({ method: 'PATCH', url: `/api/v2/tickets/${ticketId}`, headers: admin, payload: { duedate: '2026-03-01T10:00:00.000Z' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().ticket.duedate).toMatch(/^2026-03-01T10:00:00/);
  });

  it('refuses ids past PostgreSQL integer, in bodies, paths and query strings', async () => {
    await namesField({ method: 'POST', url: '/api/v2/ticket/check/overdue', headers: admin, payload: { userId: 2147483648 } }, 'userId');
    await namesField({ method: 'POST', url: '/api/v2/profile/who/am/i', headers: admin, payload: { userid: 2 ** 53 } }, 'userid');
    await namesField({ method: 'GET', url: '/api/v2/tickets/2147483648', headers: admin }, 'id');
    await namesField({ method: 'GET', url: '/api/v2/tickets?company=99999999999', headers: admin }, 'company');
    await namesField({ method: 'GET', url: '/api/v2/companies?page=1e20', headers: admin }, 'page');
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/ticket/check/overdue', headers: admin, payload: { userId: 2147483647 } })).statusCode).toBe(200);
  });

  it('answers a broken percent-encoding in the address in the API error shape, naming the url', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/tickets/%ED%A0%80', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'invalid_input', message: 'The address is not valid: it has a broken %-encoding', fields: { url: 'The address is not valid: it has a broken %-encoding' } },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
