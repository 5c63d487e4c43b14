/** The views above Ticket Search over msw: links with counts that apply their filters through the URL, the current one marked, and saving, renaming and deleting the user's own. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CountedTicketView } from '@contracts/ticket-views';
import type { TicketRow } from '@contracts/tickets';
import TicketSearchScreen from '@/features/tickets/screens/TicketSearchScreen';
import { renderAt } from '@tests/support/render';
import { forgetPageSizes } from '@/shared/ui/data-table/page-size-store';
import { pickRowsPerPage, rowsPerPageButton } from '@tests/support/pager';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetPageSizes();
});
afterAll(() => server.close());

const row = (id: number): TicketRow => ({
  id,
  title: id === 1 ? 'The nightly export to the billing system stops halfway through the second batch every Tuesday' : `Ticket ${id}`,
  status: 'A',
  severity: 'M',
  company_id: 7,
  company_name: 'Acme Utilities',
  queue: 'Support',
  assignee_id: null,
  assignee_name: null,
  duedate: null,
  created_at: '2026-06-01T10:00:00.000Z',
  updated_at: '2026-06-01T10:00:00.000Z',
  overdue: false,
});

function serve(initial: CountedTicketView[], rememberedSize: number | null = null) {
  let views = initial;
  let size = rememberedSize;
  const calls = { views: 0, created: [] as unknown[], renamed: [] as unknown[], deleted: [] as string[], sizes: [] as unknown[], pages: [] as URLSearchParams[] };
  server.use(
    // The stream of ticket changes stays open and quiet (tests/features/tickets/ticket-changes.view.test.tsx covers it).
    http.get('*/api/v2/tickets/changes', () => new HttpResponse(new ReadableStream({ start: () => undefined }), { headers: { 'content-type': 'text/event-stream' } })),
    http.get('*/api/v2/preferences/table-size/tickets', () => HttpResponse.json({ size })),
    http.put('*/api/v2/preferences/table-size/tickets', async ({ request }) => {
      const body = (await request.json()) as { size: number };
      calls.sizes.push(body);
      size = body.size;
      return HttpResponse.json(body);
    }),
    http.get('*/api/v2/ticket-views', () => {
      calls.views++;
      return HttpResponse.json({ views });
    }),
    http.post('*/api/v2/ticket-views', async ({ request }) => {
      const body = (await request.json()) as { name: string; filters: Record<string, string> };
      calls.created.push(body);
      if (body.name === 'Taken') return HttpResponse.json({ error: { code: 'conflict', message: 'You already have a view named "Taken"', fields: { name: 'You already have a view named "Taken"' } } }, { status: 409 });
      views = [...views, { key: 'saved-9', id: 9, name: body.name, filters: body.filters, count: 2 }];
      return HttpResponse.json({ id: 9, name: body.name, filters: body.filters }, { status: 201 });
    }),
    http.patch('*/api/v2/ticket-views/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name: string };
      calls.renamed.push({ id: params.id, ...body });
      views = views.map((v) => (v.id === Number(params.id) ? { ...v, name: body.name } : v));
      return HttpResponse.json({ id: Number(params.id), name: body.name, filters: {} });
    }),
    http.delete('*/api/v2/ticket-views/:id', ({ params }) => {
      calls.deleted.push(String(params.id));
      views = views.filter((v) => v.id !== Number(params.id));
      return HttpResponse.json({ ok: true });
    }),
    http.get('*/api/v2/companies/:id', ({ params }) =>
      HttpResponse.json({ company: { id: Number(params.id), name: 'Acme Utilities' }, contacts: [], client_users: [], ticket_counts: { open: 3, overdue: 0, total: 3 } }),
    ),
    http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: { C: 4, H: 8, M: 24, L: 72 } })),
    http.get('*/api/v2/tickets', ({ request }) => {
      calls.pages.push(new URL(request.url).searchParams);
      return HttpResponse.json({ rows: [row(1), row(2)], page: 1, size: 10, total: 2, totalExact: true });
    }),
  );
  return calls;
}

const BUILT_IN: CountedTicketView[] = [
  { key: 'mine', id: null, name: 'My open', filters: { assignee: '3', status: 'A,WOP,WOC,WOT' }, count: 4 },
  { key: 'unassigned', id: null, name: 'Unassigned', filters: { unassigned: 'true', status: 'A,WOP,WOC,WOT' }, count: 7 },
  { key: 'overdue', id: null, name: 'Overdue', filters: { overdue: 'true' }, count: 1 },
  { key: 'waiting-on-client', id: null, name: 'Waiting on Client', filters: { status: 'WOC' }, count: 1234 },
];
const SAVED: CountedTicketView = { key: 'saved-5', id: 5, name: 'Acme critical', filters: { severity: 'C', q: 'acme' }, count: 3 };

const viewsNav = () => screen.getByRole('navigation', { name: 'Ticket views' });

describe('Ticket Search views', () => {
  it('lists the built-in and saved views with their counts as links; a click applies the filters through the URL and marks it current', async () => {
    serve([...BUILT_IN, SAVED]);
    const u = userEvent.setup();
    const { history } = renderAt('/ticket/search', <TicketSearchScreen />);
    const nav = await screen.findByRole('navigation', { name: 'Ticket views' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(5));
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['My open4 tickets', 'Unassigned7 tickets', 'Overdue1 ticket', 'Waiting on Client1234 tickets', 'Acme critical3 tickets']);
    expect(within(nav).getByRole('link', { name: /Unassigned/ })).toHaveAttribute('href', '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&unassigned=true');
    expect(within(nav).getByRole('link', { name: /Acme critical/ })).toHaveAttribute('href', '/ticket/search?search=acme&f.severity=C');
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();

    await u.click(within(nav).getByRole('link', { name: /Waiting on Client/ }));
    expect(history.at(-1)).toBe('/ticket/search?f.status=WOC');
    await waitFor(() => expect(within(viewsNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName(/Waiting on Client/));
  });

  it('loads the counts again when the list shows other filters', async () => {
    const calls = serve(BUILT_IN);
    const { navigate } = renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(within(viewsNav()).getAllByRole('link')).toHaveLength(4));
    const before = calls.views;
    navigate('/ticket/search?overdue=true');
    await waitFor(() => expect(calls.views).toBe(before + 1));
    expect(within(viewsNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName(/Overdue/);
  });

  it('saves the filters shown under a name (a refused name is said beside the field), then renames and deletes it', async () => {
    const calls = serve(BUILT_IN);
    const u = userEvent.setup();
    renderAt('/ticket/search?f.severity=C&company=7', <TicketSearchScreen />);
    await waitFor(() => expect(within(viewsNav()).getAllByRole('link')).toHaveLength(4));

    await u.click(within(viewsNav()).getByRole('button', { name: 'Save view' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save the filters as a view' });
    await u.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Taken');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(/already have a view named "Taken"/));

    await u.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await u.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Acme critical{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.created.at(-1)).toEqual({ name: 'Acme critical', filters: { severity: 'C', company: '7' } });
    await waitFor(() => expect(within(viewsNav()).getByRole('link', { current: 'page' })).toHaveAccessibleName(/Acme critical/));

    await u.click(within(viewsNav()).getByRole('button', { name: 'More for the view Acme critical' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename the view “Acme critical”' });
    await u.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await u.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Acme urgent{Enter}');
    await waitFor(() => expect(within(viewsNav()).getByRole('link', { name: /Acme urgent/ })).toBeInTheDocument());
    expect(calls.renamed).toEqual([{ id: '9', name: 'Acme urgent' }]);

    await u.click(within(viewsNav()).getByRole('button', { name: 'More for the view Acme urgent' }));
    await u.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the view “Acme urgent”?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(viewsNav()).queryByRole('link', { name: /Acme urgent/ })).toBeNull());
    expect(calls.deleted).toEqual(['9']);
  });

  it('offers no save without filters, and built-in views have no menu', async () => {
    serve(BUILT_IN);
    renderAt('/ticket/search', <TicketSearchScreen />);
    await waitFor(() => expect(within(viewsNav()).getAllByRole('link')).toHaveLength(4));
    expect(within(viewsNav()).getByRole('button', { name: 'Save view' })).toBeDisabled();
    expect(within(viewsNav()).queryByRole('button', { name: /More for the view/ })).toBeNull();
  });

  it("starts from the user's remembered rows per page, and remembers a new choice on the server", async () => {
    const calls = serve(BUILT_IN, 30);
    const u = userEvent.setup();
    renderAt('/ticket/search', <TicketSearchScreen />);
    await screen.findByRole('link', { name: /nightly export/ });
    expect(calls.pages.map((p) => p.get('size'))).toEqual(['30']);
    expect(rowsPerPageButton()).toHaveTextContent('30');
    await pickRowsPerPage(u, '50');
    await waitFor(() => expect(calls.pages.at(-1)!.get('size')).toBe('50'));
    expect(calls.sizes).toEqual([{ size: 50 }]);
  });

  it('gives the title column the free width; a long title shows whole on hover and keyboard focus', async () => {
    serve(BUILT_IN);
    renderAt('/ticket/search', <TicketSearchScreen />);
    const link = await screen.findByRole('link', { name: /nightly export/ });
    // The full title is the cell's tooltip text (shown on hover and when the link has focus).
    expect(link.closest('[data-full]')).toHaveAttribute('data-full', row(1).title);
    // Every other column has a width; the title's takes what is left.
    const headers = screen.getAllByRole('columnheader');
    const title = headers.find((h) => /Title/.test(h.textContent ?? ''))!;
    expect(title.style.width).toBe('');
    expect(headers.filter((h) => h !== title).every((h) => h.style.width !== '')).toBe(true);
  });
});
