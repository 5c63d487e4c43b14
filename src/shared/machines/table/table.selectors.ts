/**
 * What the data table's views read from the table actor: pure functions of its snapshot (used with
 * `useSelector`), and the few pure rules over what they return.
 */
import type { SnapshotFrom } from 'xstate';
import { ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { shownColumns } from './columns';
import { lastPageOf, pageRows, type Row, type TableMachine } from './table.machine';
import type { ColumnOptions, SortKey } from './table.types';

export type TableSnapshot = SnapshotFrom<TableMachine>;

/** Lists with the same items in the same order (a new page of the same rows renders nothing new). */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/** The rows of the current page ('All': every row after filters, search and sort). */
export const selectPageRows = (s: TableSnapshot): readonly Row[] => pageRows(s.context);
export const selectLastPage = (s: TableSnapshot): number => lastPageOf(s.context);
/** 'All' rows per page: the body scrolls through the virtualizer and paging is off. */
export const selectIsAll = (s: TableSnapshot): boolean => s.context.pageSize === ROWS_PER_PAGE_ALL;
export const selectIsLoading = (s: TableSnapshot): boolean => s.hasTag('loading');
export const selectHasFailed = (s: TableSnapshot): boolean => s.hasTag('failed');
export const selectSelected = (s: TableSnapshot): readonly string[] => s.context.selected;
export const selectSort = (s: TableSnapshot): readonly SortKey[] => s.context.sort;
export const selectRowKey = (s: TableSnapshot): string => s.context.rowKey;

/** Every row of the page is selected (an empty page never is). */
export const selectAllOnPageSelected = (s: TableSnapshot): boolean => {
  const { rowKey, selected } = s.context;
  const keys = pageRows(s.context).map((row) => String(row[rowKey]));
  return keys.length > 0 && keys.every((k) => selected.includes(k));
};

/**
 * The columns shown at a table width (null: not measured yet) under the user's choice in the
 * snapshot. `columns` are the view's own (with their cell renderers).
 */
export const selectVisibleColumns =
  <C extends ColumnOptions<Row>>(columns: readonly C[], width: number | null) =>
  (s: TableSnapshot): C[] =>
    shownColumns(columns, width, s.context.choice);

/** Cells in a row: the shown columns and the checkbox column of a selectable table. */
export const columnCount = (visible: readonly unknown[], selectable: boolean) => visible.length + (selectable ? 1 : 0);

/** Header rows: the labels, and the filter row when a shown column has a filter. */
export const headerRowCount = (visible: readonly ColumnOptions<Row>[]) => (visible.some((c) => c.filterOptions?.enabled) ? 2 : 1);

/** A column's sort key, its place among the keys (-1: none) and how many keys there are. */
export const sortOf = (sort: readonly SortKey[], field: string) => {
  const index = sort.findIndex((k) => k.field === field);
  return { key: index >= 0 ? sort[index] : undefined, index, count: sort.length };
};
export const selectSortOf = (field: string) => (s: TableSnapshot) => sortOf(s.context.sort, field);

export const ariaSort = (key: SortKey | undefined) => (key ? (key.type === 'asc' ? 'ascending' : 'descending') : 'none');
