import { useSelector } from '@xstate/react';
import type { KeyboardEvent } from 'react';
import { TABLE_TEXTS } from '@contracts/common/constants';
import { displayValue } from '@/shared/machines/table/table.model';
import type { Row } from '@/shared/machines/table/table.machine';
import { columnCount, headerRowCount, selectRowKey, selectSelected } from '@/shared/machines/table/table.selectors';
import { cx } from '@/shared/ui/components/cx';
import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { Skeleton } from '@/shared/ui/components/feedback/Skeleton';
import { TextCell } from './cells';
import type { DataTableColumn, TableActorRef } from './types';
import styles from './DataTable.module.css';

/** The rows the body draws: every row of the page, or with 'All' the virtualizer's window of them. */
export type ShownRows = {
  rows: readonly { row: Row; index: number }[];
  /** Space above and below the drawn rows ('All'), so the scroll bar spans every row. */
  padTop: number;
  padBottom: number;
};

export type DataTableBodyProps = {
  actor: TableActorRef;
  visible: readonly DataTableColumn<Row>[];
  shown: ShownRows;
  /** No row on the page (the skeleton or the empty state shows instead). */
  empty: boolean;
  loading: boolean;
  isAll: boolean;
  selectable: boolean;
  skeletonCount: number;
  onRowClick?: (row: Row) => void;
  onRowKeyDown: (e: KeyboardEvent<HTMLTableRowElement>, row: Row, index: number) => void;
};

/** The table's body: its rows (with checkboxes when selectable), skeleton rows while loading, or the empty state. */
export function DataTableBody({ actor, visible, shown, empty, loading, isAll, selectable, skeletonCount, onRowClick, onRowKeyDown }: DataTableBodyProps) {
  const selected = useSelector(actor, selectSelected);
  const rowKey = useSelector(actor, selectRowKey);
  const colCount = columnCount(visible, selectable);
  const headerRows = headerRowCount(visible);
  return (
    <tbody>
      {shown.padTop > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: shown.padTop }} />
        </tr>
      ) : null}
      {shown.rows.map(({ row, index }) => {
        const key = String(row[rowKey]);
        const isSelected = selected.includes(key);
        return (
          <tr
            key={key}
            data-index={index}
            aria-rowindex={isAll ? index + headerRows + 1 : undefined}
            aria-selected={selectable ? isSelected : undefined}
            tabIndex={onRowClick || isAll ? 0 : undefined}
            className={cx('dt-row', styles.row, onRowClick && styles.clickable)}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
            onKeyDown={(e) => onRowKeyDown(e, row, index)}
          >
            {selectable ? (
              <td className={styles.check}>
                <input
                  type="checkbox"
                  aria-label={`Select row ${key}`}
                  checked={isSelected}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => actor.send({ type: 'row.toggle', key })}
                />
              </td>
            ) : null}
            {visible.map((c) => (
              <td key={c.field} className={c.type && c.type !== 'text' && c.type !== 'date' ? styles.num : undefined}>
                {c.cell ? <div className={cx('dt-custom', styles.box)}>{c.cell(row)}</div> : <TextCell text={displayValue(row, c)} />}
              </td>
            ))}
          </tr>
        );
      })}
      {shown.padBottom > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: shown.padBottom }} />
        </tr>
      ) : null}
      {empty && loading
        ? Array.from({ length: skeletonCount }, (_, r) => (
            <tr key={`skeleton-${r}`} className={styles.skeletonRow} aria-hidden={r > 0 ? true : undefined}>
              {selectable ? <td /> : null}
              {visible.map((c, i) => (
                <td key={c.field}>
                  {r === 0 && i === 0 ? <span className="sr-only">{TABLE_TEXTS.loading}</span> : null}
                  <Skeleton width={`${55 + ((r * 7 + i * 13) % 40)}%`} />
                </td>
              ))}
            </tr>
          ))
        : null}
      {empty && !loading ? (
        <tr>
          <td colSpan={colCount} className={cx('dt-message', styles.message)}>
            <EmptyState compact headingLevel={null} title={TABLE_TEXTS.empty} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
