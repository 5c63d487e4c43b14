import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { CLIENT_USER_TABLE } from '@/features/client-users/machines/client-users.machines';
import { COMPANY_TABLE } from '@/features/companies/machines/companies.machines';
import { TICKET_TABLE } from '@/features/tickets/machines/tickets.machines';
import { createSearchTableMachine, searchTableParams, type SearchTableSpec } from '@/shared/machines/table/search-table';
import type { TableQuery } from '@/shared/machines/table/table.types';
import { flush } from '@tests/support/controllable';

const query = (q: Partial<TableQuery>): TableQuery => ({ page: 1, pageSize: 10, sort: [], filters: {}, search: '', ...q });

describe('a data table query as the parameters of a staff list endpoint', () => {
  it('maps the ticket table query and the screen filters to one search, with All as the largest page', () => {
    expect(
      searchTableParams(
        TICKET_TABLE,
        query({ page: 3, pageSize: 20, sort: [{ field: 'severity', type: 'desc' }, { field: 'duedate', type: 'asc' }], filters: { status: 'WOC', title: 'x' }, search: ' printer ' }),
        { assignee: '4', overdue: 'true' },
      ),
    ).toEqual({ assignee: '4', overdue: 'true', page: '3', size: '20', sort: 'severity:desc,duedate:asc', q: 'printer', status: 'WOC' });
    expect(searchTableParams(TICKET_TABLE, query({ pageSize: -1 }))).toEqual({ page: '1', size: '100' });
  });

  it('sends only the filters each endpoint takes, under its parameter names', () => {
    const filters = { status: 'active', company: '7', severity: 'H' };
    expect(searchTableParams(COMPANY_TABLE, query({ filters, search: 'acme' }))).toEqual({ page: '1', size: '10', q: 'acme', status: 'active' });
    expect(searchTableParams(CLIENT_USER_TABLE, query({ filters, sort: [{ field: 'company', type: 'asc' }] }))).toEqual({
      page: '1',
      size: '10',
      sort: 'company:asc',
      status: 'active',
      company: '7',
    });
    expect(searchTableParams(CLIENT_USER_TABLE, query({ pageSize: 50, page: 2 }))).toMatchObject({ page: '2', size: '50' });
  });
});

describe('createSearchTableMachine', () => {
  const columns = [{ label: 'Name', field: 'name' }];
  async function firstPage(spec: SearchTableSpec) {
    const actor = createActor(createSearchTableMachine(spec, { company: '3' }), { input: { mode: 'server', columns } }).start();
    await flush();
    return actor.getSnapshot().context;
  }

  it('calls the endpoint with the query and the screen filters and shows its exact total', async () => {
    const search = vi.fn(async () => ({ rows: [{ id: 1, name: 'A' }], total: 41, totalExact: true }));
    const ctx = await firstPage({ search, filters: {}, pageSizeMax: 100, offsetMax: 500 });
    expect(search).toHaveBeenCalledWith({ company: '3', page: '1', size: '10' });
    expect(ctx.rows).toEqual([{ id: 1, name: 'A' }]);
    expect(ctx.total).toBe(41);
  });

  it('pages on to the deepest page the endpoint answers when the total is only counted up to a cap', async () => {
    const search = async () => ({ rows: [], total: 1000, totalExact: false });
    expect((await firstPage({ search, filters: {}, pageSizeMax: 100, offsetMax: 10_000 })).total).toBe(10_000);
    expect((await firstPage({ search, filters: {}, pageSizeMax: 100 })).total).toBe(1000);
  });
});

describe('keyset paging: Next continues after the last row shown, a page number goes by its offset', () => {
  const columns = [{ label: 'Title', field: 'title', sortable: true }];
  const rowsOf = (from: number) => Array.from({ length: 10 }, (_, i) => ({ id: from - i, title: `T${from - i}` }));

  it('the ticket table asks Next for the page after the last ticket shown; Previous, a typed page and a new sort go by number', async () => {
    const search = vi.fn(async (p: Record<string, string>) => ({ rows: rowsOf(1000 - (Number(p.page) - 1) * 10), total: 1000, totalExact: false }));
    const actor = createActor(createSearchTableMachine({ ...TICKET_TABLE, search }), { input: { mode: 'server', columns } }).start();
    await flush();
    actor.send({ type: 'page.next' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '2', size: '10', after: '991' });
    actor.send({ type: 'page.next' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '3', size: '10', after: '981' });
    actor.send({ type: 'table.reload' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '3', size: '10', after: '981' });
    actor.send({ type: 'page.previous' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '2', size: '10' });
    actor.send({ type: 'page.type', text: '7' });
    actor.send({ type: 'page.commit' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '7', size: '10' });
    actor.send({ type: 'page.next' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '8', size: '10', after: '931' });
    actor.send({ type: 'sort.toggle', field: 'title', multi: false });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '8', size: '10', sort: 'title:asc' });
  });

  it('a list without keyset paging pages by number only', async () => {
    const search = vi.fn(async () => ({ rows: rowsOf(50), total: 50, totalExact: true }));
    const actor = createActor(createSearchTableMachine({ search, filters: {}, pageSizeMax: 100 }), { input: { mode: 'server', columns } }).start();
    await flush();
    actor.send({ type: 'page.next' });
    await flush();
    expect(search).toHaveBeenLastCalledWith({ page: '2', size: '10' });
  });
});
