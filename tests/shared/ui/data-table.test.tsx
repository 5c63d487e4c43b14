import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TablePage, TableQuery } from '@/shared/machines/table/table.types';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { pickRowsPerPage, rowsPerPageButton } from '@tests/support/pager';

const columns: DataTableColumn[] = [
  { label: 'ID', field: 'id', type: 'number' },
  { label: 'Name', field: 'name', filterOptions: { enabled: true, placeholder: 'Filter name' } },
  { label: 'Team', field: 'team', firstSortType: 'desc', filterOptions: { enabled: true, placeholder: 'Any team', filterDropdownItems: [{ text: 'Red team', value: 'red' }, 'blue'] } },
  { label: 'Due', field: 'due', type: 'date', dateInputFormat: 'dd/MM/yyyy', filterOptions: { enabled: true } },
  { label: 'Amount', field: 'amount', type: 'money' },
  { label: 'Ratio', field: 'ratio', type: 'percent', sortable: false },
  { label: 'Secret', field: 'secret', hidden: true },
];
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: i === 4 ? 'José Álvarez' : `Person ${i + 1}`,
  team: i % 2 ? 'red' : 'blue',
  due: i === 6 ? '30/02/2026' : `${String((i % 28) + 1).padStart(2, '0')}/03/2026`,
  amount: i * 1.5,
  ratio: i / 3,
  secret: 'hidden value',
}));

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').filter((r) => r.closest('tbody'));
const ids = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('DataTable, client mode', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the spec texts, the first 10 rows and the pager', async () => {
    render(<DataTable caption="People" columns={columns} rows={rows} selectable />);
    expect(screen.getByRole('searchbox', { name: 'Search Table' })).toHaveAttribute('placeholder', 'Search Table');
    expect(rowsPerPageButton()).toHaveTextContent('10');
    await userEvent.setup().click(rowsPerPageButton());
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '30', '40', '50', 'All']);
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByLabelText('page')).toHaveValue('1');
    expect(screen.getByRole('navigation')).toHaveTextContent('of 3');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByText('hidden value')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('23 rows');
  });

  it('formats money and percentages with two decimals, and an invalid date as nothing, logging "Not a valid date"', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    const cells = within(bodyRows()[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['2', 'Person 2', 'red', '02/03/2026', '1.50', '0.33%']);
    expect(within(bodyRows()[6]!).getAllByRole('cell')[3]).toHaveTextContent(/^$/);
    expect(warn).toHaveBeenCalledWith('Not a valid date', '30/02/2026');
    warn.mockRestore();
  });

  it('says "Loading..." while rows come, then "No data for table" when there are none', () => {
    const { rerender } = render(<DataTable caption="People" columns={columns} rows={[]} isLoading />);
    expect(screen.getByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    rerender(<DataTable caption="People" columns={columns} rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No data for table' })).toBeInTheDocument();
  });

  it('sorts by clicks with aria-sort, cycling from the first sort type, and Shift-click adds keys with an index', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    const idHeader = screen.getByRole('columnheader', { name: /ID/ });
    const teamHeader = screen.getByRole('columnheader', { name: /Team/ });
    expect(idHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Ratio' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Ratio' })).queryByRole('button')).toBeNull();

    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'descending');
    expect(ids()[0]).toBe('23');
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'none');
    expect(ids()[0]).toBe('1');

    await user.click(within(teamHeader).getByRole('button'));
    expect(teamHeader).toHaveAttribute('aria-sort', 'descending');
    await user.keyboard('{Shift>}');
    await user.click(within(idHeader).getByRole('button'));
    await user.keyboard('{/Shift}');
    expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(teamHeader).toHaveAttribute('aria-sort', 'descending');
    expect(within(teamHeader).getByText('1')).toBeInTheDocument();
    expect(within(idHeader).getByText('2')).toBeInTheDocument();
    expect(ids().slice(0, 3)).toEqual(['2', '4', '6']);
  });

  it('sorts from the keyboard: Enter cycles, Shift+Enter adds a key', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    within(screen.getByRole('columnheader', { name: /Amount/ })).getByRole('button').focus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('applies a column text filter after a 400 ms pause', () => {
    vi.useFakeTimers();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    const filter = screen.getByRole('textbox', { name: 'Filter Name' });
    expect(filter).toHaveAttribute('placeholder', 'Filter name');
    fireEvent.change(filter, { target: { value: 'Person 1' } });
    act(() => vi.advanceTimersByTime(399));
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('navigation')).toHaveTextContent('of 3');
    act(() => vi.advanceTimersByTime(1));
    // Person 1, 10..19
    expect(screen.getByRole('navigation')).toHaveTextContent('of 2');
    expect(ids()[0]).toBe('1');
  });

  it('applies a column text filter at once on Enter', () => {
    vi.useFakeTimers();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    const filter = screen.getByRole('textbox', { name: 'Filter Name' });
    fireEvent.change(filter, { target: { value: 'Person 22' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(ids()).toEqual(['22']);
  });

  it('applies a dropdown filter at once, with text/value items', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    // The kit's Select: a button named for the filter that opens a listbox.
    await user.click(screen.getByRole('button', { name: /Filter Team/ }));
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any team', 'Red team', 'blue']);
    await user.click(within(list).getByRole('option', { name: 'Red team' }));
    expect(ids().slice(0, 3)).toEqual(['2', '4', '6']);
  });

  it('filters a date column by a date in the input format', () => {
    vi.useFakeTimers();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    const filter = screen.getByRole('textbox', { name: 'Filter Due' });
    fireEvent.change(filter, { target: { value: '05/03/2026' } });
    fireEvent.keyDown(filter, { key: 'Enter' });
    expect(ids()).toEqual(['5']);
  });

  it("finds 'José' by 'jose'", async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search Table' }), 'jose');
    expect(ids()).toEqual(['5']);
    expect(within(bodyRows()[0]!).getByText('José Álvarez')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 rows');
  });

  it('pages with Next and Previous, and rejects a typed page that is not a number, below 1 or past the last', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(ids()[0]).toBe('11');
    const page = screen.getByLabelText('page');
    for (const bad of ['abc', '0', '4']) {
      await user.clear(page);
      await user.type(page, `${bad}{Enter}`);
      expect(page).toHaveValue('2');
      expect(ids()[0]).toBe('11');
    }
    await user.clear(page);
    await user.type(page, '3{Enter}');
    expect(ids()).toEqual(['21', '22', '23']);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(page).toHaveValue('2');
  });

  it('goes back to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} rows={rows} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await pickRowsPerPage(user, '20');
    expect(screen.getByLabelText('page')).toHaveValue('1');
    expect(bodyRows()).toHaveLength(20);
  });

  it("renders 'All' through the virtualizer: only the visible rows are in the DOM", async () => {
    // jsdom has no layout: give the scrolling area the height a browser would.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    const user = userEvent.setup();
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `P${i + 1}`, team: 'red', due: '01/01/2026', amount: 1, ratio: 1 }));
    render(<DataTable caption="People" columns={columns} rows={many} />);
    await pickRowsPerPage(user, 'All');
    const shown = bodyRows().filter((r) => r.getAttribute('aria-hidden') !== 'true');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(40);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', String(5000 + 2));
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
    height.mockRestore();
    width.mockRestore();
  });

  it("selects rows and shows '<n> row(s) selected' with a 'clear' link", async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(<DataTable caption="People" columns={columns} rows={rows} selectable onSelectionChange={onSelectionChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
    expect(screen.getByText('2 row(s) selected')).toBeInTheDocument();
    expect(onSelectionChange).toHaveBeenLastCalledWith(['1', '3']);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('10 row(s) selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(screen.queryByText(/row\(s\) selected/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).not.toBeChecked();
  });

  it('makes rows clickable with the mouse, Enter and "o", and reports query changes', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onQueryChange = vi.fn();
    render(<DataTable caption="People" columns={columns} rows={rows} onRowClick={onRowClick} onQueryChange={onQueryChange} />);
    await user.click(screen.getByText('Person 2'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    bodyRows()[2]!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[2]);
    await user.keyboard('{ArrowDown}');
    expect(bodyRows()[3]).toHaveFocus();
    await user.keyboard('o');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[3]);
    await user.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    expect(onQueryChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, sort: [{ field: 'id', type: 'asc' }], filters: {}, search: '' });
  });
});

describe('DataTable, server mode', () => {
  const seen: URLSearchParams[] = [];
  const server = setupServer(
    http.get('http://localhost/api/test/people', async ({ request }) => {
      const q = new URL(request.url).searchParams;
      seen.push(q);
      if (q.get('search') === 'fail') return HttpResponse.json({ error: { code: 'boom', message: 'The list could not be loaded' } }, { status: 500 });
      if (q.get('search') === 'slow') await delay(400);
      const page = Number(q.get('page'));
      const size = Number(q.get('pageSize'));
      const all = rows.filter((r) => String(r.name).includes(q.get('search') ?? ''));
      return HttpResponse.json({ rows: all.slice((page - 1) * size, page * size), total: all.length, tag: q.get('search') });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());

  /** Stands in for a service module: turns the table query into a GET. */
  async function fetchPeople(query: TableQuery): Promise<TablePage<Row>> {
    const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), search: query.search, sort: JSON.stringify(query.sort), filters: JSON.stringify(query.filters) });
    const res = await fetch(`http://localhost/api/test/people?${params}`);
    if (!res.ok) throw new Error(((await res.json()) as { error: { message: string } }).error.message);
    return (await res.json()) as TablePage<Row>;
  }

  it('sends page, size, sort, filters and search to the endpoint and shows its page', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} machine={createServerTableMachine(fetchPeople)} />);
    expect(screen.getByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByRole('navigation')).toHaveTextContent('of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(ids()[0]).toBe('11'));
    await user.click(within(screen.getByRole('columnheader', { name: /Team/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: /Filter Team/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'blue' }));
    await waitFor(() => expect(seen.at(-1)!.get('filters')).toBe('{"team":"blue"}'));
    const last = seen.at(-1)!;
    expect(last.get('sort')).toBe('[{"field":"team","type":"desc"}]');
    expect(last.get('page')).toBe('1');
    expect(last.get('pageSize')).toBe('10');
  });

  it('shows the error with a retry', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} machine={createServerTableMachine(fetchPeople)} initialState={{ search: 'fail' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The list could not be loaded');
    server.use(http.get('http://localhost/api/test/people', () => HttpResponse.json({ rows: rows.slice(0, 2), total: 2 })));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(ids()).toEqual(['1', '2']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a stale answer that arrives after a newer one', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="People" columns={columns} machine={createServerTableMachine(fetchPeople)} initialState={{ search: 'slow' }} />);
    const search = screen.getByRole('searchbox', { name: 'Search Table' });
    await user.clear(search);
    await user.type(search, 'José');
    await waitFor(() => expect(ids()).toEqual(['5']));
    await new Promise((r) => setTimeout(r, 500));
    expect(ids()).toEqual(['5']);
  });
});
