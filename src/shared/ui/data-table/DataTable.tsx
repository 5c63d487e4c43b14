import { useActorRef, useSelector } from '@xstate/react';
import { inspection } from '@/shared/inspection';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS, TABLE_TEXTS } from '@contracts/common/constants';
import { displayValue, dropdownItem } from '@/shared/machines/table/table.model';
import {
  lastPageOf,
  pageRows,
  queryOf,
  tableMachine,
  type Row,
  type TableInput,
  type TableMachine,
} from '@/shared/machines/table/table.machine';
import type { ColumnOptions, SortKey, TableQuery } from '@/shared/machines/table/table.types';
import type { ActorRefFrom } from 'xstate';
import { Alert } from '@/shared/ui/components/feedback/Alert';
import { Button } from '@/shared/ui/components/button/Button';
import { EmptyState } from '@/shared/ui/components/feedback/EmptyState';
import { Menu, MenuItem, MenuTrigger } from '@/shared/ui/components/menu/Menu';
import { SearchField } from '@/shared/ui/components/filter/FilterBar';
import { Skeleton } from '@/shared/ui/components/feedback/Skeleton';
import { cx } from '@/shared/ui/components/cx';
import fieldStyles from '@/shared/ui/components/field/Field.module.css';
import { choosableColumns, readColumnChoice, shownColumns, writeColumnChoice, type ColumnChoice } from './columns';
import styles from './DataTable.module.css';
import { useScrollsSideways } from '../scrolls-sideways';

/** Column options of spec 3, plus how a cell renders when plain text is not enough. */
export type DataTableColumn<R = Row> = ColumnOptions<R> & { cell?: (row: R) => ReactNode };

export type DataTableProps<R = Row> = {
  /** The table's accessible name, shown as its caption. */
  caption: string;
  columns: readonly DataTableColumn<R>[];
  /** Client mode: every row. Changing the array re-applies filters, search and sort. */
  rows?: readonly R[];
  /** Client mode: the rows are still coming ('Loading...'). */
  isLoading?: boolean;
  /** Server mode: a machine from `createServerTableMachine(fetch)`. */
  machine?: TableMachine;
  /**
   * A table actor the screen made with `useTableActor`, when something else on the screen talks to
   * the table (a form that adds a row tells it to reload). `machine`, `mode`, `rows`, `rowKey` and
   * `initialState` then go to `useTableActor` instead.
   */
  actor?: TableActorRef;
  mode?: 'client' | 'server';
  /** The field that identifies a row. Default 'id'. */
  rowKey?: string;
  /** Sort keys, filters, search, page and page size to start with (e.g. read from the URL). */
  initialState?: TableInput['initial'];
  /** Shows row checkboxes and the '<n> row(s) selected' bar. */
  selectable?: boolean;
  /** Shows the 'Search Table' box. Default true. */
  searchable?: boolean;
  /** Makes rows clickable (mouse, Enter). */
  onRowClick?: (row: R) => void;
  /** Called after every change of sort, filters, search, page or page size (e.g. to write the URL). */
  onQueryChange?: (query: TableQuery) => void;
  /** Called with the keys of the selected rows. */
  onSelectionChange?: (keys: string[]) => void;
  /** Height in pixels of the scrolling area when 'All' rows are shown. Default 480. */
  allRowsHeight?: number;
  /**
   * Names the table for the column chooser's remembered choice (localStorage
   * `cc.table.<tableId>.columns`). The chooser shows when a column has a priority above 1 or
   * `columnChooser` is set.
   */
  tableId?: string;
  columnChooser?: boolean;
  /** Skeleton rows while the first rows load. Default: the page size, at most 10. */
  skeletonRows?: number;
};

/** Height of one body row in pixels (dense); 'All' relies on it for virtual scrolling. */
export const ROW_HEIGHT = 36;
const DEFAULT_ALL_HEIGHT = 480;

const ariaSort = (key: SortKey | undefined) => (key ? (key.type === 'asc' ? 'ascending' : 'descending') : 'none');

export type TableActorRef = ActorRefFrom<TableMachine>;

/** What a table actor is made from; read once, when the screen mounts. */
export type TableActorOptions<R = Row> = Pick<DataTableProps<R>, 'columns' | 'machine' | 'mode' | 'rows' | 'rowKey' | 'initialState'>;

/**
 * The actor behind a `DataTable`, made by the screen (then passed as `actor`) when other parts of
 * the screen send it events, e.g. a form's machine told to reload the table once it has saved.
 */
export function useTableActor<R = Row>(options: TableActorOptions<R>): TableActorRef {
  return useActorRef(options.machine ?? tableMachine, {
    input: {
      mode: options.mode ?? (options.machine ? 'server' : 'client'),
      columns: options.columns as readonly DataTableColumn<Row>[],
      rows: options.rows as readonly Row[] | undefined,
      rowKey: options.rowKey,
      initial: options.initialState,
    },
    inspect: inspection.inspect,
  });
}

export function DataTable<R = Row>(props: DataTableProps<R>) {
  return props.actor ? <DataTableView {...props} actor={props.actor} /> : <OwnDataTable {...props} />;
}

function OwnDataTable<R>(props: DataTableProps<R>) {
  const actor = useTableActor(props);
  return <DataTableView {...props} actor={actor} />;
}

const localStore = () => (typeof window !== 'undefined' ? window.localStorage : undefined);

/** The width of an element, followed as it changes (null until measured, or without ResizeObserver). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const w = el.getBoundingClientRect().width;
      setWidth(w > 0 ? Math.round(w) : null);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * Marks the text cells whose text is cut (an ellipsis shows): they get the full text as a tooltip
 * on hover, and when the row itself cannot take focus, a tab stop that shows it on focus.
 */
function useTruncationMarks(root: React.RefObject<HTMLElement | null>, focusableRows: boolean, deps: readonly unknown[]) {
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const mark = () => {
      el.querySelectorAll<HTMLElement>('tbody .dt-cell').forEach((cell) => {
        const text = cell.firstElementChild as HTMLElement | null;
        const cut = Boolean(text && text.scrollWidth > text.clientWidth + 1);
        if (cut) {
          cell.dataset.truncated = 'true';
          // A cell holding a link or button shows the text when that takes focus.
          if (!focusableRows && !cell.querySelector('a, button, input')) cell.tabIndex = 0;
        } else if (cell.dataset.truncated) {
          delete cell.dataset.truncated;
          cell.removeAttribute('tabindex');
        }
      });
    };
    mark();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(mark);
    observer.observe(el);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, focusableRows, ...deps]);
}

/** The column chooser: a menu of checkboxes, one per column; the choice is remembered per table. */
function ColumnChooser({
  columns,
  shown,
  onChange,
}: {
  columns: readonly DataTableColumn<Row>[];
  shown: readonly DataTableColumn<Row>[];
  onChange: (field: string, visible: boolean) => void;
}) {
  const selected = shown.map((c) => c.field);
  return (
    <MenuTrigger>
      <Button size="sm" variant="quiet" className={styles.chooser}>
        Columns
      </Button>
      <Menu
        aria-label="Columns"
        selectionMode="multiple"
        shouldCloseOnSelect={false}
        selectedKeys={selected}
        placement="bottom end"
        onSelectionChange={(keys) => {
          const next = keys === 'all' ? columns.map((c) => c.field) : [...keys].map(String);
          for (const c of columns) {
            const was = selected.includes(c.field);
            const now = next.includes(c.field);
            if (was !== now) onChange(c.field, now);
          }
        }}
      >
        {columns.map((c) => (
          <MenuItem key={c.field} id={c.field} textValue={c.label}>
            {c.label}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}

/** A text cell: one line, cut with an ellipsis; the full text shows on hover and focus when cut. */
function TextCell({ text }: { text: string }) {
  return (
    <span className={cx('dt-cell', styles.cell)} data-full={text}>
      <span className={styles.text}>{text}</span>
    </span>
  );
}

/**
 * For a column's `cell` that renders one line of text in its own element (a link to the row):
 * cut with an ellipsis like plain cells, the full `text` on hover and when the element has focus.
 */
export function CellText({ text, children }: { text: string; children: ReactNode }) {
  return (
    <span className={cx('dt-cell', styles.cell, styles.custom)} data-full={text}>
      {children}
    </span>
  );
}

function DataTableView<R>(props: DataTableProps<R> & { actor: TableActorRef }) {
  const columns = props.columns as readonly DataTableColumn<Row>[];
  const rootRef = useRef<HTMLDivElement>(null);
  const width = useWidth(rootRef);
  const [choice, setChoice] = useState<ColumnChoice>(() => readColumnChoice(localStore(), props.tableId));
  const visible = shownColumns(columns, width, choice);
  const chooser = props.columnChooser ?? columns.some((c) => (c.priority ?? 1) > 1);
  const choose = (field: string, show: boolean) => {
    setChoice((prev) => {
      const next = { ...prev, [field]: show };
      writeColumnChoice(localStore(), props.tableId, next);
      return next;
    });
  };
  const { actor } = props;
  const id = useId();
  const ctx = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading')) || Boolean(props.isLoading);
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const rows = pageRows(ctx);
  const last = lastPageOf(ctx);
  const isAll = ctx.pageSize === ROWS_PER_PAGE_ALL;
  const selectable = Boolean(props.selectable);
  const colCount = visible.length + (selectable ? 1 : 0);

  // Client mode: new rows from the screen.
  const { rows: givenRows } = props;
  useEffect(() => {
    if (givenRows && actor.getSnapshot().context.rows !== givenRows) actor.send({ type: 'rows.set', rows: givenRows as readonly Row[] });
  }, [actor, givenRows]);

  // Tell the screen about query and selection changes.
  const { onQueryChange, onSelectionChange } = props;
  useEffect(() => {
    let lastQuery = JSON.stringify(queryOf(actor.getSnapshot().context));
    let lastSelected = actor.getSnapshot().context.selected;
    const sub = actor.subscribe((s) => {
      const q = queryOf(s.context);
      const text = JSON.stringify(q);
      if (text !== lastQuery) {
        lastQuery = text;
        onQueryChange?.(q);
      }
      if (s.context.selected !== lastSelected) {
        lastSelected = s.context.selected;
        onSelectionChange?.(s.context.selected);
      }
    });
    return () => sub.unsubscribe();
  }, [actor, onQueryChange, onSelectionChange]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const minWidth = tableMinWidth(visible, selectable);
  const sideways = useScrollsSideways(scrollRef, [minWidth]);
  const allHeight = props.allRowsHeight ?? DEFAULT_ALL_HEIGHT;
  const virtualizer = useVirtualizer({
    count: isAll ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 1024, height: allHeight },
  });
  const items = isAll ? virtualizer.getVirtualItems() : [];
  const shown: { row: Row; index: number }[] = isAll
    ? items.map((v) => ({ row: rows[v.index]!, index: v.index }))
    : rows.map((row, index) => ({ row, index }));
  const padTop = isAll && items.length > 0 ? items[0]!.start : 0;
  const padBottom = isAll && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  const focusRow = (index: number) => {
    if (index < 0 || index >= rows.length) return;
    if (isAll) virtualizer.scrollToIndex(index, { align: 'auto' });
    const tryFocus = (attempt: number) => {
      const el = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
      if (el) el.focus();
      else if (attempt < 5) requestAnimationFrame(() => tryFocus(attempt + 1));
    };
    tryFocus(0);
  };

  const onRowKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: Row, index: number) => {
    if (e.target !== e.currentTarget) return;
    // Enter, or "o" as the shortcut list says (SHORTCUTS), opens the row.
    const opens = e.key === 'Enter' || (e.key === 'o' && !e.ctrlKey && !e.metaKey && !e.altKey);
    if (opens && props.onRowClick) {
      e.preventDefault();
      props.onRowClick(row as R);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusRow(index + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusRow(index - 1);
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault();
      focusRow(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault();
      focusRow(rows.length - 1);
    }
  };

  const sortClick = (field: string) => (e: MouseEvent<HTMLButtonElement>) => actor.send({ type: 'sort.toggle', field, multi: e.shiftKey });
  const sortKey = (field: string) => (e: KeyboardEvent<HTMLButtonElement>) => {
    // Shift+Enter / Shift+Space add the column to a multi-column sort, as Shift-click does.
    if ((e.key === 'Enter' || e.key === ' ') && e.shiftKey) {
      e.preventDefault();
      actor.send({ type: 'sort.toggle', field, multi: true });
    }
  };

  const skeletonCount = props.skeletonRows ?? Math.min(isAll ? 10 : ctx.pageSize, 10);
  const focusableRows = Boolean(props.onRowClick) || isAll;
  useTruncationMarks(rootRef, focusableRows, [rows, visible.length]);
  const hasFilters = visible.some((c) => c.filterOptions?.enabled);
  const headerRows = hasFilters ? 2 : 1;
  const keyOf = (row: Row) => String(row[ctx.rowKey]);
  const pageKeys = rows.map(keyOf);
  const allOnPageSelected = pageKeys.length > 0 && pageKeys.every((k) => ctx.selected.includes(k));

  const body = (
    <tbody>
      {padTop > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padTop }} />
        </tr>
      ) : null}
      {shown.map(({ row, index }) => {
        const key = keyOf(row);
        const selected = ctx.selected.includes(key);
        return (
          <tr
            key={key}
            data-index={index}
            aria-rowindex={isAll ? index + headerRows + 1 : undefined}
            aria-selected={selectable ? selected : undefined}
            tabIndex={props.onRowClick || isAll ? 0 : undefined}
            className={cx('dt-row', styles.row, props.onRowClick && styles.clickable)}
            onClick={props.onRowClick ? () => props.onRowClick!(row as R) : undefined}
            onKeyDown={(e) => onRowKeyDown(e, row, index)}
          >
            {selectable ? (
              <td className={styles.check}>
                <input
                  type="checkbox"
                  aria-label={`Select row ${key}`}
                  checked={selected}
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
      {padBottom > 0 ? (
        <tr aria-hidden="true" className={styles.spacer}>
          <td colSpan={colCount} style={{ height: padBottom }} />
        </tr>
      ) : null}
      {rows.length === 0 && loading
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
      {rows.length === 0 && !loading ? (
        <tr>
          <td colSpan={colCount} className={cx('dt-message', styles.message)}>
            <EmptyState compact headingLevel={null} title={TABLE_TEXTS.empty} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );

  const showToolbar = props.searchable !== false;
  const chooserControl = chooser ? <ColumnChooser columns={choosableColumns(columns)} shown={visible} onChange={choose} /> : null;
  return (
    <div className={cx('dt', styles.root)} aria-busy={loading} ref={rootRef}>
      {showToolbar ? (
        <div className={styles.toolbar}>
          {props.searchable !== false ? (
            <SearchField
              label={TABLE_TEXTS.search}
              placeholder={TABLE_TEXTS.search}
              value={ctx.search}
              onChange={(value) => actor.send({ type: 'search.change', value })}
              className={styles.search}
            />
          ) : null}
          {chooserControl}
        </div>
      ) : null}
      <span role="status" className={styles.status}>
        {loading && rows.length > 0 ? TABLE_TEXTS.loading : ''}
        <span className="sr-only">{loading ? '' : `${ctx.total} rows`}</span>
      </span>
      {selectable && ctx.selected.length > 0 ? (
        <div className={styles.selection}>
          {TABLE_TEXTS.selected(ctx.selected.length)}{' '}
          <button type="button" className={styles.link} onClick={() => actor.send({ type: 'selection.clear' })}>
            {TABLE_TEXTS.clear}
          </button>
        </div>
      ) : null}
      {failed ? (
        <Alert tone="danger" live title={ctx.error ?? 'The rows could not be loaded.'}>
          <Button size="sm" onPress={() => actor.send({ type: 'table.retry' })}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <div
        ref={scrollRef}
        className={cx(isAll ? 'dt-scroll-all' : 'dt-scroll', styles.scroll, isAll && styles.scrollAll, sideways && styles.scrollX)}
        style={isAll ? { height: allHeight } : undefined}
        data-sideways={sideways || undefined}
        tabIndex={isAll || sideways ? 0 : undefined}
        role={isAll || sideways ? 'region' : undefined}
        aria-label={isAll || sideways ? (sideways && !isAll ? `${props.caption}, scrolls sideways` : props.caption) : undefined}
      >
        <table
          className={cx('dt-table', styles.table, focusableRows && styles.focusableRows)}
          style={{ minWidth }}
          aria-rowcount={isAll ? rows.length + headerRows : undefined} aria-describedby={`${id}-pages`}>
          <caption className="sr-only">{props.caption}</caption>
          <thead>
            <tr aria-rowindex={isAll ? 1 : undefined}>
              {selectable ? (
                <th scope="col" className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label="Select all rows on this page"
                    checked={allOnPageSelected}
                    onChange={() => actor.send({ type: 'rows.togglePage' })}
                  />
                </th>
              ) : null}
              {visible.map((c) => {
                const at = ctx.sort.findIndex((k) => k.field === c.field);
                const key = at >= 0 ? ctx.sort[at] : undefined;
                const sortable = c.sortable !== false;
                return (
                  <th
                    key={c.field}
                    scope="col"
                    style={{ width: c.width ?? defaultWidth(c) }}
                    title={c.tooltip}
                    aria-sort={sortable ? ariaSort(key) : undefined}
                  >
                    {sortable ? (
                      <button type="button" className={cx('dt-sort', styles.sort)} onClick={sortClick(c.field)} onKeyDown={sortKey(c.field)}>
                        <span className={styles.sortLabel}>{c.label}</span>
                        <span aria-hidden="true" className={styles.sortIcon}>
                          {key ? (key.type === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                        {key && ctx.sort.length > 1 ? <span className={cx('dt-sort-index', styles.sortIndex)}>{at + 1}</span> : null}
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
                  <td key={c.field}>
                    {c.filterOptions?.enabled ? <FilterInput column={c} value={ctx.drafts[c.field] ?? ''} send={actor.send} /> : null}
                  </td>
                ))}
              </tr>
            ) : null}
          </thead>
          {body}
        </table>
      </div>
      <nav className={cx(styles.footer, !showToolbar && chooser && styles.footerWithChooser)} aria-label={`${props.caption} pages`} id={`${id}-pages`}>
        {!showToolbar ? chooserControl : null}
        <span className={styles.size}>
          <label htmlFor={`${id}-size`}>{TABLE_TEXTS.rowsPerPage}</label>{' '}
          <select className={cx(fieldStyles.control, styles.pageControl)} id={`${id}-size`} value={ctx.pageSize} onChange={(e) => actor.send({ type: 'page.size', size: Number(e.target.value) })}>
            {ROWS_PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
            <option value={ROWS_PER_PAGE_ALL}>{TABLE_TEXTS.all}</option>
          </select>
        </span>
        <Button size="sm" isDisabled={ctx.page <= 1 || isAll} onPress={() => actor.send({ type: 'page.previous' })}>
          {TABLE_TEXTS.previous}
        </Button>
        <span className={styles.page}>
          <label htmlFor={`${id}-page`}>{TABLE_TEXTS.page}</label>{' '}
          <input
            className={cx(fieldStyles.control, styles.pageControl, styles.pageInput)}
            id={`${id}-page`}
            type="text"
            inputMode="numeric"
            value={ctx.pageDraft}
            disabled={isAll}
            onChange={(e) => actor.send({ type: 'page.type', text: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') actor.send({ type: 'page.commit' });
            }}
            onBlur={() => actor.send({ type: 'page.commit' })}
          />{' '}
          {TABLE_TEXTS.of} <span data-testid="last-page">{last}</span>
        </span>
        <Button size="sm" isDisabled={ctx.page >= last || isAll} onPress={() => actor.send({ type: 'page.next' })}>
          {TABLE_TEXTS.next}
        </Button>
      </nav>
    </div>
  );
}

/** The narrowest a text column gets: its header and a few words stay readable. */
export const TEXT_COLUMN_MIN_WIDTH = '7rem';
/** The row checkbox column (matches `.check` in the module). */
const CHECK_COLUMN_WIDTH = '2.75rem';

/**
 * The table's minimum width: every fixed column at its width, every text column at
 * `TEXT_COLUMN_MIN_WIDTH`. With `table-layout: fixed` a table narrower than its fixed columns would
 * squeeze text columns to nothing (headers cut to an empty cell, body text spilling under the next
 * column); with this floor the columns keep their widths, header over body, and a box too narrow
 * for them scrolls sideways instead.
 */
export function tableMinWidth(columns: readonly ColumnOptions<Row>[], selectable: boolean): string {
  const parts = columns.map((c) => c.width ?? defaultWidth(c) ?? TEXT_COLUMN_MIN_WIDTH);
  if (selectable) parts.unshift(CHECK_COLUMN_WIDTH);
  return parts.length ? `calc(${parts.join(' + ')})` : '0px';
}


/** A width for columns that do not name one: numbers and dates are narrow, text shares the rest. */
function defaultWidth(c: ColumnOptions<Row>): string | undefined {
  if (c.type === 'number' || c.type === 'boolean' || c.type === 'percent') return '6.5rem';
  if (c.type === 'money') return '8rem';
  if (c.type === 'date') return '8.5rem';
  return undefined;
}

function FilterInput({
  column,
  value,
  send,
}: {
  column: ColumnOptions<Row>;
  value: string;
  send: ReturnType<typeof useActorRef<TableMachine>>['send'];
}) {
  const label = `Filter ${column.label}`;
  const items = column.filterOptions?.filterDropdownItems;
  if (items) {
    return (
      <select aria-label={label} value={value} onChange={(e) => send({ type: 'filter.select', field: column.field, value: e.target.value })}>
        <option value="">{column.filterOptions?.placeholder ?? ''}</option>
        {items.map((item) => {
          const { text, value: v } = dropdownItem(item);
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    );
  }
  return (
    <input
      type="text"
      aria-label={label}
      placeholder={column.filterOptions?.placeholder}
      value={value}
      onChange={(e) => send({ type: 'filter.type', field: column.field, value: e.target.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') send({ type: 'filter.commit', field: column.field });
      }}
    />
  );
}
