import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { RequestSummary } from '@contracts/approvals';
import type { InboxContext } from '@/features/approvals/machines/approvals-inbox.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'approvals-inbox')!;
const waiting: RequestSummary[] = [
  {
    id: 7, formType: 'correction', title: 'Meter reads stopped', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review',
    version: 2, submittedAt: '2026-03-09T09:00:00Z', dueAt: '2026-03-11T09:00:00Z', updatedAt: '2026-03-09T09:00:00Z', onBehalfOf: null,
  },
];

describeMachinePaths(entry, {
  inputs: { 'every form': () => ({}) },
  events: [
    { type: 'filters.set', filters: { formType: 'correction' } },
    { type: 'inbox.reload' },
    { type: 'selection.set', ids: [7] },
    { type: 'requests.approve', ids: [7] },
    { type: 'requests.reject', ids: [7], reason: 'Already reported' },
    { type: 'inbox.loaded', data: waiting },
    { type: 'inbox.loadFailed', error: 'The server could not be reached; check the connection and try again' },
    { type: 'requests.decided', result: { results: [{ id: 7, ok: true, status: 200, message: null }] } },
    { type: 'requests.decideFailed', error: 'The server could not be reached', fieldErrors: {} },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as InboxContext).filters]),
  check: (snapshot) => {
    const c = snapshot.context as InboxContext;
    if (snapshot.matches({ list: 'failed' })) expect(c.loadError).toMatch(/could not be reached/);
    if (snapshot.matches({ decision: 'idle' }) && snapshot.matches({ list: 'ready' })) expect(c.requests).toEqual(waiting);
  },
});
