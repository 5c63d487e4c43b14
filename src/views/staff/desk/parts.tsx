import type { ReactNode } from 'react';
import { ariaSort, type SortEntry } from '../../../machines/ticket-desk/table-query';
import { ROWS_PER_PAGE_ALL, ROWS_PER_PAGE_OPTIONS } from '../../../contracts/constants';

export const formatDateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString() : '—');
export const formatMinutes = (m: number) => `${Math.floor(m / 60)} h ${m % 60} min`;

/** Reads a form's fields as strings (empty fields left out). */
export function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form).entries()) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}

/** A sortable column header: a button inside, aria-sort on the cell. */
export function SortHeader({ field, label, sort, onSort }: { field: string; label: string; sort: SortEntry[]; onSort: (field: string, multi: boolean) => void }) {
  const state = ariaSort(sort, field);
  const mark = state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : '';
  return (
    <th scope="col" aria-sort={state}>
      <button type="button" className="sort-button" onClick={(e) => onSort(field, e.shiftKey)}>
        {label}
        <span aria-hidden="true">{mark}</span>
      </button>
    </th>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="field-error" role="alert">
      {message}
    </span>
  ) : null;
}

/** Previous / Next, 'page n of m', rows per page (spec 2.7 texts). */
export function Pager({ page, size, total, totalExact, onPage, onSize, sizeValue, maxRows }: {
  page: number; size: number; total: number; totalExact: boolean; onPage: (p: number) => void; onSize: (s: string) => void; sizeValue: string;
  /** How deep the server pages when the total is not counted exactly. */
  maxRows?: number;
}) {
  const last = Math.max(1, Math.ceil((totalExact || !maxRows ? total : maxRows) / size));
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        page {page} of {totalExact ? last : `${last}+`}
      </span>
      <button type="button" className="btn btn-secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </button>
      <label>
        Rows per page:{' '}
        <select value={sizeValue} onChange={(e) => onSize(e.target.value)}>
          {ROWS_PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          <option value={ROWS_PER_PAGE_ALL}>All</option>
        </select>
      </label>
      <span>
        {totalExact ? total : `more than ${total}`} row(s)
      </span>
    </nav>
  );
}

export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
