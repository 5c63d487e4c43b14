import { describe, expect, it } from 'vitest';
import { ariaSort, formatSort, nextSort, pageSize, parseSort, withParam } from '../../src/machines/ticket-desk/table-query';

describe('server table query in the URL', () => {
  it('cycles a column ascending, descending, none', () => {
    let s = nextSort([], 'duedate', false);
    expect(formatSort(s)).toBe('duedate:asc');
    s = nextSort(s, 'duedate', false);
    expect(formatSort(s)).toBe('duedate:desc');
    expect(nextSort(s, 'duedate', false)).toEqual([]);
  });

  it('starts from the first sort direction of the column', () => {
    expect(formatSort(nextSort([], 'created_at', false, 'desc'))).toBe('created_at:desc');
    expect(formatSort(nextSort(parseSort('created_at:desc'), 'created_at', false, 'desc'))).toBe('created_at:asc');
  });

  it('adds a column with shift and keeps the others', () => {
    const s = nextSort(parseSort('severity:desc'), 'duedate', true);
    expect(formatSort(s)).toBe('severity:desc,duedate:asc');
    expect(formatSort(nextSort(s, 'severity', true))).toBe('duedate:asc');
    expect(ariaSort(s, 'severity')).toBe('descending');
    expect(ariaSort(s, 'title')).toBe('none');
  });

  it('goes back to page 1 when anything but the page changes, and bounds the size', () => {
    expect(withParam(new URLSearchParams('q=x&page=3'), 'status', 'A')).toBe('q=x&status=A');
    expect(withParam(new URLSearchParams('q=x'), 'page', '2')).toBe('q=x&page=2');
    expect(withParam(new URLSearchParams('q=x&page=2'), 'q', '')).toBe('');
    expect(pageSize('-1', 100)).toBe(100);
    expect(pageSize('30', 100)).toBe(30);
    expect(pageSize('abc', 100)).toBe(10);
  });
});

describe('ticket search table to API parameters', () => {
  it('maps the table query and the screen filters to one search, with All as the largest page', async () => {
    const { ticketSearchParams } = await import('../../src/machines/ticket-desk/desk.machines');
    expect(
      ticketSearchParams(
        { page: 3, pageSize: 20, sort: [{ field: 'severity', type: 'desc' }, { field: 'duedate', type: 'asc' }], filters: { status: 'WOC', title: 'x' }, search: ' printer ' },
        { assignee: '4', overdue: 'true' },
      ),
    ).toEqual({ assignee: '4', overdue: 'true', page: '3', size: '20', sort: 'severity:desc,duedate:asc', q: 'printer', status: 'WOC' });
    expect(ticketSearchParams({ page: 1, pageSize: -1, sort: [], filters: {}, search: '' }, {})).toEqual({ page: '1', size: '100' });
  });
});
