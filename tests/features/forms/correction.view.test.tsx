/** The Correction form: report, my submissions with their history, resubmit after changes requested, the manager's review (msw). */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestSummary, RequestView } from '@contracts/approvals';
import CorrectionScreen from '@/features/forms/screens/CorrectionScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const PAYLOAD = { summary: 'Backup job skipped Harbor Water', customerImpact: 'Two days without a backup.', rootCause: 'A paused schedule.', correctiveAction: 'Schedule resumed; a monitor alerts on skipped runs.' };

function summary(over: Partial<RequestSummary> = {}): RequestSummary {
  return { id: 41, formType: 'correction', title: PAYLOAD.summary, requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review', version: 1, submittedAt: '2026-11-20T09:00:00Z', dueAt: null, updatedAt: '2026-11-20T09:00:00Z', onBehalfOf: null, ...over };
}

function view(over: Partial<RequestView> = {}): RequestView {
  return {
    ...summary(),
    payload: PAYLOAD,
    waitingOn: ['Morgan Manager'],
    history: [{ id: 1, action: 'submitted', actor: 'Avery Agent', onBehalfOf: null, fromState: 'draft', toState: 'inReview', step: 'Manager review', comment: null, at: '2026-11-20T09:00:00Z' }],
    canDecide: false,
    canWithdraw: true,
    canResubmit: false,
    ...over,
  };
}

const SENT_BACK = view({
  state: 'changesRequested',
  version: 2,
  step: null,
  waitingOn: [],
  canResubmit: true,
  canWithdraw: false,
  history: [
    ...view().history,
    { id: 2, action: 'sentBack', actor: 'Riley Lead', onBehalfOf: 'Morgan Manager', fromState: 'inReview', toState: 'changesRequested', step: 'Manager review', comment: 'Name the monitor and who watches it.', at: '2026-11-21T10:00:00Z' },
  ],
});

type Seen = { posts: { url: string; body: Record<string, unknown> }[] };

function serve({ mine = [] as RequestSummary[], review = [] as RequestSummary[], request = view() } = {}): Seen {
  const seen: Seen = { posts: [] };
  server.use(
    http.get('*/api/v2/approvals/mine', () => HttpResponse.json(mine)),
    http.get('*/api/v2/approvals/inbox', () => HttpResponse.json(review)),
    http.get('*/api/v2/approvals/requests/:id', () => HttpResponse.json(request)),
    http.post('*/api/v2/approvals/*', async ({ request: r }) => {
      const body = (await r.json()) as Record<string, unknown>;
      seen.posts.push({ url: new URL(r.url).pathname, body });
      return HttpResponse.json(view({ id: 42, version: 3 }), { status: r.url.endsWith('/requests') ? 201 : 200 });
    }),
  );
  return seen;
}

describe('Correction form', () => {
  it('says what is missing in plain words and sends nothing, then submits the report for review', async () => {
    const user = userEvent.setup();
    const seen = serve();
    renderAt('/forms/correction', <CorrectionScreen />, { toasts: true });
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Say what went wrong in a line')).toBeTruthy();
    expect(screen.getByText('Describe the root cause')).toBeTruthy();
    expect(seen.posts).toHaveLength(0);

    // Pasted (one input event each), not typed key by key: the test stays quick on a busy machine.
    for (const [name, text] of [[/^What went wrong/, PAYLOAD.summary], [/^Customer impact/, PAYLOAD.customerImpact], [/^Root cause/, PAYLOAD.rootCause], [/^Corrective action/, PAYLOAD.correctiveAction]] as const) {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(text);
    }
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ url: '/api/v2/approvals/requests', body: { formType: 'correction', payload: PAYLOAD } });
    expect(await screen.findByText('Correction submitted')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My submissions', selected: true })).toBeTruthy();
  });

  it('shows a sent-back submission with the manager’s comment and who sent it back on whose behalf, and submits it again as changed', async () => {
    const user = userEvent.setup();
    const seen = serve({ mine: [summary({ state: 'changesRequested', version: 2 })], request: SENT_BACK });
    renderAt('/forms/correction', <CorrectionScreen />, { toasts: true });
    await user.click(screen.getByRole('tab', { name: 'My submissions' }));
    const list = await screen.findByRole('list', { name: 'my corrections' });
    expect(within(list).getByText('Changes requested')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: PAYLOAD.summary }));

    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findAllByText('Name the monitor and who watches it.')).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(/on behalf of Morgan Manager/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Change and resubmit' }));
    const action = within(dialog).getByRole('textbox', { name: /^Corrective action/ });
    expect((action as HTMLTextAreaElement).value).toBe(PAYLOAD.correctiveAction);
    await user.type(action, ' The on-call lead watches the monitor.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit again' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({
      url: '/api/v2/approvals/requests/41/resubmit',
      body: { version: 2, payload: { ...PAYLOAD, correctiveAction: `${PAYLOAD.correctiveAction} The on-call lead watches the monitor.` } },
    });
    expect(await screen.findByText('Correction submitted again')).toBeTruthy();
  });

  it('lets a manager send a correction back only with a comment the requester reads', async () => {
    const user = userEvent.setup();
    const seen = serve({ review: [summary()], request: view({ canDecide: true, canWithdraw: false }) });
    renderAt('/forms/correction', <CorrectionScreen />, { toasts: true });
    await user.click(await screen.findByRole('tab', { name: 'Review (1)' }));
    await user.click(within(await screen.findByRole('list', { name: 'corrections to review' })).getByRole('button', { name: PAYLOAD.summary }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PAYLOAD.rootCause)).toBeTruthy();
    await user.click(await within(dialog).findByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say why, for the requester')).toBeTruthy();
    expect(seen.posts).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Comment/ }), 'Name the monitor.');
    await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ url: '/api/v2/approvals/requests/41/decision', body: { decision: 'sendBack', version: 1, comment: 'Name the monitor.' } });
    expect(await screen.findByText('Sent back to the requester')).toBeTruthy();
  });
});
