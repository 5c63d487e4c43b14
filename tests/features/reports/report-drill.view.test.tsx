/**
 * The viewer's drill-downs and parameters over msw: counts that open exactly what they count,
 * the company of the address shown by name, "All time" only where it is the default, and a
 * failing PDF export that says why and can be tried again.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import type { ReportCatalog, ReportResult } from '@contracts/reports';
import ReportViewScreen from '@/features/reports/screens/ReportViewScreen';
import { renderAt } from '@tests/support/render';

vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec }: { spec: ChartSpec }) => <figure aria-label={spec.title} />,
}));

const CATALOG: ReportCatalog = {
  reports: [
    { id: 'tickets-by-queue', group: 'Tickets', title: 'Tickets by queue', description: 'Per queue, of the tickets created in the period.', params: ['period', 'company'], drillsTo: 'the ticket search', defaultPeriod: 'all-time' },
    { id: 'sla-attainment', group: 'Service levels', title: 'SLA attainment', description: 'Met or missed.', params: ['period', 'company'], drillsTo: 'the ticket search' },
  ],
};

const SLA_LATE = '/ticket/search?f.status=C&f.severity=H&closed_from=2026-10-01&closed_to=2026-10-31&sla=missed';
const SLA_ALL = '/ticket/search?f.status=C&f.severity=H&closed_from=2026-10-01&closed_to=2026-10-31&sla=any';
const sla: ReportResult = {
  report: CATALOG.reports[1]!,
  period: { preset: 'this-year', from: '2026-01-01', to: '2026-11-22', label: 'This year (2026-01-01 – 2026-11-22)' },
  columns: [
    { key: 'month', label: 'Month', kind: 'date' },
    { key: 'severity', label: 'Priority', kind: 'text' },
    { key: 'resolved', label: 'Closed', kind: 'count' },
    { key: 'late', label: 'Late', kind: 'count' },
  ],
  rows: [{ month: '2026-10', severity: 'High', resolved: 40, late: 3 }],
  drill: [SLA_ALL],
  cellDrill: { resolved: [SLA_ALL], late: [SLA_LATE] },
  totals: null,
  rowCount: 1,
  capped: false,
  chart: null,
  summary: '92.5 % of 40 tickets closed in the period met their due date (High 92.5 %).',
  generatedAt: '2026-11-22T10:00:00Z',
  elapsedMs: 12,
};
const byQueue: ReportResult = {
  ...sla,
  report: CATALOG.reports[0]!,
  period: { preset: 'all-time', from: '2000-01-01', to: '2026-11-22', label: 'All time' },
  columns: [
    { key: 'segment', label: 'Queue', kind: 'text' },
    { key: 'tickets', label: 'Tickets', kind: 'count' },
  ],
  rows: [{ segment: 'Support', tickets: 12 }],
  drill: ['/ticket/search?f.queue=Support&company=7'],
  cellDrill: undefined,
  summary: 'Support holds 100 % of 12 open tickets.',
};

let pdfFails = true;
const pdfCalls: URLSearchParams[] = [];
const server = setupServer(
  http.get('/api/v2/reports', () => HttpResponse.json(CATALOG)),
  http.get('/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
  http.get('/api/v2/companies/:id', ({ params }) =>
    params.id === '7'
      ? HttpResponse.json({ company: { id: 7, name: 'Acme Utilities' }, contacts: [], client_users: [], ticket_counts: { open: 1, overdue: 0, total: 1 } })
      : HttpResponse.json({ error: { code: 'not_found', message: 'No such company' } }, { status: 404 }),
  ),
  http.get('/api/v2/reports/:id', ({ params }) => HttpResponse.json(params.id === 'sla-attainment' ? sla : byQueue)),
  http.get('/api/v2/reports/:id/pdf', ({ request }) => {
    pdfCalls.push(new URL(request.url).searchParams);
    if (pdfFails) return HttpResponse.json({ error: { code: 'internal', message: 'The PDF could not be made; try again' } }, { status: 500 });
    return new HttpResponse(new Uint8Array([37, 80, 68, 70, 45]), { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="sla-attainment-2026-11-22.pdf"' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  pdfFails = true;
  pdfCalls.length = 0;
});
afterAll(() => server.close());

function at(path: string) {
  return renderAt(path, <ReportViewScreen />);
}

describe('report viewer drill-downs and parameters', () => {
  it('links each count that has its own drill-down to exactly the tickets it counts', async () => {
    at('/report/view?report=sla-attainment&period=this-year');
    const table = await screen.findByRole('table', { name: 'SLA attainment' });
    expect(within(table).getByRole('link', { name: /^3 late, 2026-10/ })).toHaveAttribute('href', SLA_LATE);
    expect(within(table).getByRole('link', { name: /^40 closed, 2026-10/ })).toHaveAttribute('href', SLA_ALL);
    // The first cell opens the row's own drill-down.
    expect(within(table).getByRole('link', { name: 'Oct 2026' })).toHaveAttribute('href', SLA_ALL);
  });

  it('shows the company of the address by name, not its id', async () => {
    at('/report/view?report=tickets-by-queue&company=7');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme Utilities'));
    expect(screen.queryByDisplayValue(/Company #/)).toBeNull();
  });

  it('offers "All time" (the default) on the tickets-by reports and not on the others', async () => {
    at('/report/view?report=tickets-by-queue');
    expect(await screen.findByText(/Period: All time/)).toBeVisible();
    expect(screen.getByRole('button', { name: /Period/ })).toHaveTextContent('All time');
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    expect(await screen.findByRole('option', { name: 'All time' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
  });

  it('has no "All time" where the default is a recent period', async () => {
    at('/report/view?report=sla-attainment');
    await screen.findByRole('table', { name: 'SLA attainment' });
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    expect(await screen.findByRole('option', { name: 'Last 90 days' })).toBeVisible();
    expect(screen.queryByRole('option', { name: 'All time' })).toBeNull();
    await userEvent.keyboard('{Escape}');
  });

  it('says why a PDF export failed, keeps the report, and tries the PDF again', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    at('/report/view?report=sla-attainment&period=this-year');
    await screen.findByRole('table', { name: 'SLA attainment' });
    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    const alert = await screen.findByText('The export failed');
    expect(screen.getByText(/The PDF could not be made; try again/)).toBeVisible();
    expect(click).not.toHaveBeenCalled();
    // The report stays on screen under the message.
    expect(screen.getByRole('table', { name: 'SLA attainment' })).toBeVisible();
    expect(pdfCalls).toHaveLength(1);
    expect(pdfCalls[0]!.get('period')).toBe('this-year');
    expect(alert).toBeVisible();
    pdfFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try the PDF again' }));
    expect(await screen.findByText('Exported sla-attainment-2026-11-22.pdf')).toBeVisible();
    expect(screen.queryByText('The export failed')).toBeNull();
    expect(pdfCalls).toHaveLength(2);
    expect(click).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    click.mockRestore();
  });
});
