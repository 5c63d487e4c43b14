import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { RequestView } from '@contracts/approvals';
import type { Receipt } from '@contracts/expenses';
import { expenseScreenMachine, payloadOf, type ExpenseScreenContext } from '@/features/forms/machines/expense-screen.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'expense-screen')!;
const reloads: unknown[] = [];
/** My submissions, standing in for the query actor: it records the reloads it is told. */
const mine = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } }));
  actor.start();
  return actor;
};
const receipt: Receipt = { id: 71, name: 'hotel.pdf', mime_type: 'application/pdf', size_bytes: 2048, sha256: 'a'.repeat(64), image: false };
const sent: RequestView = {
  id: 90, formType: 'expense', title: 'Acme rollout (Berlin)', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review',
  version: 1, submittedAt: '2026-03-13T09:00:00Z', dueAt: null, updatedAt: '2026-03-13T09:00:00Z', onBehalfOf: null,
  payload: {}, waitingOn: ['Morgan Manager'], canDecide: false, canWithdraw: true, canResubmit: false, history: [],
};

/** A claim sent back for changes, with one line and its receipt. */
const sentBack: RequestView = {
  ...sent,
  state: 'changesRequested', version: 2, step: null, waitingOn: [], canWithdraw: false, canResubmit: true,
  payload: {
    purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', companyId: 5, totalCents: 18900, currency: 'USD',
    lines: [{ kind: 'meals', date: '2026-03-10', merchant: 'Hotel Adlon', description: '', amountCents: 18900, currency: 'USD', distanceHundredths: 0, billable: true, receiptIds: [71], rateMicros: 1_000_000, rateDay: '2026-03-10', homeCents: 18900, flags: [], receipts: [receipt] }],
  },
  history: [{ id: 2, action: 'sentBack', actor: 'Morgan Manager', onBehalfOf: null, fromState: 'inReview', toState: 'changesRequested', step: 'Manager review', comment: 'Split the minibar out.', at: '2026-03-14T09:00:00Z' }],
};

describeMachinePaths(entry, {
  inputs: { 'my submissions': () => ({ mine: mine() }) },
  events: [
    { type: 'tab.select', tab: 'review' },
    { type: 'request.open', id: 7 },
    { type: 'request.close' },
    { type: 'trip.change', patch: { purpose: 'Acme rollout' } },
    { type: 'line.add' },
    { type: 'line.remove', key: 2 },
    { type: 'line.change', key: 1, patch: { amount: '12.50' } },
    { type: 'receipts.add', key: 1, files: [] },
    { type: 'receipt.remove', key: 1, id: 71 },
    { type: 'receipts.uploaded', result: { receipts: [receipt] } },
    { type: 'receipts.refused', error: 'Refused', fieldErrors: { files: 'notes.exe is a Windows program file, which cannot be attached' } },
    { type: 'expense.sent', result: sent },
    { type: 'claim.edit', request: sentBack },
    { type: 'claim.fresh' },
  ],
  // A claim may grow without end (lines, receipts): the walk stops at three lines.
  stopWhen: (s) => (s.context as ExpenseScreenContext).draft.lines.length > 2,
  serializeState: (s) => {
    const c = s.context as ExpenseScreenContext;
    return JSON.stringify([s.value, c.tab, c.open, c.draft.lines.length, c.uploading, c.draft.lines[0]!.receiptIds.length > 0, c.resubmit?.id ?? null]);
  },
  check: (snapshot) => {
    const c = snapshot.context as ExpenseScreenContext;
    if (c.open !== null) expect(c.open).toBe(7);
    // A claim keeps at least one line, and every claim sent told my submissions to load again.
    expect(c.draft.lines.length).toBeGreaterThanOrEqual(1);
    expect(reloads.length).toBeGreaterThanOrEqual(c.sent);
    // A claim being changed is the one sent back, at the version read.
    if (c.resubmit) expect(c.resubmit).toEqual({ id: 90, version: 2, asked: 'Split the minibar out.' });
  },
});

describe('the Travel Expense screen', () => {
  it('attaches uploaded receipts to the line that asked, and starts a fresh claim once one is sent', () => {
    const screen = createActor(expenseScreenMachine, { input: { mine: mine() } }).start();
    screen.send({ type: 'line.add' });
    screen.send({ type: 'line.change', key: 2, patch: { kind: 'mileage', distance: '42.5', date: '2026-03-09' } });
    screen.send({ type: 'receipts.add', key: 2, files: [] });
    // One upload at a time: a second one waits for the first.
    screen.send({ type: 'receipts.add', key: 1, files: [] });
    expect(screen.getSnapshot().context.uploading).toBe(2);
    screen.send({ type: 'receipts.uploaded', result: { receipts: [receipt] } });
    const c = screen.getSnapshot().context;
    expect(c.draft.lines.map((l) => l.receiptIds)).toEqual([[], [71]]);
    expect(c.receipts[71]).toEqual(receipt);
    expect(payloadOf(c.draft).lines[1]).toEqual({ kind: 'mileage', date: '2026-03-09', description: '', distanceHundredths: 4250, billable: false, receiptIds: [71] });
    screen.send({ type: 'expense.sent', result: sent });
    expect(screen.getSnapshot().context).toMatchObject({ tab: 'mine', sent: 1, draft: { purpose: '', lines: [{ key: 1, receiptIds: [] }] } });
  });

  it('opens a claim sent back in the form as it was sent, lines and receipts kept, and sends it again as that request', () => {
    const screen = createActor(expenseScreenMachine, { input: { mine: mine() } }).start();
    screen.send({ type: 'request.open', id: 90 });
    // A claim still in review cannot be changed.
    screen.send({ type: 'claim.edit', request: sent });
    expect(screen.getSnapshot().context.resubmit).toBeNull();
    screen.send({ type: 'claim.edit', request: sentBack });
    const c = screen.getSnapshot().context;
    expect(c).toMatchObject({ tab: 'new', open: null, resubmit: { id: 90, version: 2, asked: 'Split the minibar out.' }, receipts: { 71: receipt } });
    expect(payloadOf(c.draft)).toEqual({
      purpose: 'Acme rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', companyId: 5,
      lines: [{ kind: 'meals', date: '2026-03-10', merchant: 'Hotel Adlon', description: '', amountCents: 18900, currency: 'USD', billable: true, receiptIds: [71] }],
    });
    screen.send({ type: 'expense.sent', result: { ...sentBack, state: 'inReview', version: 3, canResubmit: false } });
    expect(screen.getSnapshot().context).toMatchObject({ tab: 'mine', resubmit: null, draft: { purpose: '' } });
  });
});
