/**
 * The table's pure rules: sort cycles, page numbers, date parsing and the client-mode pipeline
 * (column filters, accent-insensitive search, multi-key sort). The table machine calls these; they
 * are also what the benchmark measures.
 */
import {
  DEFAULT_FIRST_SORT_TYPE,
  DEFAULT_ROWS_PER_PAGE,
  INITIAL_PAGE,
  MONEY_DECIMALS,
  PERCENT_DECIMALS,
  ROWS_PER_PAGE_ALL,
  ROWS_PER_PAGE_OPTIONS,
  TABLE_TEXTS,
} from '@contracts/common/constants';
import type { ColumnOptions, SortKey, SortType } from './table.types';

type AnyRow = Record<string, unknown>;

// ---------------------------------------------------------------- sort cycle

/** The cycle of one column: its first sort type, then the other one, then none (ADR 0010). */
export function nextSortType(current: SortType | undefined, first: SortType = DEFAULT_FIRST_SORT_TYPE): SortType | undefined {
  const second: SortType = first === 'asc' ? 'desc' : 'asc';
  if (current === undefined) return first;
  if (current === first) return second;
  return undefined;
}

/**
 * The sort keys after a click on a column. A plain click makes the column the only key (cycling it
 * if it already was the only key); a Shift-click adds the column at the end of the keys, or cycles it
 * where it stands (removing it after its last step), keeping the order of the others.
 */
export function toggleSort(keys: readonly SortKey[], field: string, first: SortType | undefined, multi: boolean): SortKey[] {
  const at = keys.findIndex((k) => k.field === field);
  if (!multi) {
    const current = keys.length === 1 && at === 0 ? keys[0]!.type : undefined;
    const type = nextSortType(current, first);
    return type ? [{ field, type }] : [];
  }
  const type = nextSortType(at >= 0 ? keys[at]!.type : undefined, first);
  if (at < 0) return type ? [...keys, { field, type }] : [...keys];
  if (!type) return keys.filter((_, i) => i !== at);
  return keys.map((k, i) => (i === at ? { field, type } : k));
}

// ---------------------------------------------------------------- pages

export function lastPage(total: number, pageSize: number): number {
  if (pageSize === ROWS_PER_PAGE_ALL || pageSize <= 0) return INITIAL_PAGE;
  return Math.max(INITIAL_PAGE, Math.ceil(total / pageSize));
}

/** A typed page number, or null when it is not a whole number between 1 and the last page (spec 5). */
export function parsePageInput(text: string, last: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const page = Number(trimmed);
  return page >= INITIAL_PAGE && page <= last ? page : null;
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): readonly T[] {
  if (pageSize === ROWS_PER_PAGE_ALL) return rows;
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

// ---------------------------------------------------------------- text and dates

const NON_ASCII = /[^ -~\t\n\r]/;
const MARKS = /[\u0300-\u036f]/g;

/** Lower case without accents: 'José' and 'jose' compare equal (spec 5). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

const TOKEN = /yyyy|MM|dd|HH|mm|ss/g;
const formatRegexCache = new Map<string, { re: RegExp; tokens: string[] }>();

function formatRegex(format: string) {
  let hit = formatRegexCache.get(format);
  if (!hit) {
    const tokens: string[] = [];
    const source = format.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(TOKEN, (t) => {
      tokens.push(t);
      return t === 'yyyy' ? '(\\d{4})' : '(\\d{1,2})';
    });
    hit = { re: new RegExp(`^${source}$`), tokens };
    formatRegexCache.set(format, hit);
  }
  return hit;
}

/**
 * Epoch milliseconds (UTC) of a value in the given input format ('iso' or tokens yyyy MM dd HH mm ss),
 * or null when it is not a valid date in that format.
 */
export function parseDate(value: unknown, format = 'iso'): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  if (format === 'iso') {
    if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  const { re, tokens } = formatRegex(format);
  const m = re.exec(value.trim());
  if (!m) return null;
  const part = { yyyy: 1970, MM: 1, dd: 1, HH: 0, mm: 0, ss: 0 };
  tokens.forEach((t, i) => (part[t as keyof typeof part] = Number(m[i + 1])));
  const t = Date.UTC(part.yyyy, part.MM - 1, part.dd, part.HH, part.mm, part.ss);
  const d = new Date(t);
  // Reject overflow such as 31/02 or month 13.
  if (d.getUTCFullYear() !== part.yyyy || d.getUTCMonth() !== part.MM - 1 || d.getUTCDate() !== part.dd) return null;
  if (part.HH > 23 || part.mm > 59 || part.ss > 59) return null;
  return t;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatDate(epochMs: number, format = 'iso'): string {
  const d = new Date(epochMs);
  if (format === 'iso') return d.toISOString().slice(0, 10);
  const parts: Record<string, string> = {
    yyyy: pad(d.getUTCFullYear(), 4),
    MM: pad(d.getUTCMonth() + 1),
    dd: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return format.replace(TOKEN, (t) => parts[t] ?? t);
}

// ---------------------------------------------------------------- cell values

export function rawValue<Row>(row: Row, column: ColumnOptions<Row>): unknown {
  return column.value ? column.value(row) : (row as AnyRow)[column.field];
}

export type InvalidDateLogger = (message: string, value: unknown) => void;
export const logInvalidDate: InvalidDateLogger = (message, value) => console.warn(message, value);

/** The text a cell shows: money and percentages with two decimals, dates in the output format. */
export function displayValue<Row>(row: Row, column: ColumnOptions<Row>, log: InvalidDateLogger = logInvalidDate): string {
  const value = rawValue(row, column);
  if (value === null || value === undefined) return '';
  switch (column.type) {
    case 'money': {
      const n = Number(value);
      return Number.isFinite(n) ? n.toFixed(MONEY_DECIMALS) : '';
    }
    case 'percent': {
      const n = Number(value);
      return Number.isFinite(n) ? `${n.toFixed(PERCENT_DECIMALS)}%` : '';
    }
    case 'date': {
      const t = parseDate(value, column.dateInputFormat);
      if (t === null) {
        log(TABLE_TEXTS.invalidDate, value);
        return '';
      }
      return formatDate(t, column.dateOutputFormat ?? column.dateInputFormat);
    }
    default:
      return String(value);
  }
}

// ---------------------------------------------------------------- client-mode pipeline

export type ClientQuery = { sort: readonly SortKey[]; filters: Readonly<Record<string, string>>; search: string };

/**
 * Per-rows caches: folded search text and sort ranks are computed once per rows array and column,
 * so repeated sorts and searches on the same data only compare numbers and scan strings.
 */
type RowCache = { search?: string[]; ranks: Map<string, Ranks>; folded: Map<string, string[]>; dates: Map<string, Float64Array> };
const caches = new WeakMap<readonly unknown[], RowCache>();

function cacheOf(rows: readonly unknown[]): RowCache {
  let c = caches.get(rows);
  if (!c) {
    c = { ranks: new Map(), folded: new Map(), dates: new Map() };
    caches.set(rows, c);
  }
  return c;
}

const silent: InvalidDateLogger = () => undefined;

function foldedColumn<Row>(rows: readonly Row[], column: ColumnOptions<Row>): string[] {
  const cache = cacheOf(rows);
  let out = cache.folded.get(column.field);
  if (!out) {
    out = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = foldText(displayValue(rows[i]!, column, silent));
    cache.folded.set(column.field, out);
  }
  return out;
}

function searchIndex<Row>(rows: readonly Row[], columns: readonly ColumnOptions<Row>[]): string[] {
  const cache = cacheOf(rows);
  if (!cache.search) {
    const searchable = columns.filter((c) => !c.globalSearchDisabled && !c.hidden);
    const out = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      let s = '';
      for (let j = 0; j < searchable.length; j++) s += displayValue(rows[i]!, searchable[j]!, silent) + '\u0001';
      out[i] = foldText(s);
    }
    cache.search = out;
  }
  return cache.search;
}

/**
 * Dense integer sort ranks of a column (0 … distinct-1; empty and invalid values get `distinct`):
 * numbers and dates by value, text by folded text. Computed once per rows array and column.
 */
type Ranks = { ranks: Float64Array; distinct: number };

function ranksOf<Row>(rows: readonly Row[], column: ColumnOptions<Row>): Ranks {
  const cache = cacheOf(rows);
  const hit = cache.ranks.get(column.field);
  if (hit) return hit;
  const n = rows.length;
  const type = column.type ?? 'text';
  const ranks = new Float64Array(n);
  let distinct: number;
  if (type === 'text') {
    const folded = foldedColumn(rows, column);
    const values = Array.from(new Set(folded)).filter((v) => v !== '').sort();
    const rank = new Map<string, number>();
    values.forEach((v, i) => rank.set(v, i));
    distinct = values.length;
    for (let i = 0; i < n; i++) ranks[i] = rank.get(folded[i]!) ?? distinct;
  } else {
    const raw = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const v = rawValue(rows[i]!, column);
      let x: number | null;
      if (type === 'date') x = parseDate(v, column.dateInputFormat);
      else x = v === null || v === undefined || v === '' ? null : Number(v);
      raw[i] = x === null || Number.isNaN(x) ? NaN : x;
    }
    const values = Float64Array.from(new Set(raw)).filter((x) => !Number.isNaN(x)).sort();
    const rank = new Map<number, number>();
    values.forEach((v, i) => rank.set(v, i));
    distinct = values.length;
    for (let i = 0; i < n; i++) ranks[i] = Number.isNaN(raw[i]!) ? distinct : rank.get(raw[i]!)!;
  }
  const out = { ranks, distinct };
  cache.ranks.set(column.field, out);
  return out;
}

/**
 * Sorts row indices by several keys. When the keys and the row index fit together in one exact
 * double (the usual case), each row gets one number and a native numeric sort does the work;
 * otherwise a comparator does. Empty values stay last in both directions; ties keep row order.
 */
function sortIndices(picked: number[], keys: readonly { r: Ranks; asc: boolean }[], n: number): number[] {
  let span = n;
  for (const k of keys) span *= k.r.distinct + 1;
  if (span < Number.MAX_SAFE_INTEGER) {
    const packed = new Float64Array(picked.length);
    for (let p = 0; p < picked.length; p++) {
      const i = picked[p]!;
      let key = 0;
      for (let k = 0; k < keys.length; k++) {
        const { r, asc } = keys[k]!;
        const d = r.distinct;
        const v = r.ranks[i]!;
        key = key * (d + 1) + (v === d || asc ? v : d - 1 - v);
      }
      packed[p] = key * n + i;
    }
    packed.sort();
    const out = new Array<number>(picked.length);
    for (let p = 0; p < packed.length; p++) out[p] = packed[p]! % n;
    return out;
  }
  return picked.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const { r, asc } = keys[k]!;
      const ra = r.ranks[a]!;
      const rb = r.ranks[b]!;
      if (ra !== rb) {
        if (ra === r.distinct) return 1;
        if (rb === r.distinct) return -1;
        return (ra < rb ? -1 : 1) * (asc ? 1 : -1);
      }
    }
    return a - b;
  });
}

/** Epoch milliseconds of a date column (NaN when invalid), once per rows array. */
function datesOf<Row>(rows: readonly Row[], column: ColumnOptions<Row>): Float64Array {
  const cache = cacheOf(rows);
  let out = cache.dates.get(column.field);
  if (!out) {
    out = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = parseDate(rawValue(rows[i]!, column), column.dateInputFormat) ?? NaN;
    cache.dates.set(column.field, out);
  }
  return out;
}

function matchesFilter<Row>(rows: readonly Row[], column: ColumnOptions<Row>, filter: string): (i: number) => boolean {
  if (column.filterOptions?.filterDropdownItems) {
    return (i) => String(rawValue(rows[i]!, column) ?? '') === filter;
  }
  if (column.type === 'date') {
    const wanted = parseDate(filter.trim(), column.dateInputFormat);
    if (wanted !== null) {
      const times = datesOf(rows, column);
      const day = 86_400_000;
      const start = wanted - (wanted % day);
      return (i) => times[i]! >= start && times[i]! < start + day;
    }
  }
  const needle = foldText(filter.trim());
  const folded = foldedColumn(rows, column);
  return (i) => folded[i]!.includes(needle);
}

/** Column filters, then the global search, then the multi-key sort: the rows a client-mode table shows. */
export function processRows<Row>(rows: readonly Row[], columns: readonly ColumnOptions<Row>[], query: ClientQuery): readonly Row[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const tests: ((i: number) => boolean)[] = [];
  for (const [field, value] of Object.entries(query.filters)) {
    const column = byField.get(field);
    if (column && value !== '') tests.push(matchesFilter(rows, column, value));
  }
  const needle = foldText(query.search.trim());
  const index = needle ? searchIndex(rows, columns) : null;
  const keys = query.sort.filter((k) => byField.get(k.field)?.sortable !== false && byField.has(k.field));
  if (tests.length === 0 && !index && keys.length === 0) return rows;

  let picked: number[];
  if (tests.length === 0 && !index) {
    picked = new Array<number>(rows.length);
    for (let i = 0; i < rows.length; i++) picked[i] = i;
  } else {
    picked = [];
    outer: for (let i = 0; i < rows.length; i++) {
      for (let t = 0; t < tests.length; t++) if (!tests[t]!(i)) continue outer;
      if (index && !index[i]!.includes(needle)) continue;
      picked.push(i);
    }
  }
  if (keys.length > 0) {
    picked = sortIndices(
      picked,
      keys.map((k) => ({ r: ranksOf(rows, byField.get(k.field)!), asc: k.type === 'asc' })),
      rows.length,
    );
  }
  const out = new Array<Row>(picked.length);
  for (let i = 0; i < picked.length; i++) out[i] = rows[picked[i]!]!;
  return out;
}

/** The value a dropdown item filters on and the text it shows. */
export function dropdownItem(item: string | number | { text: string; value: string | number }): { text: string; value: string } {
  return typeof item === 'object' ? { text: item.text, value: String(item.value) } : { text: String(item), value: String(item) };
}

// ---------------------------------------------------------------- query in the URL

const SORT_TYPES: readonly string[] = ['asc', 'desc'];

/**
 * A table query as URL search parameters, for screens that keep sort and filters in the address:
 * `page=2&size=20&sort=severity:asc,id:desc&search=printer&f.status=A`. Defaults are left out.
 */
export function queryToSearchParams(query: { page: number; pageSize: number; sort: readonly SortKey[]; filters: Readonly<Record<string, string>>; search: string }): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page !== INITIAL_PAGE) params.set('page', String(query.page));
  if (query.pageSize !== DEFAULT_ROWS_PER_PAGE) params.set('size', String(query.pageSize));
  if (query.sort.length > 0) params.set('sort', query.sort.map((k) => `${k.field}:${k.type}`).join(','));
  if (query.search) params.set('search', query.search);
  for (const [field, value] of Object.entries(query.filters)) if (value !== '') params.set(`f.${field}`, value);
  return params;
}

/**
 * The table state held in URL search parameters (the inverse of `queryToSearchParams`). Anything
 * malformed, and fields that are not columns of the table, are dropped rather than trusted.
 */
export function queryFromSearchParams(
  params: URLSearchParams,
  fields: readonly string[],
): { page?: number; pageSize?: number; sort?: SortKey[]; filters?: Record<string, string>; search?: string } {
  const out: ReturnType<typeof queryFromSearchParams> = {};
  const known = new Set(fields);
  const page = params.get('page');
  if (page && /^\d+$/.test(page) && Number(page) >= INITIAL_PAGE) out.page = Number(page);
  const size = Number(params.get('size'));
  if ((ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(size) || size === ROWS_PER_PAGE_ALL) out.pageSize = size;
  const sort = params.get('sort');
  if (sort) {
    const keys: SortKey[] = [];
    for (const part of sort.split(',')) {
      const [field, type] = part.split(':');
      if (field && known.has(field) && type && SORT_TYPES.includes(type) && !keys.some((k) => k.field === field)) keys.push({ field, type: type as SortType });
    }
    if (keys.length > 0) out.sort = keys;
  }
  const search = params.get('search');
  if (search) out.search = search;
  const filters: Record<string, string> = {};
  params.forEach((value, key) => {
    if (key.startsWith('f.') && known.has(key.slice(2)) && value !== '') filters[key.slice(2)] = value;
  });
  if (Object.keys(filters).length > 0) out.filters = filters;
  return out;
}
