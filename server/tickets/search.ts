/**
 * The ticket search as SQL: full-text over title, description and notes, filters, a sort of up
 * to three columns with the id as tie-breaker, and bounded offset paging. The text expressions
 * match the GIN indexes of migration 0004 exactly, or PostgreSQL would not use them.
 */
import type { Pool } from 'pg';
import { TICKET_SEARCH } from '../../src/contracts/constants';
import type { SortSpec, TicketRow, TicketSortField, ticketSearchQuerySchema } from '../../src/contracts/staff-tickets';
import type { z } from 'zod';

export type TicketSearch = z.output<typeof ticketSearchQuerySchema>;

export const TICKET_TEXT_VECTOR = `to_tsvector('english', title || ' ' || description)`;
export const NOTE_TEXT_VECTOR = `to_tsvector('english', body)`;

const SORT_SQL: Record<TicketSortField, string> = {
  id: 't.id',
  title: 't.title',
  status: 't.status',
  severity: 't.severity',
  company_name: 'c.name',
  queue: 't.queue',
  assignee_name: 'u.name',
  duedate: 't.duedate',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

export type SqlQuery = { text: string; values: unknown[] };

/** The WHERE clause (over `tickets t` only) and its parameters. */
export function ticketWhere(search: TicketSearch, now: Date, matchedIds?: number[]): { where: string; values: unknown[] } {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const conds: string[] = [];
  if (search.q && matchedIds) {
    conds.push(`t.id = ANY(${p(matchedIds)}::int[])`);
  } else if (search.q) {
    const q = p(search.q);
    const byId = /^#?(\d{1,9})$/.exec(search.q);
    conds.push(
      `t.id IN (SELECT id FROM tickets WHERE ${TICKET_TEXT_VECTOR} @@ websearch_to_tsquery('english', ${q})
                UNION SELECT ticket_id FROM ticket_notes WHERE ${NOTE_TEXT_VECTOR} @@ websearch_to_tsquery('english', ${q})` +
        (byId ? ` UNION SELECT ${p(Number(byId[1]))}::int` : '') +
        ')',
    );
  }
  if (search.status?.length) conds.push(`t.status = ANY(${p(search.status)}::text[])`);
  if (search.severity?.length) conds.push(`t.severity = ANY(${p(search.severity)}::text[])`);
  if (search.queue?.length) conds.push(`t.queue = ANY(${p(search.queue)}::text[])`);
  if (search.company) conds.push(`t.company_id = ${p(search.company)}`);
  if (search.assignee) conds.push(`t.assignee_id = ${p(search.assignee)}`);
  if (search.overdue === true) conds.push(`t.status <> 'C' AND t.duedate < ${p(now)}`);
  if (search.overdue === false) conds.push(`NOT (t.status <> 'C' AND t.duedate < ${p(now)})`);
  if (search.due_from) conds.push(`t.duedate >= ${p(search.due_from)}`);
  if (search.due_to) conds.push(`t.duedate <= ${p(search.due_to)}`);
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', values };
}

/** ORDER BY for the sort, ending with the id in the direction of the last column (so a two-column index serves it). */
export function ticketOrderBy(sort: SortSpec<TicketSortField>[] | undefined): string {
  const cols = sort?.length ? sort : [{ field: 'id' as const, dir: 'desc' as const }];
  const parts = cols.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()}`);
  if (!cols.some((s) => s.field === 'id')) parts.push(`t.id ${cols[cols.length - 1]!.dir.toUpperCase()}`);
  return `ORDER BY ${parts.join(', ')}`;
}

export function ticketPageQuery(search: TicketSearch, now: Date, matchedIds?: number[]): SqlQuery {
  const { where, values } = ticketWhere(search, now, matchedIds);
  values.push(now, search.size, (search.page - 1) * search.size);
  const n = values.length;
  return {
    text: `SELECT t.id, t.title, t.status, t.severity, t.company_id, c.name AS company_name, t.queue,
                  t.assignee_id, u.name AS assignee_name, t.duedate, t.created_at, t.updated_at,
                  (t.status <> 'C' AND t.duedate IS NOT NULL AND t.duedate < $${n - 2}) AS overdue
             FROM tickets t
             LEFT JOIN companies c ON c.id = t.company_id
             LEFT JOIN staff_users u ON u.id = t.assignee_id
             ${where}
             ${ticketOrderBy(search.sort)}
            LIMIT $${n - 1} OFFSET $${n}`,
    values,
  };
}

/** Counts matches up to the cap (counting a million rows for a page header is not worth it). */
export function ticketCountQuery(search: TicketSearch, now: Date, matchedIds?: number[]): SqlQuery {
  const { where, values } = ticketWhere(search, now, matchedIds);
  values.push(TICKET_SEARCH.countCap + 1);
  return { text: `SELECT count(*)::int AS n FROM (SELECT 1 FROM tickets t ${where} LIMIT $${values.length}) m`, values };
}

/**
 * The ids of the tickets a text matches (title, description or a note), at most `limit`. The
 * planner cannot tell a rare word from a common one inside a subquery, so a search first asks
 * how many match: few, and the page is fetched by those ids (an exact, small set).
 */
export function textMatchQuery(q: string, limit: number): SqlQuery {
  const byId = /^#?(\d{1,9})$/.exec(q);
  return {
    text: `SELECT id FROM (SELECT id FROM tickets WHERE ${TICKET_TEXT_VECTOR} @@ websearch_to_tsquery('english', $1)
             UNION SELECT ticket_id FROM ticket_notes WHERE ${NOTE_TEXT_VECTOR} @@ websearch_to_tsquery('english', $1)
             ${byId ? 'UNION SELECT $3::int' : ''}) m LIMIT $2`,
    values: byId ? [q, limit, Number(byId[1])] : [q, limit],
  };
}

export async function searchTickets(pool: Pool, search: TicketSearch, now: Date) {
  let matchedIds: number[] | undefined;
  if (search.q) {
    const m = textMatchQuery(search.q, TICKET_SEARCH.textMatchCap + 1);
    const { rows } = await pool.query<{ id: number }>(m.text, m.values);
    if (rows.length <= TICKET_SEARCH.textMatchCap) matchedIds = rows.map((r) => r.id);
  }
  const page = ticketPageQuery(search, now, matchedIds);
  const count = ticketCountQuery(search, now, matchedIds);
  const { rows } = await pool.query<TicketRow>(page.text, page.values);
  const { rows: countRows } = await pool.query<{ n: number }>(count.text, count.values);
  const n = countRows[0]?.n ?? 0;
  return {
    rows,
    page: search.page,
    size: search.size,
    total: Math.min(n, TICKET_SEARCH.countCap),
    totalExact: n <= TICKET_SEARCH.countCap,
  };
}

/** The overdue query of the overdue check: an assignee's open tickets past their due date. */
export function overdueQuery(assigneeId: number, now: Date, limit: number): SqlQuery {
  return {
    text: `SELECT t.id, t.title, t.status, t.severity, c.name AS company_name, t.contact_name AS contact,
                  t.contact_email, t.queue, t.created_at, t.duedate
             FROM tickets t LEFT JOIN companies c ON c.id = t.company_id
            WHERE t.assignee_id = $1 AND t.status <> 'C' AND t.duedate < $2
            ORDER BY t.duedate
            LIMIT $3`,
    values: [assigneeId, now, limit],
  };
}
