/**
 * Client-mode operations on 100,000 rows: our table model against @tanstack/react-table's row
 * models (v9, via its table core) on the same rows, in the same process, alternating runs.
 */
import {
  columnFilteringFeature,
  constructTable,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { demoRows, type DemoRow } from '@/features/table-demo/machines/demo-rows';
import { processRows } from '@/shared/machines/table/table.model';
import type { ColumnOptions, SortKey } from '@/shared/machines/table/table.types';

export type OpResult = { op: string; oursColdMs: number; oursMedianMs: number; tanstackColdMs: number; tanstackMedianMs: number; rows: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const time = (f: () => number) => {
  const t = performance.now();
  const n = f();
  return { ms: performance.now() - t, n };
};

const columns: ColumnOptions<DemoRow>[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Title', field: 'title' },
  { label: 'Contact', field: 'contact' },
  { label: 'Status', field: 'status' },
  { label: 'Priority', field: 'severity' },
  { label: 'Amount', field: 'amount', type: 'money' },
  { label: 'Ratio', field: 'ratio', type: 'percent' },
  { label: 'Due Date', field: 'due', type: 'date', dateInputFormat: 'dd/MM/yyyy' },
];

type Op = {
  name: string;
  ours: { sort: SortKey[]; filters: Record<string, string>; search: string };
  tanstack: { sorting: { id: string; desc: boolean }[]; columnFilters: { id: string; value: string }[]; globalFilter: string };
};

const OPS: Op[] = [
  { name: 'sort (text column)', ours: { sort: [{ field: 'title', type: 'asc' }], filters: {}, search: '' }, tanstack: { sorting: [{ id: 'title', desc: false }], columnFilters: [], globalFilter: '' } },
  {
    name: 'multi-sort (priority asc, amount desc)',
    ours: { sort: [{ field: 'severity', type: 'asc' }, { field: 'amount', type: 'desc' }], filters: {}, search: '' },
    tanstack: { sorting: [{ id: 'severity', desc: false }, { id: 'amount', desc: true }], columnFilters: [], globalFilter: '' },
  },
  { name: 'column filter (title contains "printer")', ours: { sort: [], filters: { title: 'printer' }, search: '' }, tanstack: { sorting: [], columnFilters: [{ id: 'title', value: 'printer' }], globalFilter: '' } },
  { name: 'global search ("smith")', ours: { sort: [], filters: {}, search: 'smith' }, tanstack: { sorting: [], columnFilters: [], globalFilter: 'smith' } },
];

export function runNodeBench(count = 100_000, runs = 15): OpResult[] {
  const rows = demoRows(count);
  const features = tableFeatures({
    coreReactivityFeature: storeReactivityBindings(),
    rowSortingFeature,
    columnFilteringFeature,
    globalFilteringFeature,
    sortedRowModel: createSortedRowModel(),
    filteredRowModel: createFilteredRowModel(),
    sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
    filterFns: { includesString: filterFn_includesString },
  });
  const helper = createColumnHelper<typeof features, DemoRow>();
  const tsColumns = helper.columns([
    helper.accessor('id', { sortFn: 'basic' }),
    helper.accessor('title', { sortFn: 'text', filterFn: 'includesString' }),
    helper.accessor('contact', { sortFn: 'text', filterFn: 'includesString' }),
    helper.accessor('status', { sortFn: 'text', filterFn: 'includesString' }),
    helper.accessor('severity', { sortFn: 'text', filterFn: 'includesString' }),
    helper.accessor('amount', { sortFn: 'basic' }),
    helper.accessor('ratio', { sortFn: 'basic' }),
    helper.accessor('due', { sortFn: 'text', filterFn: 'includesString' }),
  ]);

  const results: OpResult[] = [];
  for (const op of OPS) {
    // Fresh data arrays: neither side may reuse work from the previous operation.
    const ourRows = rows.slice();
    const theirRows = rows.slice();
    const table = constructTable({
      features,
      columns: tsColumns,
      data: theirRows,
      getRowId: (r: DemoRow) => String(r.id),
      globalFilterFn: 'includesString',
    } as never) as unknown as {
      setSorting: (s: unknown) => void;
      setColumnFilters: (s: unknown) => void;
      setGlobalFilter: (s: unknown) => void;
      getRowModel: () => { rows: unknown[] };
    };
    // The core row model (one Row object per data row) is built once, as a mounted table does.
    table.getRowModel();
    const none = { sort: [], filters: {}, search: '' };
    const apply = (state: Op['tanstack']) => {
      table.setSorting(state.sorting);
      table.setColumnFilters(state.columnFilters);
      table.setGlobalFilter(state.globalFilter);
      return table.getRowModel().rows.length;
    };
    const empty = { sorting: [], columnFilters: [], globalFilter: '' };
    const oursCold = time(() => processRows(ourRows, columns, op.ours).length);
    const theirsCold = time(() => apply(op.tanstack));
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Reset to no query in between so each run recomputes the operation.
      processRows(ourRows, columns, none);
      ours.push(time(() => processRows(ourRows, columns, op.ours).length).ms);
      apply(empty);
      theirs.push(time(() => apply(op.tanstack)).ms);
    }
    if (oursCold.n === 0 || theirsCold.n === 0) throw new Error(`${op.name}: no rows matched`);
    results.push({ op: op.name, oursColdMs: oursCold.ms, oursMedianMs: median(ours), tanstackColdMs: theirsCold.ms, tanstackMedianMs: median(theirs), rows: oursCold.n });
    console.error(`${op.name}: ours ${median(ours).toFixed(1)} ms (cold ${oursCold.ms.toFixed(1)}), tanstack ${median(theirs).toFixed(1)} ms (cold ${theirsCold.ms.toFixed(1)}), rows ours ${oursCold.n} / tanstack ${theirsCold.n}`);
  }
  return results;
}
