import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import type { ReportCatalog, ReportResult } from '@contracts/reports';
import ReportCatalogScreen from '@/features/reports/screens/ReportCatalogScreen';
import ReportViewScreen, { formatCell } from '@/features/reports/screens/ReportViewScreen';
import { renderAt } from '@tests/support/render';
import { formatDate } from '@/shared/ui/tokens/format';

// The chart itself is the shared component's business (tests/shared/chart); here it shows its drill keys as buttons.
vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec, onSelect }: { spec: ChartSpec; onSelect: (key: string) => void }) => (
    <figure aria-label={spec.title}>
      {spec.series[0]!.drill?.map((key, i) => (key ? <button key={key} type="button" onClick={() => onSelect(key)}>{`Drill ${spec.categories[i]}`}</button> : null))}
    </figure>
  ),
}));

const CATALOG: ReportCatalog = {
  reports: [
    { id: 'tickets-by-status', group: 'Tickets', title: 'Tickets by status', description: 'How many tickets are in each status now.', params: ['company', 'assignee', 'queue', 'severity'], drillsTo: 'the ticket search' },
    { id: 'opened-vs-closed', group: 'Tickets', title: 'Opened vs closed', description: 'Opened and closed per period.', params: ['period', 'granularity', 'queue'] },
    { id: 'csat-nps', group: 'Satisfaction', title: 'CSAT and NPS by month', description: 'Scores per month.', params: ['period', 'company'] },
  ],
};

const byStatus = (active: number): ReportResult => ({
  report: CATALOG.reports[0]!,
  period: null,
  columns: [
    { key: 'segment', label: 'Status', kind: 'text' },
    { key: 'tickets', label: 'Tickets', kind: 'count' },
    { key: 'share', label: 'Share', kind: 'percent' },
  ],
  rows: [
    { segment: 'Active', tickets: active, share: 60 },
    { segment: 'Closed', tickets: 2000, share: 40 },
  ],
  drill: ['/ticket/search?f.status=A', '/ticket/search?f.status=C'],
  totals: { segment: 'Total', tickets: active + 2000, share: 100 },
  rowCount: 2,
  capped: false,
  chart: {
    kind: 'bar',
    title: 'Tickets by status',
    summary: 'Active holds 60 % of tickets.',
    unit: 'count',
    categories: ['Active', 'Closed'],
    series: [{ name: 'Tickets', values: [active, 2000], drill: ['/ticket/search?f.status=A', '/ticket/search?f.status=C'] }],
    markers: [],
  },
  summary: `Active holds 60 % of ${active + 2000} tickets.`,
  generatedAt: '2026-11-22T10:00:00Z',
  elapsedMs: 12,
});

const opened: ReportResult = {
  ...byStatus(1),
  report: CATALOG.reports[1]!,
  period: { preset: 'this-year', from: '2026-01-01', to: '2026-11-22', label: 'This year (2026-01-01 – 2026-11-22)' },
  columns: [
    { key: 'bucket', label: 'Period', kind: 'date' },
    { key: 'opened', label: 'Opened', kind: 'count' },
  ],
  rows: [{ bucket: '2026-11-16', opened: 5 }],
  drill: [null],
  totals: null,
  chart: null,
  summary: '5 opened in the period.',
};

const runs: URLSearchParams[] = [];
const cancels: string[] = [];
let slow = false;
const server = setupServer(
  http.get('/api/v2/reports', () => HttpResponse.json(CATALOG)),
  http.get('/api/v2/tickets/options', () => HttpResponse.json({ staff: [{ id: 7, name: 'Avery Agent' }], response_target_hours: {} })),
  http.get('/api/v2/reports/:id', async ({ params, request }) => {
    const q = new URL(request.url).searchParams;
    runs.push(q);
    if (slow) await delay('infinite');
    if (params.id === 'csat-nps') return HttpResponse.json({ error: { code: 'unavailable', message: 'The report took longer than 5 s and was stopped' } }, { status: 503 });
    return HttpResponse.json(params.id === 'opened-vs-closed' ? opened : byStatus(q.get('queue') === 'Support' ? 1234 : 3000));
  }),
  http.post('/api/v2/reports/runs/:run/cancel', ({ params }) => {
    cancels.push(String(params.run));
    return HttpResponse.json({ cancelled: true });
  }),
  http.get('/api/v2/reports/:id/csv', () => new HttpResponse('Status,Tickets\r\nActive,3000\r\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="tickets-by-status-2026-11-22.csv"' } })),
  http.get('/api/v2/reports/:id/pdf', () => new HttpResponse(new Uint8Array([37, 80, 68, 70, 45]), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="tickets-by-status-2026-11-22.pdf"' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  runs.length = 0;
  cancels.length = 0;
  slow = false;
});
afterAll(() => server.close());

function at(path: string, screenEl: React.ReactNode) {
  return renderAt(path, screenEl);
}

describe('report catalog', () => {
  it('lists the reports by group with their descriptions, parameters and links to the viewer', async () => {
    at('/report/base', <ReportCatalogScreen />);
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    expect(within(tickets).getByRole('link', { name: 'Tickets by status' })).toHaveAttribute('href', '/report/view?report=tickets-by-status');
    expect(within(tickets).getByText('How many tickets are in each status now.')).toBeVisible();
    expect(within(tickets).getByText('Company · Assignee · Queue · Priority')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Satisfaction' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Time' })).toBeNull();
    expect(document.title).toBe('Reports · Client Care');
  });
});

describe('report viewer', () => {
  it('runs the report of the address and shows the summary, chart, table and totals; a chart point drills down', async () => {
    const location = at('/report/view?report=tickets-by-status&queue=Support', <ReportViewScreen />);
    expect(await screen.findByText('Active holds 60 % of 3234 tickets.')).toBeVisible();
    expect(runs[0]!.get('queue')).toBe('Support');
    expect(runs[0]!.get('run')).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    const table = screen.getByRole('table', { name: 'Tickets by status' });
    expect(within(table).getByRole('link', { name: 'Active' })).toHaveAttribute('href', '/ticket/search?f.status=A');
    expect(within(table).getByText('1,234')).toBeVisible();
    expect(within(screen.getByLabelText('Totals')).getByText('3,234')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Drill Active' }));
    expect(location.history!.at(-1)).toBe('/ticket/search?f.status=A');
  });

  it('puts a changed parameter in the address and runs again', async () => {
    const location = at('/report/view?report=opened-vs-closed', <ReportViewScreen />);
    expect(await screen.findByText('5 opened in the period.')).toBeVisible();
    expect(screen.getByText(/Period: This year/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Queue/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Programming' }));
    expect(location.history!.at(-1)).toBe('/report/view?report=opened-vs-closed&queue=Programming');
    await waitFor(() => expect(runs.at(-1)!.get('queue')).toBe('Programming'));
  });

  it('names bad parameters of the address instead of running', async () => {
    at('/report/view?report=opened-vs-closed&period=someday', <ReportViewScreen />);
    expect(await screen.findByText(/period: period must be one of/)).toBeVisible();
    expect(runs).toHaveLength(0);
  });

  it('shows progress after a second with Cancel, which tells the server to stop the run', async () => {
    slow = true;
    at('/report/view?report=tickets-by-status', <ReportViewScreen />);
    const cancel = await screen.findByRole('button', { name: 'Cancel' }, { timeout: 4000 });
    expect(screen.getByRole('progressbar', { name: 'Report running' })).toBeVisible();
    expect(screen.getByText(/Running the report…/)).toHaveTextContent(/Running the report… \d+\.\d s/);
    await userEvent.click(cancel);
    expect(await screen.findByText('Report cancelled')).toBeVisible();
    await waitFor(() => expect(cancels).toEqual([runs[0]!.get('run')]));
  });

  it('says why a run failed and keeps the parameters', async () => {
    at('/report/view?report=csat-nps&period=this-year', <ReportViewScreen />);
    expect(await screen.findByText('The report could not be run')).toBeVisible();
    expect(screen.getByText(/took longer than 5 s/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]!.get('period')).toBe('this-year');
  });

  it('exports the CSV and the PDF, saying so', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    at('/report/view?report=tickets-by-status', <ReportViewScreen />);
    await screen.findByText('Active holds 60 % of 5000 tickets.');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported tickets-by-status-2026-11-22.csv')).toBeVisible();
    expect(click).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByText('Exported tickets-by-status-2026-11-22.pdf')).toBeVisible();
    expect(click).toHaveBeenCalledTimes(2);
    await act(async () => undefined);
    click.mockRestore();
  });
});

describe('report cells', () => {
  it('shows NPS as the whole signed score (−100 to +100), never a percentage with decimals', () => {
    expect(formatCell(33.33, 'nps')).toBe('+33');
    expect(formatCell(-12.6, 'nps')).toBe('−13');
    expect(formatCell(0, 'nps')).toBe('0');
    expect(formatCell(null, 'nps')).toBe('—');
  });

  it('shows a month and a day in words, not as ISO text, and leaves other text alone', () => {
    expect(formatCell('2026-11', 'date')).toMatch(/^Nov(ember)? 2026$/);
    expect(formatCell('2026-11-16', 'date')).toBe(formatDate('2026-11-16T00:00:00Z', { timeZone: 'UTC' }));
    expect(formatCell('2026-11-16', 'date')).not.toContain('2026-11');
    expect(formatCell('Total', 'date')).toBe('Total');
  });
});
