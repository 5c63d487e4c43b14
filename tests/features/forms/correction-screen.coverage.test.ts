import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { RequestView } from '@contracts/approvals';
import { correctionScreenMachine, type CorrectionScreenContext } from '@/features/forms/machines/correction-screen.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'correction-screen')!;
const reloads: unknown[] = [];
/** My submissions, standing in for the query actor: it records the reloads it is told. */
const mine = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } }));
  actor.start();
  return actor;
};
const sentBack: RequestView = {
  id: 7, formType: 'correction', title: 'Meter reads stopped', requester: 'Avery Agent', requesterId: 3, state: 'inReview', step: 'Manager review',
  version: 3, submittedAt: '2026-03-09T09:00:00Z', dueAt: null, updatedAt: '2026-03-09T09:00:00Z', onBehalfOf: null,
  payload: {}, waitingOn: ['Morgan Manager'], canDecide: false, canWithdraw: true, canResubmit: false,
  history: [{ id: 1, action: 'resubmitted', actor: 'Avery Agent', onBehalfOf: null, fromState: 'changesRequested', toState: 'inReview', step: 'Manager review', comment: null, at: '2026-03-09T09:00:00Z' }],
};

describeMachinePaths(entry, {
  inputs: { 'my submissions': () => ({ mine: mine() }) },
  events: [
    { type: 'tab.select', tab: 'review' },
    { type: 'request.open', id: 7 },
    { type: 'request.close' },
    { type: 'correction.sent', result: sentBack },
    { type: 'kind.select', kind: 'timeEntry' },
    { type: 'kind.select', kind: 'report' },
    { type: 'entry.pick', id: 91 },
    { type: 'kind.select', kind: 'punch' },
    { type: 'punch.pick', id: 44 },
  ],
  serializeState: (s) => {
    const c = s.context as CorrectionScreenContext;
    return JSON.stringify([s.value, c.tab, c.open, c.kind, c.entryId, c.punchId]);
  },
  check: (snapshot) => {
    const c = snapshot.context as CorrectionScreenContext;
    if (c.open !== null) expect(c.open).toBe(7);
    if (c.entryId !== null) expect(c.entryId).toBe(91);
    if (c.punchId !== null) expect(c.punchId).toBe(44);
    // Every correction sent told my submissions to load again.
    expect(reloads.length).toBeGreaterThanOrEqual(c.sent);
  },
});

describe('the Correction screen', () => {
  it('moves to my submissions once a correction is sent: they reload, the request closes, the form starts fresh', () => {
    const before = reloads.length;
    const screen = createActor(correctionScreenMachine, { input: { mine: mine() } }).start();
    screen.send({ type: 'request.open', id: 7 });
    screen.send({ type: 'correction.sent', result: sentBack });
    expect(screen.getSnapshot().context).toMatchObject({ tab: 'mine', open: null, sent: 1 });
    expect(reloads.length).toBe(before + 1);
    // The form starts fresh: the view keys it by `sent`; the form child is the same actor, ready for the next.
    expect(screen.getSnapshot().children.form).toBeDefined();
  });

  it('chooses between reporting a problem and correcting a time entry; a new choice or a sent correction forgets the picked entry', () => {
    const screen = createActor(correctionScreenMachine, { input: { mine: mine() } }).start();
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'report', entryId: null });
    screen.send({ type: 'kind.select', kind: 'timeEntry' });
    screen.send({ type: 'entry.pick', id: 91 });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'timeEntry', entryId: 91 });
    screen.send({ type: 'correction.sent', result: sentBack });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'timeEntry', entryId: null, tab: 'mine' });
    screen.send({ type: 'entry.pick', id: 91 });
    screen.send({ type: 'kind.select', kind: 'report' });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'report', entryId: null });
  });

  it('corrects a punch: the picked punch is kept until another kind is chosen or the correction is sent', () => {
    const screen = createActor(correctionScreenMachine, { input: { mine: mine() } }).start();
    screen.send({ type: 'kind.select', kind: 'punch' });
    screen.send({ type: 'punch.pick', id: 44 });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'punch', punchId: 44, entryId: null });
    screen.send({ type: 'kind.select', kind: 'timeEntry' });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'timeEntry', punchId: null });
    screen.send({ type: 'kind.select', kind: 'punch' });
    screen.send({ type: 'punch.pick', id: 44 });
    screen.send({ type: 'correction.sent', result: sentBack });
    expect(screen.getSnapshot().context).toMatchObject({ kind: 'punch', punchId: null, tab: 'mine' });
  });
});
