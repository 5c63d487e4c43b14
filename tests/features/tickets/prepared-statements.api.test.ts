import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { authenticate, createSession, SESSION_STATEMENTS } from '@server/platform/auth/sessions';
import { OVERDUE_STATEMENT, overdueTicketsJson } from '@server/features/overdue/overdue.repo';
import { loadTicket, loadView, VIEW_STATEMENTS } from '@server/features/tickets/tickets.repo';
import { forgetPreparedSearches, matchStatement, searchTickets, windowStatement } from '@server/features/tickets/search';
import { ticketSearchQuerySchema } from '@contracts/tickets';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/**
 * The fixed statements of the ticket routes are prepared once a connection and then only
 * executed, with the answers they gave unnamed (docs/adr/0263).
 */
describe.each(BACKENDS)('the fixed statements of the ticket routes, prepared, on %s', (backend) => {
  let t: TestApp;
  let agentId: number;
  let clientUserId: number;
  let ticketId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    agentId = (await pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
    clientUserId = (await pool.query(`SELECT id FROM client_users WHERE status = 'active' ORDER BY id LIMIT 1`)).rows[0].id;
    ticketId = (await pool.query(`SELECT ticket_id AS id FROM ticket_notes GROUP BY ticket_id ORDER BY count(*) DESC LIMIT 1`)).rows[0].id;
  });
  afterAll(() => t?.close());

  /** Runs `work` on one connection more often than PostgreSQL plans each value before keeping a plan; answers how often each named statement ran there. */
  const onOneConnection = async (work: (client: PoolClient) => Promise<void>, names: string[]) => {
    const client = await t.ctx.database.pool.connect();
    try {
      for (let i = 0; i < 7; i++) await work(client);
      const { rows } = await client.query(`SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE name = ANY($1) ORDER BY name`, [names]);
      return Object.fromEntries(rows.map((r) => [r.name, r.runs]));
    } finally {
      client.release();
    }
  };
  /** The same connection's statements sent unnamed. */
  const unnamed = (pool: Pool) => ({ query: (q: string | QueryConfig, v?: unknown[]) => (typeof q === 'string' ? pool.query(q, v) : pool.query(q.text, q.values)) }) as unknown as PoolClient;

  it.each(['staff', 'client'] as const)('checks %s sessions with one prepared statement, with the same answers', async (audience) => {
    const userId = audience === 'staff' ? agentId : clientUserId;
    const token = await createSession(t.ctx.database.pool, t.config, { audience, userId });
    const runs = await onOneConnection(async (client) => {
      expect((await authenticate(client as unknown as Pool, t.config, token, audience))?.userId).toBe(userId);
      expect(await authenticate(client as unknown as Pool, t.config, 'not-a-token', audience)).toBeNull();
    }, [SESSION_STATEMENTS[audience]]);
    expect(runs).toEqual({ [SESSION_STATEMENTS[audience]]: 14 });
  });

  it('answers the overdue check and the ticket view from prepared statements, as unnamed ones do', async () => {
    const pool = t.ctx.database.pool;
    const now = new Date();
    const overdue = await overdueTicketsJson(unnamed(pool), agentId);
    const view = await loadView(unnamed(pool), ticketId, now);
    const header = await loadTicket(unnamed(pool), ticketId, now);
    expect(view?.thread.length).toBeGreaterThan(0);
    expect(header).toEqual(view?.ticket);
    const runs = await onOneConnection(async (client) => {
      expect(await overdueTicketsJson(client, agentId)).toBe(overdue);
      expect(await loadView(client, ticketId, now)).toEqual(view);
      expect(await loadTicket(client, ticketId, now)).toEqual(header);
    }, [OVERDUE_STATEMENT, VIEW_STATEMENTS.header, VIEW_STATEMENTS.view]);
    expect(runs).toEqual({ [OVERDUE_STATEMENT]: 7, [VIEW_STATEMENTS.header]: 7, [VIEW_STATEMENTS.view]: 7 });
  });

  it('answers a search of text alone from its prepared matches statement, as unnamed, and leaves filtered searches unnamed (docs/adr/0269)', async () => {
    // Whatever other files in this process named before, these texts are named.
    forgetPreparedSearches();
    const pool = t.ctx.database.pool;
    const now = new Date();
    const search = (q: Record<string, string>) => ticketSearchQuerySchema.parse(q);
    // Words found and not, a ticket number, a text of two plain words, a quoted phrase, another sort.
    const texts: Record<string, string>[] = [{ q: 'printer' }, { q: 'no-such-word-anywhere' }, { q: String(ticketId) }, { q: 'meter reading' }, { q: '"paper jam"' }, { q: 'printer', sort: 'duedate:asc' }];
    const want = await Promise.all(texts.map((q) => searchTickets(unnamed(pool) as unknown as Pool, search(q), now)));
    expect(want.some((page) => page.rows.length > 0)).toBe(true);
    const names = texts.map((q) => matchStatement(search(q), now).name!);
    expect(names.every((name) => /^ticket_search_[0-9a-f]{16}$/.test(name))).toBe(true);
    const runs = await onOneConnection(async (client) => {
      for (const [i, q] of texts.entries()) expect(await searchTickets(client as unknown as Pool, search(q), now), JSON.stringify(q)).toEqual(want[i]);
    }, names);
    // Each text prepared once on the connection (texts of one shape share it) and used on each of the seven rounds:
    // a search of few matches takes them at once.
    const uses = Object.fromEntries([...new Set(names)].map((name) => [name, 7 * names.filter((n) => n === name).length]));
    expect(runs).toEqual(uses);
    expect(Object.keys(uses).length).toBeGreaterThanOrEqual(4);
    const filteredSearches: Record<string, string>[] = [{ q: 'printer', status: 'A' }, { q: 'printer', company: '1' }, { status: 'A' }];
    for (const filtered of filteredSearches) expect(matchStatement(search(filtered), now).name, JSON.stringify(filtered)).toBeUndefined();
  });

  it('names at most 64 texts of the search, then sends new ones unnamed (docs/adr/0269)', () => {
    forgetPreparedSearches();
    const now = new Date();
    // One text a sort of the window: ten columns, two directions, four filters present or not.
    const fields = ['id', 'title', 'status', 'severity', 'company_name', 'queue', 'assignee_name', 'duedate', 'created_at', 'updated_at'];
    const texts = fields.flatMap((field) => ['asc', 'desc'].flatMap((dir) => [{}, { status: 'A' }, { company: '1' }, { status: 'A', company: '1' }].map((filters) => ({ ...filters, sort: `${field}:${dir}` }))));
    const names = texts.map((q) => windowStatement(ticketSearchQuerySchema.parse(q), now, 1_000).name);
    expect(new Set(names.filter(Boolean)).size).toBe(64);
    expect(names.slice(0, 64).every(Boolean)).toBe(true);
    expect(names.slice(64).every((name) => name === undefined)).toBe(true);
    // A text named before keeps its name.
    expect(windowStatement(ticketSearchQuerySchema.parse(texts[0]), now, 2_000).name).toBe(names[0]);
    forgetPreparedSearches();
  });
});
