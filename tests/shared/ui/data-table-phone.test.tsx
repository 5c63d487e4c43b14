import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '@/shared/machines/table/table.machine';
import { DataTable, tableMinWidth, TEXT_COLUMN_MIN_WIDTH, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { FakeResizeObserver } from './fake-resize-observer';

/** The report viewer's shape: two text columns, then four figures (all priority 1). */
const columns: DataTableColumn[] = [
  { label: 'Month', field: 'month', cell: (r) => <a href={`/ticket/search?month=${String(r.month)}`}>{String(r.month)}</a> },
  { label: 'Priority', field: 'priority' },
  { label: 'Closed', field: 'closed', type: 'number' },
  { label: 'Within due date', field: 'within', type: 'number' },
  { label: 'Late', field: 'late', type: 'number' },
  { label: 'Attainment', field: 'attainment', type: 'percent' },
];
const rows: Row[] = [
  { id: 1, month: '2026-10', priority: 'Critical', closed: 7, within: 5, late: 2, attainment: 71.4 },
  { id: 2, month: '2026-10', priority: 'High', closed: 7, within: 6, late: 1, attainment: 85.7 },
];

/** Layout jsdom lacks: the box is `boxWidth` wide, the table as wide as its min-width allows (16 px rem). */
let boxWidth = 349;
const REM = 16;
const remOf = (calc: string) => [...calc.matchAll(/([\d.]+)rem/g)].reduce((sum, m) => sum + Number(m[1]), 0);
const rect = (width: number) => ({ width, height: 400, top: 0, left: 0, right: width, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;

describe('DataTable on a phone: header over body, nothing squeezed to nothing', () => {
  beforeEach(() => {
    FakeResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('dt-scroll') ? boxWidth : 0;
    });
    const tableWidth = (table: HTMLElement) => Math.max(boxWidth, remOf(table.style.minWidth) * REM);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      const table = this.classList.contains('dt-scroll') ? this.querySelector('table') : null;
      return table ? tableWidth(table) : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.tagName === 'TABLE') return rect(tableWidth(this));
      return rect(boxWidth);
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives every column a floor: fixed columns their width, text columns TEXT_COLUMN_MIN_WIDTH', () => {
    expect(tableMinWidth(columns, false)).toBe(`calc(${TEXT_COLUMN_MIN_WIDTH} + ${TEXT_COLUMN_MIN_WIDTH} + 6.5rem + 6.5rem + 6.5rem + 6.5rem)`);
    expect(tableMinWidth([{ label: 'Status', field: 'status', width: '110px' }], true)).toBe('calc(2.75rem + 110px)');
    render(<DataTable caption="SLA attainment" columns={columns} rows={rows} searchable={false} />);
    expect(screen.getByRole('table', { name: 'SLA attainment' })).toHaveStyle({ minWidth: tableMinWidth(columns, false) });
  });

  it('one header cell per body cell, each named: no empty header cell, no cell outside a column', () => {
    render(<DataTable caption="SLA attainment" columns={columns} rows={rows} searchable={false} />);
    const table = screen.getByRole('table', { name: 'SLA attainment' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim())).toEqual(['Month', 'Priority', 'Closed', 'Within due date', 'Late', 'Attainment']);
    for (const row of within(table).getAllByRole('row').slice(1)) expect(within(row).getAllByRole('cell')).toHaveLength(headers.length);
    // A column's own cell (a link here) stays inside its column: it is drawn in a clipping box.
    const link = within(table).getAllByRole('link', { name: '2026-10' })[0]!;
    expect(link.parentElement).toHaveClass('dt-custom');
  });

  it('a box narrower than the columns scrolls sideways as a named, focusable region; a wide one does not', () => {
    boxWidth = 349;
    render(<DataTable caption="SLA attainment" columns={columns} rows={rows} searchable={false} />);
    const region = screen.getByRole('region', { name: 'SLA attainment, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAttribute('data-sideways', 'true');
    expect(within(region).getByRole('table')).toBeInTheDocument();

    boxWidth = 1100;
    act(() => FakeResizeObserver.all.forEach((o) => o.fire()));
    expect(screen.queryByRole('region', { name: /scrolls sideways/ })).not.toBeInTheDocument();
    expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
  });

  it('a selectable table counts its checkbox column, whose header is the named select-all box', () => {
    render(<DataTable caption="Team" columns={columns.slice(0, 3)} rows={rows} selectable searchable={false} />);
    const table = screen.getByRole('table', { name: 'Team' });
    expect(table).toHaveStyle({ minWidth: `calc(2.75rem + ${TEXT_COLUMN_MIN_WIDTH} + ${TEXT_COLUMN_MIN_WIDTH} + 6.5rem)` });
    const first = within(table).getAllByRole('columnheader')[0]!;
    expect(within(first).getByRole('checkbox', { name: 'Select all rows on this page' })).toBeInTheDocument();
  });
});
