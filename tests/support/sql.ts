/**
 * SQL against a test app's database (or any pg pool, client or connection), answering rows:
 * `const sql = sqlOf(t)` → `sql.rows(text, values)`, `sql.one(text, values)`, `sql.count('tickets')`.
 */
import type pg from 'pg';
import type { TestApp } from './test-app';

/** What the helper queries through. */
export type Queryable = Pick<pg.Pool | pg.PoolClient | pg.Client, 'query'>;

/** pg's own row type when a query names none (loose: columns read as they come back). */
type AnyRow = pg.QueryResult['rows'][number];

export type Sql = {
  /** Every row the statement answers (none for a write without RETURNING). */
  rows<T extends pg.QueryResultRow = AnyRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** The one row the statement answers; fails naming the statement when it answers none or several. */
  one<T extends pg.QueryResultRow = AnyRow>(text: string, values?: unknown[]): Promise<T>;
  /**
   * How many rows: of a table (`'tickets'`), of a table with a condition (`'tickets WHERE status = $1'`),
   * or of a query (`'SELECT … '`, `'WITH …'`).
   */
  count(tableOrQuery: string, values?: unknown[]): Promise<number>;
};

const IS_QUERY = /^\s*(select|with|values|table)\b/i;

export function sqlOf(source: Pick<TestApp, 'ctx'> | Queryable): Sql {
  const db: Queryable = 'ctx' in source ? source.ctx.database.pool : source;
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const found = await rows<T>(text, values);
    if (found.length !== 1) throw new Error(`Expected one row, got ${found.length}, from: ${text}`);
    return found[0]!;
  };
  return {
    rows,
    one,
    count: async (tableOrQuery, values = []) => {
      const from = IS_QUERY.test(tableOrQuery) ? `(${tableOrQuery}) AS counted` : tableOrQuery;
      return (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${from}`, values)).n;
    },
  };
}
