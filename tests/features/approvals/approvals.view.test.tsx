/** The /approvals inbox: each request opens its page with the full title; Out of office names, lists and ends delegates (msw). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Delegation, RequestSummary } from '@contracts/approvals';
import ApprovalsScreen from '@/features/approvals/screens/ApprovalsScreen';
import { showNoticesAsToasts } from '@tests/support/toasts';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
showNoticesAsToasts();
afterAll(() => server.close());

const LONG = 'Backup job skipped Harbor Water for two nights running while the storage array was being replaced by the vendor';
const REQUEST: RequestSummary = { id: 41, formType: 'correction', title: LONG, requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review', version: 1, submittedAt: '2026-11-20T09:00:00Z', dueAt: null, updatedAt: '2026-11-20T09:00:00Z', onBehalfOf: 'Morgan Manager' };
const NOW: Delegation = { id: 7, delegate: 'Riley Lead', delegateId: 4, startsAt: '2026-01-01T08:00:00.000Z', endsAt: '2099-12-31T17:00:00.000Z' };

function serve(delegations: Delegation[] = []) {
  const seen = { posts: [] as Record<string, unknown>[], deletes: [] as string[] };
  server.use(
    http.get('*/api/v2/approvals/inbox', () => HttpResponse.json([REQUEST])),
    http.get('*/api/v2/approvals/delegations', () => HttpResponse.json(delegations)),
    http.get('*/api/v2/tickets/options', () => HttpResponse.json({ staff: [{ id: 4, name: 'Riley Lead' }], response_target_hours: { C: 4, H: 8, M: 24, L: 72 } })),
    http.post('*/api/v2/approvals/delegations', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.posts.push(body);
      return HttpResponse.json({ id: 8, delegate: 'Riley Lead', delegateId: 4, startsAt: body.startsAt, endsAt: body.endsAt }, { status: 201 });
    }),
    http.delete('*/api/v2/approvals/delegations/:id', ({ params }) => {
      seen.deletes.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return seen;
}

describe('Approvals inbox', () => {
  it('links each request to its page and keeps its whole title reachable', async () => {
    serve();
    renderAt('/approvals', <ApprovalsScreen />);
    const link = await screen.findByRole('link', { name: LONG });
    expect(link).toHaveAttribute('href', '/approvals/requests/41');
    expect(link.closest('[data-full]')).toHaveAttribute('data-full', `${LONG} · for Morgan Manager`);
  });

  it('names a delegate for a window: plain-word errors first, then the window sent as instants', async () => {
    const user = userEvent.setup();
    const seen = serve();
    renderAt('/approvals', <ApprovalsScreen />, { toasts: true });
    const form = await screen.findByRole('form', { name: 'Name a delegate' });
    expect(await screen.findByText('No one decides for you now.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Name delegate' }));
    expect(await within(form).findByText('Pick who decides for you')).toBeTruthy();
    expect(seen.posts).toHaveLength(0);

    await user.type(within(form).getByRole('combobox', { name: /^Delegate/ }), 'ril');
    await user.click(await screen.findByRole('option', { name: 'Riley Lead' }));
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '2026-12-01T08:00' } });
    fireEvent.change(within(form).getByLabelText(/^Until/), { target: { value: '2026-12-05T17:00' } });
    await user.click(within(form).getByRole('button', { name: 'Name delegate' }));
    await waitFor(() => expect(seen.posts).toHaveLength(1));
    expect(seen.posts[0]).toEqual({ delegateId: 4, startsAt: new Date('2026-12-01T08:00').toISOString(), endsAt: new Date('2026-12-05T17:00').toISOString() });
  });

  it('shows the current delegate and ends it', async () => {
    const user = userEvent.setup();
    const seen = serve([NOW]);
    renderAt('/approvals', <ApprovalsScreen />, { toasts: true });
    const list = await screen.findByRole('list', { name: 'My delegations' });
    expect(within(list).getByText('Now')).toBeTruthy();
    expect(within(list).getByText('Riley Lead')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'End the delegation to Riley Lead' }));
    await waitFor(() => expect(seen.deletes).toEqual(['7']));
    expect(await screen.findByText('Delegation ended')).toBeTruthy();
  });
});
