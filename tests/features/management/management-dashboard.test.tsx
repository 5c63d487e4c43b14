/** The management dashboard: figures as tiles, the charts' table twins carry the API's numbers. */
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagementDashboard } from '@contracts/management';
import ManagementDashboardScreen from '@/features/management/screens/ManagementDashboardScreen';

const DATA: ManagementDashboard = {
  open: 141,
  overdue: 17,
  closed_30d: 57,
  on_time_pct: 82.456,
  // In code order, as the API sorts them: the charts read from the most urgent.
  by_severity: [
    { severity: 'C', open: 9 },
    { severity: 'H', open: 31 },
    { severity: 'L', open: 44 },
    { severity: 'M', open: 57 },
  ],
  team: [
    { userid: 1, name: 'Avery Agent', open: 12, overdue: 7, closed_30d: 20 },
    { userid: 2, name: 'Dana Developer', open: 30, overdue: 3, closed_30d: 11 },
  ],
};

const server = setupServer(http.get('/api/v2/management/dashboard', () => HttpResponse.json(DATA)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.children).map((c) => c.textContent));

describe('management dashboard', () => {
  it('shows the totals as figures, not a list', async () => {
    render(<ManagementDashboardScreen />);
    const totals = await screen.findByRole('region', { name: 'Team totals' });
    expect(totals).toHaveTextContent('Open tickets141');
    expect(totals).toHaveTextContent('Overdue17');
    expect(totals).toHaveTextContent('12% of open');
    expect(totals).toHaveTextContent('Closed, last 30 days57');
    expect(totals).toHaveTextContent('Closed on time82.46%');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('draws priority and team charts whose table twins hold the API figures', async () => {
    render(<ManagementDashboardScreen />);
    const priority = await screen.findByRole('table', { name: 'Open tickets by priority' });
    expect(rowsOf(priority)).toEqual([
      ['Critical', '9'],
      ['High', '31'],
      ['Medium', '57'],
      ['Low', '44'],
    ]);
    expect(screen.getByRole('img', { name: 'Open tickets by priority. Critical: 9, High: 31, Medium: 57, Low: 44' })).toBeInTheDocument();
    const team = screen.getByRole('table', { name: 'Open work by person' });
    expect(rowsOf(team)).toEqual([
      ['Avery Agent', '5', '7', '20'],
      ['Dana Developer', '27', '3', '11'],
    ]);
    expect(screen.getByRole('img', { name: /Dana Developer has the most open tickets \(30, 3 overdue\)/ })).toBeInTheDocument();
  });
});

describe('management dashboard when the figures cannot be loaded', () => {
  it('says why in an alert under the page title and shows no figures', async () => {
    server.use(http.get('/api/v2/management/dashboard', () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side' } }, { status: 500 })));
    render(<ManagementDashboardScreen />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('heading', { level: 1, name: 'Management Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Team totals' })).toBeNull();
  });
});
