/**
 * The viewer's custom period and time zone over msw: the From and To date pickers (calendar and
 * keyboard) keep the period in the address, a start after the end is told at the To field and
 * runs nothing, the browser's time zone goes with each run unless the address names one, and the
 * Unassigned row of "tickets by assignee" opens the ticket search filtered to unassigned tickets.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import type { ReportCatalog, ReportResult } from '@contracts/reports';
import ReportViewScreen, { RANGE_ERROR } from '@/features/reports/screens/ReportViewScreen';
import { renderAt, type RenderedAt } from '@tests/support/render';

vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec }: { spec: ChartSpec }) => <figure aria-label={spec.title} />,
}));

const CATALOG: ReportCatalog = {
  reports: [
    { id: 'opened-vs-closed', group: 'Tickets', title: 'Opened vs closed', description: 'Opened and closed per day, week or month.', params: ['period', 'granularity'], drillsTo: 'the ticket search' },
    { id: 'tickets-by-assignee', group: 'Tickets', title: 'Tickets by assignee', description: 'Open tickets per assignee.', params: ['period'], drillsTo: 'the ticket search', defaultPeriod: 'all-time' },
  ],
};

const UNASSIGNED = '/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&unassigned=true';
const base: Omit<ReportResult, 'report' | 'period' | 'columns' | 'rows' | 'drill' | 'summary'> = {
  totals: null,
  rowCount: 1,
  capped: false,
  chart: null,
  generatedAt: '2026-11-22T10:00:00Z',
  elapsedMs: 12,
};
const opened = (from: string, to: string, tz?: string): ReportResult => ({
  ...base,
  report: CATALOG.reports[0]!,
  period: { preset: 'custom', from, to, label: `${from} – ${to}`, ...(tz ? { tz } : {}) },
  columns: [
    { key: 'bucket', label: 'Period', kind: 'date' },
    { key: 'opened', label: 'Opened', kind: 'count' },
  ],
  rows: [{ bucket: from, opened: 4 }],
  drill: [null],
  summary: '4 opened and 0 closed in the period; the backlog grew by 4.',
});
const byAssignee: ReportResult = {
  ...base,
  report: CATALOG.reports[1]!,
  period: { preset: 'all-time', from: '2000-01-01', to: '2026-11-22', label: 'All time' },
  columns: [
    { key: 'segment', label: 'Assignee', kind: 'text' },
    { key: 'tickets', label: 'Tickets', kind: 'count' },
  ],
  rows: [
    { segment: 'Alex Admin', tickets: 9 },
    { segment: 'Unassigned', tickets: 3 },
  ],
  drill: ['/ticket/search?f.status=A%2CWOP%2CWOC%2CWOT&assignee=1', UNASSIGNED],
  summary: 'Alex Admin holds 75 % of 12 open tickets.',
};

const runs: URLSearchParams[] = [];
const server = setupServer(
  http.get('/api/v2/reports', () => HttpResponse.json(CATALOG)),
  http.get('/api/v2/tickets/options', () => HttpResponse.json({ staff: [], response_target_hours: {} })),
  http.get('/api/v2/reports/:id', ({ params, request }) => {
    const q = new URL(request.url).searchParams;
    runs.push(q);
    return HttpResponse.json(params.id === 'tickets-by-assignee' ? byAssignee : opened(q.get('from') ?? '2026-03-01', q.get('to') ?? '2026-03-31', q.get('tz') ?? undefined));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  runs.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function at(path: string) {
  return renderAt(path, <ReportViewScreen />, { locale: 'en-US' });
}
const searchOf = (location: Pick<RenderedAt, 'history'>) => new URLSearchParams(location.history!.at(-1)!.split('?')[1]);

/** The date picker of a label: its group (segments and the calendar button). */
const picker = (label: string) => screen.getByRole('group', { name: label });

describe('report viewer: custom period, time zone, unassigned drill-down', () => {
  it('picks the end of a custom period on the calendar and keeps it in the address', async () => {
    const user = userEvent.setup();
    const location = at('/report/view?report=opened-vs-closed&period=custom&from=2026-03-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Opened vs closed' });
    await user.click(within(picker('To')).getByRole('button'));
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getByRole('button', { name: /March 31, 2026/ })).toBeVisible();
    await user.click(within(calendar).getByRole('button', { name: /March 20, 2026/ }));
    await waitFor(() => expect(searchOf(location).get('to')).toBe('2026-03-20'));
    expect(searchOf(location).get('from')).toBe('2026-03-01');
    expect(searchOf(location).get('period')).toBe('custom');
    await waitFor(() => expect(runs.at(-1)?.get('to')).toBe('2026-03-20'));
  });

  it('changes the start with the keyboard alone (arrow keys on the date segments)', async () => {
    const user = userEvent.setup();
    const location = at('/report/view?report=opened-vs-closed&period=custom&from=2026-03-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Opened vs closed' });
    const [month] = within(picker('From')).getAllByRole('spinbutton');
    await user.click(month!);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(searchOf(location).get('from')).toBe('2026-02-01'));
    await waitFor(() => expect(runs.at(-1)?.get('from')).toBe('2026-02-01'));
  });

  it('tells a start after the end at the To field, and runs nothing until it is fixed', async () => {
    at('/report/view?report=opened-vs-closed&period=custom&from=2026-03-20&to=2026-03-01');
    expect(await screen.findByText(RANGE_ERROR)).toBeVisible();
    // The To field is invalid and its message is read with it.
    const to = picker('To');
    await waitFor(() => expect(to.closest('[data-invalid]')).not.toBeNull());
    expect(screen.queryByText('These parameters cannot be used')).toBeNull();
    expect(screen.getByText('Nothing run yet')).toBeVisible();
    // Only the To field is marked: the start is not what the message asks to change.
    expect(picker('From').closest('[data-invalid]')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toHaveLength(0);
  });

  it("sends the browser's time zone with each run, and the address's zone when it names one", async () => {
    const original = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...original.call(this), timeZone: 'America/New_York' };
    });
    at('/report/view?report=opened-vs-closed&period=custom&from=2026-03-01&to=2026-03-31');
    await screen.findByRole('table', { name: 'Opened vs closed' });
    expect(runs.at(-1)?.get('tz')).toBe('America/New_York');
    expect(screen.getByText(/days in America\/New York/)).toBeVisible();
  });

  it('runs in the zone the address names (a shared link counts as its sender saw it)', async () => {
    at('/report/view?report=opened-vs-closed&period=custom&from=2026-03-01&to=2026-03-31&tz=Pacific%2FAuckland');
    await screen.findByRole('table', { name: 'Opened vs closed' });
    expect(runs.at(-1)?.get('tz')).toBe('Pacific/Auckland');
    expect(screen.getByText(/days in Pacific\/Auckland/)).toBeVisible();
  });

  it('opens the ticket search filtered to unassigned tickets from the Unassigned row', async () => {
    const user = userEvent.setup();
    const location = at('/report/view?report=tickets-by-assignee');
    const table = await screen.findByRole('table', { name: 'Tickets by assignee' });
    const link = within(table).getByRole('link', { name: 'Unassigned' });
    expect(link).toHaveAttribute('href', UNASSIGNED);
    await user.click(link);
    await waitFor(() => expect(location.history!.at(-1)).toBe(UNASSIGNED));
  });
});
