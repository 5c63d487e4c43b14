/** The QA screen's test cases view and a run's cases: writing a case, recording a case of the run (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import { QA_CASE_MESSAGES, type QaItemView, type QaTestCase } from '@contracts/quality';
import QaScreen from '@/features/quality/screens/QaScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec }: { spec: ChartSpec }) => <figure aria-label={spec.title}>{spec.summary}</figure>,
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const TIER: QaTestCase = { id: 3, product_area: 'Rates and usage', title: 'Tier boundaries', steps: 'Bill 10,000 gal', expected_result: 'Tier 2', active: true, updated_at: '2026-11-20T09:00:00Z', retired_at: null, version: 1 };
const OLD: QaTestCase = { ...TIER, id: 4, title: 'Fax cover sheet', product_area: 'Bill print', active: false, retired_at: '2026-11-10T09:00:00Z', version: 2 };
const FIGURES = { weeks: 8, passRate: null, waiting: 0, hoursInQa: null, failuresPerScr: null, byWeek: [] };
const CASE = { case_id: 3, title: 'Tier boundaries', product_area: 'Rates and usage', steps: 'Bill 10,000 gal', expected_result: 'Tier 2', result: null, note: null, recorded_by: null, recorded_at: null };
const ITEM: QaItemView = {
  id: 9, product_area: 'Rates and usage', scr_id: 7, ticket_id: null, title: 'Tiered water rates', priority: 'high', status: 'testing', tester: 'Quinn QA', tester_id: 5,
  created_at: '2026-11-20T09:00:00Z', taken_at: '2026-11-21T09:00:00Z', version: 4, evidence: [],
  runs: [{ id: 1, tester: 'Quinn QA', result: null, notes: null, started_at: '2026-11-21T09:00:00Z', finished_at: null, cases: [CASE] }],
};

describe('QA test cases', () => {
  it('lists the cases in the test cases view, filters by area, and writes a new case only with every field, in plain words', async () => {
    const user = userEvent.setup();
    const queries: string[] = [];
    const posts: unknown[] = [];
    server.use(
      http.get('*/api/v2/quality/figures', () => HttpResponse.json(FIGURES)),
      http.get('*/api/v2/quality/items', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 200 })),
      http.get('*/api/v2/quality/cases', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ cases: [TIER, OLD], areas: ['Bill print', 'Rates and usage'] });
      }),
      http.post('*/api/v2/quality/cases', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ ...TIER, id: 8, title: 'Sewer cap', product_area: 'Rates and usage' }, { status: 201 });
      }),
    );
    renderAt('/quality/qa?view=cases', <QaScreen />, { toasts: true });
    const table = await screen.findByRole('table', { name: /Test cases/ });
    expect(within(table).getByText('Tier boundaries')).toBeTruthy();
    expect(within(table).getByText('Retired')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Retire “Fax cover sheet”' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /All areas/ }));
    await user.click(await screen.findByRole('option', { name: 'Rates and usage' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?area=Rates+and+usage'));

    await user.click(screen.getByRole('button', { name: 'New test case' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test case' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Sewer cap');
    await user.click(within(dialog).getByRole('button', { name: 'Write the case' }));
    expect(await within(dialog).findByText(QA_CASE_MESSAGES.area)).toBeTruthy();
    expect(within(dialog).getByText(QA_CASE_MESSAGES.steps)).toBeTruthy();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Product area/ }), 'Rates and usage');
    await user.type(within(dialog).getByRole('textbox', { name: /^Steps/ }), 'Bill 30,000 gal of sewer');
    await user.type(within(dialog).getByRole('textbox', { name: /^Expected result/ }), 'Sewer stops at 20,000 gal');
    await user.click(within(dialog).getByRole('button', { name: 'Write the case' }));
    await waitFor(() => expect(posts).toEqual([{ productArea: 'Rates and usage', title: 'Sewer cap', steps: 'Bill 30,000 gal of sewer', expectedResult: 'Sewer stops at 20,000 gal' }]));
    expect(await screen.findByText('Test case “Sewer cap” written')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the run under way with its cases and records a case: a failed case needs a note; the history names who and when', async () => {
    const user = userEvent.setup();
    let current = ITEM;
    const posts: { url: string; body: unknown }[] = [];
    server.use(
      http.get('*/api/v2/quality/figures', () => HttpResponse.json(FIGURES)),
      http.get('*/api/v2/quality/items', () => HttpResponse.json({ items: [current], total: 1, page: 1, pageSize: 200 })),
      http.get('*/api/v2/quality/items/:id', () => HttpResponse.json(current)),
      http.get('*/api/v2/quality/cases', () => HttpResponse.json({ cases: [TIER], areas: ['Rates and usage'] })),
      http.post('*/api/v2/quality/items/:id/cases/:caseId/result', async ({ request }) => {
        const body = (await request.json()) as { result: 'fail'; note: string };
        posts.push({ url: new URL(request.url).pathname, body });
        current = { ...ITEM, version: 5, runs: [{ ...ITEM.runs[0]!, cases: [{ ...CASE, result: body.result, note: body.note, recorded_by: 'Quinn QA', recorded_at: '2026-11-21T10:00:00Z' }] }] };
        return HttpResponse.json(current);
      }),
    );
    renderAt('/quality/qa?item=9', <QaScreen />, { toasts: true });
    const dialog = await screen.findByRole('dialog', { name: 'Tiered water rates' });
    const run = await within(dialog).findByRole('list', { name: 'Test cases of run 1' });
    expect(within(run).getByText('To test')).toBeTruthy();

    const form = within(dialog).getByRole('form', { name: 'Record a case' });
    await user.click(within(form).getByRole('radio', { name: 'Failed' }));
    await user.click(within(form).getByRole('button', { name: 'Record the case' }));
    expect(await within(form).findByText('Pick the case you tested')).toBeTruthy();
    expect(within(form).getByText(QA_CASE_MESSAGES.caseNote)).toBeTruthy();
    expect(posts).toEqual([]);

    await user.click(within(form).getByRole('button', { name: /Pick the case/ }));
    await user.click(await screen.findByRole('option', { name: 'Tier boundaries' }));
    await user.type(within(form).getByRole('textbox', { name: /^Case note/ }), '10,000 gal billed at Tier 3.');
    await user.click(within(form).getByRole('button', { name: 'Record the case' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/api/v2/quality/items/9/cases/3/result', body: { result: 'fail', note: '10,000 gal billed at Tier 3.', version: 4 } }]));
    expect(await screen.findByText('Case recorded')).toBeTruthy();
    const history = await within(dialog).findByRole('list', { name: 'Test cases of run 1' });
    await waitFor(() => expect(within(history).getByText('Failed')).toBeTruthy());
    expect(within(history).getByText('10,000 gal billed at Tier 3.')).toBeTruthy();
    expect(within(history).getByText(/Quinn QA/)).toBeTruthy();
  });
});
