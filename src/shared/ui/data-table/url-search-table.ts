import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { TableMachine } from '@/shared/machines/table/table.machine';
import { queryFromSearchParams, queryToSearchParams } from '@/shared/machines/table/table.model';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { serverPageSizeStore } from './page-size-store';

export type UrlSearchTableOptions = {
  /** The screen's address ('/ticket/search'): the table's query is written to its query string, replacing the entry. */
  path: string;
  /** The table's fields: sort keys and `f.<field>` filters are read from the URL only for these. */
  fields: readonly string[];
  /** The server-mode table machine, or how it is made from the screen's other filters (`extraKeys`). */
  machine: TableMachine | ((extra: Record<string, string>) => TableMachine);
  /**
   * URL keys beside the table's own that narrow the list (a company, a report's drill-down): given
   * to `machine`, and kept in the URL when the table's query changes.
   */
  extraKeys?: readonly string[];
  /**
   * URL keys a filter bar outside the table sets ('search', 'f.status', and any of `extraKeys`):
   * when one changes, a new table starts from the URL (page 1, the sort kept).
   */
  barKeys?: readonly string[];
  /**
   * The table's name (its `tableId`): the rows per page the user chooses are remembered for them on
   * the server under it (docs/adr/0137), and the table starts from them unless the URL has a size.
   */
  tableId?: string;
};

const NONE: readonly string[] = [];

/** The non-empty values of `keys` in `url`. */
function valuesOf(url: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) if (url.get(k)) out[k] = url.get(k)!;
  return out;
}

/**
 * A URL-filtered search page's table (ticket, company, project and quote lists): the server-mode
 * table starts from the URL (filters, search, sort, page, size) and writes every change of its
 * query back, keeping the screen's other filters; `setFilters` sets or clears URL keys from a
 * filter bar (back to page 1), and a change of the bar's keys starts a new table from the URL.
 * Render the table as `<DataTable key={tableKey} {...table} … />`.
 */
export function useUrlSearchTable({ path, fields, machine, extraKeys = NONE, barKeys = NONE, tableId }: UrlSearchTableOptions) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
  // The latest query string, for callbacks made before the last render.
  const latest = useRef(search);
  latest.current = search;
  const current = useCallback(() => new URLSearchParams(latest.current), []);
  const go = useCallback((next: URLSearchParams) => navigate(`${path}${next.toString() ? `?${next.toString()}` : ''}`, { replace: true }), [navigate, path]);

  /** Sets (or clears, with '') URL keys and goes back to page 1. */
  const setFilters = useCallback(
    (changes: Record<string, string>) => {
      const next = current();
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      next.delete('page');
      go(next);
    },
    [current, go],
  );
  /** Clears every key of the filter bar and the screen's other filters. */
  const clearFilters = useCallback(() => setFilters(Object.fromEntries([...barKeys, ...extraKeys].map((k) => [k, '']))), [setFilters, barKeys, extraKeys]);

  const extraKey = JSON.stringify(valuesOf(url, extraKeys));
  const extra = useMemo(() => JSON.parse(extraKey) as Record<string, string>, [extraKey]);
  // A new set of the bar's filters (or of the others) is a new table that starts from the URL; sort and page changes are not.
  const tableKey = JSON.stringify([extra, valuesOf(url, barKeys)]);
  const tableMachine = useMemo(() => (typeof machine === 'function' ? machine(extra) : machine), [machine, extra]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per table
  const initialState = useMemo(() => queryFromSearchParams(url, fields), [tableKey]);

  const pageSizeStore = useMemo(() => (tableId ? serverPageSizeStore(tableId) : undefined), [tableId]);

  const onQueryChange = useCallback(
    (q: TableQuery) => {
      const next = queryToSearchParams(q);
      const now = current();
      for (const k of extraKeys) if (now.get(k)) next.set(k, now.get(k)!);
      go(next);
    },
    [current, go, extraKeys],
  );

  return {
    /** The URL's query parameters. */
    url,
    /** The screen's other filters from the URL (`extraKeys` with a value). */
    extra,
    setFilters,
    clearFilters,
    tableKey,
    /** The DataTable's props: its machine, server mode, its start from the URL, the URL written back, and its name and remembered rows per page. */
    table: { machine: tableMachine, mode: 'server' as const, initialState, onQueryChange, tableId, pageSizeStore },
  };
}
