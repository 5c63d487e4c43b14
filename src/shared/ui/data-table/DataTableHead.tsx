import { useSelector } from '@xstate/react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { dropdownItem } from '@/shared/machines/table/table.model';
import type { Row } from '@/shared/machines/table/table.machine';
import { ariaSort, headerRowCount, selectAllOnPageSelected, selectSort, sortOf } from '@/shared/machines/table/table.selectors';
import type { ColumnOptions } from '@/shared/machines/table/table.types';
import { cx } from '@/shared/ui/components/cx';
import { Select } from '@/shared/ui/components/field/Select';
import type { DataTableColumn, TableActorRef } from './types';
import { defaultWidth } from './widths';
import styles from './DataTable.module.css';

/**
 * The table's header: the select-all checkbox, a sort button per sortable column (aria-sort, the
 * direction, the key's number in a multi-column sort), and the row of column filters.
 */
export function DataTableHead({ actor, visible, selectable, isAll }: { actor: TableActorRef; visible: readonly DataTableColumn<Row>[]; selectable: boolean; isAll: boolean }) {
  const sort = useSelector(actor, selectSort);
  const allOnPageSelected = useSelector(actor, selectAllOnPageSelected);
  const drafts = useSelector(actor, (s) => s.context.drafts);
  const hasFilters = headerRowCount(visible) > 1;

  const sortClick = (field: string) => (e: MouseEvent<HTMLButtonElement>) => actor.send({ type: 'sort.toggle', field, multi: e.shiftKey });
  const sortKey = (field: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    // Shift+Enter / Shift+Space add the column to a multi-column sort, as Shift-click does.
    if ((e.key === 'Enter' || e.key === ' ') && e.shiftKey) {
      e.preventDefault();
      actor.send({ type: 'sort.toggle', field, multi: true });
    }
  };

  return (
    <thead>
      <tr aria-rowindex={isAll ? 1 : undefined}>
        {selectable ? (
          <th scope="col" className={styles.check}>
            <input type="checkbox" aria-label="Select all rows on this page" checked={allOnPageSelected} onChange={() => actor.send({ type: 'rows.togglePage' })} />
          </th>
        ) : null}
        {visible.map((c) => {
          const { key, index, count } = sortOf(sort, c.field);
          const sortable = c.sortable !== false;
          return (
            <th key={c.field} scope="col" style={{ width: c.width ?? defaultWidth(c) }} title={c.tooltip} aria-sort={sortable ? ariaSort(key) : undefined}>
              {sortable ? (
                <button type="button" className={cx('dt-sort', styles.sort)} onClick={sortClick(c.field)} onKeyDown={sortKey(c.field)}>
                  <span className={styles.sortLabel}>{c.label}</span>
                  <span aria-hidden="true" className={styles.sortIcon}>
                    {key ? (key.type === 'asc' ? '▲' : '▼') : '↕'}
                  </span>
                  {key && count > 1 ? <span className={cx('dt-sort-index', styles.sortIndex)}>{index + 1}</span> : null}
                </button>
              ) : (
                c.label
              )}
            </th>
          );
        })}
      </tr>
      {hasFilters ? (
        <tr className={styles.filters} aria-rowindex={isAll ? 2 : undefined}>
          {selectable ? <td /> : null}
          {visible.map((c) => (
            <td key={c.field}>{c.filterOptions?.enabled ? <FilterInput column={c} value={drafts[c.field] ?? ''} actor={actor} /> : null}</td>
          ))}
        </tr>
      ) : null}
    </thead>
  );
}

/** The key of a dropdown filter's "any" choice (no filter). */
const ANY_FILTER = '\u0000any';

/** A column's filter: a dropdown when it has items (applies at once), else a text box. */
function FilterInput({ column, value, actor }: { column: ColumnOptions<Row>; value: string; actor: TableActorRef }) {
  const label = `Filter ${column.label}`;
  const items = column.filterOptions?.filterDropdownItems;
  if (items) {
    const options = [{ id: ANY_FILTER, label: column.filterOptions?.placeholder || 'Any' }, ...items.map((item) => {
      const { text, value: v } = dropdownItem(item);
      return { id: v, label: text };
    })];
    return (
      <Select
        aria-label={label}
        items={options}
        value={value === '' ? ANY_FILTER : value}
        onChange={(key) => key !== null && actor.send({ type: 'filter.select', field: column.field, value: key === ANY_FILTER ? '' : String(key) })}
        className={styles.filterSelect}
      />
    );
  }
  return (
    <input
      type="text"
      aria-label={label}
      placeholder={column.filterOptions?.placeholder}
      value={value}
      onChange={(e) => actor.send({ type: 'filter.type', field: column.field, value: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') actor.send({ type: 'filter.commit', field: column.field });
      }}
    />
  );
}
