import { useRef, type ReactNode } from 'react';
import { useScrollsSideways } from './scrolls-sideways';
import { cx } from '@/shared/ui/components/cx';
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
  stack = false,
}: {
  columns: readonly SimpleColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The table's accessible name. */
  label?: string;
  /** What the one row says when there are no rows (TABLE_TEXTS.empty for the spec's text); none when omitted. */
  empty?: ReactNode;
  /**
   * In a box narrower than 40rem (a phone), each row becomes a block of "header: value" lines
   * instead of a table that scrolls sideways: for rows of long text (comments) that no phone
   * width fits. The table keeps its table roles.
   */
  stack?: boolean;
}) {
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(wrap);
  return (
    // Only when it scrolls sideways does the box take focus, so keyboard users can scroll it too.
    <div
      ref={wrap}
      className={cx(styles.wrap, stack && styles.stackable)}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'group' : undefined}
      aria-label={scrolls ? `${label ?? 'Table'}, scrolls sideways` : undefined}
    >
      <table className={styles.table} aria-label={label} role={stack ? 'table' : undefined}>
        <thead role={stack ? 'rowgroup' : undefined}>
          <tr role={stack ? 'row' : undefined}>
            {columns.map((c, i) => (
              <th key={i} scope="col" role={stack ? 'columnheader' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={stack ? 'rowgroup' : undefined}>
          {rows.length === 0 && empty !== undefined ? (
            <tr role={stack ? 'row' : undefined}>
              <td colSpan={columns.length} className={styles.empty} role={stack ? 'cell' : undefined}>
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={rowKey(row)} role={stack ? 'row' : undefined}>
              {columns.map((c, i) => (
                <td key={i} role={stack ? 'cell' : undefined} data-label={stack ? c.header : undefined}>
                  {stack ? <div>{c.cell(row)}</div> : c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

