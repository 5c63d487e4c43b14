/**
 * Rows of one table gathered column by column, for a single `INSERT … SELECT FROM unnest($1, $2, …)`:
 * push a row as an object, then pass `values()` (the columns in the order named) as the query's
 * parameters. One round trip for thousands of demo rows.
 */
export function columnTable<K extends string>(...names: readonly K[]) {
  const columns = Object.fromEntries(names.map((n) => [n, [] as unknown[]])) as Record<K, unknown[]>;
  return {
    columns,
    push(row: Record<K, unknown>) {
      for (const n of names) columns[n].push(row[n]);
    },
    values: () => names.map((n) => columns[n]),
  };
}
