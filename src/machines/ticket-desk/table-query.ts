/**
 * The query of a server-side table as it lives in the URL: filters, "field:dir,field:dir" sort,
 * page and size. Sorting cycles ascending, descending, none (spec 4); shift-click adds a column;
 * a change of filter or page size goes back to page 1.
 */
import { DEFAULT_ROWS_PER_PAGE, INITIAL_PAGE, ROWS_PER_PAGE_ALL } from '../../contracts/constants';

export type SortDir = 'asc' | 'desc';
export type SortEntry = { field: string; dir: SortDir };

export function parseSort(value: string | null | undefined): SortEntry[] {
  return (value ?? '')
    .split(',')
    .filter(Boolean)
    .map((p) => {
      const [field = '', dir] = p.split(':');
      return { field, dir: dir === 'desc' ? 'desc' : 'asc' };
    });
}

export const formatSort = (sort: SortEntry[]) => sort.map((s) => `${s.field}:${s.dir}`).join(',');

/** The next sort after a click on `field` (with shift: added to the others). */
export function nextSort(sort: SortEntry[], field: string, multi: boolean, first: SortDir = 'asc'): SortEntry[] {
  const current = sort.find((s) => s.field === field);
  const next: SortEntry | null = !current ? { field, dir: first } : current.dir === first ? { field, dir: first === 'asc' ? 'desc' : 'asc' } : null;
  if (!multi) return next ? [next] : [];
  const others = sort.filter((s) => s.field !== field);
  return next ? (current ? sort.map((s) => (s.field === field ? next : s)) : [...others, next]) : others;
}

export function ariaSort(sort: SortEntry[], field: string): 'ascending' | 'descending' | 'none' {
  const s = sort.find((x) => x.field === field);
  return s ? (s.dir === 'asc' ? 'ascending' : 'descending') : 'none';
}

/** The page size the server is asked for: 'All' becomes the largest page it serves. */
export function pageSize(value: string | null, max: number): number {
  const n = Number(value ?? DEFAULT_ROWS_PER_PAGE);
  if (n === ROWS_PER_PAGE_ALL) return max;
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : DEFAULT_ROWS_PER_PAGE;
}

/** URL parameters with one changed; any change but the page goes back to the first page. */
export function withParam(search: URLSearchParams, key: string, value: string | null): string {
  const next = new URLSearchParams(search);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  if (next.get('page') === String(INITIAL_PAGE)) next.delete('page');
  return next.toString();
}
