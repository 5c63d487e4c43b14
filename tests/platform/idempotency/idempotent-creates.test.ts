/**
 * Creates with an Idempotency-Key happen once. A retry with the key answers the first answer
 * (same status, same body, `Idempotent-Replayed: true`) and writes nothing more, on every create
 * endpoint of tickets, companies, client users, the client portal, projects, sales and quotes; ten concurrent
 * requests with one key write once; the key with another body or address is refused (422), a
 * malformed key too (400); requests without a key behave as before; a key is its caller's own;
 * an answer lost after the commit is still the retry's answer; old keys are deleted by a job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from '@contracts/common/idempotency';
import { IDEMPOTENCY_RETENTION } from '@server/config';
import { expireIdempotencyKeys } from '@server/platform/idempotency';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type DemoAccount, type TestApp } from '@tests/support/test-app';

type Create = {
  name: string;
  as: DemoAccount;
  url: () => string;
  body: () => Record<string, unknown>;
  /** What one create adds rows to (counted before and after), and how many (default 1). */
  count: string;
  adds?: number;
};

/** A request header the test's own hook reads: the server commits, then the client never sees the answer. */
const LOSE_ANSWER = 'x-test-lose-answer';

describe.each(BACKENDS)('idempotent creates on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  const callers = {} as Record<DemoAccount, Api>;
  const ids = { acmeTicket: 0, product: 0, project: 0, decidedQuote: 0 };
  let sequence = 0;
  const unique = (what: string) => `${what} ${backend} ${++sequence}`;

  beforeAll(async () => {
    t = await startTestApp(backend, {
      jobs: 'manual',
      routes: (app) =>
        app.addHook('onSend', async (request, _reply, payload) => {
          if (request.headers[LOSE_ANSWER]) request.raw.socket.destroy();
          return payload;
        }),
    });
    sql = sqlOf(t);
    for (const who of ['agent', 'manager', 'acme'] as const) callers[who] = await apiAs(t, who);
    const ticket = await send('acme', 'POST', '/api/v2/client/tickets', { title: 'Replies go here', description: 'A ticket to reply to' });
    ids.acmeTicket = ticket.json().id;
    ids.product = (await send('acme', 'GET', '/api/v2/client/paper/products')).json().items[0].id;
    const { rows } = await t.ctx.database.pool.query(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    ids.project = (await send('agent', 'POST', '/api/v2/projects', { name: 'Keyed tasks', company_id: 1, owner_id: rows[0].id })).json().project.id;
    const decided = await t.ctx.database.pool.query(`SELECT id FROM quotes WHERE status = 'accepted' AND NOT superseded ORDER BY id LIMIT 1`);
    ids.decidedQuote = decided.rows[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (as: DemoAccount, method: 'GET' | 'POST', url: string, payload?: object, key?: string, headers: Record<string, string> = {}) =>
    callers[as].request(method, url, payload, { headers: { ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }), ...headers } });
  /** The figure `n` of a query that counts. */
  const count = async (text: string) => Number((await sql.one(text)).n);

  const CREATES: Create[] = [
    { name: 'a staff ticket', as: 'agent', url: () => '/api/v2/tickets', body: () => ({ title: unique('Keyed ticket'), description: 'Once only', company_id: 1, severity: 'M', queue: 'Support' }), count: 'SELECT count(*) AS n FROM tickets' },
    { name: 'a ticket note', as: 'agent', url: () => '/api/v2/tickets/1/notes', body: () => ({ body: unique('Keyed note') }), count: 'SELECT count(*) AS n FROM ticket_notes' },
    { name: 'time on a ticket', as: 'agent', url: () => '/api/v2/tickets/1/time', body: () => ({ minutes: 15, description: unique('Keyed time') }), count: 'SELECT count(*) AS n FROM time_entries' },
    { name: 'a company', as: 'agent', url: () => '/api/v2/companies', body: () => ({ name: unique('Keyed Water'), account_number: `KEY-${backend}-${++sequence}` }), count: 'SELECT count(*) AS n FROM companies' },
    { name: 'a contact', as: 'agent', url: () => '/api/v2/companies/1/contacts', body: () => ({ name: unique('Keyed Contact'), email: `contact${++sequence}@acme.example.com` }), count: 'SELECT count(*) AS n FROM contacts' },
    { name: 'a client user invite (and its one email)', as: 'agent', url: () => '/api/v2/client-users', body: () => ({ company_id: 1, name: unique('Keyed Invitee'), email: `invitee${++sequence}@acme.example.com` }), count: 'SELECT (SELECT count(*) FROM client_users) + (SELECT count(*) FROM outbox) AS n', adds: 2 },
    { name: 'a project', as: 'agent', url: () => '/api/v2/projects', body: () => ({ name: unique('Keyed project'), company_id: 1, owner_id: 1 }), count: 'SELECT count(*) AS n FROM projects' },
    { name: 'a task', as: 'agent', url: () => `/api/v2/projects/${ids.project}/tasks`, body: () => ({ title: unique('Keyed task'), column: 'backlog', estimate: 2 }), count: 'SELECT count(*) AS n FROM tasks' },
    { name: 'a sprint', as: 'agent', url: () => `/api/v2/projects/${ids.project}/sprints`, body: () => ({ name: unique('Keyed sprint'), start_date: '2026-03-02', end_date: '2026-03-13' }), count: 'SELECT count(*) AS n FROM sprints' },
    { name: "a client's ticket", as: 'acme', url: () => '/api/v2/client/tickets', body: () => ({ title: unique('Keyed portal ticket'), description: 'Once only' }), count: 'SELECT count(*) AS n FROM tickets' },
    { name: "a client's reply", as: 'acme', url: () => `/api/v2/client/tickets/${ids.acmeTicket}/replies`, body: () => ({ body: unique('Keyed reply') }), count: 'SELECT count(*) AS n FROM ticket_notes' },
    { name: 'a message to support', as: 'acme', url: () => '/api/v2/client/contact-support', body: () => ({ subject: unique('Keyed message'), message: 'Call me once' }), count: 'SELECT count(*) AS n FROM tickets' },
    { name: 'a paper order', as: 'acme', url: () => '/api/v2/client/paper/orders', body: () => ({ productId: ids.product, quantity: 2, shipTo: unique('1 Keyed St') }), count: 'SELECT count(*) AS n FROM paper_orders' },
    { name: 'a sales call', as: 'agent', url: () => '/api/v2/sales/activities', body: () => ({ kind: 'call', companyId: 1, occurredOn: new Date().toISOString().slice(0, 10), notes: unique('Keyed call') }), count: 'SELECT count(*) AS n FROM sales_activities' },
    { name: 'a territory', as: 'manager', url: () => '/api/v2/sales/territories', body: () => ({ name: unique('Keyed territory'), ownerId: null }), count: 'SELECT count(*) AS n FROM sales_territories' },
    { name: 'a catalog item', as: 'agent', url: () => '/api/v2/catalog', body: () => ({ sku: `KEY-${backend}-${++sequence}`, name: unique('Keyed item'), category: 'hardware', unitPriceCents: 12_345, unitCostCents: 8000 }), count: 'SELECT count(*) AS n FROM catalog_items' },
    {
      name: 'a quote',
      as: 'agent',
      url: () => '/api/v2/quotes',
      body: () => ({ type: 'support', companyId: 1, contactName: 'Pat Keyed', contactEmail: `pat${++sequence}@acme.example.com`, validUntil: '2099-01-01', taxRatePercent: 0, lines: [{ kind: 'item', description: unique('Hours'), quantity: 1, unitPriceCents: 500 }] }),
      count: 'SELECT count(*) AS n FROM quotes',
    },
    { name: "a quote's revision", as: 'agent', url: () => `/api/v2/quotes/${ids.decidedQuote}/revise`, body: () => ({}), count: 'SELECT count(*) AS n FROM quotes' },
    { name: 'a change request', as: 'acme', url: () => '/api/v2/client/scrs', body: () => ({ title: unique('Keyed SCR'), description: 'Once only' }), count: 'SELECT count(*) AS n FROM software_change_requests' },
  ];

  it.each(CREATES.map((c) => [c.name, c] as const))('answers a retry of %s with the first answer and writes once', async (_name, create) => {
    const url = create.url();
    const body = create.body();
    const key = `retry-${++sequence}`;
    const before = await count(create.count);
    const first = await send(create.as, 'POST', url, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await send(create.as, 'POST', url, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await count(create.count)).toBe(before + (create.adds ?? 1));
  });

  it('creates twice without a key, as before', async () => {
    const body = { title: unique('Unkeyed ticket'), description: 'Twice', company_id: 1, severity: 'M', queue: 'Support' };
    const before = await count('SELECT count(*) AS n FROM tickets');
    const first = await send('agent', 'POST', '/api/v2/tickets', body);
    const second = await send('agent', 'POST', '/api/v2/tickets', body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().ticket.id).not.toBe(first.json().ticket.id);
    expect(second.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(await count('SELECT count(*) AS n FROM tickets')).toBe(before + 2);
  });

  it('writes once for 10 concurrent requests with one key, and answers each with that one record', async () => {
    const body = { title: unique('Concurrent keyed ticket'), description: 'Ten at once', company_id: 1, severity: 'H', queue: 'Support' };
    const key = `concurrent-${++sequence}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('agent', 'POST', '/api/v2/tickets', body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()] === 'true')).toHaveLength(9);
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE title = '${body.title}'`)).toBe(1);
  });

  it('refuses the key with a different body or on another address (422 naming the header), writing nothing', async () => {
    const key = `reused-${++sequence}`;
    const body = { title: unique('First use'), description: 'The key is for this one', company_id: 1, severity: 'M', queue: 'Support' };
    expect((await send('agent', 'POST', '/api/v2/tickets', body, key)).statusCode).toBe(201);
    const before = await count('SELECT count(*) AS n FROM tickets');
    const otherBody = await send('agent', 'POST', '/api/v2/tickets', { ...body, title: unique('Second use') }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().error).toEqual({
      code: 'invalid_input',
      message: `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different body; send a new key with a new request`,
      fields: { [IDEMPOTENCY_KEY_HEADER]: 'Already used with a different body' },
    });
    const otherAddress = await send('agent', 'POST', '/api/v2/tickets/1/notes', { body: 'Same key, other place' }, key);
    expect(otherAddress.statusCode).toBe(422);
    expect(otherAddress.json().error.message).toBe(
      `This ${IDEMPOTENCY_KEY_HEADER} was already used for another request (POST /api/v2/tickets); send a new key with a new request`,
    );
    expect(await count('SELECT count(*) AS n FROM tickets')).toBe(before);
    expect(await count(`SELECT count(*) AS n FROM ticket_notes WHERE body = 'Same key, other place'`)).toBe(0);
  });

  it('takes the same body with its keys in another order as the same request', async () => {
    const key = `reordered-${++sequence}`;
    const title = unique('Reordered');
    const first = await send('agent', 'POST', '/api/v2/tickets', { title, description: 'd', company_id: 1, severity: 'M', queue: 'Support' }, key);
    const again = await send('agent', 'POST', '/api/v2/tickets', { queue: 'Support', severity: 'M', company_id: 1, description: 'd', title }, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1)],
    ['not ASCII', 'clé-1'],
    ['with a control character', 'key\tone'],
  ])('refuses a key that is %s with 400 naming the header, writing nothing', async (_what, key) => {
    const before = await count('SELECT count(*) AS n FROM tickets');
    const res = await send('agent', 'POST', '/api/v2/tickets', { title: unique('Bad key'), description: 'd', company_id: 1, severity: 'M', queue: 'Support' }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_input',
      message: `Invalid header: ${IDEMPOTENCY_KEY_HEADER} (must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters)`,
      fields: { [IDEMPOTENCY_KEY_HEADER]: `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters` },
    });
    expect(await count('SELECT count(*) AS n FROM tickets')).toBe(before);
  });

  it('takes a key of 255 printable characters', async () => {
    const res = await send('agent', 'POST', '/api/v2/tickets', { title: unique('Long key'), description: 'd', company_id: 1, severity: 'M', queue: 'Support' }, ` ~${'k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH - 2)}`);
    expect(res.statusCode).toBe(201);
  });

  it("keeps each caller's keys their own: another user's same key creates, and never sees the first answer", async () => {
    const key = `shared-${++sequence}`;
    const body = { title: unique('Same key, two people'), description: 'd', company_id: 1, severity: 'M', queue: 'Support' };
    const agent = await send('agent', 'POST', '/api/v2/tickets', body, key);
    const manager = await send('manager', 'POST', '/api/v2/tickets', body, key);
    expect([agent.statusCode, manager.statusCode]).toEqual([201, 201]);
    expect(manager.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(manager.json().ticket.id).not.toBe(agent.json().ticket.id);
  });

  it('runs a failed create again on retry: only a committed answer is kept', async () => {
    const key = `failed-${++sequence}`;
    const body = { title: unique('After a fix'), description: 'd', company_id: 999_999, severity: 'M', queue: 'Support' };
    const failed = await send('agent', 'POST', '/api/v2/tickets', body, key);
    expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    expect(failed.statusCode).toBeLessThan(500);
    expect(await count(`SELECT count(*) AS n FROM idempotency_keys WHERE key = '${key}'`)).toBe(0);
    const again = await send('agent', 'POST', '/api/v2/tickets', body, key);
    expect(again.statusCode).toBe(failed.statusCode);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('answers the retry of a create whose answer was lost after the commit with the first result', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const key = `lost-${++sequence}`;
    const body = { title: unique('Answer lost'), description: 'The connection dropped after the commit', company_id: 1, severity: 'M', queue: 'Support' };
    const post = (headers: Record<string, string>) =>
      fetch(`${address}/api/v2/tickets`, {
        method: 'POST',
        headers: { ...callers.agent.headers, 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key, ...headers },
        body: JSON.stringify(body),
      });
    await expect(post({ [LOSE_ANSWER]: '1' })).rejects.toThrow();
    const stored = (await t.ctx.database.pool.query(`SELECT id FROM tickets WHERE title = $1`, [body.title])).rows;
    expect(stored).toHaveLength(1);
    const retry = await post({});
    expect(retry.status).toBe(201);
    expect(retry.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
    expect(((await retry.json()) as { ticket: { id: number } }).ticket.id).toBe(stored[0].id);
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE title = '${body.title}'`)).toBe(1);
  });

  it('deletes keys older than the retention with its job, and keeps newer ones', async () => {
    const old = `old-${++sequence}`;
    const fresh = `fresh-${++sequence}`;
    for (const key of [old, fresh]) {
      expect((await send('agent', 'POST', '/api/v2/tickets/1/notes', { body: unique(`Note for ${key}`) }, key)).statusCode).toBe(201);
    }
    await t.ctx.database.pool.query(`UPDATE idempotency_keys SET created_at = now() - make_interval(hours => $2) - interval '1 minute' WHERE key = $1`, [old, IDEMPOTENCY_RETENTION.hours]);
    await t.ctx.jobs.send(expireIdempotencyKeys, {});
    expect(await t.ctx.jobs.runDue({ only: [expireIdempotencyKeys] })).toEqual({ ran: 1, failed: 0 });
    const { rows } = await t.ctx.database.pool.query(`SELECT key FROM idempotency_keys WHERE key = ANY($1) ORDER BY key`, [[old, fresh]]);
    expect(rows).toEqual([{ key: fresh }]);
  });
});
