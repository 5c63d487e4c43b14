/**
 * The viewer offers only what the server would run for the caller (docs/adr/0104-report-access.md):
 * the Assignee choices are the people the catalog says the caller may name, and a report the
 * caller's catalog does not list is not run.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import type { ReportCatalog, ReportCatalogEntry, ReportResult } from '@contracts/reports';
import ReportViewScreen from '@/features/reports/screens/ReportViewScreen';
import { renderAt } from '@tests/support/render';

vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec }: { spec: ChartSpec }) => <figure aria-label={spec.title} />,
}));

const AVERY = 7;
const QUINN = 8;
const STAFF = [
  { id: AVERY, name: 'Avery Agent' },
  { id: QUINN, name: 'Quinn Tester' },
  { id: 9, name: 'Dana Developer' },
];

const timeEntries = (assignees?: number[]): ReportCatalogEntry => ({
  id: 'time-entries',
  group: 'Time',
  title: 'Time entries',
  description: 'Every time entry of the period.',
  params: ['period', 'assignee'],
  access: { rows: 'time' },
  ...(assignees ? { assignees } : {}),
});
const openedClosed = (assignees?: number[]): ReportCatalogEntry => ({
  id: 'opened-vs-closed',
  group: 'Tickets',
  title: 'Opened vs closed',
  description: 'Opened and closed per period.',
  params: ['period', 'assignee'],
  access: { person: 'managers' },
  ...(assignees ? { assignees } : {}),
});

let catalog: ReportCatalog = { reports: [] };
const runs: string[] = [];
const result = (report: ReportCatalogEntry): ReportResult => ({
  report,
  period: { preset: 'last-90-days', from: '2026-08-25', to: '2026-11-22', label: 'Last 90 days (2026-08-25 – 2026-11-22)' },
  columns: [{ key: 'hours', label: 'Hours', kind: 'hours' }],
  rows: [{ hours: 2 }],
  drill: [null],
  totals: null,
  rowCount: 1,
  capped: false,
  chart: null,
  summary: `${report.title} ran.`,
  generatedAt: '2026-11-22T10:00:00Z',
  elapsedMs: 3,
});
const server = setupServer(
  http.get('/api/v2/reports', () => HttpResponse.json(catalog)),
  http.get('/api/v2/tickets/options', () => HttpResponse.json({ staff: STAFF, response_target_hours: {} })),
  http.get('/api/v2/reports/:id', ({ params }) => {
    runs.push(String(params.id));
    const entry = catalog.reports.find((r) => r.id === params.id);
    return entry ? HttpResponse.json(result(entry)) : HttpResponse.json({ error: { code: 'forbidden', message: 'For managers and admins' } }, { status: 403 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  runs.length = 0;
});
afterAll(() => server.close());

function at(path: string) {
  return renderAt(path, <ReportViewScreen />);
}

/** The Assignee choices the parameter bar offers. */
async function assigneeChoices(): Promise<string[]> {
  const bar = screen.getByRole('form', { name: 'Report parameters' });
  await userEvent.click(within(bar).getByRole('button', { name: /Assignee/ }));
  const list = await screen.findByRole('listbox');
  const names = within(list).getAllByRole('option').map((o) => o.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('report viewer access', () => {
  it("offers an agent only their own time: 'Only you' and themselves", async () => {
    catalog = { reports: [timeEntries([AVERY])] };
    at('/report/view?report=time-entries');
    expect(await screen.findByText('Time entries ran.')).toBeVisible();
    expect(await assigneeChoices()).toEqual(['Only you', 'Avery Agent']);
  });

  it('offers a manager their own time and their direct reports', async () => {
    catalog = { reports: [timeEntries([AVERY, QUINN])] };
    at('/report/view?report=time-entries');
    expect(await screen.findByText('Time entries ran.')).toBeVisible();
    expect(await assigneeChoices()).toEqual(['You and your team', 'Avery Agent', 'Quinn Tester']);
  });

  it("offers an agent the whole desk's ticket figures or their own", async () => {
    catalog = { reports: [openedClosed([AVERY])] };
    at('/report/view?report=opened-vs-closed');
    expect(await screen.findByText('Opened vs closed ran.')).toBeVisible();
    expect(await assigneeChoices()).toEqual(['Anyone', 'Avery Agent']);
  });

  it('lists everyone when the catalog names no one', async () => {
    catalog = { reports: [timeEntries()] };
    at('/report/view?report=time-entries');
    expect(await screen.findByText('Time entries ran.')).toBeVisible();
    expect(await assigneeChoices()).toEqual(['Anyone', 'Avery Agent', 'Quinn Tester', 'Dana Developer']);
  });

  it("does not run a report the caller's catalog does not list, and says so", async () => {
    catalog = { reports: [timeEntries([AVERY])] };
    at('/report/view?report=tickets-by-assignee');
    expect(await screen.findByText('Not among your reports')).toBeVisible();
    expect(screen.getByText(/is not a report you may run/)).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toEqual([]);
  });
});
