import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { tableMachine, type Row } from '@/shared/machines/table/table.machine';
import {
  ariaSort,
  columnCount,
  headerRowCount,
  selectAllOnPageSelected,
  selectIsAll,
  selectLastPage,
  selectPageRows,
  selectSortOf,
  selectVisibleColumns,
  sameItems,
} from '@/shared/machines/table/table.selectors';
import type { ColumnOptions } from '@/shared/machines/table/table.types';

const columns: ColumnOptions<Row>[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Name', field: 'name', filterOptions: { enabled: true } },
  { label: 'Team', field: 'team', priority: 2 },
  { label: 'Notes', field: 'notes', priority: 3 },
  { label: 'Secret', field: 'secret', hidden: true },
];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `n${i + 1}`, team: 't', notes: '', secret: 's' }));
const start = () => createActor(tableMachine, { input: { columns, rows } }).start();

describe('table selectors', () => {
  it('the rows of the page, the last page and whether every row shows', () => {
    const a = start();
    expect(selectPageRows(a.getSnapshot()).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(selectLastPage(a.getSnapshot())).toBe(3);
    expect(selectIsAll(a.getSnapshot())).toBe(false);
    a.send({ type: 'page.next' });
    a.send({ type: 'page.next' });
    expect(selectPageRows(a.getSnapshot()).map((r) => r.id)).toEqual([21, 22, 23, 24, 25]);
    a.send({ type: 'page.size', size: ROWS_PER_PAGE_ALL });
    expect(selectIsAll(a.getSnapshot())).toBe(true);
    expect(selectPageRows(a.getSnapshot())).toHaveLength(25);
    expect(selectLastPage(a.getSnapshot())).toBe(1);
  });

  it('whether every row of the page is selected (never on an empty page)', () => {
    const a = start();
    expect(selectAllOnPageSelected(a.getSnapshot())).toBe(false);
    a.send({ type: 'rows.togglePage' });
    expect(selectAllOnPageSelected(a.getSnapshot())).toBe(true);
    a.send({ type: 'row.toggle', key: '4' });
    expect(selectAllOnPageSelected(a.getSnapshot())).toBe(false);
    a.send({ type: 'rows.set', rows: [] });
    expect(selectAllOnPageSelected(a.getSnapshot())).toBe(false);
  });

  it('the visible columns follow the width, then the user choice; never the hidden ones', () => {
    const a = start();
    const fields = (width: number | null) => selectVisibleColumns(columns, width)(a.getSnapshot()).map((c) => c.field);
    expect(fields(null)).toEqual(['id', 'name', 'team', 'notes']);
    expect(fields(375)).toEqual(['id', 'name']);
    expect(fields(700)).toEqual(['id', 'name', 'team']);
    a.send({ type: 'columns.choose', field: 'notes', show: true });
    a.send({ type: 'columns.choose', field: 'name', show: false });
    a.send({ type: 'columns.choose', field: 'secret', show: true });
    expect(fields(375)).toEqual(['id', 'notes']);
  });

  it('counts columns with the checkbox column and header rows with the filter row', () => {
    expect(columnCount(columns.slice(0, 3), false)).toBe(3);
    expect(columnCount(columns.slice(0, 3), true)).toBe(4);
    expect(headerRowCount(columns)).toBe(2);
    expect(headerRowCount([columns[0]!, columns[2]!])).toBe(1);
  });

  it("a column's sort key, its place among several keys, and its aria-sort", () => {
    const a = start();
    expect(selectSortOf('id')(a.getSnapshot())).toEqual({ key: undefined, index: -1, count: 0 });
    expect(ariaSort(undefined)).toBe('none');
    a.send({ type: 'sort.toggle', field: 'name', multi: true });
    a.send({ type: 'sort.toggle', field: 'id', multi: true });
    a.send({ type: 'sort.toggle', field: 'id', multi: true });
    expect(selectSortOf('id')(a.getSnapshot())).toEqual({ key: { field: 'id', type: 'desc' }, index: 1, count: 2 });
    expect(ariaSort({ field: 'id', type: 'desc' })).toBe('descending');
    expect(ariaSort({ field: 'id', type: 'asc' })).toBe('ascending');
  });

  it('sameItems tells equal lists apart from changed ones without looking inside the items', () => {
    const [x, y] = [{ id: 1 }, { id: 2 }];
    expect(sameItems([x, y], [x, y])).toBe(true);
    expect(sameItems([x, y], [x])).toBe(false);
    expect(sameItems([x, y], [x, { id: 2 }])).toBe(false);
  });
});
