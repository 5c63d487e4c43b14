/**
 * A transaction's queries go one after another on its client: the server runs them one at a time
 * anyway, and pg deprecates sending a query while another runs on the same client (it prints a
 * DeprecationWarning and will refuse it in pg 9). Every read that runs several independent queries
 * is checked on a transaction's client; on the pool they may still run side by side.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PoolClient } from 'pg';
import { articleListQuerySchema } from '@contracts/client-portal';
import { catalogSearchSchema, quoteSearchSchema } from '@contracts/quotes';
import { dashboard, articles } from '@server/features/client-portal/client-portal.repo';
import { ticketFigures } from '@server/features/management/management.repo';
import { outboxPage } from '@server/features/outbox/outbox.repo';
import { searchCatalog } from '@server/features/quotes/catalog.repo';
import { loadQuoteView, searchQuotes } from '@server/features/quotes/quotes.repo';
import { inTransaction } from '@server/platform/db/database';
import { listPage, type Queryable } from '@server/platform/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** A transaction's client that counts how many of its queries were running at once, at most. */
function counting(client: PoolClient) {
  let running = 0;
  let most = 0;
  const query = async (...args: unknown[]) => {
    running += 1;
    most = Math.max(most, running);
    try {
      return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      running -= 1;
    }
  };
  return { db: { query } as unknown as Queryable, most: () => most };
}

describe.each(BACKENDS)('several queries of one read on a transaction client on %s', (backend) => {
  let t: TestApp;
  let ids: { company: number; quote: number };
  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    ids = {
      company: (await pool.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1')).rows[0]!.id,
      quote: (await pool.query<{ id: number }>('SELECT id FROM quotes ORDER BY id LIMIT 1')).rows[0]!.id,
    };
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const reads: Array<[string, (db: Queryable) => Promise<unknown>]> = [
    ['a page of a client list', (db) => listPage(db, { select: 'SELECT id FROM tickets ORDER BY id', count: 'SELECT count(*) AS n FROM tickets', params: [] }, { page: 1, pageSize: 5 })],
    ["the client portal's dashboard", (db) => dashboard(db, ids.company)],
    ['the help articles with their categories', (db) => articles(db, articleListQuerySchema.parse({}))],
    ['the management dashboard', (db) => ticketFigures(db, [1, 2, 3], new Date())],
    ['a quote with its lines, decision and revisions', (db) => loadQuoteView(db, ids.quote)],
    ['a page of quotes', (db) => searchQuotes(db, quoteSearchSchema.parse({}))],
    ['a page of the item catalog', (db) => searchCatalog(db, catalogSearchSchema.parse({}))],
    ['a page of the outbox', (db) => outboxPage(db, 1, 5)],
  ];

  // First: pg prints its warning once per process.
  it('prints no deprecation warning of pg when they run in a transaction', async () => {
    const warnings = vi.spyOn(process, 'emitWarning');
    for (const [, read] of reads) await inTransaction(t.ctx.database.pool, (client) => read(client));
    expect(warnings.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('already executing a query'));
  });

  it.each(reads)('%s sends one query at a time', async (_, read) => {
    const most = await inTransaction(t.ctx.database.pool, async (client) => {
      const c = counting(client);
      await read(c.db);
      return c.most();
    });
    expect(most).toBe(1);
  });

  it('still answers the same on the pool', async () => {
    const pool = t.ctx.database.pool;
    const onPool = await dashboard(pool, ids.company);
    const inTx = await inTransaction(pool, (client) => dashboard(client, ids.company));
    expect(inTx).toEqual(onPool);
  });
});
