/**
 * The Management Dashboard (/mgmtdash) as one statechart (docs/adr/0107): the scope (a team, a
 * person) and the list open behind a figure come from the address, which the view hands over with
 * `address.set` on every change. It owns two queries, each a child spawned with a `systemId`: the
 * figures of the scope, and the list open. A new scope loads the figures again; another list (or the
 * same list for another scope) loads that list; closing the list forgets its rows. The same address
 * again loads nothing. It also owns the list's order (docs/adr/0257): a column's header asks for
 * `list.sort`, and the list's table (the shared data table, a child spawned once the rows are in)
 * starts again in the new order, over the same rows or, for a list paged on the server, from its
 * first page. The view reads the selectors at the end of this file.
 */
import { assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { DEFAULT_PAGED_SORT, DRILL_SORTS, isPagedFigure, type DrillFigure, type ManagementDashboard, type ManagementDrill, type ManagementDrillQuery, type ManagementScope } from '@contracts/management';
import { queryChild } from '@/shared/machines/query.machine';
import { tableMachine, type Row } from '@/shared/machines/table/table.machine';
import { toggleSort } from '@/shared/machines/table/table.model';
import type { ColumnOptions, SortKey } from '@/shared/machines/table/table.types';
import { managementDashboardMachine, managementDrillMachine, managementPagedListMachine } from './management.machine';

/** What the address says: the scope, and the list open (its figure and filters), if any. */
export type ManagementAddress = { scope: ManagementScope; drill: ManagementDrillQuery | null };

type ListTable = ActorRefFrom<typeof tableMachine>;

export type ManagementDashboardContext = ManagementAddress & {
  figures: ManagementDashboard | null;
  figuresError: string | null;
  list: ManagementDrill | null;
  listError: string | null;
  /** The list's order: the paged list's is never empty (newest first by default); another list's is empty in the server's order. */
  sort: SortKey[];
  /** The shared data table showing the list, once its rows are in. */
  table: ListTable | null;
};

export type ManagementDashboardEvent =
  // From the view
  | ({ type: 'address.set' } & ManagementAddress)
  | { type: 'figures.reload' }
  | { type: 'list.reload' }
  /** A click (or Enter) on a column's header; `multi` (Shift) adds the column to a sort of a list in the browser. */
  | { type: 'list.sort'; field: string; multi: boolean }
  // From the children
  | { type: 'figures.loaded'; data: ManagementDashboard }
  | { type: 'figures.loadFailed'; error: string }
  | { type: 'list.loaded'; data: ManagementDrill | null }
  | { type: 'list.loadFailed'; error: string };

/** Two scopes or lists are the same when they say the same thing (a new object from the address is no change). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A list's order before anyone sorts it: newest first for a paged list, the server's order for the others. */
export const defaultSortOf = (figure: DrillFigure | undefined): SortKey[] =>
  figure && isPagedFigure(figure) ? [{ field: DEFAULT_PAGED_SORT.field, type: DEFAULT_PAGED_SORT.dir }] : [];

/** A column's first direction: the paged list's dates newest first, everything else ascending (spec 4). */
const firstSortOf = (figure: DrillFigure, field: string) => (isPagedFigure(figure) && field === DEFAULT_PAGED_SORT.field ? DEFAULT_PAGED_SORT.dir : undefined);

/** The list's columns as the table sorts and searches them (the view draws its own cells over the same fields). */
const columnsOf = (figure: DrillFigure): ColumnOptions<Row>[] =>
  (['title', 'person', 'detail', 'date'] as const).map((field) => ({ label: field, field, sortable: DRILL_SORTS[figure].includes(field), firstSortType: firstSortOf(figure, field) }));

/**
 * The order after a click on `field`, by the shared table's cycle (first direction, the other, none).
 * A paged list sorts by one column on the server, and "none" there is its default order again.
 */
export function nextSort(figure: DrillFigure, sort: readonly SortKey[], field: string, multi: boolean): SortKey[] {
  const paged = isPagedFigure(figure);
  const next = toggleSort(sort, field, firstSortOf(figure, field), multi && !paged);
  return paged && next.length === 0 ? defaultSortOf(figure) : next;
}
export const managementScreenMachine = setup({
  types: { context: {} as ManagementDashboardContext, events: {} as ManagementDashboardEvent, input: {} as ManagementAddress },
  actors: {
    figures: queryChild(managementDashboardMachine, { loaded: 'figures.loaded', failed: 'figures.loadFailed' }),
    list: queryChild(managementDrillMachine, { loaded: 'list.loaded', failed: 'list.loadFailed' }),
    listTable: tableMachine,
  },
  actions: {
    /** The list's table stops with the rows it showed. */
    dropTable: enqueueActions(({ context, enqueue }) => {
      if (context.table) enqueue.stopChild(context.table);
      enqueue.assign({ table: null });
    }),
    /**
     * A table for the list in its order, keeping the rows per page of the one it replaces: over the
     * rows in hand, or asking the server for each page of a paged list (its first page first).
     */
    showTable: enqueueActions(({ context, enqueue }) => {
      const { drill, list } = context;
      if (context.table) enqueue.stopChild(context.table);
      if (!drill || !list) return void enqueue.assign({ table: null });
      const pageSize = (context.table?.getSnapshot() as SnapshotFrom<ListTable> | undefined)?.context?.pageSize;
      const input = { columns: columnsOf(drill.figure), rowKey: 'id', initial: { sort: context.sort, ...(pageSize ? { pageSize } : {}) } };
      enqueue.assign({
        table: ({ spawn }) =>
          isPagedFigure(drill.figure)
            ? spawn(managementPagedListMachine(drill), { input: { ...input, mode: 'server' } })
            : spawn('listTable', { input: { ...input, mode: 'client', rows: list.rows as unknown as Row[] } }),
      });
    }),
  },
  guards: {
    scopeChanged: ({ context, event }) => event.type === 'address.set' && !same(context.scope, event.scope),
    listClosed: ({ context, event }) => event.type === 'address.set' && event.drill === null && context.drill !== null,
    listChanged: ({ context, event }) => event.type === 'address.set' && event.drill !== null && !same(context.drill, event.drill),
    listAsked: ({ context }) => context.drill !== null,
    isSortable: ({ context, event }) => event.type === 'list.sort' && context.drill !== null && (DRILL_SORTS[context.drill.figure] as readonly string[]).includes(event.field),
  },
}).createMachine({
  id: 'managementDashboard',
  description: 'The Management Dashboard: the figures of the scope in the address, and the list behind the figure the address opens.',
  context: ({ input }) => ({ scope: input.scope, drill: input.drill, figures: null, figuresError: null, list: null, listError: null, sort: defaultSortOf(input.drill?.figure), table: null }),
  entry: [
    spawnChild('figures', { id: 'figures', systemId: 'mgmtdash.figures', input: ({ context }) => ({ query: context.scope }) }),
    spawnChild('list', { id: 'list', systemId: 'mgmtdash.list', input: ({ context }) => ({ query: context.drill }) }),
  ],
  type: 'parallel',
  states: {
    figures: {
      description: 'The figures of the scope.',
      initial: 'loading',
      on: {
        'address.set': {
          guard: 'scopeChanged',
          target: '.loading',
          actions: [assign({ scope: ({ event }) => event.scope }), sendTo('figures', ({ event }) => ({ type: 'query.set' as const, query: event.scope }))],
          description: 'Another team or person: their figures load (the last ones stay shown meanwhile).',
        },
        'figures.reload': { target: '.loading', actions: sendTo('figures', { type: 'query.reload' }), description: 'A retry.' },
        'figures.loaded': { target: '.ready', actions: assign({ figures: ({ event }) => event.data, figuresError: null }) },
        'figures.loadFailed': { target: '.failed', actions: assign({ figuresError: ({ event }) => event.error }), description: 'Refused (not a manager, a person outside the team) or unreachable: the reason is shown.' },
      },
      states: {
        loading: { description: 'The figures are loading.', tags: ['loading'] },
        ready: { description: 'The figures are shown; each opens its list.' },
        failed: { description: 'The figures could not be loaded; the reason is shown with a retry.' },
      },
    },
    list: {
      description: 'The list behind one figure, when the address opens one.',
      initial: 'closed',
      on: {
        'address.set': [
          {
            guard: 'listClosed',
            target: '.closed',
            actions: ['dropTable', assign({ drill: null, list: null, listError: null, sort: [] })],
            description: 'The list is closed: its rows, its table and its order are forgotten.',
          },
          {
            guard: 'listChanged',
            target: '.loading',
            actions: [
              'dropTable',
              assign({
                sort: ({ context, event }) => (event.drill?.figure === context.drill?.figure ? context.sort : defaultSortOf(event.drill?.figure)),
                drill: ({ event }) => event.drill,
                list: null,
                listError: null,
              }),
              sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: event.drill })),
            ],
            description: 'Another figure, filter or scope: its list loads. The same figure for another scope or filter keeps its order; another figure starts in its own.',
          },
        ],
      },
      states: {
        closed: {
          description: 'No list open.',
          always: { guard: 'listAsked', target: 'loading', description: 'The address opened a list on arrival: it is loading already.' },
        },
        loading: {
          description: 'The list is loading.',
          tags: ['loading'],
          on: {
            'list.loaded': { target: 'ready', actions: [assign({ list: ({ event }) => event.data, listError: null }), 'showTable'], description: 'The rows are in: the table shows them in the order chosen.' },
            'list.loadFailed': { target: 'failed', actions: assign({ listError: ({ event }) => event.error }) },
          },
        },
        ready: {
          description: 'The list is shown; its row count equals the figure.',
          on: {
            'list.sort': {
              guard: 'isSortable',
              actions: [assign({ sort: ({ context, event }) => nextSort(context.drill!.figure, context.sort, event.field, event.multi) }), 'showTable'],
              description: "A column's header: the next step of its cycle, and the table starts again in that order (a column the list does not sort by is ignored).",
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; the reason is shown with a retry.',
          on: { 'list.reload': { target: 'loading', actions: sendTo('list', { type: 'query.reload' }), description: 'A retry.' } },
        },
      },
    },
  },
});

// Selectors: what the view reads.

type S = SnapshotFrom<typeof managementScreenMachine>;
/** The figures' query (the view's load, error and retry states read it). */
export const selectFiguresQuery = (s: S) => s.children.figures as ActorRefFrom<typeof managementDashboardMachine>;
export const selectFigures = (s: S) => s.context.figures;
export const selectList = (s: S) => (s.matches({ list: 'ready' }) ? s.context.list : null);
export const selectListError = (s: S) => (s.matches({ list: 'failed' }) ? s.context.listError : null);
/** The table showing the list (null until its rows are in). */
export const selectListTable = (s: S) => (s.matches({ list: 'ready' }) ? s.context.table : null);
export const selectListSort = (s: S) => s.context.sort;
