/**
 * The ticket reports that count every open ticket read narrow indexes, never the whole table: checked on
 * the query plans of a table with enough rows that PostgreSQL would rather scan than use an
 * index it cannot use (docs/bench/reports.md, docs/adr/0150).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportParamsSchema } from '@contracts/reports';
import { reports } from '@server/features/reports';
import { runOf } from '@server/features/reports/runner';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const ROWS = 60_000;
const ROWS_PER_INSERT = 10_000;
const ADMIN = { userId: 0, role: 'admin', people: null } as const;

type PlanNode = { 'Node Type': string; Strategy?: string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };
const walk = (node: PlanNode, out: PlanNode[] = []): PlanNode[] => {
  out.push(node);
  for (const child of node.Plans ?? []) walk(child, out);
  return out;
};

describe.each(BACKENDS)('query plans of the ticket reports on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    for (let from = 1; from <= ROWS; from += ROWS_PER_INSERT) {
      await pool.query(
        `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies)
         INSERT INTO tickets (title, description, status, severity, company_id, queue, created_at, updated_at, duedate)
         SELECT 'Bulk ticket ' || g, 'Generated', (ARRAY['A','C','C','C','WOP','WOC','WOT','C'])[1 + g % 8], (ARRAY['C','H','M','M','L'])[1 + g % 5],
                c.ids[1 + g % array_length(c.ids, 1)], (ARRAY['Support','Programming','Managed Services','Sales','QA'])[1 + g % 5],
                now() - make_interval(days => g % 400), now() - make_interval(days => g % 400), now() - make_interval(days => g % 400) + interval '1 day'
           FROM generate_series($1::int, $2::int) g, c`,
        [from, Math.min(ROWS, from + ROWS_PER_INSERT - 1)],
      );
    }
    await pool.query('VACUUM (ANALYZE) tickets');
  }, 240_000);
  afterAll(() => t?.close());

  /** The plan of a report's statement; `executed`: run it (EXPLAIN ANALYZE) and keep only the nodes that ran. */
  const planOf = async (id: string, query: Record<string, string> = {}, executed = false) => {
    const def = (reports.reports ?? []).find((d) => d.meta.id === id)!;
    const run = runOf(def, reportParamsSchema.parse(query), new Date(), ADMIN);
    const statement = def.sql(run, 1000);
    const { rows } = await t.ctx.database.pool.query(`EXPLAIN (${executed ? 'ANALYZE, ' : ''}FORMAT JSON) ${statement.text}`, statement.values);
    const nodes = walk(rows[0]['QUERY PLAN'][0].Plan as PlanNode).filter((n) => !executed || (n['Actual Loops'] ?? 0) > 0);
    return {
      indexes: nodes.map((n) => n['Index Name']).filter(Boolean) as string[],
      relations: nodes.map((n) => n['Relation Name']).filter(Boolean) as string[],
      seqScans: nodes.filter((n) => n['Relation Name'] === 'tickets' && n['Node Type'].includes('Seq Scan')),
      groupings: nodes.filter((n) => n['Node Type'] === 'Aggregate' && n.Strategy !== 'Plain'),
    };
  };

  it('counts open tickets by queue of all time from the counts as they are now, touching no ticket', async () => {
    const plan = await planOf('tickets-by-queue');
    expect(plan.relations).toEqual(['report_ticket_counts']);
  });

  it('counts open tickets by queue of a period from an index, on the embedded server the index of status, queue and priority', async () => {
    for (const query of [{ period: 'this-year' }] as Record<string, string>[]) {
      const plan = await planOf('tickets-by-queue', query);
      expect(plan.seqScans).toEqual([]);
      // PostgreSQL 15's planner weighs a table this small differently; the embedded server (18) is the product's.
      if (backend === 'embedded') expect(plan.indexes).toContain('tickets_status_queue_counts_idx');
    }
  });

  it('counts each age bucket by a range of creation times in the index of status and creation time, grouping nothing', async () => {
    const plan = await planOf('ticket-age');
    // PostgreSQL 15 may read one bucket through another index of the table, by the statistics ANALYZE sampled.
    if (backend === 'embedded') expect(plan.indexes.filter((i) => i === 'tickets_status_created_idx')).toHaveLength(5);
    else expect(plan.indexes.filter((i) => i === 'tickets_status_created_idx').length).toBeGreaterThanOrEqual(1);
    expect(plan.seqScans).toEqual([]);
    expect(plan.groupings).toEqual([]);
  });

  it('counts tickets by status, company and assignee of a period holding most tickets from the kept counts less the tickets created outside it, by the index of status and creation time', async () => {
    const most = { period: 'custom', from: new Date(Date.now() - 390 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
    for (const [id, query] of [
      ['tickets-by-company', most],
      ['tickets-by-assignee', most],
      ['tickets-by-assignee', { ...most, tz: 'America/New_York' }],
      ['tickets-by-status', most],
    ] as [string, Record<string, string>][]) {
      const plan = await planOf(id, query, true);
      expect(plan.relations, id).toContain('report_ticket_counts');
      expect(plan.seqScans, id).toEqual([]);
      // PostgreSQL 15's planner weighs a table this small differently; the embedded server (18) is the product's.
      if (backend === 'embedded' && id !== 'tickets-by-status') expect(plan.indexes, id).toContain('tickets_status_created_counts_idx');
    }
  });

  it('sums SLA attainment of a period from the hourly counts, reading no ticket', async () => {
    for (const query of [{ period: 'this-year' }, { period: 'last-90-days', tz: 'America/New_York' }] as Record<string, string>[]) {
      const plan = await planOf('sla-attainment', query, true);
      expect(plan.relations).toContain('report_ticket_hours');
      expect(plan.relations).not.toContain('tickets');
    }
  });

  it('with most open tickets overdue, subtracts the open tickets not yet due from the kept counts, no sequential scan of tickets', async () => {
    // Every bulk ticket is due a day after it was created: all but the last day's open tickets are overdue.
    const plan = await planOf('overdue-by-assignee', {}, true);
    expect(plan.relations).toContain('report_ticket_counts');
    // Which index finds the tickets not yet due (the overdue index, or the due date's) depends on the sampled statistics.
    expect(plan.seqScans).toEqual([]);
  });
});
