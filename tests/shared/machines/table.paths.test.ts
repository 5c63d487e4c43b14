/**
 * Path tests generated from the table machine: every sort state reachable with plain and Shift
 * clicks on columns of both first sort types, and every page state reachable with the pagination
 * events. Each path is replayed on a fresh actor and every step is checked against the rules
 * written out independently here.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { tableMachine, type PageSizeStore, type Row, type TableEvent } from '@/shared/machines/table/table.machine';
import type { ColumnOptions, SortKey, SortType, TablePage, TableQuery } from '@/shared/machines/table/table.types';
import type { ColumnChoice } from '@/shared/machines/table/columns';
import { itReachesEveryStateAndTransition, recordCoverage, eventsWhileRunning, expectAllEventsUsed, replay, transitionPaths } from '@tests/support/path-coverage';
import { controllable, flush } from '@tests/support/controllable';
import { machineRegistry } from '@/app/machine-registry';

const columns: ColumnOptions<Row>[] = [
  { label: 'A', field: 'a' },
  { label: 'B', field: 'b', firstSortType: 'desc' },
  { label: 'C', field: 'c', firstSortType: 'asc', filterOptions: { enabled: true } },
  { label: 'D', field: 'd', filterOptions: { enabled: true, filterDropdownItems: ['x', 'y'] } },
];
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, a: i % 3, b: `b${i % 4}`, c: `c${i}`, d: i % 2 ? 'x' : 'y' }));
const input = { columns, rows };

/** The cycles of spec 4, written as tables. */
const CYCLE: Record<SortType, (SortType | null)[]> = { asc: ['asc', 'desc', null], desc: ['desc', 'asc', null] };
const firstOf = (field: string) => columns.find((c) => c.field === field)!.firstSortType ?? 'asc';
const after = (field: string, current: SortType | undefined): SortType | null => {
  const cycle = CYCLE[firstOf(field)];
  return current === undefined ? cycle[0]! : cycle[cycle.indexOf(current) + 1]!;
};
function expectedSort(keys: SortKey[], field: string, multi: boolean): SortKey[] {
  const mine = keys.find((k) => k.field === field);
  if (!multi) {
    const next = after(field, keys.length === 1 && mine ? mine.type : undefined);
    return next ? [{ field, type: next }] : [];
  }
  const next = after(field, mine?.type);
  if (!mine) return next ? [...keys, { field, type: next }] : keys;
  return next ? keys.map((k) => (k.field === field ? { field, type: next } : k)) : keys.filter((k) => k.field !== field);
}

const coveredEvents = new Set<string>();

/**
 * Every transition, not only every state: the events of each shortest path, then each event once
 * more from the state it reaches (a shortest path never takes an event that leads nowhere new, such
 * as a rejected page number).
 */
function edgeRuns(paths: { steps: { event: { type: string } }[] }[], events: readonly TableEvent[]): TableEvent[][] {
  const runs: TableEvent[][] = [];
  for (const p of paths) {
    const base = p.steps.map((s) => s.event as TableEvent).filter((e) => !e.type.startsWith('xstate.'));
    for (const e of events) runs.push([...base, e]);
  }
  return runs;
}
const label = (run: TableEvent[]) => run.map((e) => JSON.stringify(e)).join(' → ');

describe('sort paths', () => {
  const events: TableEvent[] = ['a', 'b', 'c'].flatMap((field) => [
    { type: 'sort.toggle' as const, field, multi: false },
    { type: 'sort.toggle' as const, field, multi: true },
  ]);
  const paths = getShortestPaths(tableMachine, {
    input,
    events,
    serializeState: (s) => JSON.stringify(s.context.sort),
    serializeEvent: (e) => JSON.stringify(e),
  });

  it('reaches every ordered combination of keys and directions over three columns', () => {
    // 1 unsorted + 3·2 one-key + 6·4 two-key + 6·8 three-key states.
    expect(paths).toHaveLength(1 + 6 + 24 + 48);
  });

  it.each(edgeRuns(paths, events).map((run) => [label(run), run] as const))('replays %s', (_name, run) => {
    const actor = createActor(tableMachine, { input });
    recordCoverage(actor);
    actor.start();
    let expected: SortKey[] = [];
    for (const step of run) {
      const e = step as Extract<TableEvent, { type: 'sort.toggle' }>;
      coveredEvents.add(e.type);
      actor.send(e);
      expected = expectedSort(expected, e.field, e.multi);
      const ctx = actor.getSnapshot().context;
      expect(ctx.sort).toEqual(expected);
      // The shown rows follow the keys: each adjacent pair is in order under the keys.
      for (let i = 1; i < ctx.processed.length; i++) {
        const [x, y] = [ctx.processed[i - 1]!, ctx.processed[i]!];
        const k = expected.find((key) => x[key.field] !== y[key.field]);
        if (k) expect(String(x[k.field]).localeCompare(String(y[k.field])) * (k.type === 'asc' ? 1 : -1)).toBeLessThan(0);
      }
    }
  });
});

describe('pagination paths', () => {
  const events: TableEvent[] = [
    { type: 'page.next' },
    { type: 'page.previous' },
    { type: 'page.size', size: 10 },
    { type: 'page.size', size: 20 },
    { type: 'page.size', size: -1 },
    ...['abc', '0', '2', '3', '4', ''].map((text) => ({ type: 'page.type' as const, text })),
    { type: 'page.commit' },
  ];
  const paths = getShortestPaths(tableMachine, {
    input,
    events,
    serializeState: (s) => JSON.stringify([s.context.page, s.context.pageSize, s.context.pageDraft]),
    serializeEvent: (e) => JSON.stringify(e),
  });
  const last = (size: number) => (size === -1 ? 1 : Math.ceil(rows.length / size));

  it('reaches every page of every page size', () => {
    const reached = new Set(paths.map((p) => `${p.state.context.pageSize}:${p.state.context.page}`));
    expect(reached).toEqual(new Set(['10:1', '10:2', '10:3', '20:1', '20:2', '-1:1']));
  });

  it.each(edgeRuns(paths, events).map((run) => [label(run), run] as const))(
    'replays %s',
    (_name, run) => {
      const actor = createActor(tableMachine, { input });
      recordCoverage(actor);
      const told: TableQuery[] = [];
      actor.on('query.changed', (e) => told.push(e.query));
      actor.start();
      let page = 1;
      let size = 10;
      let draft = '1';
      for (const e of run) {
        coveredEvents.add(e.type);
        const before = [page, size];
        const toldBefore = told.length;
        actor.send(e);
        // A blocked Next/Previous changes nothing, not even the typed text.
        let moved = false;
        if (e.type === 'page.next' && page < last(size)) [page, moved] = [page + 1, true];
        if (e.type === 'page.previous' && page > 1) [page, moved] = [page - 1, true];
        if (e.type === 'page.size') [size, page, moved] = [e.size, 1, true];
        if (e.type === 'page.type') draft = e.text;
        if (e.type === 'page.commit') {
          const n = Number(draft);
          if (/^\d+$/.test(draft) && n >= 1 && n <= last(size)) page = n;
          moved = true;
        }
        if (moved) draft = String(page);
        const ctx = actor.getSnapshot().context;
        expect([ctx.page, ctx.pageSize, ctx.pageDraft]).toEqual([page, size, draft]);
        // The screen is told the query exactly when page or size changed.
        const changed = before[0] !== page || before[1] !== size;
        expect(told.slice(toldBefore)).toEqual(changed ? [{ page, pageSize: size, sort: [], filters: {}, search: '' }] : []);
        expect(ctx.page).toBeGreaterThanOrEqual(1);
        expect(ctx.page).toBeLessThanOrEqual(last(size));
      }
    },
  );
});

describe('filter, search and selection paths', () => {
  const events: TableEvent[] = [
    { type: 'filter.type', field: 'c', value: 'c1' },
    { type: 'filter.commit', field: 'c' },
    { type: 'filter.select', field: 'd', value: 'x' },
    { type: 'filter.select', field: 'd', value: '' },
    { type: 'search.change', value: 'b2' },
    { type: 'search.change', value: '' },
    { type: 'rows.set', rows: rows.slice(0, 5) },
  ];
  const paths = getShortestPaths(tableMachine, {
    input,
    events,
    serializeState: (s) =>
      JSON.stringify([s.value, s.context.filters, s.context.drafts, s.context.search, s.context.rows.length]),
    serializeEvent: (e) => JSON.stringify(e),
  });

  it.each(edgeRuns(paths, events).map((run) => [label(run), run] as const))('%s keeps the shown rows consistent with filters and search', (_name, run) => {
    const actor = createActor(tableMachine, { input });
    recordCoverage(actor);
    actor.start();
    for (const e of run) {
      coveredEvents.add(e.type);
      actor.send(e);
      const ctx = actor.getSnapshot().context;
      const expected = ctx.rows.filter(
        (r) =>
          (!ctx.filters.c || String(r.c).includes(ctx.filters.c)) &&
          (!ctx.filters.d || r.d === ctx.filters.d) &&
          (!ctx.search || [r.a, r.b, r.c, r.d].some((v) => String(v).includes(ctx.search))),
      );
      expect(ctx.processed).toEqual(expected);
      expect(ctx.total).toBe(expected.length);
    }
  });

  describe('selection', () => {
    const selectionEvents: TableEvent[] = [
      { type: 'row.toggle', key: '2' },
      { type: 'row.toggle', key: '12' },
      { type: 'rows.togglePage' },
      { type: 'page.next' },
      { type: 'selection.clear' },
    ];
    const selectionPaths = getShortestPaths(tableMachine, {
      input,
      events: selectionEvents,
      serializeState: (s) => JSON.stringify([s.context.page, [...s.context.selected].sort()]),
      serializeEvent: (e) => JSON.stringify(e),
    });
    it.each(edgeRuns(selectionPaths, selectionEvents).map((run) => [label(run), run] as const))('%s selects exactly what was toggled', (_name, run) => {
      const actor = createActor(tableMachine, { input });
      recordCoverage(actor);
      const told: string[][] = [];
      actor.on('selection.changed', (e) => told.push(e.keys));
      actor.start();
      let expected = new Set<string>();
      for (const e of run) {
        coveredEvents.add(e.type);
        const before = actor.getSnapshot().context;
        const toldBefore = told.length;
        actor.send(e);
        if (e.type === 'row.toggle') {
          if (expected.has(e.key)) expected.delete(e.key);
          else expected.add(e.key);
        }
        if (e.type === 'selection.clear') expected = new Set();
        if (e.type === 'rows.togglePage') {
          const keys = before.processed.slice((before.page - 1) * 10, before.page * 10).map((r) => String(r.id));
          if (keys.every((k) => expected.has(k))) keys.forEach((k) => expected.delete(k));
          else keys.forEach((k) => expected.add(k));
        }
        expect(new Set(actor.getSnapshot().context.selected)).toEqual(expected);
        // Every toggle and clear tells the screen the selected keys; paging does not.
        expect(told.slice(toldBefore)).toEqual(e.type === 'page.next' ? [] : [actor.getSnapshot().context.selected]);
      }
    });
  });

  describe('column choice', () => {
    const choiceEvents: TableEvent[] = ['b', 'c'].flatMap((field) => [
      { type: 'columns.choose' as const, field, show: true },
      { type: 'columns.choose' as const, field, show: false },
    ]);
    const choicePaths = getShortestPaths(tableMachine, {
      input,
      events: choiceEvents,
      serializeState: (s) => JSON.stringify(Object.entries(s.context.choice).sort()),
      serializeEvent: (e) => JSON.stringify(e),
    });

    it('reaches every choice of two columns (unset, shown, hidden each)', () => expect(choicePaths).toHaveLength(9));

    it.each(edgeRuns(choicePaths, choiceEvents).map((run) => [label(run), run] as const))('%s remembers exactly the last choice of each column', (_name, run) => {
      const written: ColumnChoice[] = [];
      const actor = createActor(tableMachine, { input: { ...input, columnStore: { read: () => ({ a: false }), write: (c) => written.push(c) } } });
      recordCoverage(actor);
      actor.start();
      const expected: ColumnChoice = { a: false };
      for (const e of run) {
        coveredEvents.add(e.type);
        actor.send(e);
        if (e.type === 'columns.choose') expected[e.field] = e.show;
        expect(actor.getSnapshot().context.choice).toEqual(expected);
        expect(written.at(-1)).toEqual(expected);
      }
      expect(written).toHaveLength(run.length);
    });
  });

  it('covers every event type the machine handles', () => {
    // table.retry, table.reload: server mode only (the server-mode paths below); table.query: raised by the machine itself.
    const elsewhere = ['table.retry', 'table.reload', 'table.query'];
    const handled = new Set(tableMachine.events.filter((t) => !t.startsWith('xstate.')));
    expect(new Set([...coveredEvents, ...elsewhere])).toEqual(handled);
  });
});

/** Server mode and the typed-filter pause: paths generated over the query, its answers and typing. */
describe('server mode and filter typing paths', () => {
  const FETCH = '0.table.data.server.loading';
  const serverColumns: ColumnOptions<Row>[] = [...columns, { label: 'E', field: 'e', filterOptions: { enabled: true, trigger: 'enter' } }];
  const serverInput = { mode: 'server' as const, columns: serverColumns };
  const EVENTS = [
    { type: 'filter.type', field: 'c', value: 'c1' },
    { type: 'filter.type', field: 'e', value: 'e1' },
    { type: 'filter.commit' },
    { type: 'xstate.after.FILTER_DEBOUNCE.table.filtering.debouncing' },
    { type: 'table.query' },
    { type: 'table.retry' },
    { type: 'table.reload' },
    { type: `xstate.done.actor.${FETCH}`, output: { rows: rows.slice(0, 10), total: 25 } },
    { type: `xstate.error.actor.${FETCH}`, error: new Error('Network Error') },
  ] as const;
  const paths = transitionPaths(tableMachine, {
    input: serverInput,
    events: eventsWhileRunning(EVENTS as never) as never,
    serializeState: ((s: { value: unknown; context: { filters: unknown; drafts: unknown } }) =>
      JSON.stringify([s.value, s.context.filters, s.context.drafts])) as never,
  });

  it('uses every event on some path', () => expectAllEventsUsed(paths, EVENTS as never));

  it.each(paths.map((p, i) => [i, p.steps.map((st) => st.event.type).join(' → ')] as const))('path %i: %s', async (i) => {
    const fetchPage = controllable<TablePage<Row>, TableQuery>('fetchPage');
    const actor = createActor(tableMachine.provide({ actors: { fetchPage: fetchPage.logic } }), { input: serverInput });
    recordCoverage(actor);
    actor.start();
    await replay(actor, paths[i]!.steps, { [FETCH]: fetchPage as never });
    actor.stop();
  });
});

describe("the user's remembered rows per page", () => {
  const serverInput = { mode: 'server' as const, columns };
  const start = (store: PageSizeStore, extra: object = {}) => {
    const fetchPage = controllable<TablePage<Row>, TableQuery>('fetchPage');
    const actor = createActor(tableMachine.provide({ actors: { fetchPage: fetchPage.logic } }), { input: { ...serverInput, pageSizeStore: store, ...extra } });
    const told: TableQuery[] = [];
    actor.on('query.changed', (e) => told.push(e.query));
    recordCoverage(actor);
    actor.start();
    return { actor, fetchPage, told };
  };

  it('reads the remembered size before the first rows, starts there, and tells the screen nothing for it', async () => {
    const { actor, fetchPage, told } = start({ read: async () => 50, write: () => undefined });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(fetchPage.calls).toHaveLength(0);
    await flush();
    expect(fetchPage.calls[0]!.input.pageSize).toBe(50);
    fetchPage.resolve({ rows: rows.slice(0, 25), total: 25 });
    await flush();
    expect(actor.getSnapshot().context.pageSize).toBe(50);
    expect(told).toEqual([]);
  });

  it('a sort chosen while the remembered size is read is told to the screen once the rows come', async () => {
    let answer: (n: number | null) => void = () => undefined;
    const { actor, fetchPage, told } = start({ read: () => new Promise<number | null>((r) => (answer = r)), write: () => undefined });
    actor.send({ type: 'sort.toggle', field: 'a', multi: false });
    expect(told).toEqual([]);
    answer(50);
    await flush();
    expect(fetchPage.calls[0]!.input).toMatchObject({ pageSize: 50, sort: [{ field: 'a', type: 'asc' }] });
    fetchPage.resolve({ rows: rows.slice(0, 25), total: 25 });
    await flush();
    expect(told).toEqual([expect.objectContaining({ pageSize: 50, sort: [{ field: 'a', type: 'asc' }] })]);
  });

  it('keeps the default of 10 when nothing is remembered, when the store fails, or when it holds a size the pager does not offer', async () => {
    for (const read of [async () => null, async () => Promise.reject(new Error('offline')), async () => 7]) {
      const { fetchPage } = start({ read, write: () => undefined });
      await flush();
      expect(fetchPage.calls[0]!.input.pageSize).toBe(10);
    }
  });

  it('remembers each size the user picks, and a size in the address wins over the remembered one', async () => {
    const written: number[] = [];
    const { actor, fetchPage } = start({ read: async () => 20, write: (n) => written.push(n) });
    await flush();
    fetchPage.resolve({ rows: rows.slice(0, 20), total: 25 });
    await flush();
    actor.send({ type: 'page.size', size: -1 });
    expect(written).toEqual([-1]);

    let reads = 0;
    const fromUrl = start({ read: async () => (reads++, 20), write: () => undefined }, { initial: { pageSize: 30 } });
    await flush();
    expect(reads).toBe(0);
    expect(fromUrl.fetchPage.calls[0]!.input.pageSize).toBe(30);
  });

  it('client mode reads it too', async () => {
    const actor = createActor(tableMachine, { input: { columns, rows, pageSizeStore: { read: async () => 20, write: () => undefined } } });
    recordCoverage(actor);
    actor.start();
    await flush();
    expect(actor.getSnapshot().matches({ data: 'client' })).toBe(true);
    expect(actor.getSnapshot().context.pageSize).toBe(20);
  });
});

describe('table path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'table')!);
});
