import { describe, expect, it, vi } from 'vitest';
import {
  displayValue,
  foldText,
  formatDate,
  lastPage,
  nextSortType,
  parseDate,
  parsePageInput,
  processRows,
  queryFromSearchParams,
  queryToSearchParams,
} from '@/shared/machines/table/table.model';
import type { ColumnOptions } from '@/shared/machines/table/table.types';

type R = { id: number; name: string; due: string; amount: number | null; ratio: number };
const due: ColumnOptions<R> = { label: 'Due', field: 'due', type: 'date', dateInputFormat: 'dd/MM/yyyy', dateOutputFormat: 'yyyy-MM-dd' };
const cols: ColumnOptions<R>[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Name', field: 'name' },
  due,
  { label: 'Amount', field: 'amount', type: 'money' },
  { label: 'Ratio', field: 'ratio', type: 'percent' },
];
const rows: R[] = [
  { id: 1, name: 'José', due: '02/01/2026', amount: 10, ratio: 5 },
  { id: 2, name: 'zoë', due: '15/12/2025', amount: 2.5, ratio: 12.345 },
  { id: 3, name: 'Adam', due: '31/02/2026', amount: null, ratio: 0 },
  { id: 4, name: 'émile', due: '01/01/2026', amount: 100, ratio: 1 },
];
const q = (over: Partial<Parameters<typeof processRows>[2]>) => ({ sort: [], filters: {}, search: '', ...over });

describe('table model', () => {
  it('folds accents and case', () => {
    expect(foldText('José ÉMILE Zoë')).toBe('jose emile zoe');
  });

  it('parses dates in the configured input format and rejects impossible ones', () => {
    expect(parseDate('02/01/2026', 'dd/MM/yyyy')).toBe(Date.UTC(2026, 0, 2));
    expect(parseDate('2026-01-02', 'yyyy-MM-dd')).toBe(Date.UTC(2026, 0, 2));
    expect(parseDate('31/02/2026', 'dd/MM/yyyy')).toBeNull();
    expect(parseDate('2026-01-02', 'dd/MM/yyyy')).toBeNull();
    expect(parseDate('not a date')).toBeNull();
    expect(formatDate(Date.UTC(2026, 0, 2, 3, 4, 5), 'dd/MM/yyyy HH:mm:ss')).toBe('02/01/2026 03:04:05');
  });

  it('formats money and percentages with two decimals', () => {
    expect(displayValue(rows[1]!, cols[3]!)).toBe('2.50');
    expect(displayValue(rows[1]!, cols[4]!)).toBe('12.35%');
    expect(displayValue(rows[2]!, cols[3]!)).toBe('');
  });

  it('shows a date in the output format, and logs "Not a valid date" and shows nothing for an invalid one', () => {
    const log = vi.fn();
    expect(displayValue(rows[0]!, due, log)).toBe('2026-01-02');
    expect(log).not.toHaveBeenCalled();
    expect(displayValue(rows[2]!, due, log)).toBe('');
    expect(log).toHaveBeenCalledWith('Not a valid date', '31/02/2026');
  });

  it('sorts dates by their value in the input format, invalid dates last', () => {
    expect(processRows(rows, cols, q({ sort: [{ field: 'due', type: 'asc' }] })).map((r) => r.id)).toEqual([2, 4, 1, 3]);
    expect(processRows(rows, cols, q({ sort: [{ field: 'due', type: 'desc' }] })).map((r) => r.id)).toEqual([1, 4, 2, 3]);
  });

  it('filters a date column by a date typed in the input format, or by part of the shown text', () => {
    expect(processRows(rows, cols, q({ filters: { due: '01/01/2026' } })).map((r) => r.id)).toEqual([4]);
    expect(processRows(rows, cols, q({ filters: { due: '2025-12' } })).map((r) => r.id)).toEqual([2]);
  });

  it('sorts text without regard to accents or case, and numbers by value', () => {
    expect(processRows(rows, cols, q({ sort: [{ field: 'name', type: 'asc' }] })).map((r) => r.name)).toEqual(['Adam', 'émile', 'José', 'zoë']);
    expect(processRows(rows, cols, q({ sort: [{ field: 'amount', type: 'desc' }] })).map((r) => r.id)).toEqual([4, 1, 2, 3]);
  });

  it('finds José by "jose" and émile by "EMI" in the global search', () => {
    expect(processRows(rows, cols, q({ search: 'jose' })).map((r) => r.id)).toEqual([1]);
    expect(processRows(rows, cols, q({ search: 'EMI' })).map((r) => r.id)).toEqual([4]);
    expect(processRows(rows, cols, q({ search: 'nobody' }))).toEqual([]);
  });

  it('cycles sort types from the first one', () => {
    expect([undefined, 'asc', 'desc'].map((t) => nextSortType(t as never))).toEqual(['asc', 'desc', undefined]);
    expect([undefined, 'desc', 'asc'].map((t) => nextSortType(t as never, 'desc'))).toEqual(['desc', 'asc', undefined]);
  });

  it('knows the last page and rejects page numbers outside it', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(101, 10)).toBe(11);
    expect(lastPage(101, -1)).toBe(1);
    expect(parsePageInput('11', 11)).toBe(11);
    expect(parsePageInput('12', 11)).toBeNull();
    expect(parsePageInput('x', 11)).toBeNull();
  });
});

describe('table query in the URL', () => {
  const fields = ['id', 'title', 'status'];

  it('writes only what differs from the defaults, and reads it back', () => {
    const query = { page: 3, pageSize: 20, sort: [{ field: 'status', type: 'asc' as const }, { field: 'id', type: 'desc' as const }], filters: { status: 'A' }, search: 'José' };
    const params = queryToSearchParams(query);
    expect(params.toString()).toBe('page=3&size=20&sort=status%3Aasc%2Cid%3Adesc&search=Jos%C3%A9&f.status=A');
    expect(queryFromSearchParams(new URLSearchParams(params.toString()), fields)).toEqual(query);
    expect(queryToSearchParams({ page: 1, pageSize: 10, sort: [], filters: {}, search: '' }).toString()).toBe('');
    expect(queryFromSearchParams(new URLSearchParams('size=-1'), fields)).toEqual({ pageSize: -1 });
  });

  it('drops malformed values and unknown fields', () => {
    const read = queryFromSearchParams(new URLSearchParams('page=0&size=7&sort=secret:asc,id:sideways,title:desc,title:asc&f.secret=x&f.status='), fields);
    expect(read).toEqual({ sort: [{ field: 'title', type: 'desc' }] });
    expect(queryFromSearchParams(new URLSearchParams('page=abc'), fields)).toEqual({});
  });
});
