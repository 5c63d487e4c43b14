/** Active Ticket Stats over msw: the one chart component (its table twin here), each bar a link to exactly its tickets. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TicketStats } from '@contracts/tickets';
import ActiveTicketStatsScreen from '@/features/tickets/screens/ActiveTicketStatsScreen';
import { renderAt } from '@tests/support/render';

// ECharts does not draw in jsdom: the chart shows its own table twin, which carries the same drill keys.
vi.mock('@/shared/ui/chart', async () => {
  const { ChartTable } = await vi.importActual<typeof import('@/shared/ui/chart/ChartTable')>('@/shared/ui/chart/ChartTable');
  return { Chart: (props: Parameters<typeof ChartTable>[0]) => <ChartTable {...props} locale="en-US" /> };
});

const STATS: TicketStats = {
  as_of: '2026-11-22T12:00:00.000Z',
  open_total: 40,
  overdue_total: 6,
  by_status: [
    { key: 'A', label: 'Active', count: 30 },
    { key: 'WOC', label: 'Waiting on Client', count: 10 },
  ],
  by_severity: [{ key: 'H', label: 'High', count: 40 }],
  by_queue: [{ key: 'Support', label: 'Support', count: 40 }],
  by_assignee: [
    { key: '3', label: 'Avery Agent', count: 25 },
    { key: 'none', label: 'Unassigned', count: 15 },
  ],
  by_age: [
    { key: '0', label: '< 1 d', count: 4 },
    { key: '1', label: '1–7 d', count: 6 },
    { key: '2', label: '7–30 d', count: 0 },
    { key: '3', label: '30–90 d', count: 10 },
    { key: '4', label: '> 90 d', count: 20 },
  ],
};

let fail = false;
const server = setupServer(
  http.get('/api/v2/tickets/stats', () => (fail ? HttpResponse.json({ error: { code: 'unavailable', message: 'The database is busy' } }, { status: 503 }) : HttpResponse.json(STATS))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  fail = false;
});
afterAll(() => server.close());

function at() {
  return renderAt('/active/ticket/stats', <ActiveTicketStatsScreen />);
}

describe('Active Ticket Stats', () => {
  it('draws every breakdown with the one chart component, its figures in the table twin, each bar opening its tickets', async () => {
    const location = at();
    const status = await screen.findByRole('table', { name: 'Open tickets by status' });
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByText('40')).toBeVisible();
    for (const name of ['Open tickets by priority', 'Open tickets by queue', 'Open tickets by age', 'Open tickets by assignee']) expect(screen.getByRole('table', { name })).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: '30: Open tickets, Active' })).toHaveAttribute('href', '/ticket/search?f.status=A');
    const queue = screen.getByRole('table', { name: 'Open tickets by queue' });
    expect(within(queue).getByRole('link', { name: /Support/ })).toHaveAttribute('href', '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&f.queue=Support');
    // An age bucket is the range of creation times measured from the moment of the count.
    const age = screen.getByRole('table', { name: 'Open tickets by age' });
    expect(within(age).getByRole('link', { name: /1–7 d/ })).toHaveAttribute(
      'href',
      '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&created_from=2026-11-15T12%3A00%3A00.000Z&created_to=2026-11-21T12%3A00%3A00.000Z',
    );
    expect(within(age).getByRole('link', { name: /> 90 d/ })).toHaveAttribute('href', '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&created_to=2026-08-24T12%3A00%3A00.000Z');
    // Nothing to open: an empty bucket.
    expect(within(age).queryByRole('link', { name: /7–30 d/ })).toBeNull();
    const assignee = screen.getByRole('table', { name: 'Open tickets by assignee' });
    // The unassigned bar opens the open tickets nobody holds.
    expect(within(assignee).getByRole('link', { name: /Unassigned/ })).toHaveAttribute('href', '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&unassigned=true');
    await userEvent.click(within(assignee).getByRole('link', { name: /Avery Agent/ }));
    expect(location.history!.at(-1)).toBe('/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&assignee=3');
    // No hand-made bars remain.
    expect(document.querySelector('.bar, .bar-row, .bars')).toBeNull();
  });

  it('says why the figures could not be counted and tries again', async () => {
    fail = true;
    at();
    expect(await screen.findByText('The database is busy')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Open tickets by status' })).toBeInTheDocument();
  });
});
