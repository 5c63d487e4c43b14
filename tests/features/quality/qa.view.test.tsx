/** The QA screen: figures, the queue, taking an item and recording its result (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '@contracts/charts';
import type { QaFigures, QaItem, QaItemView } from '@contracts/quality';
import { qualityApi } from '@/features/quality/api';
import QaScreen from '@/features/quality/screens/QaScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

/** The chart draws on a canvas jsdom lacks: its spec's title and summary stand in for it. */
vi.mock('@/shared/ui/chart', () => ({
  Chart: ({ spec }: { spec: ChartSpec }) => <figure aria-label={spec.title}>{spec.summary}</figure>,
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const WAITING: QaItem = { id: 9, product_area: null, scr_id: 7, ticket_id: null, title: 'Late fee on its own line', priority: 'high', status: 'waiting', tester: null, tester_id: null, created_at: '2026-11-20T09:00:00Z', taken_at: null, version: 1 };
const TESTING: QaItemView = { ...WAITING, status: 'testing', tester: 'Avery Agent', tester_id: 3, taken_at: '2026-11-21T09:00:00Z', version: 2, runs: [{ id: 1, tester: 'Avery Agent', result: null, notes: null, started_at: '2026-11-21T09:00:00Z', finished_at: null, cases: [] }], evidence: [] };
const FIGURES: QaFigures = { weeks: 2, passRate: 75, waiting: 1, hoursInQa: 5.5, failuresPerScr: 0.5, byWeek: [{ week: '2026-11-16', passed: 2, failed: 1, blocked: 0 }, { week: '2026-11-23', passed: 1, failed: 0, blocked: 0 }] };

function serve() {
  const posts: { url: string; body: unknown }[] = [];
  let current: QaItemView = { ...WAITING, runs: [], evidence: [] };
  server.use(
    http.get('*/api/v2/quality/figures', () => HttpResponse.json(FIGURES)),
    http.get('*/api/v2/quality/items', () => HttpResponse.json({ items: [current], total: 1, page: 1, pageSize: 200 })),
    http.get('*/api/v2/quality/items/:id', () => HttpResponse.json(current)),
    http.get('*/api/v2/quality/cases', () => HttpResponse.json({ cases: [], areas: [] })),
    http.post('*/api/v2/quality/items/:id/take', async ({ request }) => {
      posts.push({ url: new URL(request.url).pathname, body: await request.json() });
      current = TESTING;
      return HttpResponse.json(current);
    }),
    http.post('*/api/v2/quality/items/:id/result', async ({ request }) => {
      const body = (await request.json()) as { notes: string };
      posts.push({ url: new URL(request.url).pathname, body });
      current = { ...TESTING, status: 'failed', version: 3, runs: [{ ...TESTING.runs[0]!, result: 'fail', notes: body.notes, finished_at: '2026-11-21T10:00:00Z' }] };
      return HttpResponse.json(current);
    }),
  );
  return posts;
}

describe('Quality Assurance', () => {
  it('shows the figures, takes an item from the queue, and fails it only with notes the developers read', async () => {
    const user = userEvent.setup();
    const posts = serve();
    renderAt('/quality/qa', <QaScreen />, { toasts: true });
    expect(await screen.findByText('75%')).toBeTruthy();
    expect(screen.getByText('5.5 h')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'QA results by week' }).textContent).toBe('4 runs finished in the last 2 weeks; 75% passed.');
    const queue = await screen.findByRole('table', { name: /QA queue/ });
    expect(within(queue).getByRole('link', { name: 'SCR-7' })).toBeTruthy();

    await user.click(within(queue).getByRole('button', { name: 'Take “Late fee on its own line”' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ url: '/api/v2/quality/items/9/take', body: { version: 1 } });
    const dialog = await screen.findByRole('dialog', { name: 'Late fee on its own line' });
    expect(await within(dialog).findByText('Under test')).toBeTruthy();

    await user.click(within(dialog).getByRole('radio', { name: 'Fail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record result' }));
    expect(await within(dialog).findByText('Say what failed or what blocks the testing')).toBeTruthy();
    expect(posts).toHaveLength(1);

    await user.type(within(dialog).getByRole('textbox', { name: /^Notes/ }), 'The fee shows twice.');
    await user.click(within(dialog).getByRole('button', { name: 'Record result' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toEqual({ url: '/api/v2/quality/items/9/result', body: { result: 'fail', notes: 'The fee shows twice.', version: 2 } });
    expect(await screen.findByText('Failed: it goes back to development with your notes')).toBeTruthy();
    expect(await within(dialog).findByText('The fee shows twice.')).toBeTruthy();
  });
  it('attaches evidence to the open item: a refusal is named beside the control; once attached the item lists it', async () => {
    const user = userEvent.setup();
    serve();
    const refusal = 'log.txt is a HTML or other markup file, which cannot be attached';
    const shot = { id: 4, name: 'second-page.png', mime_type: 'image/png', size_bytes: 1024, sha256: 'b'.repeat(64), image: false };
    let evidence: QaItemView['evidence'] = [];
    server.use(
      http.get('*/api/v2/quality/items/:id', () => HttpResponse.json({ ...TESTING, evidence })),
      http.post('*/api/v2/quality/items/:id/evidence', () => HttpResponse.json({ error: { code: 'unsupported_media_type', message: refusal, fields: { files: refusal } } }, { status: 415 })),
    );
    renderAt('/quality/qa?item=9', <QaScreen />, { toasts: true });
    const dialog = await screen.findByRole('dialog', { name: 'Late fee on its own line' });
    expect(await within(dialog).findByText('No evidence attached yet.')).toBeTruthy();
    const input = () => dialog.querySelector<HTMLInputElement>('[data-testid="file-picker"] input[type="file"]')!;
    await user.upload(input(), [new File(['<html>'], 'log.txt', { type: 'text/plain' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Attach the evidence' }));
    await waitFor(() => expect(document.getElementById('qa-9-evidence-error')).toHaveTextContent(refusal));

    // The upload as the machine makes it (jsdom's File does not survive msw's copy of a multipart body; the API tests check the request).
    const attach = vi.spyOn(qualityApi, 'attachEvidence').mockImplementation(async () => {
      evidence = [shot];
      return { evidence };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove log.txt' }));
    await user.upload(input(), [new File(['png'], 'second-page.png', { type: 'image/png' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Attach the evidence' }));
    expect(await within(dialog).findByRole('button', { name: 'Download second-page.png (1 KB)' })).toBeTruthy();
    expect(attach.mock.calls.map(([id, files]) => [id, files.map((f) => f.name)])).toEqual([[9, ['second-page.png']]]);
    expect(await screen.findByText('Evidence attached')).toBeTruthy();
    attach.mockRestore();
  });
});
