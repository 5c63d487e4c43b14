import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Row } from '@/shared/machines/table/table.machine';
import { DataTable, useTableActor, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { columnChoiceKey, readColumnChoice, shownColumns } from '@/shared/machines/table/columns';
import { FakeResizeObserver } from './fake-resize-observer';

const columns: DataTableColumn[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Title', field: 'title' },
  { label: 'Queue', field: 'queue', priority: 2 },
  { label: 'Created', field: 'created', priority: 3 },
  { label: 'Secret', field: 'secret', hidden: true },
];
const rows: Row[] = [
  { id: 1, title: 'Printer on the second floor prints blank pages after the driver update', queue: 'Support', created: '2026-01-02', secret: 'x' },
  { id: 2, title: 'VPN drops', queue: 'Network', created: '2026-01-03', secret: 'y' },
];

/** Gives every element the width a real layout would, for the ResizeObserver the table uses. */
let tableWidth = 1200;

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());

describe('DataTable columns: priorities, chooser, truncation', () => {
  beforeEach(() => {
    localStorage.clear();
    FakeResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ width: tableWidth, height: 400, top: 0, left: 0, right: tableWidth, bottom: 400, x: 0, y: 0, toJSON: () => ({}) }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('decides the shown columns from width and choice (pure rules)', () => {
    expect(shownColumns(columns, 1200, {}).map((c) => c.field)).toEqual(['id', 'title', 'queue', 'created']);
    expect(shownColumns(columns, 700, {}).map((c) => c.field)).toEqual(['id', 'title', 'queue']);
    expect(shownColumns(columns, 375, {}).map((c) => c.field)).toEqual(['id', 'title']);
    expect(shownColumns(columns, 375, { created: true, title: false }).map((c) => c.field)).toEqual(['id', 'created']);
    expect(shownColumns(columns, 375, { secret: true }).map((c) => c.field)).toEqual(['id', 'title']);
    localStorage.setItem(columnChoiceKey('t'), '{"a":true,"b":"no"}');
    expect(readColumnChoice(localStorage, 't')).toEqual({ a: true });
    localStorage.setItem(columnChoiceKey('t'), 'not json');
    expect(readColumnChoice(localStorage, 't')).toEqual({});
  });

  it('hides low-priority columns when narrow and brings them back as the table widens', () => {
    tableWidth = 375;
    render(<DataTable caption="Tickets" columns={columns} rows={rows} tableId="tickets" />);
    expect(headers()).toEqual(['ID', 'Title']);
    tableWidth = 1200;
    act(() => FakeResizeObserver.all.forEach((o) => o.fire()));
    expect(headers()).toEqual(['ID', 'Title', 'Queue', 'Created']);
  });

  it('the column chooser shows a hidden column and remembers the choice per table', async () => {
    tableWidth = 375;
    const user = userEvent.setup();
    const { unmount } = render(<DataTable caption="Tickets" columns={columns} rows={rows} tableId="tickets" />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('menu', { name: 'Columns' });
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((i) => i.textContent)).toEqual(['ID', 'Title', 'Queue', 'Created']);
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Queue' })).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Title' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Queue' }));
    // The menu stays open for more choices; Escape closes it.
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Queue' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Escape}');
    expect(headers()).toEqual(['ID', 'Title', 'Queue']);
    expect(JSON.parse(localStorage.getItem('cc.table.tickets.columns')!)).toEqual({ queue: true });
    unmount();
    render(<DataTable caption="Tickets" columns={columns} rows={rows} tableId="tickets" />);
    expect(headers()).toEqual(['ID', 'Title', 'Queue']);
  });

  it("a table actor the screen makes remembers the column choice under the tableId given to useTableActor", async () => {
    tableWidth = 375;
    localStorage.setItem(columnChoiceKey('own'), '{"created":true}');
    function Screen() {
      const actor = useTableActor({ columns, rows, tableId: 'own' });
      return <DataTable caption="Tickets" columns={columns} actor={actor} />;
    }
    const user = userEvent.setup();
    render(<Screen />);
    expect(headers()).toEqual(['ID', 'Title', 'Created']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(within(screen.getByRole('menu', { name: 'Columns' })).getByRole('menuitemcheckbox', { name: 'Title' }));
    await user.keyboard('{Escape}');
    expect(headers()).toEqual(['ID', 'Created']);
    expect(JSON.parse(localStorage.getItem(columnChoiceKey('own'))!)).toEqual({ created: true, title: false });
  });

  it('a cut cell shows its full text on hover and takes keyboard focus to show it', async () => {
    // The first title is wider than its cell; the second fits.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return (this.textContent?.length ?? 0) > 40 ? 500 : 50;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 200);
    const user = userEvent.setup();
    render(<DataTable caption="Tickets" columns={columns} rows={rows} />);
    const long = screen.getByText(rows[0]!.title as string).parentElement!;
    const short = screen.getByText('VPN drops').parentElement!;
    expect(long).toHaveAttribute('data-truncated', 'true');
    expect(long).toHaveAttribute('data-full', rows[0]!.title);
    expect(short).not.toHaveAttribute('data-truncated');
    expect(short).not.toHaveAttribute('tabindex');
    // Tabbing through the table reaches the cut cell, and no other body cell.
    await user.click(screen.getByRole('searchbox', { name: 'Search Table' }));
    const reached: Element[] = [];
    for (let i = 0; i < 12; i++) {
      await user.tab();
      reached.push(document.activeElement!);
    }
    expect(reached).toContain(long);
    expect([...new Set(reached.filter((el) => el.closest('tbody')))]).toEqual([long]);
  });

  it('shows skeleton rows with "Loading..." while loading, and the empty state after', () => {
    const { rerender } = render(<DataTable caption="Tickets" columns={columns} rows={[]} isLoading />);
    expect(screen.getByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    const skeletonRows = within(screen.getByRole('table')).getAllByRole('row', { hidden: true }).filter((r) => r.closest('tbody'));
    expect(skeletonRows).toHaveLength(10);
    rerender(<DataTable caption="Tickets" columns={columns} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No data for table' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Loading...' })).toBeNull();
  });
});

describe('the ticket search at a laptop width', () => {
  it('keeps its lowest-priority columns (Queue) for wide tables, so the title gets the room at 1366 px', async () => {
    const { TICKET_SEARCH_COLUMNS } = await import('@/features/tickets/screens/TicketSearchScreen');
    // The table is about 1100 px wide in a 1366 px window beside the sidebar.
    const atLaptop = shownColumns(TICKET_SEARCH_COLUMNS, 1100, {}).map((c) => c.label);
    expect(atLaptop).not.toContain('Queue');
    expect(atLaptop).toEqual(expect.arrayContaining(['ID', 'Title', 'Status', 'Priority', 'Company', 'Assignee', 'Due Date', 'Created At']));
    expect(shownColumns(TICKET_SEARCH_COLUMNS, 1300, {}).map((c) => c.label)).toContain('Queue');
    // Its fixed columns leave the title at least 300 px of a 1100 px table.
    const rem = (w: string | undefined) => (w ? Number(w.replace('rem', '')) * 16 : 0);
    const fixed = shownColumns(TICKET_SEARCH_COLUMNS, 1100, {}).reduce((sum, c) => sum + rem(c.width), 0);
    expect(1100 - fixed).toBeGreaterThanOrEqual(300);
  });
});
