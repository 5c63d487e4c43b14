/** Home as a compact dashboard over msw: counts from the server (not the length of a list), the first rows, the "All N" links, quick links at the top. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOME_LIST_ROWS, type MyDesk, type TicketSummary } from '@contracts/home';
import HomeScreen from '@/features/home/screens/HomeScreen';
import { renderAt } from '@tests/support/render';

const server = setupServer(
  // Home's approvals and kudos cards (their own features) answer with nothing waiting and no kudos.
  http.get('*/api/v2/approvals/waiting', () => HttpResponse.json({ waiting: 0 })),
  http.get('*/api/v2/forms/kudos/recent', () => HttpResponse.json([])),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ticket = (id: number, duedate: string): TicketSummary => ({ id, title: `Ticket ${id}`, status: 'A', severity: 'M', company_name: 'Acme Utilities', queue: 'Support', duedate, created_at: '2026-11-01T09:00:00Z' });
const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A manager with 55 open tickets: the server sends the first rows of each list and the counts. */
const DESK: MyDesk = {
  tickets: Array.from({ length: HOME_LIST_ROWS }, (_, i) => ticket(10 + i, future(i + 1))),
  overdue: [ticket(1, past(3)), ticket(2, past(2))],
  counts: { open: 55, overdue: 2, due_today: 4 },
  today: { from: '2026-11-26T00:00:00.000Z', to: '2026-11-26T23:59:59.999Z' },
  assignee_id: 7,
};

describe('Home', () => {
  it('shows the counts the server counted (55 open), the first rows, and "All 55" linking to the ticket search with its filters', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/v2/tickets/mine', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(DESK);
      }),
    );
    renderAt('/home', <HomeScreen />, { staffSession: true });
    const figures = screen.getByRole('group', { name: 'Your figures' });
    expect(await within(figures).findByText('55')).toBeInTheDocument();
    expect(within(figures).getByText('Open tickets').parentElement).toHaveTextContent('Open tickets55');
    expect(within(figures).getByText('Overdue').parentElement).toHaveTextContent('Overdue2');
    expect(within(figures).getByText('Due today').parentElement).toHaveTextContent('Due today4');

    const mine = screen.getByRole('region', { name: 'My open tickets' });
    expect(within(mine).getAllByRole('listitem')).toHaveLength(HOME_LIST_ROWS);
    expect(within(mine).getByRole('link', { name: 'All 55 open tickets' })).toHaveAttribute('href', '/ticket/search?assignee=7&f.status=A%2CWOP%2CWOC%2CWOT&sort=duedate%3Aasc');
    const overdue = screen.getByRole('region', { name: 'Overdue' });
    expect(within(overdue).getAllByRole('listitem')).toHaveLength(2);
    expect(within(overdue).getByRole('link', { name: 'All 2 overdue tickets' })).toHaveAttribute('href', '/ticket/search?assignee=7&overdue=true&sort=duedate%3Aasc');
    expect(within(figures).getByRole('link', { name: 'All 4 due today' })).toHaveAttribute(
      'href',
      `/ticket/search?assignee=7&f.status=A%2CWOP%2CWOC%2CWOT&due_from=${encodeURIComponent(DESK.today.from)}&due_to=${encodeURIComponent(DESK.today.to)}&sort=duedate%3Aasc`,
    );
    // The day "Due today" counts is the browser's.
    expect(asked[0]!.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('puts the quick links above the lists, and says when nothing is open or overdue', async () => {
    server.use(http.get('*/api/v2/tickets/mine', () => HttpResponse.json({ ...DESK, tickets: [], overdue: [], counts: { open: 0, overdue: 0, due_today: 0 } })));
    renderAt('/home', <HomeScreen />, { staffSession: true });
    expect(await screen.findByText('You have no open tickets.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is overdue.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^All / })).toBeNull();
    const quick = screen.getByRole('heading', { name: 'Quick links' });
    const lists = screen.getByRole('heading', { name: 'My open tickets' });
    expect(quick.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a ticket' })).toHaveAttribute('href', '/ticket/search');
  });

  it('gives each list its own region, skeleton while loading and Try again when it could not be loaded, and says when only overdue tickets are open', async () => {
    let answer: () => Response = () => HttpResponse.json({ ...DESK, tickets: [] });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get('*/api/v2/tickets/mine', async () => (await held, answer())));
    const first = renderAt('/home', <HomeScreen />, { staffSession: true });
    const open = screen.getByRole('region', { name: /My open tickets/ });
    const overdue = screen.getByRole('region', { name: 'Overdue' });
    expect(within(open).getByText('Loading your tickets')).toBeInTheDocument();
    expect(within(overdue).getByText('Loading your overdue tickets')).toBeInTheDocument();
    release();
    expect(await within(open).findByText('Nothing else is due.')).toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'All 55 open tickets' })).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'Ticket 1' })).toHaveAttribute('href', '/ticket/1');
    expect(within(overdue).getByRole('link', { name: 'All 2 overdue tickets' })).toBeInTheDocument();
    first.unmount();

    answer = () => new HttpResponse(null, { status: 500 });
    renderAt('/home', <HomeScreen />, { staffSession: true });
    expect(await within(screen.getByRole('region', { name: /My open tickets/ })).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const overdueFailed = screen.getByRole('region', { name: 'Overdue' });
    expect(within(overdueFailed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
