/** Ticket Search's one filter bar over msw: search, pickers that search the server, chips, and the URL as the state. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TicketRow } from '@contracts/tickets';
import TicketSearchScreen from '@/features/tickets/screens/TicketSearchScreen';
import { renderAt, type RenderedAt } from '@tests/support/render';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());

const ticket = (id: number, extra: Partial<TicketRow> = {}): TicketRow => ({
  id,
  title: `Ticket ${id}`,
  status: 'A',
  severity: 'M',
  company_id: 7,
  company_name: 'Acme Utilities',
  queue: 'Support',
  assignee_id: 3,
  assignee_name: 'Avery Agent',
  duedate: '2026-06-24T10:00:00.000Z',
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:00:00.000Z',
  overdue: id % 2 === 0,
  ...extra,
});

type Calls = { tickets: URLSearchParams[]; companies: URLSearchParams[]; staff: URLSearchParams[] };
function serve(): Calls {
  const calls: Calls = { tickets: [], companies: [], staff: [] };
  server.use(
    // The views above the list (tests/features/tickets/ticket-views.view.test.tsx covers them).
    http.get('*/api/v2/ticket-views', () => HttpResponse.json({ views: [] })),
    // The stream of ticket changes stays open and quiet (tests/features/tickets/ticket-changes.view.test.tsx covers it).
    http.get('*/api/v2/tickets/changes', () => new HttpResponse(new ReadableStream({ start: () => undefined }), { headers: { 'content-type': 'text/event-stream' } })),
    // No rows per page remembered: the first-visit default.
    http.get('*/api/v2/preferences/table-size/tickets', () => HttpResponse.json({ size: null })),
    http.get('*/api/v2/tickets/options', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.staff.push(params);
      const staff = [
        { id: 3, name: 'Avery Agent' },
        { id: 4, name: 'Morgan Manager' },
      ].filter((s) => s.name.toLowerCase().includes((params.get('q') ?? '').toLowerCase()));
      return HttpResponse.json({ staff, response_target_hours: { C: 4, H: 8, M: 24, L: 72 } });
    }),
    http.get('*/api/v2/tickets', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.tickets.push(params);
      const rows = Array.from({ length: 10 }, (_, i) => ticket(100 - i));
      return HttpResponse.json({ rows, page: 1, size: 10, total: 42, totalExact: true });
    }),
    http.get('*/api/v2/companies/:id', ({ params }) =>
      params.id === '7'
        ? HttpResponse.json({ company: { id: 7, name: 'Acme Utilities' }, contacts: [], client_users: [], ticket_counts: { open: 3, overdue: 0, total: 3 } })
        : HttpResponse.json({ company: { id: Number(params.id), name: 'Globex Water' }, contacts: [], client_users: [], ticket_counts: { open: 1, overdue: 0, total: 1 } }),
    ),
    http.get('*/api/v2/companies', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.companies.push(params);
      const all = [
        { id: 7, name: 'Acme Utilities', account_number: 'ACME-001', status: 'active', territory: null, created_at: '2026-01-01', open_tickets: 3 },
        { id: 8, name: 'Globex Water', account_number: 'GLOBEX-002', status: 'active', territory: null, created_at: '2026-01-01', open_tickets: 1 },
      ].filter((c) => c.name.toLowerCase().includes((params.get('q') ?? '').toLowerCase()));
      return HttpResponse.json({ rows: all, page: 1, size: 10, total: all.length, totalExact: true });
    }),
  );
  return calls;
}

const urlOf = (location: Pick<RenderedAt, 'history'>) => new URLSearchParams(location.history!.at(-1)!.split('?')[1] ?? '');
const plain = (p: URLSearchParams) => Object.fromEntries(p);
/** The Status control of the filter bar (not a chip's remove button). */
const statusControl = () => within(screen.getByRole('search', { name: 'Filter tickets' })).getAllByRole('button', { name: /Status/ }).find((b) => b.getAttribute('aria-haspopup') === 'listbox')!;

describe('Ticket Search filter bar', () => {
  it('has one filter bar (no "Apply filters", no header dropdowns, no "Company ID" box) and a default page of 10 rows', async () => {
    const calls = serve();
    renderAt('/ticket/search', <TicketSearchScreen />);
    const bar = await screen.findByRole('search', { name: 'Filter tickets' });
    expect(within(bar).getByRole('searchbox', { name: 'Search Table' })).toHaveAttribute('placeholder', 'Search Table');
    for (const name of ['Status', 'Priority', 'Queue']) expect(within(bar).getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    expect(within(bar).getByRole('combobox', { name: 'Assignee' })).toBeInTheDocument();
    expect(within(bar).getByRole('switch', { name: 'Overdue only' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
    expect(screen.queryByLabelText(/Company ID/)).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Filter / })).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11));
    expect(plain(calls.tickets[0]!)).toEqual({ page: '1', size: '10' });
    expect(screen.getByRole('columnheader', { name: /Title/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('starts from the URL: the filters are chips, the pickers show them, and the call carries them', async () => {
    const calls = serve();
    renderAt('/ticket/search?f.status=WOC&overdue=true&search=printer&sort=duedate:asc', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));
    expect(plain(calls.tickets[0]!)).toEqual({ overdue: 'true', page: '1', size: '10', sort: 'duedate:asc', q: 'printer', status: 'WOC' });
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    expect(within(chips).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Search: printer', 'Status: Waiting on Client', 'Overdue: Only overdue']);
    expect(screen.getByRole('switch', { name: 'Overdue only' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search Table' })).toHaveValue('printer');
    expect(screen.getByRole('columnheader', { name: /Due Date/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('writes search, a status, the overdue switch and sort into the URL, and a removed chip leaves it', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const location = renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'Search Table' }), 'printer{Enter}');
    await waitFor(() => expect(urlOf(location).get('search')).toBe('printer'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('q')).toBe('printer'));

    await user.click(within(screen.getByRole('search', { name: 'Filter tickets' })).getByRole('button', { name: /Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await waitFor(() => expect(urlOf(location).get('f.status')).toBe('C'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('status')).toBe('C'));
    // The Status list picks several, so it stays open until closed.
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(urlOf(location).get('overdue')).toBe('true'));

    await user.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    await waitFor(() => expect(urlOf(location).get('sort')).toBe('id:desc'));
    expect(plain(urlOf(location))).toEqual({ search: 'printer', 'f.status': 'C', overdue: 'true', sort: 'id:desc' });

    // Removing the status chip removes it from the URL and from the next call.
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    const statusChip = within(chips).getByRole('row', { name: /Status: Closed/ });
    await user.click(within(statusChip).getByRole('button'));
    await waitFor(() => expect(urlOf(location).get('f.status')).toBeNull());
    await waitFor(() => expect(calls.tickets.at(-1)!.get('status')).toBeNull());
    expect(urlOf(location).get('search')).toBe('printer');

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(plain(urlOf(location))).toEqual({ sort: 'id:desc' }));
  });

  it('the company and assignee pickers search the server as the user types, and filter by the picked id', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const location = renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));

    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'glob');
    await user.click(await screen.findByRole('option', { name: /Globex Water/ }));
    expect(calls.companies.at(-1)!.get('q')).toBe('glob');
    await waitFor(() => expect(urlOf(location).get('company')).toBe('8'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('company')).toBe('8'));
    expect(within(screen.getByRole('grid', { name: /Active filters/ })).getByRole('row', { name: /Company: Globex Water/ })).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Assignee' }), 'morg');
    await user.click(await screen.findByRole('option', { name: 'Morgan Manager' }));
    expect(calls.staff.at(-1)!.get('q')).toBe('morg');
    await waitFor(() => expect(calls.tickets.at(-1)!.get('assignee')).toBe('4'));
    expect(plain(urlOf(location))).toEqual({ company: '8', assignee: '4' });
  });

  it('takes the unassigned filter a report drills with: a chip, the call, and removing it leaves the URL', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const location = renderAt('/ticket/search?f.status=A&unassigned=true&overdue=true', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));
    expect(plain(calls.tickets[0]!)).toEqual({ page: '1', size: '10', status: 'A', unassigned: 'true', overdue: 'true' });
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    const chip = within(chips).getByRole('row', { name: /Assignee: Unassigned/ });
    await user.click(within(chip).getByRole('button'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('unassigned')).toBeNull());
    expect(plain(urlOf(location))).toEqual({ 'f.status': 'A', overdue: 'true' });
  });

  it('names the statuses a report drills with, in the chip and in the Status control, and a status unticked there leaves the URL', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const location = renderAt('/ticket/search?f.status=A,WOP,WOC,WOT', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));
    expect(calls.tickets[0]!.get('status')).toBe('A,WOP,WOC,WOT');
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    expect(within(chips).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '))).toEqual(['Status: Active, Waiting On Programming, Waiting on Client, Waiting on Third Party']);
    const control = statusControl();
    expect(control).toHaveTextContent('4 statuses');
    expect(control).not.toHaveTextContent('Select…');

    await user.click(control);
    for (const name of ['Active', 'Waiting On Programming', 'Waiting on Client', 'Waiting on Third Party']) expect(await screen.findByRole('option', { name })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Closed' })).toHaveAttribute('aria-selected', 'false');
    await user.click(screen.getByRole('option', { name: 'Waiting on Client' }));
    await waitFor(() => expect(urlOf(location).get('f.status')).toBe('A,WOP,WOT'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('status')).toBe('A,WOP,WOT'));
  });

  it('shows one status picked by its name in the Status control', async () => {
    serve();
    renderAt('/ticket/search?f.status=WOC', <TicketSearchScreen />);
    expect(statusControl()).toHaveTextContent('Waiting on Client');
  });

  it('takes the created and closed ranges and the due-date outcome a report drills with: chips, the call, and a removed chip leaves the URL', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const location = renderAt('/ticket/search?f.status=C&company=7&closed_from=2026-10-01&closed_to=2026-10-31&sla=missed&created_from=2026-11-20T09:30:00.000Z', <TicketSearchScreen />);
    await waitFor(() => expect(calls.tickets).toHaveLength(1));
    expect(plain(calls.tickets[0]!)).toEqual({
      page: '1',
      size: '10',
      status: 'C',
      company: '7',
      closed_from: '2026-10-01',
      closed_to: '2026-10-31',
      sla: 'missed',
      created_from: '2026-11-20T09:30:00.000Z',
    });
    const chips = screen.getByRole('grid', { name: /Active filters/ });
    // The company of the address (never picked here) reads by its name.
    expect(await within(chips).findByRole('row', { name: /Company: Acme Utilities/ })).toBeInTheDocument();
    const texts = within(chips).getAllByRole('row').map((r) => r.textContent?.replace(/\u00a0/g, ' '));
    // Days are the UTC days the report counted, whatever the browser's zone.
    expect(texts).toEqual(expect.arrayContaining(['Status: Closed', 'Closed from: Oct 1, 2026', 'Closed to: Oct 31, 2026', 'Due date: Missed the due date']));
    expect(texts.find((t) => t?.startsWith('Created from: '))).toMatch(/^Created from: Nov 20, 2026, \d{1,2}:30/);
    await user.click(within(within(chips).getByRole('row', { name: /Due date: Missed/ })).getByRole('button'));
    await waitFor(() => expect(calls.tickets.at(-1)!.get('sla')).toBeNull());
    expect(plain(urlOf(location))).toEqual({ 'f.status': 'C', company: '7', closed_from: '2026-10-01', closed_to: '2026-10-31', created_from: '2026-11-20T09:30:00.000Z' });
    expect(calls.tickets.at(-1)!.get('closed_to')).toBe('2026-10-31');
  });
});
