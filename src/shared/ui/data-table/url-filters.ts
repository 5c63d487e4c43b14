import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A list screen whose search, filters, sort and page live in the URL: the current parameters,
 * `go` (replace the URL's query), `setFilters` (set or clear keys and go back to page 1) and
 * `current` (the latest query, for callbacks that outlive a render).
 */
export function useUrlFilters(path: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const url = useMemo(() => new URLSearchParams(search), [search]);
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
  return { url, go, setFilters, current };
}
