import type { ReactNode } from 'react';

/** A column of a small read-only table: its header and what a row shows in it. */
export type SimpleColumn<R> = { header: string; cell: (row: R) => ReactNode };

/**
 * A small read-only table (`table.simple`): a header row and one row per item, no sorting,
 * filtering or paging. Lists that people search, sort or page use the DataTable.
 */
export function SimpleTable<R>({ columns, rows, rowKey }: { columns: readonly SimpleColumn<R>[]; rows: readonly R[]; rowKey: (row: R) => string | number }) {
  return (
    <table className="simple">
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) => (
              <td key={i}>{c.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
