/**
 * The ticket search asks the planner how many tickets its filters match (to choose its way) once
 * a minute for the same filters, not on every request: the estimate follows the table's
 * statistics, not each write. The answers stay those of the moment: a ticket written after the
 * estimate was made is in the next page. Filters found to match few tickets though the planner
 * expected many (two frequent words that seldom meet) take their matches at once the next time.
 */
import type { Pool, QueryConfig } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_ESTIMATES } from '@server/config';
import { ticketSearchQuerySchema } from '@contracts/tickets';
import { searchTickets } from '@server/features/tickets/search';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('the ticket search estimate on %s', (backend) => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    companyId = (await t.ctx.database.pool.query<{ id: number }>(`INSERT INTO companies (name, account_number) VALUES ('Estimate Checks Ltd', 'EC-1') RETURNING id`)).rows[0]!.id;
  });
  afterAll(() => t?.close());
  afterEach(() => void vi.useRealTimers());

  /** A statement's text, sent as text or as a (named) statement; `pool.query` takes either, with its values. */
  const textOf = (q: string | QueryConfig) => (typeof q === 'string' ? q : q.text);
  /** The app's pool as the search sees it, counting the estimates it asks the planner for. */
  const counting = () => {
    const pool = t.ctx.database.pool;
    const seen = { estimates: 0 };
    const wrapped = {
      query: (q: string | QueryConfig, values?: unknown[]) => {
        if (textOf(q).trimStart().startsWith('EXPLAIN')) seen.estimates++;
        return pool.query(q, values);
      },
    } as unknown as Pool;
    return { pool: wrapped, seen };
  };
  const search = (q: Record<string, string>) => ticketSearchQuerySchema.parse(q);
  const insert = (title: string) =>
    t.ctx.database.pool.query(`INSERT INTO tickets (title, description, company_id) VALUES ($1, 'Estimate check', $2)`, [title, companyId]);

  it('asks once for the same filters, whatever the page or sort, and again for other filters', async () => {
    const { pool, seen } = counting();
    const now = new Date();
    await searchTickets(pool, search({ company: String(companyId) }), now);
    await searchTickets(pool, search({ company: String(companyId), sort: 'created_at:desc' }), now);
    await searchTickets(pool, search({ company: String(companyId), page: '2', size: '5' }), now);
    expect(seen.estimates).toBe(1);
    await searchTickets(pool, search({ company: String(companyId), severity: 'C' }), now);
    await searchTickets(pool, search({ q: 'zeppelin' }), now);
    expect(seen.estimates).toBe(3);
  });

  it('answers with what is written after the estimate was made', async () => {
    const { pool, seen } = counting();
    const filters = search({ company: String(companyId), q: 'hangar' });
    expect((await searchTickets(pool, filters, new Date())).rows).toEqual([]);
    await insert('Hangar door sensor');
    await insert('Hangar lights');
    const page = await searchTickets(pool, filters, new Date());
    expect(page.rows.map((r) => r.title).sort()).toEqual(['Hangar door sensor', 'Hangar lights']);
    expect(page).toMatchObject({ total: 2, totalExact: true });
    expect(seen.estimates).toBe(1);
  });

  it('asks the planner again once the estimate is older than its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { pool, seen } = counting();
    const filters = search({ company: String(companyId), status: 'WOP' });
    await searchTickets(pool, filters, new Date());
    vi.setSystemTime(Date.now() + SEARCH_ESTIMATES.keptMs - 1_000);
    await searchTickets(pool, filters, new Date());
    expect(seen.estimates).toBe(1);
    vi.setSystemTime(Date.now() + 2_000);
    await searchTickets(pool, filters, new Date());
    expect(seen.estimates).toBe(2);
  });

  it('takes the matches at once, without the window read in vain, for filters found to match few though many were expected', async () => {
    const pool = t.ctx.database.pool;
    const sent: string[] = [];
    // The planner expects these filters to match 50,000 of a million tickets (as for two frequent
    // words); the tickets say otherwise.
    const misjudged = {
      query: (q: string | QueryConfig, values?: unknown[]) => {
        const text = textOf(q);
        if (text.trimStart().startsWith('EXPLAIN')) {
          sent.push('estimate');
          return Promise.resolve({ rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 1_050_000, Plans: [{ 'Plan Rows': 50_000 }, { 'Plan Rows': 1_000_000 }] } }] }] });
        }
        sent.push(text.includes('match_count') ? 'matches' : text.includes('AS sort_0') ? 'window' : 'other');
        return pool.query(q, values);
      },
    } as unknown as Pool;
    await insert('Seldom turbine flange');
    const filters = search({ company: String(companyId), q: 'turbine flange' });
    const first = await searchTickets(misjudged, filters, new Date());
    expect(first.rows.map((r) => r.title)).toEqual(['Seldom turbine flange']);
    expect(sent).toEqual(['estimate', 'window', 'matches']);
    sent.length = 0;
    await insert('Another turbine flange');
    const next = await searchTickets(misjudged, search({ company: String(companyId), q: 'turbine flange', sort: 'title:asc' }), new Date());
    expect(next.rows.map((r) => r.title)).toEqual(['Another turbine flange', 'Seldom turbine flange']);
    expect(next).toMatchObject({ total: 2, totalExact: true });
    expect(sent).toEqual(['matches']);
  });

  it('keeps each database its own estimates', async () => {
    const first = counting();
    const second = counting();
    const filters = search({ company: String(companyId), severity: 'L' });
    await searchTickets(first.pool, filters, new Date());
    await searchTickets(second.pool, filters, new Date());
    expect([first.seen.estimates, second.seen.estimates]).toEqual([1, 1]);
  });
});
