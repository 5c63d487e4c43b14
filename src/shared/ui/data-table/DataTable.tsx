import { useActorRef, useSelector } from '@xstate/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { inspection } from '@/shared/inspection';
import { columnChoiceStore } from '@/shared/machines/table/columns';
import { tableMachine, type PageSizeStore, type Row, type TableInput, type TableMachine } from '@/shared/machines/table/table.machine';
import {
  headerRowCount,
  sameItems,
  selectIsAll,
  selectIsLoading,
  selectPageRows,
  selectVisibleColumns,
} from '@/shared/machines/table/table.selectors';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { cx } from '@/shared/ui/components/cx';
import { useScrollsSideways } from '../scrolls-sideways';
import { ColumnChooser } from './ColumnChooser';
import { DataTableBody, type ShownRows } from './DataTableBody';
import { DataTableHead } from './DataTableHead';
import { DataTablePager } from './DataTablePager';
import { DataTableStatus } from './DataTableStatus';
import { DataTableToolbar } from './DataTableToolbar';
import { useTruncationMarks, useWidth } from './table-dom';
import type { DataTableColumn, TableActorRef } from './types';
import { tableMinWidth } from './widths';
import styles from './DataTable.module.css';

export type { DataTableColumn, TableActorRef } from './types';
export { CellText } from './cells';
export { tableMinWidth, TEXT_COLUMN_MIN_WIDTH } from './widths';

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
   * the table (a form that adds a row tells it to reload). `machine`, `mode`, `rows`, `rowKey`,
   * `initialState` and `tableId` then go to `useTableActor` instead.
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
  /** Called when the table loads the same query again (told `table.reload`): the rows changed on the server. */
  onReload?: () => void;
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
  /** Where the user's rows per page are remembered (`serverPageSizeStore(tableId)`); none: the default each time. */
  pageSizeStore?: PageSizeStore;
  columnChooser?: boolean;
  /** Skeleton rows while the first rows load. Default: the page size, at most 10. */
  skeletonRows?: number;
};

/** Height of one body row in pixels (dense); 'All' relies on it for virtual scrolling. */
export const ROW_HEIGHT = 36;
const DEFAULT_ALL_HEIGHT = 480;
/** Skeleton rows at most, whatever the page size. */
const MAX_SKELETON_ROWS = 10;

/** What a table actor is made from; read once, when the screen mounts. */
export type TableActorOptions<R = Row> = Pick<DataTableProps<R>, 'columns' | 'machine' | 'mode' | 'rows' | 'rowKey' | 'initialState' | 'tableId' | 'pageSizeStore'>;

const localStore = () => (typeof window !== 'undefined' ? window.localStorage : undefined);

/**
 * The actor behind a `DataTable`, made by the screen (then passed as `actor`) when other parts of
 * the screen send it events, e.g. a form's machine told to reload the table once it has saved.
 * With a `tableId` the column choice is read from and written to localStorage.
 */
export function useTableActor<R = Row>(options: TableActorOptions<R>): TableActorRef {
  return useActorRef(options.machine ?? tableMachine, {
    input: {
      mode: options.mode ?? (options.machine ? 'server' : 'client'),
      columns: options.columns as readonly DataTableColumn<Row>[],
      rows: options.rows as readonly Row[] | undefined,
      rowKey: options.rowKey,
      initial: options.initialState,
      columnStore: columnChoiceStore(localStore(), options.tableId),
      pageSizeStore: options.pageSizeStore,
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

/** Client mode: the screen's `rows` prop, sent to the machine as `rows.set` when it changes (the prop → event bridge). */
function useRowsProp(actor: TableActorRef, rows: readonly unknown[] | undefined) {
  useEffect(() => {
    if (rows && actor.getSnapshot().context.rows !== rows) actor.send({ type: 'rows.set', rows: rows as readonly Row[] });
  }, [actor, rows]);
}

/** The screen's callbacks, wired to what the machine emits when its query or its selection changes. */
function useTableCallbacks(actor: TableActorRef, onQueryChange: DataTableProps['onQueryChange'], onSelectionChange: DataTableProps['onSelectionChange'], onReload: DataTableProps['onReload']) {
  useEffect(() => {
    const subscriptions = [
      onQueryChange ? actor.on('query.changed', (e) => onQueryChange(e.query)) : null,
      onSelectionChange ? actor.on('selection.changed', (e) => onSelectionChange(e.keys)) : null,
      onReload ? actor.on('rows.reload', () => onReload()) : null,
    ];
    return () => subscriptions.forEach((s) => s?.unsubscribe());
  }, [actor, onQueryChange, onSelectionChange, onReload]);
}

/**
 * The body rows to draw: the whole page, or with 'All' the virtualizer's window over every row;
 * and `focusRow`, which moves keyboard focus to a row by index (scrolling it into the window first).
 */
function useVirtualRows(scrollRef: RefObject<HTMLDivElement | null>, rows: readonly Row[], isAll: boolean, height: number) {
  const virtualizer = useVirtualizer({
    count: isAll ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 1024, height },
  });
  const items = isAll ? virtualizer.getVirtualItems() : [];
  const shown: ShownRows = {
    rows: isAll ? items.map((v) => ({ row: rows[v.index]!, index: v.index })) : rows.map((row, index) => ({ row, index })),
    padTop: isAll && items.length > 0 ? items[0]!.start : 0,
    padBottom: isAll && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0,
  };
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
  return { shown, focusRow };
}

/** Keys on a focused row: Enter opens it, arrows move to the next or previous row, Ctrl+Home/End to the first or last. */
function rowKeys(focusRow: (index: number) => void, rowCount: number, onRowClick: ((row: Row) => void) | undefined) {
  return (e: KeyboardEvent<HTMLTableRowElement>, row: Row, index: number) => {
    if (e.target !== e.currentTarget) return;
    // Enter, or "o" as the shortcut list says (SHORTCUTS), opens the row.
    const opens = e.key === 'Enter' || (e.key === 'o' && !e.ctrlKey && !e.metaKey && !e.altKey);
    if (opens && onRowClick) {
      e.preventDefault();
      onRowClick(row);
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
      focusRow(rowCount - 1);
    }
  };
}

function DataTableView<R>(props: DataTableProps<R> & { actor: TableActorRef }) {
  const { actor, caption } = props;
  const columns = props.columns as readonly DataTableColumn<Row>[];
  const onRowClick = props.onRowClick as ((row: Row) => void) | undefined;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(rootRef);
  const visible = useSelector(actor, selectVisibleColumns(columns, width), sameItems);
  const rows = useSelector(actor, selectPageRows, sameItems);
  const isAll = useSelector(actor, selectIsAll);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const loading = useSelector(actor, selectIsLoading) || Boolean(props.isLoading);
  useRowsProp(actor, props.rows);
  useTableCallbacks(actor, props.onQueryChange, props.onSelectionChange, props.onReload);

  const selectable = Boolean(props.selectable);
  const minWidth = tableMinWidth(visible, selectable);
  const sideways = useScrollsSideways(scrollRef, [minWidth]);
  const allHeight = props.allRowsHeight ?? DEFAULT_ALL_HEIGHT;
  const { shown, focusRow } = useVirtualRows(scrollRef, rows, isAll, allHeight);
  const focusableRows = Boolean(onRowClick) || isAll;
  useTruncationMarks(rootRef, focusableRows, [rows, visible]);

  const showToolbar = props.searchable !== false;
  const chooser = props.columnChooser ?? columns.some((c) => (c.priority ?? 1) > 1);
  const chooserControl = chooser ? <ColumnChooser actor={actor} columns={columns} shown={visible} /> : null;
  const scrollLabel = sideways && !isAll ? `${caption}, scrolls sideways` : caption;
  return (
    <div className={cx('dt', styles.root)} aria-busy={loading} ref={rootRef}>
      {showToolbar ? <DataTableToolbar actor={actor} chooser={chooserControl} /> : null}
      <DataTableStatus actor={actor} loading={loading} hasRows={rows.length > 0} selectable={selectable} />
      <div
        ref={scrollRef}
        className={cx(isAll ? 'dt-scroll-all' : 'dt-scroll', styles.scroll, isAll && styles.scrollAll, sideways && styles.scrollX)}
        style={isAll ? { height: allHeight } : undefined}
        data-sideways={sideways || undefined}
        tabIndex={isAll || sideways ? 0 : undefined}
        role={isAll || sideways ? 'region' : undefined}
        aria-label={isAll || sideways ? scrollLabel : undefined}
      >
        <table
          className={cx('dt-table', styles.table, focusableRows && styles.focusableRows)}
          style={{ minWidth }}
          aria-rowcount={isAll ? rows.length + headerRowCount(visible) : undefined}
          aria-describedby={`${id}-pages`}
        >
          <caption className="sr-only">{caption}</caption>
          <DataTableHead actor={actor} visible={visible} selectable={selectable} isAll={isAll} />
          <DataTableBody
            actor={actor}
            visible={visible}
            shown={shown}
            empty={rows.length === 0}
            loading={loading}
            isAll={isAll}
            selectable={selectable}
            skeletonCount={props.skeletonRows ?? Math.min(isAll ? MAX_SKELETON_ROWS : pageSize, MAX_SKELETON_ROWS)}
            onRowClick={onRowClick}
            onRowKeyDown={rowKeys(focusRow, rows.length, onRowClick)}
          />
        </table>
      </div>
      <DataTablePager actor={actor} id={id} caption={caption} chooser={showToolbar ? null : chooserControl} />
    </div>
  );
}
