import type { ReactNode } from 'react';
import styles from './SimpleTable.module.css';

/** A column of a small read-only table: its header and what a row shows in it. */
export type SimpleColumn<R> = { header: string; cell: (row: R) => ReactNode };

/**
 * A small read-only table: a header row and one row per item, no sorting, filtering or paging
 * (lists that people search, sort or page use the DataTable). Scrolls sideways inside its own box
 * on a narrow screen; with no rows it says so in one row.
 */
export function SimpleTable<R>({
  columns,
  rows,
  rowKey,
  label,
  empty,
}: {
  columns: readonly SimpleColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The table's accessible name. */
  label?: string;
  /** What the one row says when there are no rows (TABLE_TEXTS.empty for the spec's text); none when omitted. */
  empty?: ReactNode;
}) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label={label}>
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
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) => (
                <td key={i}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
