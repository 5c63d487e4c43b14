/**
 * The ticket search and the overdue check use indexes, checked on the query plans of a table
 * with enough rows that PostgreSQL would rather scan than use an index it cannot use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERDUE_LIST_LIMIT, OVERDUE_SQL } from '../../server/routes/overdue';
import { textMatchQuery, ticketCountQuery, ticketPageQuery, type TicketSearch, type SqlQuery } from '../../server/tickets/search';
import { ticketSearchQuerySchema } from '../../src/contracts/staff-tickets';
import { BACKENDS, startTestApp, type TestApp } from './helpers';

const ROWS = 60_000;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
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
    await pool.query(
      `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies), s AS (SELECT array_agg(id ORDER BY id) AS ids FROM staff_users)
       INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, duedate, created_at, updated_at)
       SELECT 'Bulk ticket ' || g || ' ' || (ARRAY['billing','printer','meter','payment'])[1 + g % 4],
              'Generated: ' || (ARRAY['invoice mismatch','slow screen','import failed','user access','paper jam'])[1 + g % 5],
              (ARRAY['A','C','C','C','WOP','WOC','WOT','C'])[1 + g % 8], (ARRAY['C','H','M','M','L'])[1 + g % 5],
              c.ids[1 + g % array_length(c.ids, 1)], (ARRAY['Support','Programming','Managed Services','Sales','QA'])[1 + g % 5],
              s.ids[1 + g % array_length(s.ids, 1)], now() - make_interval(days => (g % 400) - 30),
              now() - make_interval(days => g % 400 + 5), now() - make_interval(days => g % 400 + 5)
         FROM generate_series(1, $1::int) g, c, s`,
      [ROWS],
    );
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
      indexes: nodes.map((n) => n['Index Name']).filter(Boolean) as string[],
      seqScansOfTickets: nodes.filter((n) => n['Node Type'] === 'Seq Scan' && (n['Relation Name'] === 'tickets' || n['Relation Name'] === 'ticket_notes')),
    };
  };
  const search = (q: Record<string, string | undefined>): TicketSearch => ticketSearchQuerySchema.parse(q);
  const now = new Date();

  it('searches text through the full-text indexes of tickets and notes', async () => {
    for (const q of [ticketPageQuery(search({ q: 'zeppelin' }), now), ticketCountQuery(search({ q: 'zeppelin' }), now)]) {
      const p = await plan(q);
      expect(p.indexes).toEqual(expect.arrayContaining(['tickets_search_idx', 'ticket_notes_search_idx']));
      expect(p.seqScansOfTickets).toEqual([]);
    }
    const { rows } = await t.ctx.database.pool.query(ticketPageQuery(search({ q: 'zeppelin' }), now).text, ticketPageQuery(search({ q: 'zeppelin' }), now).values);
    expect(rows.map((r) => r.title)).toEqual(['Zeppelin hangar invoice']);
  });

  it('counts text matches through the indexes, and fetches a few matches by their ids', async () => {
    const match = await plan(textMatchQuery('zeppelin', 2001));
    expect(match.indexes).toEqual(expect.arrayContaining(['tickets_search_idx', 'ticket_notes_search_idx']));
    expect(match.seqScansOfTickets).toEqual([]);
    const byIds = await plan(ticketPageQuery(search({ q: 'zeppelin', sort: 'duedate:asc' }), now, [1, 2, 3]));
    expect(byIds.indexes).toContain('tickets_pkey');
    expect(byIds.seqScansOfTickets).toEqual([]);
  });

  it('pages the newest tickets, and sorts by due date, through indexes', async () => {
    expect((await plan(ticketPageQuery(search({}), now))).indexes).toContain('tickets_pkey');
    const byDue = await plan(ticketPageQuery(search({ sort: 'duedate:asc' }), now));
    expect(byDue.indexes).toContain('tickets_duedate_idx');
    expect(byDue.seqScansOfTickets).toEqual([]);
    const byCreated = await plan(ticketPageQuery(search({ sort: 'created_at:desc' }), now));
    expect(byCreated.indexes).toContain('tickets_created_idx');
  });

  it('filters by company, assignee and overdue without scanning the table', async () => {
    for (const q of [{ company: String(companyId) }, { assignee: String(agentId) }, { overdue: 'true', assignee: String(agentId) }]) {
      const p = await plan(ticketPageQuery(search({ ...q, sort: 'id:desc' }), now));
      expect(p.seqScansOfTickets, JSON.stringify(q)).toEqual([]);
      expect(p.indexes.length, JSON.stringify(q)).toBeGreaterThan(0);
    }
  });

  it('answers the overdue check from the partial overdue index', async () => {
    const p = await plan({ text: OVERDUE_SQL, values: [agentId, OVERDUE_LIST_LIMIT] });
    expect(p.indexes).toContain('tickets_overdue_idx');
    expect(p.seqScansOfTickets).toEqual([]);
  });
});
