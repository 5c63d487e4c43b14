/** The Tickets tab a company's page gets from the tickets feature (the company view's section slot), over msw. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { TicketRow } from '@contracts/tickets';
import { companySections } from '@/features/tickets/routes';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ticket = (id: number, extra: Partial<TicketRow> = {}): TicketRow => ({
  id,
  title: `Ticket ${id}`,
  status: 'A',
  severity: 'M',
  company_id: 3,
  company_name: 'Harbor Freight',
  queue: 'Support',
  assignee_id: null,
  assignee_name: null,
  duedate: '2026-11-30T17:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  overdue: false,
  ...extra,
});

function serveTickets(answer: () => Response) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v2/tickets', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return answer();
    }),
  );
  return queries;
}

/** The section as the company view shows it: the slot's entry, its lazy component with the company. */
function renderSection() {
  const section = companySections.find((s) => s.id === 'tickets')!;
  const location = memoryLocation({ path: '/company/3?tab=tickets' });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <section.component companyId={3} companyName="Harbor Freight" />
    </Router>,
  );
  return section;
}

describe("a company page's Tickets tab", () => {
  it("is the tickets feature's section, right after the overview", () => {
    expect(companySections.map(({ id, title, order, roles }) => ({ id, title, order, roles }))).toEqual([{ id: 'tickets', title: 'Tickets', order: 2, roles: undefined }]);
  });

  it("lists the company's ten latest tickets and links to all of them", async () => {
    const queries = serveTickets(() => HttpResponse.json({ rows: [ticket(42, { overdue: true }), ticket(41)], page: 1, size: 10, total: 2, totalExact: true }));
    renderSection();
    const card = await screen.findByRole('region', { name: 'Tickets' });
    const table = await within(card).findByRole('table', { name: 'Recent tickets' });
    expect(within(table).getByRole('link', { name: 'Ticket 42' })).toHaveAttribute('href', '/ticket/42');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All tickets of Harbor Freight' })).toHaveAttribute('href', '/ticket/search?company=3');
    expect(queries).toHaveLength(1);
    expect(Object.fromEntries(queries[0]!)).toEqual({ company: '3', size: '10', sort: 'created_at:desc' });
  });

  it('says why the tickets could not be loaded instead of loading for ever, and tries again when asked', async () => {
    const u = userEvent.setup();
    let busy = true;
    const queries = serveTickets(() =>
      busy ? HttpResponse.json({ error: { code: 'unavailable', message: 'The database is busy' } }, { status: 503 }) : HttpResponse.json({ rows: [ticket(42)], page: 1, size: 10, total: 1, totalExact: true }),
    );
    renderSection();
    const card = await screen.findByRole('region', { name: 'Tickets' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('The database is busy');
    busy = false;
    await u.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('link', { name: 'Ticket 42' })).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(queries).toHaveLength(2);
  });
});
