/** The URL-filtered search page: the table starts from the URL, writes its query back and starts again when the filter bar changes. */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table/DataTable';
import { SearchPage } from '@/shared/ui/data-table/SearchPage';
import { useUrlSearchTable } from '@/shared/ui/data-table/url-search-table';

const COLUMNS: DataTableColumn[] = [{ label: 'Name', field: 'name' }, { label: 'Status', field: 'status' }];
const FIELDS = COLUMNS.map((c) => c.field);
const EXTRA_KEYS = ['company'];
const BAR_KEYS = ['search', 'f.status', 'company'];

/** A list whose calls are recorded with the screen's other filters they were made with. */
function harness(path: string) {
  const calls: Array<{ extra: Record<string, string>; query: TableQuery }> = [];
  const machineFor = (extra: Record<string, string>) =>
    createServerTableMachine(async (query) => {
      calls.push({ extra, query });
      return { rows: [{ id: 1, name: 'Acme', status: 'open' }] as Row[], total: 1 };
    });
  let api: ReturnType<typeof useUrlSearchTable> | null = null;
  function List() {
    const search = useUrlSearchTable({ path: '/list', fields: FIELDS, machine: machineFor, extraKeys: EXTRA_KEYS, barKeys: BAR_KEYS });
    api = search;
    return (
      <SearchPage title="Things" filters={{ label: 'Filter things', search: { text: search.url.get('search') ?? '', onChange: (text) => search.setFilters({ search: text }) } }}>
        <DataTable key={search.tableKey} caption="Things" columns={COLUMNS} searchable={false} {...search.table} />
      </SearchPage>
    );
  }
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <List />
    </Router>,
  );
  return { calls, location, api: () => api! };
}

describe('useUrlSearchTable and SearchPage', () => {
  it('start the table from the URL and write each change of its query back, keeping the screen’s other filters', async () => {
    const { calls, location } = harness('/list?company=7&sort=name:desc&f.status=open&size=20');
    await screen.findByText('Acme');
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter things' })).toBeInTheDocument();
    expect(calls[0]).toEqual({ extra: { company: '7' }, query: { page: 1, pageSize: 20, sort: [{ field: 'name', type: 'desc' }], filters: { status: 'open' }, search: '' } });
    await userEvent.setup().click(screen.getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/list?size=20&sort=status%3Aasc&f.status=open&company=7'));
  });

  it('go back to page 1 and start a new table from the URL when the filter bar changes, and clear every filter at once', async () => {
    const { calls, location, api } = harness('/list?page=3&sort=name:asc&search=ac');
    await screen.findByText('Acme');
    expect(calls.at(-1)!.query).toMatchObject({ page: 3, search: 'ac' });
    act(() => api().setFilters({ company: '9', search: 'acme' }));
    expect(location.history.at(-1)).toBe('/list?sort=name%3Aasc&search=acme&company=9');
    await waitFor(() => expect(calls.at(-1)).toEqual({ extra: { company: '9' }, query: { page: 1, pageSize: 10, sort: [{ field: 'name', type: 'asc' }], filters: {}, search: 'acme' } }));
    expect(screen.getByRole('searchbox')).toHaveValue('acme');
    act(() => api().clearFilters());
    expect(location.history.at(-1)).toBe('/list?sort=name%3Aasc');
    await waitFor(() => expect(calls.at(-1)!.extra).toEqual({}));
  });
});
