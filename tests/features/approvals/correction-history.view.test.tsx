/** A request's page: the history line of an applied correction says what it changed, before → after (msw). */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, RequestView } from '@contracts/approvals';
import RequestScreen from '@/features/approvals/screens/RequestScreen';
import { formatDateTime } from '@/shared/ui/tokens/format';
import { renderAt } from '@tests/support/render';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const step = (id: number, action: string, actor: string | null, fromState: HistoryEntry['fromState'], toState: HistoryEntry['toState']): HistoryEntry => ({ id, action, actor, onBehalfOf: null, fromState, toState, step: null, comment: null, at: '2026-11-20T10:00:00Z' });
const applied = (id: number, payload: Record<string, unknown>): RequestView => ({
  id, formType: 'correction', title: 'Time correction: Logged an hour for a 90-minute call', requester: 'Avery Agent', requesterId: 3, state: 'applied', step: null,
  version: 3, submittedAt: '2026-11-20T09:00:00Z', dueAt: null, updatedAt: '2026-11-20T10:00:00Z', onBehalfOf: null,
  payload, waitingOn: [], canDecide: false, canWithdraw: false, canResubmit: false,
  history: [step(1, 'submitted', 'Avery Agent', 'draft', 'inReview'), step(2, 'approved', 'Morgan Manager', 'inReview', 'approved'), step(3, 'applied', null, 'approved', 'applied')],
});

describe('an applied correction in its history', () => {
  it('reads what changed in the applied line, one field a line, and nothing for fields that did not change', async () => {
    server.use(
      http.get('*/api/v2/approvals/requests/77', () =>
        HttpResponse.json(applied(77, { kind: 'timeEntry', summary: 'Logged an hour for a 90-minute call', entryId: 5, before: { workDate: '2026-11-18', minutes: 60, description: 'Harbor Water call' }, after: { workDate: '2026-11-18', minutes: 90, description: 'Harbor Water call' } })),
      ),
    );
    renderAt('/approvals/requests/77', <RequestScreen params={{ id: '77' }} />);
    const history = await screen.findByRole('region', { name: 'History' });
    const changed = within(history).getByRole('list', { name: 'What changed' });
    expect(within(changed).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Minutes 60 → 90']);
    // Only the applied line says it.
    expect(within(history).getAllByRole('list', { name: 'What changed' })).toHaveLength(1);
  });

  it('reads a corrected punch as instants in my zone', async () => {
    server.use(
      http.get('*/api/v2/approvals/requests/78', () =>
        HttpResponse.json(applied(78, { kind: 'punch', summary: 'Forgot to punch out', punchId: 9, before: { punchedInAt: '2026-11-18T08:00:00Z', punchedOutAt: '2026-11-18T12:00:00Z' }, after: { punchedInAt: '2026-11-18T08:00:00.000Z', punchedOutAt: '2026-11-18T16:30:00.000Z' } })),
      ),
    );
    renderAt('/approvals/requests/78', <RequestScreen params={{ id: '78' }} />);
    const changed = await screen.findByRole('list', { name: 'What changed' });
    expect(within(changed).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Punched out ${formatDateTime('2026-11-18T12:00:00Z')} → ${formatDateTime('2026-11-18T16:30:00.000Z')}`]);
  });
});
