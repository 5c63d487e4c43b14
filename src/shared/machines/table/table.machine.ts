import { assign, emit, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { DEFAULT_ROWS_PER_PAGE, FILTER_DEBOUNCE_MS, INITIAL_PAGE, ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS } from '@contracts/common/constants';
import { lastPage, pageSlice, parsePageInput, processRows, toggleSort } from './table.model';
import type { ColumnOptions, SortKey, TablePage, TableQuery } from './table.types';
import type { ColumnChoice, ColumnChoiceStore } from './columns';

export type Row = Record<string, unknown>;

export type TableInput = {
  /** 'client': every row is in memory; 'server': the fetchPage actor answers each query. */
  mode?: 'client' | 'server';
  columns: readonly ColumnOptions<Row>[];
  rows?: readonly Row[];
  /** The field that identifies a row (selection, React keys). Default 'id'. */
  rowKey?: string;
  initial?: Partial<Pick<TableQuery, 'page' | 'pageSize' | 'sort' | 'filters' | 'search'>>;
  /** Where the user's column choice is read at start and written on each choice (none: it is not remembered). */
  columnStore?: ColumnChoiceStore;
  /**
   * Where the user's rows per page are read before the first rows (unless `initial.pageSize` is
   * given, e.g. by the address) and written on each choice (none: the default, not remembered).
   */
  pageSizeStore?: PageSizeStore;
};

/** The rows per page a user chose for a table, kept elsewhere (the server: docs/adr/0137). */
export type PageSizeStore = { read: () => Promise<number | null>; write: (size: number) => void };

/** A remembered size the pager offers (its options or All); anything else is ignored. */
const isOfferedSize = (n: number | null | undefined): n is number => n === ROWS_PER_PAGE_ALL || (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(n as number);

export type TableContext = {
  mode: 'client' | 'server';
  columns: readonly ColumnOptions<Row>[];
  rowKey: string;
  /** Client mode: every row; server mode: the rows of the current page. */
  rows: readonly Row[];
  /** Client mode: the rows after filters, search and sort. */
  processed: readonly Row[];
  total: number;
  sort: SortKey[];
  /** Filters in force. */
  filters: Record<string, string>;
  /** What is typed in each filter box, applied after the pause or on Enter. */
  drafts: Record<string, string>;
  search: string;
  page: number;
  pageSize: number;
  /** What the page-number box shows. */
  pageDraft: string;
  selected: string[];
  error: string | null;
  /** The user's column choice: a field set to true is shown, false hidden, absent follows its priority. */
  choice: ColumnChoice;
  columnStore: ColumnChoiceStore | null;
  pageSizeStore: PageSizeStore | null;
  /** Whether the rows per page are settled (given, read from the store, or nothing to read). */
  sizeSettled: boolean;
  /** The query last told to the screen (`query.changed`), as JSON: only a real change is told. */
  toldQuery: string;
  /** Server mode: the last row of the page Next left, with the query (JSON) of the page it led to. */
  after: { query: string; row: Row } | null;
};

export type TableEvent =
  | { type: 'rows.set'; rows: readonly Row[] }
  | { type: 'sort.toggle'; field: string; multi: boolean }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'page.type'; text: string }
  | { type: 'page.commit' }
  | { type: 'page.size'; size: number }
  | { type: 'filter.type'; field: string; value: string }
  | { type: 'filter.commit'; field: string }
  | { type: 'filter.select'; field: string; value: string }
  | { type: 'search.change'; value: string }
  | { type: 'row.toggle'; key: string }
  | { type: 'rows.togglePage' }
  | { type: 'selection.clear' }
  | { type: 'table.retry' }
  | { type: 'table.reload' }
  | { type: 'table.query' }
  | { type: 'columns.choose'; field: string; show: boolean };

/** What the table tells the screen (`actor.on(type, …)`): its query or its selection changed. */
export type TableEmitted = { type: 'query.changed'; query: TableQuery } | { type: 'selection.changed'; keys: string[] } | { type: 'rows.reload' };

const initialFilters = (columns: readonly ColumnOptions<Row>[], given: Record<string, string> | undefined) => {
  const out: Record<string, string> = {};
  for (const c of columns) if (c.filterOptions?.enabled && c.filterOptions.filterValue) out[c.field] = c.filterOptions.filterValue;
  return { ...out, ...given };
};

export function queryOf(context: TableContext): TableQuery {
  return { page: context.page, pageSize: context.pageSize, sort: context.sort, filters: context.filters, search: context.search };
}

/** What the server is asked: the query, and the row to continue after while it is still the page Next led to. */
export function fetchQueryOf(context: TableContext): TableQuery {
  const query = queryOf(context);
  return context.after && context.after.query === JSON.stringify(query) ? { ...query, after: context.after.row } : query;
}

/** The rows of the current page. */
export function pageRows(context: TableContext): readonly Row[] {
  return context.mode === 'server' ? context.rows : pageSlice(context.processed, context.page, context.pageSize);
}

export function lastPageOf(context: TableContext): number {
  return lastPage(context.total, context.pageSize);
}

const keyOf = (context: TableContext, row: Row) => String(row[context.rowKey]);

const columnOf = (context: TableContext, field: string) => context.columns.find((c) => c.field === field);

export const tableMachine = setup({
  types: {
    context: {} as TableContext,
    events: {} as TableEvent,
    input: {} as TableInput,
    emitted: {} as TableEmitted,
  },
  actors: {
    /** Server mode: answers one query. Provide it with `createServerTableMachine` or `.provide`. */
    fetchPage: fromPromise<TablePage<Row>, TableQuery>(async () => {
      throw new Error('A server-mode table needs a fetchPage actor');
    }),
    /** The remembered rows per page (null: none). */
    readPageSize: fromPromise<number | null, PageSizeStore | null>(async ({ input }) => (input ? input.read() : null)),
  },
  delays: { FILTER_DEBOUNCE: FILTER_DEBOUNCE_MS },
  guards: {
    isServerMode: ({ context }) => context.mode === 'server',
    isSizeToRead: ({ context }) => !context.sizeSettled,
    isSortable: ({ context, event }) => {
      const column = columnOf(context, (event as { field: string }).field);
      return Boolean(column && column.sortable !== false);
    },
    hasNextPage: ({ context }) => context.page < lastPageOf(context),
    hasPreviousPage: ({ context }) => context.page > INITIAL_PAGE,
    isValidPageInput: ({ context }) => parsePageInput(context.pageDraft, lastPageOf(context)) !== null,
    isEnterTriggered: ({ context, event }) =>
      columnOf(context, (event as { field: string }).field)?.filterOptions?.trigger === 'enter',
  },
  actions: {
    query: raise({ type: 'table.query' }),
    toFirstPage: assign({ page: INITIAL_PAGE, pageDraft: String(INITIAL_PAGE) }),
    recompute: assign(({ context }) => {
      const processed = processRows(context.rows, context.columns, context);
      const total = processed.length;
      const page = Math.min(context.page, lastPage(total, context.pageSize));
      return { processed, total, page, pageDraft: String(page) };
    }),
    /** Tells the screen the query after a change, when it differs from the one told last. */
    tellQuery: enqueueActions(({ context, enqueue }) => {
      const query = queryOf(context);
      const text = JSON.stringify(query);
      if (text === context.toldQuery) return;
      enqueue.assign({ toldQuery: text });
      enqueue.emit({ type: 'query.changed', query });
    }),
    /** The query the table starts with counts as told (the screen gave it). */
    rememberQuery: assign({ toldQuery: ({ context }) => JSON.stringify(queryOf(context)) }),
    tellSelection: emit(({ context }) => ({ type: 'selection.changed' as const, keys: context.selected })),
    storeColumnChoice: ({ context }) => context.columnStore?.write(context.choice),
    storePageSize: ({ context }) => context.pageSizeStore?.write(context.pageSize),
    applyDrafts: assign({
      filters: ({ context }) => {
        const next = { ...context.filters, ...context.drafts };
        for (const [k, v] of Object.entries(next)) if (v === '') delete next[k];
        return next;
      },
    }),
  },
}).createMachine({
  id: 'table',
  description:
    'One data table: sort keys, page, filters, search and selection, over rows in memory (client mode) or answered by an endpoint (server mode).',
  type: 'parallel',
  context: ({ input }) => {
    const filters = initialFilters(input.columns, input.initial?.filters);
    const page = input.initial?.page ?? INITIAL_PAGE;
    const context = {
      mode: input.mode ?? 'client',
      columns: input.columns,
      rowKey: input.rowKey ?? 'id',
      rows: input.rows ?? [],
      processed: [],
      total: 0,
      sort: input.initial?.sort ?? [],
      filters,
      drafts: { ...filters },
      search: input.initial?.search ?? '',
      page,
      pageSize: input.initial?.pageSize ?? DEFAULT_ROWS_PER_PAGE,
      pageDraft: String(page),
      selected: [],
      error: null,
      choice: input.columnStore?.read() ?? {},
      columnStore: input.columnStore ?? null,
      pageSizeStore: input.pageSizeStore ?? null,
      sizeSettled: !input.pageSizeStore || input.initial?.pageSize !== undefined,
      toldQuery: '',
      after: null,
    };
    return { ...context, toldQuery: JSON.stringify(queryOf(context)) };
  },
  on: {
    'sort.toggle': {
      guard: 'isSortable',
      description: 'A click cycles the column first type → other type → none; Shift-click (multi) adds it to the keys.',
      actions: [
        assign({
          sort: ({ context, event }) =>
            toggleSort(context.sort, event.field, columnOf(context, event.field)?.firstSortType, event.multi),
        }),
        'query',
      ],
    },
    'page.next': {
      guard: 'hasNextPage',
      description: 'Server mode: the next page continues after the last row shown (keyset), the other ways to a page go by its number.',
      actions: [
        assign({ page: ({ context }) => context.page + 1, pageDraft: ({ context }) => String(context.page + 1) }),
        assign({
          after: ({ context }) => {
            const row = context.mode === 'server' ? context.rows.at(-1) : undefined;
            return row ? { query: JSON.stringify(queryOf(context)), row } : null;
          },
        }),
        'query',
      ],
    },
    'page.previous': {
      guard: 'hasPreviousPage',
      actions: [assign({ page: ({ context }) => context.page - 1, pageDraft: ({ context }) => String(context.page - 1) }), 'query'],
    },
    'page.type': { actions: assign({ pageDraft: ({ event }) => event.text }) },
    'page.commit': [
      {
        guard: 'isValidPageInput',
        description: 'A whole number between 1 and the last page goes to that page.',
        actions: [assign({ page: ({ context }) => Number(context.pageDraft.trim()), pageDraft: ({ context }) => context.pageDraft.trim() }), 'query'],
      },
      {
        description: 'Not a number, below 1 or above the last page: rejected, the box shows the current page again (spec 5).',
        actions: assign({ pageDraft: ({ context }) => String(context.page) }),
      },
    ],
    'page.size': {
      description: 'Changing the page size goes back to page 1 (spec 4); the choice is remembered for the user when the table has a store.',
      actions: [assign({ pageSize: ({ event }) => event.size }), 'toFirstPage', 'storePageSize', 'query'],
    },
    'filter.select': {
      description: 'Dropdown filters apply at once.',
      actions: [
        assign({
          drafts: ({ context, event }) => ({ ...context.drafts, [event.field]: event.value }),
          filters: ({ context, event }) => {
            const next = { ...context.filters, [event.field]: event.value };
            if (event.value === '') delete next[event.field];
            return next;
          },
        }),
        'toFirstPage',
        'query',
      ],
    },
    'search.change': {
      description: 'The global search applies at once; it ignores accents and case.',
      actions: [assign({ search: ({ event }) => event.value }), 'toFirstPage', 'query'],
    },
    'row.toggle': {
      actions: [
        assign({
          selected: ({ context, event }) =>
            context.selected.includes(event.key) ? context.selected.filter((k) => k !== event.key) : [...context.selected, event.key],
        }),
        'tellSelection',
      ],
    },
    'rows.togglePage': {
      description: 'Selects every row of the page, or clears them when all are selected already.',
      actions: [
        assign({
          selected: ({ context }) => {
            const keys = pageRows(context).map((r) => keyOf(context, r));
            const all = keys.length > 0 && keys.every((k) => context.selected.includes(k));
            return all ? context.selected.filter((k) => !keys.includes(k)) : [...new Set([...context.selected, ...keys])];
          },
        }),
        'tellSelection',
      ],
    },
    'selection.clear': { actions: [assign({ selected: [] }), 'tellSelection'] },
    'columns.choose': {
      description: 'The column chooser shows or hides a column; the choice is remembered for the table when it has a store.',
      actions: [assign({ choice: ({ context, event }) => ({ ...context.choice, [event.field]: event.show }) }), 'storeColumnChoice'],
    },
  },
  states: {
    filtering: {
      description: 'Column text filters: typed text waits for a 400 ms pause, or applies at once on Enter.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Every typed filter is in force.',
          on: {
            'filter.type': [
              {
                guard: 'isEnterTriggered',
                description: 'A filter with trigger "enter" keeps the text until Enter.',
                actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, [event.field]: event.value }) }),
              },
              { target: 'debouncing', actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, [event.field]: event.value }) }) },
            ],
            'filter.commit': { actions: ['applyDrafts', 'toFirstPage', 'query'] },
          },
        },
        debouncing: {
          description: 'Text was typed; it applies after a 400 ms pause (each keystroke restarts the pause).',
          after: { FILTER_DEBOUNCE: { target: 'idle', actions: ['applyDrafts', 'toFirstPage', 'query'] } },
          on: {
            'filter.type': {
              target: 'debouncing',
              reenter: true,
              description: 'Another keystroke restarts the pause.',
              actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, [event.field]: event.value }) }),
            },
            'filter.commit': { target: 'idle', description: 'Enter applies at once.', actions: ['applyDrafts', 'toFirstPage', 'query'] },
          },
        },
      },
    },
    data: {
      description: 'Where the rows come from.',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Picks the mode given as input, once the rows per page are settled.',
          always: [
            { guard: 'isSizeToRead', target: 'remembering' },
            { guard: 'isServerMode', target: 'server' },
            { target: 'client', actions: ['recompute', 'rememberQuery'] },
          ],
        },
        remembering: {
          description: "The user's remembered rows per page are read before the first rows; without one (or when it cannot be read) the default stays.",
          tags: ['loading'],
          invoke: {
            src: 'readPageSize',
            input: ({ context }) => context.pageSizeStore,
            onDone: {
              target: 'choosing',
              actions: assign(({ context, event }) => {
                const pageSize = isOfferedSize(event.output) ? event.output : context.pageSize;
                // The remembered size is where the table starts, not a change to tell the screen; a sort,
                // page or filter chosen while it was read still is (it differs from the query told).
                const told = { ...(JSON.parse(context.toldQuery) as TableQuery), pageSize };
                return { pageSize, sizeSettled: true, toldQuery: JSON.stringify(told) };
              }),
            },
            onError: { target: 'choosing', actions: assign({ sizeSettled: true }) },
          },
        },
        client: {
          description: 'Every row is in memory; filters, search, sort and pages are computed here.',
          tags: ['ready'],
          on: {
            'table.query': { actions: ['recompute', 'tellQuery'] },
            'rows.set': {
              description: 'New rows keep the query; a page that no longer exists becomes the last one.',
              actions: [assign({ rows: ({ event }) => event.rows }), 'recompute', 'tellQuery'],
            },
          },
        },
        server: {
          description: 'Each query goes to the fetchPage actor; the newest query wins.',
          initial: 'loading',
          on: {
            'table.query': {
              target: '.loading',
              reenter: true,
              description: 'A new query cancels the one under way: its answer is ignored.',
              actions: 'tellQuery',
            },
            'table.reload': {
              target: '.loading',
              reenter: true,
              actions: emit({ type: 'rows.reload' as const }),
              description: 'The rows changed on the server (a row action, a new record): the same query loads again, on the same page.',
            },
          },
          states: {
            loading: {
              description: 'A query is under way; the last rows stay until it answers.',
              tags: ['loading'],
              invoke: {
                src: 'fetchPage',
                input: ({ context }) => fetchQueryOf(context),
                onDone: {
                  target: 'ready',
                  actions: [
                    assign(({ context, event }) => {
                      const page = Math.min(context.page, lastPage(event.output.total, context.pageSize));
                      return { rows: event.output.rows, total: event.output.total, error: null, page, pageDraft: String(page) };
                    }),
                    'tellQuery',
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: assign({ error: ({ event }) => (event.error as Error)?.message ?? String(event.error) }),
                },
              },
            },
            ready: { description: 'The page is shown.', tags: ['ready'] },
            failed: {
              description: 'The query failed; the reason is shown with a retry.',
              tags: ['failed'],
              on: { 'table.retry': 'loading' },
            },
          },
        },
      },
    },
  },
});

export type TableMachine = typeof tableMachine;

/** A server-mode table whose queries go to `fetch` (a service call). */
export function createServerTableMachine(fetch: (query: TableQuery) => Promise<TablePage<Row>>): TableMachine {
  return tableMachine.provide({ actors: { fetchPage: fromPromise<TablePage<Row>, TableQuery>(({ input }) => fetch(input)) } });
}
