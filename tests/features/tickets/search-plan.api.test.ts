/**
 * The ticket search and the overdue check use indexes, checked on the query plans of a table
 * with enough rows that PostgreSQL would rather scan than use an index it cannot use; and
 * whichever way the search takes (from its matches, through a window of the sort's index, or
 * unbounded when the estimate was wrong), its page and total are those of the plain query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryConfig } from 'pg';
import { OVERDUE_LIST_LIMIT, OVERDUE_SQL } from '@server/features/overdue/overdue.repo';
import { forgetPreparedSearches, matchStatement, searchTickets, ticketMatchQuery, windowStatement, ticketOrderBy, ticketPageQuery, ticketWindowPageQuery, type TicketSearch, type SqlQuery } from '@server/features/tickets/search';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { foldedWords } from '@server/platform/sql';
import { ticketSearchQuerySchema } from '@contracts/tickets';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const ROWS = 60_000;
const ROWS_PER_INSERT = 10_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; 'Recheck Cond'?: string; Filter?: string; 'Parent Relationship'?: string; Plans?: PlanNode[] };
const walk = (node: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
};

describe.each(BACKENDS)('query plans of the ticket search on %s', (backend) => {
  let t: TestApp;
  let agentId: number;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    // In batches: each statement stays well inside the pool's statement timeout on a busy machine.
    for (let from = 1; from <= ROWS; from += ROWS_PER_INSERT) {
      await pool.query(
      `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies), s AS (SELECT array_agg(id ORDER BY id) AS ids FROM staff_users)
       INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, duedate, created_at, updated_at)
       SELECT 'Bulk ticket ' || g || ' ' || (ARRAY['billing','printer','meter','payment'])[1 + g % 4],
              'Generated: ' || (ARRAY['invoice mismatch','slow screen','import failed','user access','paper jam'])[1 + g % 5],
              (ARRAY['A','C','C','C','WOP','WOC','WOT','C'])[1 + g % 8], (ARRAY['C','H','M','M','L'])[1 + g % 5],
              c.ids[1 + g % array_length(c.ids, 1)], (ARRAY['Support','Programming','Managed Services','Sales','QA'])[1 + g % 5],
              s.ids[1 + g % array_length(s.ids, 1)], now() - make_interval(days => (g % 400) - 30),
              now() - make_interval(days => g % 400 + 5), now() - make_interval(days => g % 400 + 5)
         FROM generate_series($1::int, $2::int) g, c, s`,
        [from, Math.min(ROWS, from + ROWS_PER_INSERT - 1)],
      );
    }
    await pool.query(`INSERT INTO tickets (title, description) VALUES ('Zeppelin hangar invoice', 'One of a kind')`);
    await pool.query('ANALYZE');
    agentId = (await pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
    companyId = (await pool.query(`SELECT id FROM companies ORDER BY id LIMIT 1`)).rows[0].id;
  }, 240_000);
  afterAll(() => t?.close());

  const plan = async (q: SqlQuery) => {
    const { rows } = await t.ctx.database.pool.query(`EXPLAIN (FORMAT JSON) ${q.text}`, q.values);
    const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
    return {
      nodes,
      indexes: nodes.map((n) => n['Index Name']).filter(Boolean) as string[],
      seqScansOfTickets: nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'tickets'),
    };
  };
  const search = (q: Record<string, string | undefined>): TicketSearch => ticketSearchQuerySchema.parse(q);
  const now = new Date();

  /**
   * The plan a named search statement runs after `uses` (more than PostgreSQL plans for each value before it
   * may keep one plan) on one connection, for the values of `statement` (docs/adr/0269).
   */
  const preparedPlan = async (uses: QueryConfig[], statement: QueryConfig, analyze = false) => {
    expect(statement.name, statement.text).toMatch(/^ticket_search_/);
    expect(uses.filter((u) => u.name === statement.name).length).toBeGreaterThan(5);
    const client = await t.ctx.database.pool.connect();
    try {
      for (const use of uses) await client.query(use);
      const literal = (v: unknown): string =>
        v === null ? 'NULL' : typeof v === 'number' ? String(v) : client.escapeLiteral(v instanceof Date ? v.toISOString() : Array.isArray(v) ? `{${v.join(',')}}` : String(v));
      const { rows } = await client.query(`EXPLAIN (${analyze ? 'ANALYZE, ' : ''}FORMAT JSON) EXECUTE ${statement.name}(${statement.values!.map(literal).join(', ')})`);
      return walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Rows': number; 'Rows Removed by Filter'?: number })[];
    } finally {
      client.release();
    }
  };

  it('keeps the full-text index in the prepared plan of a search of text alone, whatever the words', async () => {
    // Whatever other files in this process named before, these texts are named.
    forgetPreparedSearches();
    // Frequent and rare words, one after another; then a rare word.
    const words = ['printer', 'zeppelin', 'billing', 'meter', 'hangar', 'payment', 'invoice', 'zeppelin'];
    const nodes = await preparedPlan(words.map((q) => matchStatement(search({ q }), now)), matchStatement(search({ q: 'zeppelin' }), now));
    expect(nodes.map((n) => n['Index Name'])).toContain('tickets_search_vector_idx');
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'tickets')).toEqual([]);
  });

  it("keeps each window's walk of the sort's index in its prepared plan, whatever the values", async () => {
    // Whatever other files in this process named before, these texts are named.
    forgetPreparedSearches();
    const sorts = ['title', 'severity', 'company_name', 'duedate', 'created_at', 'id'];
    for (const field of sorts) {
      for (const dir of ['asc', 'desc']) {
        const label = `${field}:${dir}`;
        const statuses = ['C', 'WOP', 'A', 'WOT', 'C', 'WOC', 'A', 'C'];
        const nodes = await preparedPlan(
          statuses.map((status, i) => windowStatement(search({ sort: label, status, q: ['printer', 'meter', 'billing', 'payment'][i % 4] }), now, 1_000 * (i + 1))),
          windowStatement(search({ sort: label, status: 'A', q: 'printer' }), now, 5_000),
        );
        expect(nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'), label).toEqual([]);
        expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'tickets'), label).toEqual([]);
        expect(nodes.find((n) => n['Node Type'] === 'Subquery Scan')?.Plans?.[0]?.['Node Type'], label).toBe('Limit');
      }
    }
    // One queue by priority, a deep page: the queue's own index alone, then its 50 rows by number (docs/adr/0268).
    const queues = ['Support', 'QA', 'Programming', 'Managed Services', 'Support', 'QA', 'Sales'];
    const deep = (queue: string) => windowStatement(search({ queue, sort: 'severity:asc', page: '20', size: '50' }), now, 20_000);
    const nodes = await preparedPlan(queues.map(deep), deep('Sales'), true);
    const scans = nodes.filter((n) => n['Relation Name'] === 'tickets');
    expect(scans.map((n) => [n['Index Name'], n['Node Type']])).toEqual([['tickets_queue_severity_idx', 'Index Only Scan'], ['tickets_pkey', 'Index Scan']]);
    expect(scans[0]!['Actual Rows'] + (scans[0]!['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(20 * 50);
  });

  it('finds a rare word through the full-text index of the stored words', async () => {
    const p = await plan(ticketMatchQuery(search({ q: 'zeppelin' }), now));
    expect(p.indexes).toContain('tickets_search_vector_idx');
    expect(p.seqScansOfTickets).toEqual([]);
    const result = await searchTickets(t.ctx.database.pool, search({ q: 'zeppelin' }), now);
    expect(result.rows.map((r) => r.title)).toEqual(['Zeppelin hangar invoice']);
    expect(result).toMatchObject({ total: 1, totalExact: true });
  });

  it('walks the index of every sortable column, without sorting the window again', async () => {
    const indexOf: Record<string, string> = {
      // By ticket number within one status: that status's own index on the embedded server, whose
      // planner knows a page read out of order costs little (docs/adr/0267); a server left at
      // PostgreSQL's default costs walks the primary key and skips the other statuses.
      id: backend === 'embedded' ? 'tickets_status_idx' : 'tickets_pkey',
      title: 'tickets_title_idx',
      status: 'tickets_status_idx',
      severity: 'tickets_severity_idx',
      company_name: 'tickets_company_name_idx',
      queue: 'tickets_queue_idx',
      assignee_name: 'tickets_assignee_name_idx',
      duedate: 'tickets_duedate_idx',
      created_at: 'tickets_created_idx',
      updated_at: 'tickets_updated_idx',
    };
    for (const [field, index] of Object.entries(indexOf)) {
      for (const dir of ['asc', 'desc']) {
        const p = await plan(ticketWindowPageQuery(search({ sort: `${field}:${dir}`, status: 'A' }), now, 5_000));
        expect(p.indexes, `${field}:${dir}`).toContain(index);
        expect(p.nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'), `${field}:${dir}`).toEqual([]);
        expect(p.seqScansOfTickets, `${field}:${dir}`).toEqual([]);
      }
    }
  });

  it("walks one queue's own priority index for a page of that queue by priority, reading none of the other queues' tickets", async () => {
    for (const [raw, after] of [[{ queue: 'Sales', sort: 'severity:asc', page: '20', size: '50' }, false], [{ queue: 'QA', sort: 'severity:desc', page: '3', size: '20' }, true]] as const) {
      let s = search(raw);
      if (after) {
        const before = await searchTickets(t.ctx.database.pool, search({ ...raw, page: '2' }), now);
        s = search({ ...raw, after: String(before.rows.at(-1)!.id) });
      }
      const q = ticketWindowPageQuery(s, now, 20_000);
      const { rows } = await t.ctx.database.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
      const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Rows': number; 'Rows Removed by Filter'?: number })[];
      const scans = nodes.filter((n) => n['Relation Name'] === 'tickets' && n['Parent Relationship'] !== 'InitPlan');
      const label = JSON.stringify(raw);
      const walked = scans.find((n) => n['Index Name'] === 'tickets_queue_severity_idx')!;
      expect(walked, label).toBeDefined();
      // The rows of the pages it skips and its own, all of that queue.
      expect(walked['Actual Rows'] + (walked['Rows Removed by Filter'] ?? 0), label).toBeLessThanOrEqual(after ? s.size : s.page * s.size);
      if (after) {
        expect(scans.map((n) => n['Index Name']), label).toEqual(['tickets_queue_severity_idx']);
      } else {
        // A deep page: the rows it skips are read from the index alone, and its own 50 by ticket number (docs/adr/0268).
        expect(walked['Node Type'], label).toBe('Index Only Scan');
        expect(scans.filter((n) => n !== walked).map((n) => [n['Index Name'], n['Node Type']]), label).toEqual([['tickets_pkey', 'Index Scan']]);
      }
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'), label).toEqual([]);
    }
  });

  it('checks the text of a page of one status by ticket number on tickets of that status only', async () => {
    // 'invoice' is in every fifth ticket and status A in every eighth, independently: page 5 of 20 needs 100
    // matches, found among about 500 tickets of status A (and the demo tickets), where a window of every status holds about 4,000.
    for (const raw of [{ q: 'invoice', status: 'A', page: '5', size: '20' }, { q: 'invoice', status: 'A', sort: 'id:asc', page: '5', size: '20' }]) {
      const s = search(raw);
      const q = ticketWindowPageQuery(s, now, 20_000);
      const { rows } = await t.ctx.database.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
      const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Rows': number })[];
      const window = nodes.find((n) => n['Node Type'] === 'Subquery Scan')!.Plans![0]! as PlanNode & { 'Actual Rows': number };
      const label = JSON.stringify(raw);
      expect(window['Node Type'], label).toBe('Limit');
      expect(window['Actual Rows'], label).toBeLessThanOrEqual(s.page * s.size * 8);
      expect(nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'), label).toEqual([]);
      expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan'), label).toEqual([]);
    }
  });

  it('stops taking matches after the cap, without reading the whole table', async () => {
    for (const q of [{ company: String(companyId) }, { assignee: String(agentId) }, { overdue: 'true', assignee: String(agentId) }, { q: 'printer' }]) {
      const m = ticketMatchQuery(search({ ...q, sort: 'id:desc' }), now);
      const { rows } = await t.ctx.database.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${m.text}`, m.values);
      const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Rows': number; 'Rows Removed by Filter'?: number })[];
      const scans = nodes.filter((n) => n['Relation Name'] === 'tickets');
      expect(scans.length, JSON.stringify(q)).toBeGreaterThan(0);
      const read = scans.reduce((sum, n) => sum + n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0), 0);
      expect(read, JSON.stringify(q)).toBeLessThan(ROWS / 2);
      expect(Math.max(...scans.map((n) => n['Actual Rows'])), JSON.stringify(q)).toBeLessThanOrEqual(TICKET_SEARCH.matchCap + 1);
    }
  });

  it('looks up each word of a text of plain words as its own condition of the full-text index', async () => {
    const q = ticketMatchQuery(search({ q: 'printer meter' }), now);
    expect(q.text.match(/t\.search_vector @@/g), q.text).toHaveLength(2);
    // Whichever path the planner's statistics choose (one index scan holding both words, a BitmapAnd of one scan
    // per word, or another index with the words as a filter), the plan holds one condition per word, where a query
    // of both words as one makes one.
    const p = await plan(q);
    const conds = p.nodes.flatMap((n) => [n['Index Cond'], n['Recheck Cond'], n['Filter']]).filter((c): c is string => typeof c === 'string' && c.includes('search_vector'));
    const words = new Set(conds.flatMap((c) => c.match(/search_vector @@ [^)]*\)/g) ?? []));
    expect([...words], conds.join(' | ')).toHaveLength(2);
  });

  it('matches the same tickets, word by word, as the whole text as one query', async () => {
    const pool = t.ctx.database.pool;
    const texts = ['printer meter', 'printer paper jam', 'Printer JAM', 'the printer', 'of the', 'Zéppelin hangar', 'bulk 12345', 'printer or meter', 'printer -jam', '"paper jam" billing', "printer's jam"];
    for (const q of texts) {
      const page = ticketPageQuery(search({ q }), now);
      const { rows: got } = await pool.query<{ id: number }>(page.text.replace(/LIMIT \$\d+ OFFSET \$\d+\s*$/, ''), page.values.slice(0, -2));
      const { rows: want } = await pool.query<{ id: number }>(`SELECT id FROM tickets t WHERE t.search_vector @@ ${foldedWords('$1')} ORDER BY id DESC`, [q]);
      expect(got.map((r) => r.id), q).toEqual(want.map((r) => r.id));
    }
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM tickets t WHERE t.search_vector @@ ${foldedWords('$1')}`, ['printer paper jam']);
    expect(rows[0].n).toBeGreaterThan(0);
  }, 60_000);

  it('answers the overdue check from the partial overdue index', async () => {
    const p = await plan({ text: OVERDUE_SQL, values: [agentId, OVERDUE_LIST_LIMIT] });
    expect(p.indexes).toContain('tickets_overdue_idx');
    expect(p.seqScansOfTickets).toEqual([]);
  });

  // Searches that take each way: few matches, many (window), a window that comes back short
  // because the filters are correlated (severity and queue follow the same g % 5 here, which the
  // planner does not know), a deep page, multi-column sorts, text with filters, nothing at all.
  const CASES: Record<string, string | undefined>[] = [
    { q: 'zeppelin' },
    { q: 'printer' },
    { q: 'printer', status: 'A', page: '3', size: '20' },
    { q: 'invoice', status: 'A', page: '5', size: '20' },
    { q: 'invoice', status: 'WOP', sort: 'id:asc', page: '2', size: '50' },
    { q: 'invoice paper' },
    { q: 'printer -jam', sort: 'title:asc' },
    { status: 'A', sort: 'duedate:asc' },
    { severity: 'C', queue: 'Programming' },
    { severity: 'C', queue: 'Support', sort: 'severity:desc', page: '2' },
    { company: '1', sort: 'created_at:desc', page: '40', size: '25' },
    { overdue: 'true', assignee: '0', sort: 'duedate:asc' },
    { overdue: 'true', status: 'C' },
    { status: 'WOC,WOT', sort: 'status:asc,duedate:desc', size: '50' },
    { sort: 'company_name:desc,assignee_name:asc' },
    { sort: 'severity:asc', page: '200', size: '50' },
    { queue: 'Sales', sort: 'severity:asc', page: '20', size: '50' },
    // Deep pages whose window reads only the columns its filters name, then the page's rows (docs/adr/0268).
    { status: 'A,WOP', sort: 'duedate:asc', page: '30', size: '20' },
    { status: 'C,WOP', severity: 'M,L,H', sort: 'created_at:desc', page: '40', size: '20' },
    { status: 'C', sort: 'id:asc', page: '60', size: '10' },
    { queue: 'QA', severity: 'C,H', sort: 'severity:desc', page: '2', size: '25' },
    { q: '12345' },
  ];

  it('answers every way with the page and total of the plain query', async () => {
    const pool = t.ctx.database.pool;
    for (const raw of CASES) {
      const q = { ...raw, ...(raw.company ? { company: String(companyId) } : {}), ...(raw.assignee ? { assignee: String(agentId) } : {}) };
      const s = search(q);
      const expected = ticketPageQuery(s, now);
      const { rows: want } = await pool.query(expected.text, expected.values);
      const { rows: all } = await pool.query(
        `SELECT count(*)::int AS n FROM (${expected.text.replace(/LIMIT \$\d+ OFFSET \$\d+\s*$/, '')}) x`,
        expected.values.slice(0, -2),
      );
      const got = await searchTickets(pool, s, now);
      expect(got.rows.map((r) => r.id), JSON.stringify(q)).toEqual(want.map((r) => r.id));
      const n = all[0].n as number;
      if (got.totalExact) expect(got.total, JSON.stringify(q)).toBe(n);
      else {
        expect(got.total, JSON.stringify(q)).toBe(TICKET_SEARCH.countCap);
        expect(n, JSON.stringify(q)).toBeGreaterThan(TICKET_SEARCH.countCap);
      }
      if (n <= TICKET_SEARCH.countCap && got.rows.length < s.size) expect(got.totalExact, JSON.stringify(q)).toBe(true);
    }
    expect(ticketOrderBy(undefined)).toBe('ORDER BY t.id DESC');
  }, 120_000);

  it('continues a keyset page on a column that may be empty right at its anchor, with the rows of the offset page', async () => {
    const pool = t.ctx.database.pool;
    // Tickets without a due date, a company or an assignee: the empty part of each of those sorts.
    await pool.query(`INSERT INTO tickets (title, description) SELECT 'Nothing set ' || g, 'Keyset check' FROM generate_series(1, 300) g`);
    await pool.query('ANALYZE tickets');
    const total = (await pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n as number;
    const size = 20;
    for (const sort of ['duedate:asc', 'duedate:desc', 'company_name:asc', 'company_name:desc', 'assignee_name:asc', 'assignee_name:desc']) {
      // Deep in the part with values, and in the empty part (first descending, last ascending).
      for (const depth of [100, Math.floor(total / 2), total - 100]) {
        const label = `${sort} after row ${depth}`;
        const { rows: offsetPage } = await pool.query<{ id: number }>(`SELECT t.id FROM tickets t ${ticketOrderBy(search({ sort }).sort)} LIMIT $1 OFFSET $2`, [size + 1, depth - 1]);
        const keyset = search({ sort, size: String(size), page: '2', after: String(offsetPage[0]!.id) });
        const got = await searchTickets(pool, keyset, now);
        expect(got.rows.map((r) => r.id), label).toEqual(offsetPage.slice(1).map((r) => r.id));
        for (const q of [ticketWindowPageQuery(keyset, now, 5_000), ticketPageQuery(keyset, now)]) {
          const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
          const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Rows': number; 'Rows Removed by Filter'?: number })[];
          const scans = nodes.filter((n) => n['Relation Name'] === 'tickets');
          const read = scans.reduce((sum, n) => sum + n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0), 0);
          // The page and the anchor's values: nothing before the anchor is read, however deep it is.
          expect(read, `${label}: ${JSON.stringify(scans.map((n) => [n['Index Name'], n['Actual Rows'], n['Rows Removed by Filter']]))}`).toBeLessThanOrEqual(2 * size);
          expect(nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort').map((n) => n['Node Type']), label).toEqual([]);
        }
      }
    }
  }, 120_000);
});
