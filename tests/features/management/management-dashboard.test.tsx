/** The management dashboard: figures as tiles, the charts' table twins carry the API's numbers; the scope and the open list live in the address. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ManagementDashboardScreen from '@/features/management/screens/ManagementDashboardScreen';
import { DASHBOARD_ANSWER } from './dashboard-answer';
import { renderAt } from '@tests/support/render';
import { setReaderTimeZone } from '@/shared/ui/tokens/format';

const DATA = DASHBOARD_ANSWER;

const asked: string[] = [];
const OVERDUE_ROWS = [
  { id: 11, title: 'VPN drops every hour', person: 'Avery Agent', detail: 'High · Support', date: '2026-11-20', href: '/ticket/11' },
  { id: 12, title: 'Printer offline', person: 'Dana Developer', detail: 'Medium · Support', date: '2026-11-21', href: '/ticket/12' },
];
const server = setupServer(
  http.get('/api/v2/management/dashboard', ({ request }) => {
    asked.push(new URL(request.url).search);
    return HttpResponse.json(DATA);
  }),
  http.get('/api/v2/management/drill', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.search);
    return HttpResponse.json({ figure: url.searchParams.get('figure'), title: 'Overdue tickets', rows: OVERDUE_ROWS, total: OVERDUE_ROWS.length });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.length = 0;
});
afterAll(() => server.close());

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.children).map((c) => c.textContent));

describe('management dashboard', () => {
  it('shows the totals as figures, not a list', async () => {
    renderAt('/mgmtdash', <ManagementDashboardScreen />);
    const totals = await screen.findByRole('region', { name: 'Team totals' });
    expect(totals).toHaveTextContent('Open tickets141');
    expect(totals).toHaveTextContent('Overdue17');
    expect(totals).toHaveTextContent('12% of open');
    expect(totals).toHaveTextContent('Closed, last 30 days57');
    expect(totals).toHaveTextContent('Closed on time82.46%');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('asks for the scope in the address and opens the list behind a figure, with as many rows as the figure', async () => {
    const user = userEvent.setup();
    const view = renderAt('/mgmtdash?person=1', <ManagementDashboardScreen />);
    await screen.findByRole('region', { name: 'Team totals' });
    expect(asked).toEqual(['?person=1']);
    await user.click(screen.getByRole('link', { name: '17 overdue tickets: show the list' }));
    expect(view.history.at(-1)).toBe('/mgmtdash?person=1&list=overdue');
    const table = await screen.findByRole('table', { name: /Overdue tickets/ });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(OVERDUE_ROWS.length);
    expect(asked).toContain('?person=1&figure=overdue');
    expect(within(table).getByRole('link', { name: '#11 VPN drops every hour' })).toHaveAttribute('href', '/ticket/11');
    await user.click(screen.getByRole('link', { name: 'Close list' }));
    expect(view.history.at(-1)).toBe('/mgmtdash?person=1');
    expect(screen.queryByRole('table', { name: /Overdue tickets/ })).toBeNull();
  });

  it('links each priority and queue figure to its filtered list', async () => {
    renderAt('/mgmtdash?manager=2', <ManagementDashboardScreen />);
    await screen.findByRole('region', { name: 'Team totals' });
    expect(screen.getByRole('link', { name: '7 overdue, Support: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=overdue&queue=Support');
    expect(screen.getByRole('link', { name: '31 open, High: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=open&severity=H');
    expect(screen.getByRole('link', { name: '2 approvals waiting: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=approvals');
    expect(screen.getByText('Oldest 6 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4 closed sales this month: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=sales');
    expect(screen.getByText('of 6 target · $12,500.00 of $20,000.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '3 on-call coverage gaps: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=coverage');
    expect(screen.getByRole('link', { name: '2 people with their hours: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=utilisation');
    expect(screen.getByRole('region', { name: 'Team totals' })).toHaveTextContent('Utilisation this month60%96 of 160 hours billable');
  });

  it('splits the unassigned tickets by priority and queue, each cell opening the unassigned list with its filter', async () => {
    const user = userEvent.setup();
    const view = renderAt('/mgmtdash?manager=2', <ManagementDashboardScreen />);
    await screen.findByRole('region', { name: 'Team totals' });
    const byPriority = screen.getByRole('table', { name: 'Open, overdue and unassigned by priority' });
    expect(rowsOf(byPriority)).toEqual([
      ['Critical', '9', '0', '1'],
      ['High', '31', '0', '2'],
      ['Medium', '57', '0', '2'],
      ['Low', '44', '0', '0'],
    ]);
    const byQueue = screen.getByRole('table', { name: 'Open, overdue and unassigned by queue' });
    expect(within(byQueue).getByRole('columnheader', { name: 'Unassigned' })).toBeInTheDocument();
    expect(within(byQueue).getByRole('link', { name: '1 unassigned, Programming: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=unassigned&queue=Programming');
    await user.click(within(byPriority).getByRole('link', { name: '2 unassigned, High: show the list' }));
    expect(view.history.at(-1)).toBe('/mgmtdash?manager=2&list=unassigned&severity=H');
    expect(await screen.findByRole('table', { name: /^Unassigned open tickets · High priority/ })).toBeInTheDocument();
    expect(asked).toContain('?manager=2&figure=unassigned&severity=H');
  });

  it("sorts a list by a column's header, by click or by key, and says so with aria-sort; the order belongs to the dashboard, not the table", async () => {
    const user = userEvent.setup();
    renderAt('/mgmtdash?list=overdue', <ManagementDashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Overdue tickets (2)' });
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const titles = () => rowsOf(table).map((r) => r[0]);
    // The server's order (most urgent due date first) until someone sorts.
    expect(titles()).toEqual(['#11 VPN drops every hour', '#12 Printer offline']);
    expect(header('Ticket')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Ticket')).getByRole('button'));
    expect(header('Ticket')).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['#12 Printer offline', '#11 VPN drops every hour']);
    within(header('Ticket')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Ticket')).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual(['#11 VPN drops every hour', '#12 Printer offline']);
    await user.click(within(header('Assignee')).getByRole('button'));
    expect(header('Assignee')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Ticket')).toHaveAttribute('aria-sort', 'none');
    // "Priority and queue" is a sentence, not a value: no sort there.
    expect(header('Priority and queue')).not.toHaveAttribute('aria-sort');
    expect(within(header('Priority and queue')).queryByRole('button')).toBeNull();
    // Sorting loads nothing: the rows are all here.
    expect(asked.filter((q) => q.includes('figure=overdue'))).toHaveLength(1);
  });

  it("sorts the month's closed sales on the server, newest first until a header says otherwise", async () => {
    const user = userEvent.setup();
    const SALES = [
      { id: 201, title: 'Zeta Ltd', person: 'Avery Agent', detail: '$30.00', date: '2026-11-20', href: '/sales/company/1' },
      { id: 202, title: 'Alpha Inc', person: 'Dana Developer', detail: '$10.00', date: '2026-11-18', href: '/sales/company/2' },
    ];
    server.use(
      http.get('/api/v2/management/drill', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const rows = url.searchParams.get('sort') === 'detail' ? [SALES[1]!, SALES[0]!] : SALES;
        return HttpResponse.json({ figure: 'sales', title: 'Closed sales this month', rows, total: rows.length });
      }),
    );
    renderAt('/mgmtdash?list=sales', <ManagementDashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Closed sales this month (2)' });
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(await within(table).findByRole('link', { name: 'Zeta Ltd' })).toBeInTheDocument();
    expect(header('Closed')).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header('Amount')).getByRole('button'));
    expect(header('Amount')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Closed')).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(rowsOf(table).map((r) => r[0])).toEqual(['Alpha Inc', 'Zeta Ltd']));
    expect(asked).toContain('?figure=sales&sort=detail&dir=asc&page=1&pageSize=10');
    // Amount's cycle ends in "none", which for a paged list is its default order again: newest first.
    await user.click(within(header('Amount')).getByRole('button'));
    await user.click(within(header('Amount')).getByRole('button'));
    expect(header('Closed')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Amount')).toHaveAttribute('aria-sort', 'none');
  });

  it('says so when the team has no sales targets, rather than showing a target of nothing', async () => {
    server.use(http.get('/api/v2/management/dashboard', () => HttpResponse.json({ ...DATA, sales: { month: '2026-11', sales: 0, sales_target: 0, revenue: 0, revenue_target: 0 } })));
    renderAt('/mgmtdash', <ManagementDashboardScreen />);
    const totals = await screen.findByRole('region', { name: 'Team totals' });
    expect(totals).toHaveTextContent('No sales targets set · $0.00 closed');
    expect(totals).not.toHaveTextContent('of 0 target');
  });

  it('groups the figures under Tickets, Service, People and Sales and billing, with the unassigned tickets of the team opening their list', async () => {
    renderAt('/mgmtdash?manager=2', <ManagementDashboardScreen />);
    const totals = await screen.findByRole('region', { name: 'Team totals' });
    const groups = within(totals).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(groups).toEqual(['Tickets', 'Service', 'People', 'Sales and billing']);
    const tickets = within(totals).getByRole('group', { name: 'Tickets' });
    expect(within(tickets).getByRole('link', { name: '5 unassigned open tickets: show the list' })).toHaveAttribute('href', '/mgmtdash?manager=2&list=unassigned');
    expect(tickets).toHaveTextContent('Unassigned5in the team\'s queues');
    expect(within(totals).getByRole('group', { name: 'People' })).toHaveTextContent('Approvals waiting2');
  });

  it("shows the on-call coverage gaps' start and end in the reader's time zone, as every other date", async () => {
    setReaderTimeZone('Asia/Tokyo');
    try {
      server.use(
        http.get('/api/v2/management/drill', () =>
          HttpResponse.json({
            figure: 'coverage',
            title: 'On-call coverage gaps, next 14 days',
            rows: [{ id: 1, title: 'Night desk', person: '—', detail: 'Nobody is on call', date: '2026-11-27T15:00:00.000Z', until: '2026-11-28T03:30:00.000Z', href: null }],
            total: 1,
          }),
        ),
      );
      renderAt('/mgmtdash?list=coverage', <ManagementDashboardScreen />);
      const table = await screen.findByRole('table', { name: /On-call coverage gaps/ });
      // 15:00 UTC is midnight the next day in Tokyo (UTC+9); 03:30 UTC is 12:30 PM there.
      expect(rowsOf(table)[0]).toEqual(['Night desk', '—', 'Nobody is on call', 'Nov 28, 2026, 12:00 AM', 'Nov 28, 2026, 12:30 PM']);
      expect(table).not.toHaveTextContent('UTC');
    } finally {
      setReaderTimeZone(null);
    }
  });

  it("pages the month's closed sales through the server, so every sale is reachable", async () => {
    const user = userEvent.setup();
    const SALES = Array.from({ length: 23 }, (_, i) => ({ id: 100 + i, title: `Company ${i + 1}`, person: 'Avery Agent', detail: '$10.00', date: '2026-11-20', href: '/sales/company/1' }));
    server.use(
      http.get('/api/v2/management/drill', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const size = Number(url.searchParams.get('pageSize') ?? 25);
        const page = Number(url.searchParams.get('page') ?? 1);
        return HttpResponse.json({ figure: 'sales', title: 'Closed sales this month', rows: SALES.slice((page - 1) * size, page * size), total: SALES.length });
      }),
    );
    renderAt('/mgmtdash?list=sales', <ManagementDashboardScreen />);
    const table = await screen.findByRole('table', { name: 'Closed sales this month (23)' });
    expect(await within(table).findByRole('link', { name: 'Company 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('link', { name: 'Company 11' })).toBeInTheDocument();
    expect(asked).toContain('?figure=sales&page=2&pageSize=10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('link', { name: 'Company 23' })).toBeInTheDocument();
  });

  it('draws priority and team charts whose table twins hold the API figures', async () => {
    renderAt('/mgmtdash', <ManagementDashboardScreen />);
    const priority = await screen.findByRole('table', { name: 'Open and unassigned tickets by priority' });
    expect(rowsOf(priority)).toEqual([
      ['Critical', '9', '1'],
      ['High', '31', '2'],
      ['Medium', '57', '2'],
      ['Low', '44', '0'],
    ]);
    expect(
      screen.getByRole('img', { name: 'Open and unassigned tickets by priority. Critical: 9 open, 1 unassigned; High: 31 open, 2 unassigned; Medium: 57 open, 2 unassigned; Low: 44 open, 0 unassigned' }),
    ).toBeInTheDocument();
    const team = screen.getByRole('table', { name: 'Open work by person' });
    expect(rowsOf(team)).toEqual([
      ['Avery Agent', '5', '7', '20'],
      ['Dana Developer', '27', '3', '11'],
    ]);
    expect(screen.getByRole('img', { name: /Dana Developer has the most open tickets \(30, 3 overdue\)/ })).toBeInTheDocument();
  });

  it("draws CSAT and NPS by month, each month's point opening the responses it counts", async () => {
    const user = userEvent.setup();
    const view = renderAt('/mgmtdash?manager=2', <ManagementDashboardScreen />);
    const csat = await screen.findByRole('table', { name: 'CSAT by month' });
    expect(rowsOf(csat)).toEqual([
      ['Oct 2026', '—'],
      ['Nov 2026', '75.00 %'],
    ]);
    expect(screen.getByRole('img', { name: /CSAT 75% in Nov 2026 \(8 responses\)/ })).toBeInTheDocument();
    const nps = screen.getByRole('table', { name: 'NPS by month' });
    const point = within(nps).getByRole('link', { name: /NPS, Nov 2026/ });
    expect(point).toHaveAttribute('href', '/mgmtdash?manager=2&list=nps&month=2026-11');
    await user.click(within(csat).getByRole('link', { name: /CSAT, Nov 2026/ }));
    expect(view.history.at(-1)).toBe('/mgmtdash?manager=2&list=csat&month=2026-11');
    expect(asked).toContain('?manager=2&figure=csat&month=2026-11');
  });
});

describe('management dashboard when the figures cannot be loaded', () => {
  it('says why in an alert under the page title and shows no figures', async () => {
    server.use(http.get('/api/v2/management/dashboard', () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side' } }, { status: 500 })));
    renderAt('/mgmtdash', <ManagementDashboardScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('heading', { level: 1, name: 'Management Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team totals' })).toBeNull();
  });
});
