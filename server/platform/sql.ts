/**
 * SQL helpers every repository uses: one way to answer a timestamp, to match text with LIKE, to
 * order by severity, and to page.
 */
import pg, { type Pool, type PoolClient } from 'pg';

/** A pool or a transaction's client: what a repository function runs its statements on. */
export type Queryable = Pick<Pool | PoolClient, 'query'>;

/**
 * Runs the independent queries of one read: side by side on the pool (each on a connection of its
 * own), one after another on a client, such as a transaction's (the server runs a connection's
 * queries one at a time anyway, and pg deprecates sending a query while another runs on the same
 * client). The answers come back in the order of the queries.
 */
export async function allQueries<const T extends readonly (() => Promise<unknown>)[]>(db: Queryable, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (db instanceof pg.Pool) return (await Promise.all(queries.map((query) => query()))) as never;
  const answers: unknown[] = [];
  for (const query of queries) answers.push(await query());
  return answers as never;
}

/** A timestamp as ISO 8601 text in UTC, its seconds written by the `to_char` pattern `seconds`. */
const utcText = (column: string, seconds: 'SS' | 'SS.MS') => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:${seconds}"Z"')`;

/** A timestamp as ISO 8601 in UTC without fractions (`2026-01-31T09:00:00Z`), the way lists answer them. */
export const isoOf = (column: string) => utcText(column, 'SS');

/** An instant as text to the millisecond, as `isoInstant` writes a Date the driver read: for instants built into JSON by the database. */
export const isoMsOf = (column: string) => utcText(column, 'SS.MS');

/** `isoOf(column) AS name` (the name defaults to the column's own). */
export const iso = (column: string, as = column.split('.').pop()!) => `${isoOf(column)} AS ${as}`;

/**
 * An instant the driver read (a Date) as the answers that keep milliseconds write it
 * (`2026-01-31T09:00:00.123Z`, as JSON writes a Date): a ticket's due date and clock, which a
 * change compares to the millisecond. Text is taken as already written.
 */
export function isoInstant(value: Date | string): string;
export function isoInstant(value: Date | string | null): string | null;
export function isoInstant(value: Date | string | null): string | null {
  return value instanceof Date ? value.toISOString() : value;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `expr` matches the LIKE pattern in the parameter `param`, whatever the accents and case of
 * either (migration 0024, docs/adr/0118): a trigram index over `f_unaccent(expr)` serves it.
 */
export const foldedLike = (expr: string, param: string) => `f_unaccent(${expr}) ILIKE f_unaccent(${param})`;

/** The full-text query of the words in the parameter `param`, accents removed as in the stored words (migration 0024). */
export const foldedWords = (param: string) => `websearch_to_tsquery('english', f_unaccent(${param}))`;

/** The severity order (C, H, M, L) in SQL: the database's severity_rank() (migration 0005). */
export const severityRank = (column: string) => `severity_rank(${column})`;

/** The row offset of a page (pages count from 1). */
export const offsetOf = (page: number, size: number) => (page - 1) * size;


/** A page of a list and the number of all its rows. */
export type ListPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * The one paging helper of the client lists: runs `select` (which must end before LIMIT) with
 * LIMIT and OFFSET appended, and `count` (a `SELECT count(*) AS n …` over the same filters), side by side on the pool.
 */
export async function listPage<T>(
  db: Queryable,
  query: { select: string; count: string; params: unknown[] },
  paging: { page: number; pageSize: number },
): Promise<ListPage<T>> {
  const n = query.params.length;
  const [{ rows }, { rows: count }] = await allQueries(db, [
    () => db.query(`${query.select} LIMIT $${n + 1} OFFSET $${n + 2}`, [...query.params, paging.pageSize, offsetOf(paging.page, paging.pageSize)]),
    () => db.query<{ n: string }>(query.count, query.params),
  ]);
  return { items: rows as T[], total: Number(count[0]!.n), page: paging.page, pageSize: paging.pageSize };
}
