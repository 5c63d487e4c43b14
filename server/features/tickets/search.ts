/**
 * The ticket search as SQL: full-text over title, description and notes, filters, a sort of up
 * to three columns with the id as tie-breaker, bounded offset paging (ADR 0040, ADR 0042), and
 * keyset paging after a given ticket (docs/adr/0218).
 * Every column it filters or sorts on is on the ticket row (migration 0005), so one index
 * serves each search and no search joins.
 */
import { createHash } from 'node:crypto';
import type { Pool, QueryConfig } from 'pg';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { SEARCH_ESTIMATES } from '@server/config';
import { TICKET_SEARCH_AFTER_GONE, type SortSpec, type TicketRow, type TicketSortField, type ticketSearchQuerySchema } from '@contracts/tickets';
import { conflict } from '@server/platform/http/errors';
import type { z } from 'zod';
import { foldedWords, isoInstant } from '@server/platform/sql';

export type TicketSearch = z.output<typeof ticketSearchQuerySchema>;

const SORT_SQL: Record<TicketSortField, string> = {
  id: 't.id',
  title: 't.title',
  status: 't.status',
  severity: 'severity_rank(t.severity)',
  company_name: 't.company_name',
  queue: 't.queue',
  assignee_name: 't.assignee_name',
  duedate: 't.duedate',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
};

/**
 * The sort keys whose column may be empty, and the value an empty one takes in a keyset page's
 * order. The list puts empty values last ascending and first descending (PostgreSQL's default);
 * a keyset page orders by `(column IS NULL)`, then `COALESCE(column, that value)`, then the id:
 * the same order over keys that are never empty, which one row comparison continues and an index
 * of migration 0068 starts at (docs/adr/0247).
 */
const EMPTY_AS: Readonly<Record<string, string>> = {
  [SORT_SQL.duedate]: `'-infinity'::timestamptz`,
  [SORT_SQL.company_name]: `''`,
  [SORT_SQL.assignee_name]: `''`,
};

/** The stored columns of a row of the list (TicketRow). */
const LIST_FIELDS = `t.id, t.title, t.status, t.severity, t.company_id, t.company_name, t.queue,
       t.assignee_id, t.assignee_name, t.duedate, t.created_at, t.updated_at`;
/** A row of the list: its stored columns and whether it is overdue at `now` (the parameter holding the time of the search). */
const listColumns = (now: string) => `${LIST_FIELDS},
       (t.status <> 'C' AND t.duedate IS NOT NULL AND t.duedate < ${now}) AS overdue`;

export type SqlQuery = { text: string; values: unknown[] };

/** Collects positional parameters while a statement is written. */
function params() {
  const values: unknown[] = [];
  return {
    values,
    p(v: unknown) {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

/**
 * Keyset paging (docs/adr/0218): the tickets that come after the ticket `search.after` in the
 * sort, compared on the sort's keys and the id, with that ticket's values as they are now. The
 * keys of a keyset page are never empty (a column that may be empty is split in two, docs/adr/0247),
 * so when every key goes one way, one row comparison, which the sort's index reads as where to
 * start; otherwise key by key.
 */
function keysetCondition(search: TicketSearch, p: (v: unknown) => string): string | null {
  if (search.after === undefined) return null;
  const keys = sortKeys(search.sort, true);
  const anchor = p(search.after);
  const values = keys.map(([expr]) => `(SELECT ${expr.replace(/\bt\./g, 'a.')} FROM tickets a WHERE a.id = ${anchor})`);
  const dir = keys[0]![1];
  const beyond = (d: 'ASC' | 'DESC') => (d === 'ASC' ? '>' : '<');
  if (keys.every(([, d]) => d === dir)) return `(${keys.map(([expr]) => expr).join(', ')}) ${beyond(dir)} (${values.join(', ')})`;
  const either = keys.map(([expr, d], i) => [...keys.slice(0, i).map(([before], j) => `${before} = ${values[j]}`), `${expr} ${beyond(d)} ${values[i]}`].join(' AND '));
  // The first key's bound on its own too, so its index starts at the anchor.
  return `(${keys[0]![0]} ${beyond(dir)}= ${values[0]} AND ((${either.join(') OR (')})))`;
}

/** A word of the search text that the full-text query reads as one plain word: letters and digits only, and not its operator `or`. */
const PLAIN_WORD = /^(?!or$)[\p{L}\p{N}]+$/iu;

/**
 * The tickets whose stored words match the text `q` (docs/adr/0221). A text of plain words is
 * the AND of its words, written as one condition a word, so the full-text index steps from one
 * word's tickets to the next one's instead of testing the whole query on each ticket of the
 * first word (two frequent words: about a third less time). The same tickets either way: a word
 * the dictionary drops (a stop word) drops out of its own condition, and a text of such words
 * only matches nothing, as the whole text does; the planner folds these tests away before it
 * runs (they depend only on the parameters). Any other text (quotes, `-`, `or`, punctuation) is
 * one query, as typed.
 */
function textCondition(q: string, p: (v: unknown) => string): string {
  const pieces = q.split(/\s+/).filter(Boolean);
  if (pieces.length < 2 || !pieces.every((w) => PLAIN_WORD.test(w))) return `t.search_vector @@ ${foldedWords(p(q))}`;
  const each = pieces.map((w) => {
    const word = foldedWords(p(w));
    return `(numnode(${word}) = 0 OR t.search_vector @@ ${word})`;
  });
  return `(numnode(${foldedWords(p(q))}) > 0 AND ${each.join(' AND ')})`;
}

/**
 * The WHERE clause (over `tickets t`). A text matches the stored words of the ticket and its notes, or a ticket number.
 * With `keyset`, only the tickets after `search.after` in the sort.
 */
function ticketWhere(search: TicketSearch, now: Date, p: (v: unknown) => string, keyset = false): string {
  const conds: string[] = [];
  const after = keyset ? keysetCondition(search, p) : null;
  if (after) conds.push(after);
  if (search.q) {
    const byId = /^#?(\d{1,9})$/.exec(search.q);
    const words = textCondition(search.q, p);
    conds.push(byId ? `(${words} OR t.id = ${p(Number(byId[1]))})` : words);
  }
  // An overdue ticket is never closed: asking for both matches nothing (the planner cannot tell).
  const status = search.overdue === true ? search.status?.filter((s) => s !== 'C') : search.status;
  if (status?.length === 0) return 'WHERE false';
  if (status?.length) conds.push(`t.status = ANY(${p(status)}::text[])`);
  if (search.severity?.length) conds.push(`t.severity = ANY(${p(search.severity)}::text[])`);
  if (search.queue?.length) conds.push(`t.queue = ANY(${p(search.queue)}::text[])`);
  if (search.company) conds.push(`t.company_id = ${p(search.company)}`);
  if (search.assignee) conds.push(`t.assignee_id = ${p(search.assignee)}`);
  if (search.unassigned !== undefined) conds.push(search.unassigned ? 't.assignee_id IS NULL' : 't.assignee_id IS NOT NULL');
  if (search.overdue !== undefined) {
    const overdue = `t.status <> 'C' AND t.duedate < ${p(now)}`;
    conds.push(search.overdue ? overdue : `NOT (${overdue})`);
  }
  if (search.due_from) conds.push(`t.duedate >= ${p(search.due_from)}`);
  if (search.due_to) conds.push(`t.duedate <= ${p(search.due_to)}`);
  // Ranges are [from, to): the bounds arrive as instants (a day's `to` is the next midnight).
  if (search.created_from) conds.push(`t.created_at >= ${p(search.created_from)}`);
  if (search.created_to) conds.push(`t.created_at < ${p(search.created_to)}`);
  if (search.closed_from) conds.push(`t.closed_at >= ${p(search.closed_from)}`);
  if (search.closed_to) conds.push(`t.closed_at < ${p(search.closed_to)}`);
  if (search.sla) {
    const measured = `t.closed_at IS NOT NULL AND t.duedate IS NOT NULL`;
    conds.push(search.sla === 'met' ? `${measured} AND t.closed_at <= t.duedate` : search.sla === 'missed' ? `${measured} AND t.closed_at > t.duedate` : measured);
  }
  return conds.length ? `WHERE ${conds.join(' AND ')}` : '';
}

/**
 * The sort as (expression, direction) pairs, ending with the id in the direction of the last
 * column (so a two-column index serves it). For a keyset page (`keyset`), a column that may be
 * empty is two keys that never are (EMPTY_AS): the same order.
 */
function sortKeys(sort: SortSpec<TicketSortField>[] | undefined, keyset = false): [string, 'ASC' | 'DESC'][] {
  const cols = sort?.length ? sort : [{ field: 'id' as const, dir: 'desc' as const }];
  const keys = cols.flatMap((s): [string, 'ASC' | 'DESC'][] => {
    const expr = SORT_SQL[s.field];
    const dir = s.dir === 'asc' ? 'ASC' : 'DESC';
    const empty = keyset ? EMPTY_AS[expr] : undefined;
    return empty === undefined ? [[expr, dir]] : [[`(${expr} IS NULL)`, dir], [`COALESCE(${expr}, ${empty})`, dir]];
  });
  if (!cols.some((s) => s.field === 'id')) keys.push(['t.id', keys[keys.length - 1]![1]]);
  return keys;
}

export function ticketOrderBy(sort: SortSpec<TicketSortField>[] | undefined, keyset = false): string {
  return `ORDER BY ${sortKeys(sort, keyset).map(([e, d]) => `${e} ${d}`).join(', ')}`;
}

/** Whether the search continues after a ticket (a keyset page) rather than from an offset. */
const isKeyset = (search: TicketSearch) => search.after !== undefined;

/** The rows on the pages before this one. */
const rowsBefore = (search: TicketSearch) => (search.page - 1) * search.size;
/** The rows the statement skips: none after a keyset anchor (the page starts there). */
const offsetOf = (search: TicketSearch) => (search.after === undefined ? rowsBefore(search) : 0);

/** One page of the search, in the order of the sort, as the planner chooses to find it. */
export function ticketPageQuery(search: TicketSearch, now: Date): SqlQuery {
  const { values, p } = params();
  const where = ticketWhere(search, now, p, true);
  return {
    text: `SELECT ${listColumns(p(now))} FROM tickets t ${where} ${ticketOrderBy(search.sort, isKeyset(search))}
            LIMIT ${p(search.size)} OFFSET ${p(offsetOf(search))}`,
    values,
  };
}

/**
 * The filter of one value whose index of (that column, sort key, id) serves a sort: one queue by
 * priority (migration 0069), one status by ticket number (`tickets_status_idx`, migration 0005).
 * A window of such a search holds only tickets of that value, in order, so the text and the other
 * filters are checked on those alone (docs/adr/0247, docs/adr/0251).
 */
const WINDOW_FILTER: Partial<Record<TicketSortField, 'queue' | 'status'>> = { severity: 'queue', id: 'status' };

/** The column of the window's one-value filter, when the search asks for one value of the column its sort's index starts with. */
function windowColumn(search: TicketSearch): 'queue' | 'status' | null {
  const [field = { field: 'id' as const }, ...more] = search.sort ?? [];
  const column = WINDOW_FILTER[field.field];
  return !more.length && column && search[column]?.length === 1 ? column : null;
}

/**
 * Pages skipped from which a page without text reads the tickets it skips from the sort's index
 * alone and only its own rows from the table (`ticketWindowPageQuery`). Measured on a million
 * tickets (docs/bench/tickets.md): an index entry read without its ticket saves about 0.7 µs, a
 * row of the page read again by its number costs 2–4 µs, so ten pages skipped (7 µs a row of the
 * page) gain.
 */
const DEFERRED_FROM_PAGES = 10;

/** The columns of `tickets t` that a condition names (`t.status`, `t.search_vector` …). */
const columnsNamed = (condition: string) => [...new Set([...condition.matchAll(/\bt\.(\w+)/g)].map((m) => m[1]!))];

/**
 * One page of a search expected to match many tickets: walks the sort's index and checks each
 * ticket, but reads at most `window` tickets, so a search that matches far fewer than the planner
 * expected stops early (its page comes back short) instead of reading the whole table.
 * A deep page of a search without text (`DEFERRED_FROM_PAGES`) walks the window with only the
 * columns its sort and filters name, which the sort's index holds (an index-only scan: the tickets
 * it skips are not read), and reads the whole rows of its own page by ticket number.
 */
export function ticketWindowPageQuery(search: TicketSearch, now: Date, window: number): SqlQuery {
  const { values, p } = params();
  const keys = sortKeys(search.sort, isKeyset(search));
  // A keyset page's window starts at its anchor; a window of one queue or status walks that value's
  // own index, and holds only tickets of that value: the page does not test it again.
  const column = windowColumn(search);
  const inWindow = [keysetCondition(search, p), column && `t.${column} = ${p(search[column]![0])}`].filter((c): c is string => !!c);
  const where = ticketWhere(column ? { ...search, [column]: undefined } : search, now, p);
  const offset = offsetOf(search);
  const deferred = !search.q && offset >= DEFERRED_FROM_PAGES * search.size;
  const windowColumns = deferred ? ['id', ...columnsNamed(where).filter((c) => c !== 'id')].map((c) => `t.${c}`).join(', ') : 't.*';
  const sortedBy = (alias: string) => keys.map(([, d], i) => `${alias}.sort_${i} ${d}`).join(', ');
  // The outer ORDER BY names the window's own sort columns, so the planner keeps the window's
  // order instead of sorting the whole window again.
  const page = `SELECT ${deferred ? `t.id, ${keys.map((_, i) => `t.sort_${i}`).join(', ')}` : listColumns(p(now))}
             FROM (SELECT ${windowColumns}, ${keys.map(([e], i) => `${e} AS sort_${i}`).join(', ')}
                     FROM tickets t ${inWindow.length ? `WHERE ${inWindow.join(' AND ')}` : ''} ORDER BY ${keys.map(([e, d]) => `${e} ${d}`).join(', ')} LIMIT ${p(window)}) t
             ${where}
            ORDER BY ${sortedBy('t')}
            LIMIT ${p(search.size)} OFFSET ${p(offset)}`;
  return {
    text: deferred ? `SELECT ${listColumns(p(now))} FROM (${page}) page JOIN tickets t ON t.id = page.id ORDER BY ${sortedBy('page')}` : page,
    values,
  };
}

/**
 * A search in one statement while it matches few tickets: takes the matches (at most
 * `matchCap` + 1, through whichever indexes fit the filters), counts them and sorts and pages them
 * in memory. The answer's `match_count` says whether they all fit.
 */
export function ticketMatchQuery(search: TicketSearch, now: Date): SqlQuery {
  const { values, p } = params();
  const where = ticketWhere(search, now, p, true);
  const nowParam = p(now);
  return {
    text: `WITH m AS MATERIALIZED (
             SELECT ${LIST_FIELDS} FROM tickets t ${where} LIMIT ${p(TICKET_SEARCH.matchCap + 1)})
           SELECT c.match_count, page.*
             FROM (SELECT count(*)::int AS match_count FROM m) c
             LEFT JOIN LATERAL (
               SELECT ${listColumns(nowParam)} FROM m t ${ticketOrderBy(search.sort, isKeyset(search))}
                LIMIT ${p(search.size)} OFFSET ${p(offsetOf(search))}) page ON true`,
    values,
  };
}

/**
 * Search statements whose plan does not depend on their values are sent named (docs/adr/0269):
 * each pooled connection prepares a text once, and PostgreSQL may keep one plan of it.
 * - A window page (`ticketWindowPageQuery`): its window walks the sort's index (from a keyset
 *   anchor, within one queue or status), and every other filter and the text are tested on the
 *   window's rows, where no index can be chosen.
 * - The matches of a search of text alone (the quick search: no filter, no keyset anchor), taken
 *   only once the estimate says few: the full-text index (and the ticket number's key) for any word.
 * Other statements stay unnamed: their plan follows the filters' values (ADR 0263). Texts differ
 * by the filters present and the sort: at most `PREPARED_SEARCHES_MOST` are named, later ones go
 * unnamed, so a connection keeps a bounded number of statements.
 */
const preparedNames = new Map<string, string>();
const PREPARED_SEARCHES_MOST = 64;

/**
 * Forgets which texts are named, so the next `PREPARED_SEARCHES_MOST` are (for a test that must
 * see its own statements named whatever ran before it in the process). Connections keep what they
 * prepared: a text named again gets the same name, from its hash.
 */
export function forgetPreparedSearches(): void {
  preparedNames.clear();
}

function prepared(q: SqlQuery): QueryConfig {
  let name = preparedNames.get(q.text);
  if (!name) {
    if (preparedNames.size >= PREPARED_SEARCHES_MOST) return q;
    name = `ticket_search_${createHash('sha1').update(q.text).digest('hex').slice(0, 16)}`;
    preparedNames.set(q.text, name);
  }
  return { name, text: q.text, values: q.values };
}

/** The matches statement as sent: named when the search is of text alone. */
export function matchStatement(search: TicketSearch, now: Date): QueryConfig {
  const m = ticketMatchQuery(search, now);
  const textAlone = !!search.q && ticketWhere({ ...search, q: undefined }, now, params().p, true) === '';
  return textAlone ? prepared(m) : m;
}

/** A window page as sent: named. */
export const windowStatement = (search: TicketSearch, now: Date, window: number): QueryConfig => prepared(ticketWindowPageQuery(search, now, window));

/** The planner's estimate of the matches of a search, and of all tickets: no rows are read. */
export function ticketEstimateQuery(search: TicketSearch, now: Date): SqlQuery {
  const { values, p } = params();
  return {
    text: `EXPLAIN (FORMAT JSON) SELECT 1 FROM tickets t ${ticketWhere(search, now, p)}
           UNION ALL SELECT 1 FROM tickets t`,
    values,
  };
}

/**
 * The exact number of tickets each search matches, in one statement: one count a search, each
 * through whichever index fits its filters (the views' counts, never capped like a page's total).
 */
export function ticketCountsQuery(searches: readonly TicketSearch[], now: Date): SqlQuery {
  const { values, p } = params();
  const counts = searches.map((search, i) => `(SELECT count(*)::int FROM tickets t ${ticketWhere(search, now, p)}) AS c${i}`);
  return { text: `SELECT ${counts.length ? counts.join(', ') : '0 AS none'}`, values };
}

/** The exact counts of `searches`, in their order. */
export async function countTickets(db: Pick<Pool, 'query'>, searches: readonly TicketSearch[], now: Date): Promise<number[]> {
  if (!searches.length) return [];
  const q = ticketCountsQuery(searches, now);
  const { rows } = await db.query<Record<string, number>>(q.text, q.values);
  return searches.map((_, i) => rows[0]![`c${i}`]!);
}

export type TicketPage = { rows: TicketRow[]; page: number; size: number; total: number; totalExact: boolean };

/** A row of the list as the driver reads it: its instants are Dates until the answer writes them. */
type ListRow = Omit<TicketRow, 'duedate' | 'created_at' | 'updated_at'> & { duedate: Date | null; created_at: Date; updated_at: Date };
const rowOf = (r: ListRow): TicketRow => ({ ...r, duedate: isoInstant(r.duedate), created_at: isoInstant(r.created_at), updated_at: isoInstant(r.updated_at) });

type Plan = { 'Plan Rows': number; Plans?: Plan[] };
type Estimate = [expected?: number, all?: number];
/**
 * What the search knows of some filters: the planner's estimate and when it was made, and
 * whether they were found to match few tickets though many were expected (words each frequent
 * that seldom meet), so the next search of them takes its matches at once.
 */
type Known = { estimate: Estimate; at: number; few: boolean };

/** Each database's knowledge of searches, by the statement that asks for their estimate. */
const knownByPool = new WeakMap<Pool, Map<string, Known>>();

/**
 * The planner's estimate of a search's matches and of all tickets. It follows the table's
 * statistics (ANALYZE), not each write, so the same filters reuse it for `SEARCH_ESTIMATES.keptMs`
 * instead of planning the search a second time on every request; it only chooses the way, and
 * the answer is right whichever way is taken. The clock in an overdue filter counts to the minute.
 */
async function knownOf(pool: Pool, search: TicketSearch, now: Date): Promise<Known> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const q = ticketEstimateQuery(search, minute);
  const key = `${q.text}\u0000${JSON.stringify(q.values)}`;
  let kept = knownByPool.get(pool);
  if (!kept) knownByPool.set(pool, (kept = new Map()));
  const at = Date.now();
  const hit = kept.get(key);
  if (hit && at - hit.at < SEARCH_ESTIMATES.keptMs) return hit;
  const { rows } = await pool.query(q.text, q.values);
  const estimate = ((rows[0]?.['QUERY PLAN']?.[0]?.Plan as Plan | undefined)?.Plans ?? []).map((p) => Math.max(1, p['Plan Rows'])) as Estimate;
  const known: Known = { estimate, at, few: false };
  kept.delete(key);
  kept.set(key, known);
  // A Map keeps insertion order: the first key is the oldest estimate.
  if (kept.size > SEARCH_ESTIMATES.most) kept.delete(kept.keys().next().value!);
  return known;
}

/**
 * A page of the search and its total (exact up to `countCap`, otherwise "more than"), reading a
 * bounded number of tickets whatever the search (ADR 0042):
 * - the planner's estimate of the matches decides the way;
 * - a search expected to match few is answered from its matches in one statement (exact total);
 * - a search expected to match many walks the sort's index through a window of tickets sized from
 *   the estimate; its total is "more than" without counting;
 * - when the estimate was wrong (few matches where many were expected, or the reverse), the other
 *   way answers, so the result is right either way.
 */
export async function searchTickets(pool: Pool, search: TicketSearch, now: Date): Promise<TicketPage> {
  const page = await searchPage(pool, search, now);
  // An empty keyset page: the list ended there, or the ticket it continues after is gone.
  if (search.after !== undefined && page.rows.length === 0) {
    const { rowCount } = await pool.query('SELECT 1 FROM tickets WHERE id = $1', [search.after]);
    if (!rowCount) throw conflict(TICKET_SEARCH_AFTER_GONE);
  }
  return page;
}

async function searchPage(pool: Pool, search: TicketSearch, now: Date): Promise<TicketPage> {
  const offset = offsetOf(search);
  // `matches` counts from where the statement starts (its offset included); a keyset page adds the pages before it.
  const answer = (rows: ListRow[], matches: number, exact: boolean): TicketPage => {
    const total = rowsBefore(search) - offset + matches;
    return { rows: rows.map(rowOf), page: search.page, size: search.size, total: Math.min(total, TICKET_SEARCH.countCap), totalExact: exact && total <= TICKET_SEARCH.countCap };
  };
  const ended = (rows: ListRow[]) => rows.length < search.size && (rows.length > 0 || offset === 0);
  const unbounded = async () => {
    const page = ticketPageQuery(search, now);
    const { rows } = await pool.query<ListRow>(page.text, page.values);
    return ended(rows) ? answer(rows, offset + rows.length, true) : answer(rows, TICKET_SEARCH.countCap + 1, false);
  };
  const fromMatches = async () => {
    const { rows } = await pool.query<ListRow & { match_count: number }>(matchStatement(search, now));
    const matches = rows[0]?.match_count ?? 0;
    if (matches > TICKET_SEARCH.matchCap) return null;
    return answer(rows.filter((r) => r.id !== null).map(({ match_count: _, ...r }) => r), matches, true);
  };

  const known = await knownOf(pool, search, now);
  const [expected, all] = known.estimate;
  if (expected === undefined || all === undefined) return unbounded();
  if (expected <= TICKET_SEARCH.manyMatches || known.few) return (await fromMatches()) ?? unbounded();

  const toRead = ((offset + search.size) * all) / expected;
  const window = Math.ceil(Math.max(TICKET_SEARCH.windowMin, TICKET_SEARCH.windowFactor * toRead));
  if (window >= all) return unbounded();
  const { rows } = await pool.query<ListRow>(windowStatement(search, now, window));
  if (rows.length === search.size) return answer(rows, TICKET_SEARCH.countCap + 1, false);
  // Fewer matches in the window than the estimate promised: the matches are few, or further on.
  const matched = await fromMatches();
  // Few indeed: while the estimate is kept, these filters take their matches without the window.
  if (matched) known.few = true;
  return matched ?? unbounded();
}
