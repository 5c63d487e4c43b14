import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FILTER_DEBOUNCE_MS, ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { createServerTableMachine, lastPageOf, pageRows, tableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { ColumnOptions, TablePage, TableQuery } from '@/shared/machines/table/table.types';
import type { ColumnChoice, ColumnChoiceStore } from '@/shared/machines/table/columns';

const columns: ColumnOptions<Row>[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Name', field: 'name', filterOptions: { enabled: true } },
  { label: 'Team', field: 'team', firstSortType: 'desc', filterOptions: { enabled: true, filterDropdownItems: ['red', 'blue'] } },
  { label: 'Code', field: 'code', filterOptions: { enabled: true, trigger: 'enter' } },
  { label: 'Notes', field: 'notes', sortable: false },
];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: i + 1,
  name: i === 3 ? 'José' : `name ${String(i + 1).padStart(2, '0')}`,
  team: i % 2 ? 'red' : 'blue',
  code: `c${i % 5}`,
  notes: 'n',
}));

const start = (extra: Partial<Parameters<typeof createActor<typeof tableMachine>>[1] & object> = {}) =>
  createActor(tableMachine, { input: { columns, rows }, ...extra }).start();

describe('table machine, client mode', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts on page 1 with 10 rows per page', () => {
    const a = start();
    const c = a.getSnapshot().context;
    expect(c.page).toBe(1);
    expect(c.pageSize).toBe(10);
    expect(pageRows(c).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lastPageOf(c)).toBe(3);
  });

  it('cycles a column asc → desc → none, and a desc-first column desc → asc → none', () => {
    const a = start();
    const types = (field: string) => {
      const seen: (string | undefined)[] = [];
      for (let i = 0; i < 4; i++) {
        a.send({ type: 'sort.toggle', field, multi: false });
        seen.push(a.getSnapshot().context.sort.find((k) => k.field === field)?.type);
      }
      return seen;
    };
    expect(types('id')).toEqual(['asc', 'desc', undefined, 'asc']);
    expect(pageRows(a.getSnapshot().context)[0]!.id).toBe(1);
    a.send({ type: 'sort.toggle', field: 'id', multi: false });
    expect(pageRows(a.getSnapshot().context)[0]!.id).toBe(25);
    a.send({ type: 'sort.toggle', field: 'id', multi: false });
    expect(a.getSnapshot().context.sort).toEqual([]);
    expect(types('team')).toEqual(['desc', 'asc', undefined, 'desc']);
  });

  it('Shift-click keeps the order of keys and a plain click replaces them', () => {
    const a = start();
    a.send({ type: 'sort.toggle', field: 'team', multi: true });
    a.send({ type: 'sort.toggle', field: 'id', multi: true });
    expect(a.getSnapshot().context.sort).toEqual([{ field: 'team', type: 'desc' }, { field: 'id', type: 'asc' }]);
    expect(pageRows(a.getSnapshot().context).slice(0, 2).map((r) => r.id)).toEqual([2, 4]);
    a.send({ type: 'sort.toggle', field: 'team', multi: true });
    expect(a.getSnapshot().context.sort).toEqual([{ field: 'team', type: 'asc' }, { field: 'id', type: 'asc' }]);
    a.send({ type: 'sort.toggle', field: 'team', multi: true });
    expect(a.getSnapshot().context.sort).toEqual([{ field: 'id', type: 'asc' }]);
    a.send({ type: 'sort.toggle', field: 'name', multi: false });
    expect(a.getSnapshot().context.sort).toEqual([{ field: 'name', type: 'asc' }]);
  });

  it('ignores sort on a column that is not sortable', () => {
    const a = start();
    a.send({ type: 'sort.toggle', field: 'notes', multi: false });
    expect(a.getSnapshot().context.sort).toEqual([]);
  });

  it('changing the page size goes back to page 1', () => {
    const a = start();
    a.send({ type: 'page.next' });
    a.send({ type: 'page.next' });
    expect(a.getSnapshot().context.page).toBe(3);
    a.send({ type: 'page.size', size: 20 });
    expect(a.getSnapshot().context).toMatchObject({ page: 1, pageSize: 20, pageDraft: '1' });
    a.send({ type: 'page.size', size: ROWS_PER_PAGE_ALL });
    expect(pageRows(a.getSnapshot().context)).toHaveLength(25);
    expect(lastPageOf(a.getSnapshot().context)).toBe(1);
  });

  it.each(['abc', '0', '-1', '4', '1.5', ''])('rejects the typed page %j and shows the current page again', (text) => {
    const a = start();
    a.send({ type: 'page.next' });
    a.send({ type: 'page.type', text });
    a.send({ type: 'page.commit' });
    expect(a.getSnapshot().context).toMatchObject({ page: 2, pageDraft: '2' });
  });

  it('accepts a typed page between 1 and the last page', () => {
    const a = start();
    a.send({ type: 'page.type', text: ' 3 ' });
    a.send({ type: 'page.commit' });
    expect(a.getSnapshot().context.page).toBe(3);
    expect(pageRows(a.getSnapshot().context).map((r) => r.id)).toEqual([21, 22, 23, 24, 25]);
  });

  it('applies a text filter after the 400 ms pause, restarting it on each keystroke', () => {
    const a = start();
    a.send({ type: 'page.next' });
    a.send({ type: 'filter.type', field: 'name', value: 'name 1' });
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    a.send({ type: 'filter.type', field: 'name', value: 'name 2' });
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    expect(a.getSnapshot().context.filters).toEqual({});
    expect(a.getSnapshot().context.total).toBe(25);
    vi.advanceTimersByTime(1);
    expect(a.getSnapshot().context.filters).toEqual({ name: 'name 2' });
    expect(a.getSnapshot().context.total).toBe(6);
    expect(a.getSnapshot().context.page).toBe(1);
  });

  it('applies a text filter at once on Enter', () => {
    const a = start();
    a.send({ type: 'filter.type', field: 'name', value: 'name 0' });
    a.send({ type: 'filter.commit', field: 'name' });
    expect(a.getSnapshot().context.total).toBe(8);
    expect(a.getSnapshot().matches({ filtering: 'idle' })).toBe(true);
  });

  it('a filter with trigger "enter" waits for Enter, however long the pause', () => {
    const a = start();
    a.send({ type: 'filter.type', field: 'code', value: 'c1' });
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 5);
    expect(a.getSnapshot().context.total).toBe(25);
    a.send({ type: 'filter.commit', field: 'code' });
    expect(a.getSnapshot().context.total).toBe(5);
  });

  it('applies a dropdown filter at once', () => {
    const a = start();
    a.send({ type: 'filter.select', field: 'team', value: 'red' });
    expect(a.getSnapshot().context.total).toBe(12);
    a.send({ type: 'filter.select', field: 'team', value: '' });
    expect(a.getSnapshot().context.total).toBe(25);
  });

  it('search ignores accents and case', () => {
    const a = start();
    a.send({ type: 'search.change', value: 'JOSE' });
    expect(pageRows(a.getSnapshot().context).map((r) => r.name)).toEqual(['José']);
  });

  it('selects rows, the whole page, and clears', () => {
    const a = start();
    a.send({ type: 'row.toggle', key: '1' });
    a.send({ type: 'row.toggle', key: '2' });
    a.send({ type: 'row.toggle', key: '1' });
    expect(a.getSnapshot().context.selected).toEqual(['2']);
    a.send({ type: 'rows.togglePage' });
    expect(a.getSnapshot().context.selected).toHaveLength(10);
    a.send({ type: 'rows.togglePage' });
    expect(a.getSnapshot().context.selected).toEqual([]);
    a.send({ type: 'rows.togglePage' });
    a.send({ type: 'selection.clear' });
    expect(a.getSnapshot().context.selected).toEqual([]);
  });

  it('new rows keep the query and stay on a page that exists', () => {
    const a = start();
    a.send({ type: 'page.type', text: '3' });
    a.send({ type: 'page.commit' });
    a.send({ type: 'rows.set', rows: rows.slice(0, 12) });
    expect(a.getSnapshot().context).toMatchObject({ page: 2, total: 12 });
  });
});

describe('table machine, server mode', () => {
  type Call = { query: TableQuery; resolve: (p: TablePage<Row>) => void; reject: (e: Error) => void };
  const setupServer = () => {
    const calls: Call[] = [];
    const machine = tableMachine.provide({
      actors: {
        fetchPage: fromPromise<TablePage<Row>, TableQuery>(
          ({ input }) => new Promise((resolve, reject) => calls.push({ query: input, resolve, reject })),
        ),
      },
    });
    const a = createActor(machine, { input: { mode: 'server', columns } }).start();
    return { a, calls };
  };

  it('sends the query and shows the answer', async () => {
    const { a, calls } = setupServer();
    expect(a.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls[0]!.query).toEqual({ page: 1, pageSize: 10, sort: [], filters: {}, search: '' });
    calls[0]!.resolve({ rows: rows.slice(0, 10), total: 25 });
    await Promise.resolve();
    await Promise.resolve();
    expect(a.getSnapshot().hasTag('ready')).toBe(true);
    expect(lastPageOf(a.getSnapshot().context)).toBe(3);
  });

  it('ignores a stale answer', async () => {
    const { a, calls } = setupServer();
    a.send({ type: 'sort.toggle', field: 'id', multi: false });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.query.sort).toEqual([{ field: 'id', type: 'asc' }]);
    calls[1]!.resolve({ rows: [rows[0]!], total: 1 });
    await new Promise((r) => setTimeout(r, 0));
    calls[0]!.resolve({ rows: rows.slice(0, 10), total: 25 });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().context.rows).toEqual([rows[0]]);
    expect(a.getSnapshot().context.total).toBe(1);
  });

  it('shows the error and retries', async () => {
    const { a, calls } = setupServer();
    calls[0]!.reject(new Error('boom'));
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().hasTag('failed')).toBe(true);
    expect(a.getSnapshot().context.error).toBe('boom');
    a.send({ type: 'table.retry' });
    expect(calls).toHaveLength(2);
  });

  it('reloads the same query, on the same page, when told the rows changed on the server', async () => {
    const { a, calls } = setupServer();
    calls[0]!.resolve({ rows: rows.slice(0, 10), total: 25 });
    await new Promise((r) => setTimeout(r, 0));
    a.send({ type: 'page.next' });
    a.send({ type: 'sort.toggle', field: 'id', multi: false });
    calls.at(-1)!.resolve({ rows: rows.slice(10, 20), total: 25 });
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().hasTag('ready')).toBe(true);
    const count = calls.length;
    a.send({ type: 'table.reload' });
    expect(a.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls).toHaveLength(count + 1);
    expect(calls.at(-1)!.query).toEqual({ page: 2, pageSize: 10, sort: [{ field: 'id', type: 'asc' }], filters: {}, search: '' });
  });

  it('createServerTableMachine passes each query to the fetch function', async () => {
    const fetch = vi.fn(async (q: TableQuery) => ({ rows: [], total: q.page }));
    const a = createActor(createServerTableMachine(fetch), { input: { mode: 'server', columns, initial: { search: 'x' } } }).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch).toHaveBeenCalledWith({ page: 1, pageSize: 10, sort: [], filters: {}, search: 'x' });
    expect(a.getSnapshot().hasTag('ready')).toBe(true);
  });
});

describe('table machine, column choice and what it tells the screen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A column-choice store in memory: what the table reads at start, and every choice it writes. */
  const memoryStore = (stored: ColumnChoice = {}) => {
    const writes: ColumnChoice[] = [];
    return { writes, store: { read: () => stored, write: (choice: ColumnChoice) => writes.push(choice) } satisfies ColumnChoiceStore };
  };
  /** The events the actor emits, in order. */
  const told = (a: ReturnType<typeof start>) => {
    const seen: { type: string; query?: TableQuery; keys?: string[] }[] = [];
    a.on('query.changed', (e) => seen.push(e));
    a.on('selection.changed', (e) => seen.push(e));
    return seen;
  };

  it('starts from the stored column choice and stores each choice', () => {
    const { store, writes } = memoryStore({ notes: false });
    const a = start({ input: { columns, rows, columnStore: store } });
    expect(a.getSnapshot().context.choice).toEqual({ notes: false });
    a.send({ type: 'columns.choose', field: 'team', show: false });
    a.send({ type: 'columns.choose', field: 'notes', show: true });
    expect(a.getSnapshot().context.choice).toEqual({ notes: true, team: false });
    expect(writes).toEqual([{ notes: false, team: false }, { notes: true, team: false }]);
  });

  it('keeps a column choice without a store (a table with no name forgets it)', () => {
    const a = start();
    expect(a.getSnapshot().context.choice).toEqual({});
    a.send({ type: 'columns.choose', field: 'team', show: false });
    expect(a.getSnapshot().context.choice).toEqual({ team: false });
  });

  it('emits query.changed once for each change of the query, never for typing alone or a rejected page', () => {
    const a = start();
    const seen = told(a);
    a.send({ type: 'sort.toggle', field: 'id', multi: false });
    a.send({ type: 'page.type', text: '2' });
    a.send({ type: 'page.commit' });
    a.send({ type: 'page.type', text: '9' });
    a.send({ type: 'page.commit' });
    a.send({ type: 'filter.type', field: 'name', value: 'name' });
    expect(seen.map((e) => e.query)).toEqual([
      { page: 1, pageSize: 10, sort: [{ field: 'id', type: 'asc' }], filters: {}, search: '' },
      { page: 2, pageSize: 10, sort: [{ field: 'id', type: 'asc' }], filters: {}, search: '' },
    ]);
    vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    expect(seen.at(-1)).toEqual({ type: 'query.changed', query: { page: 1, pageSize: 10, sort: [{ field: 'id', type: 'asc' }], filters: { name: 'name' }, search: '' } });
    a.send({ type: 'search.change', value: 'name' });
    a.send({ type: 'search.change', value: 'name' });
    expect(seen).toHaveLength(4);
  });

  it('emits query.changed when new rows move the table to a page that exists', () => {
    const a = start();
    a.send({ type: 'page.type', text: '3' });
    a.send({ type: 'page.commit' });
    const seen = told(a);
    a.send({ type: 'rows.set', rows: rows.slice(0, 21) });
    expect(seen).toEqual([]);
    a.send({ type: 'rows.set', rows: rows.slice(0, 12) });
    expect(seen).toEqual([{ type: 'query.changed', query: { page: 2, pageSize: 10, sort: [], filters: {}, search: '' } }]);
  });

  it('emits selection.changed with the selected keys after each toggle and clear', () => {
    const a = start();
    const seen = told(a);
    a.send({ type: 'row.toggle', key: '1' });
    a.send({ type: 'row.toggle', key: '3' });
    a.send({ type: 'row.toggle', key: '1' });
    a.send({ type: 'selection.clear' });
    a.send({ type: 'rows.togglePage' });
    expect(seen.map((e) => [e.type, e.keys?.length])).toEqual([
      ['selection.changed', 1],
      ['selection.changed', 2],
      ['selection.changed', 1],
      ['selection.changed', 0],
      ['selection.changed', 10],
    ]);
    expect(seen[1]).toEqual({ type: 'selection.changed', keys: ['1', '3'] });
  });

  it('server mode: emits query.changed when the answer moves the table back to its last page', async () => {
    vi.useRealTimers();
    const fetch = vi.fn(async (q: TableQuery) => ({ rows: [], total: q.page === 5 ? 12 : 100 }));
    const a = createActor(createServerTableMachine(fetch), { input: { mode: 'server', columns, initial: { page: 5 } } });
    const seen = told(a);
    a.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([{ type: 'query.changed', query: { page: 2, pageSize: 10, sort: [], filters: {}, search: '' } }]);
  });
});
