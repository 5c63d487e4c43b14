import { ROWS_PER_PAGE_ALL } from '@contracts/common/constants';
import { createServerTableMachine, type Row } from './table.machine';
import type { TablePage, TableQuery } from './table.types';

/** A list endpoint of the staff API as a server-mode data table sees it. */
export type SearchTableSpec = {
  /** The service call: `page`, `size`, `sort` ("field:dir,…"), `q` and filters in, a page out. */
  search: (params: Record<string, string>) => Promise<{ rows: readonly unknown[]; total: number; totalExact: boolean }>;
  /** Column filters the endpoint takes, by table field: the name of its parameter. */
  filters: Readonly<Record<string, string>>;
  /** The largest page the endpoint serves; 'All' asks for it. */
  pageSizeMax: number;
  /** How many rows deep the endpoint pages when it counts the total only up to a cap. */
  offsetMax?: number;
  /**
   * Keyset paging: the parameters that ask for the rows after a row (the last one shown when Next
   * is pressed). Without it, every page goes by its number.
   */
  keyset?: (row: Record<string, unknown>) => Record<string, string>;
};

/**
 * The parameters of one call: the table's query (page, size, sort, search, column filters) plus
 * the screen's other filters (`extra`). 'All' asks for the largest page the endpoint gives.
 */
export function searchTableParams(spec: SearchTableSpec, query: TableQuery, extra: Record<string, string> = {}): Record<string, string> {
  const size = query.pageSize === ROWS_PER_PAGE_ALL ? spec.pageSizeMax : Math.min(query.pageSize, spec.pageSizeMax);
  const params: Record<string, string> = { ...extra, page: String(query.page), size: String(size) };
  if (query.sort.length) params.sort = query.sort.map((k) => `${k.field}:${k.type}`).join(',');
  if (query.search.trim()) params.q = query.search.trim();
  for (const [field, param] of Object.entries(spec.filters)) if (query.filters[field]) params[param] = query.filters[field]!;
  if (query.after && spec.keyset) Object.assign(params, spec.keyset(query.after));
  return params;
}

/**
 * A staff list endpoint as a server-mode data table. When the endpoint counts the total only up
 * to its cap, the table is told there are `offsetMax` rows, so it pages on to the deepest page
 * the endpoint answers.
 */
export function createSearchTableMachine(spec: SearchTableSpec, extra: Record<string, string> = {}) {
  return createServerTableMachine(async (query: TableQuery): Promise<TablePage<Row>> => {
    const page = await spec.search(searchTableParams(spec, query, extra));
    const total = page.totalExact || spec.offsetMax === undefined ? page.total : spec.offsetMax;
    return { rows: page.rows as Row[], total };
  });
}
