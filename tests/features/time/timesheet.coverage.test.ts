/**
 * Paths generated from the timesheet machine, replayed on a live actor whose service calls the
 * path settles: every state and transition of a manager's week (the team child is a stub here; it
 * has its own paths), and an agent's start. After every path the queue's rules hold: one save at a
 * time, a cell waits at most once, a submit is sent only once no save is left, and what was said.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TimesheetWeek } from '@contracts/time';
import { timesheetMachine, type TimesheetContext } from '@/features/time/machines/timesheet.machine';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { machineRegistry } from '@/app/machine-registry';
import { controllable, httpError } from '@tests/support/controllable';
import { eventsWhileRunning, expectAllEventsUsed, itReachesEveryStateAndTransition, recordCoverage, replay, transitionPaths } from '@tests/support/path-coverage';
import { sheetWeek } from './time.fixtures';

const manager = { today: '2026-03-11', manager: true };
const monday = { type: 'cell.save', item: { kind: 'company', id: 1 }, day: '2026-03-09', minutes: 90 } as const;
const tuesday = { type: 'cell.save', item: { kind: 'company', id: 1 }, day: '2026-03-10', minutes: 30 } as const;

const EVENTS = [
  { type: 'week.previous' },
  { type: 'week.next' },
  { type: 'week.this' },
  { type: 'week.reload' },
  monday,
  tuesday,
  { type: 'week.submit' },
  { type: 'week.copy' },
  { type: 'row.add', item: { kind: 'ticket', id: 42 } },
  { type: 'xstate.done.actor.loadWeek', output: sheetWeek() },
  { type: 'xstate.error.actor.loadWeek', error: httpError(0, 'Network Error') },
  { type: 'xstate.done.actor.saveCell', output: sheetWeek() },
  { type: 'xstate.error.actor.saveCell', error: httpError(400, 'A day holds at most 24 hours') },
  { type: 'xstate.done.actor.submitWeek', output: sheetWeek({ status: 'submitted' }) },
  { type: 'xstate.error.actor.submitWeek', error: httpError(409, 'The week of 2026-03-09 is already submitted') },
  { type: 'xstate.done.actor.copyLastWeek', output: { added: 2, week: sheetWeek() } },
  { type: 'xstate.error.actor.copyLastWeek', error: httpError(409, 'The week of 2026-03-09 is approved and locked') },
  { type: 'xstate.done.actor.addRow', output: sheetWeek() },
  { type: 'xstate.error.actor.addRow', error: httpError(400, 'No such ticket') },
];

type Snap = { value: unknown; context: TimesheetContext };
/** States are told apart by what the guards read; the week shown and the view are data. */
const serializeState = (s: Snap) =>
  JSON.stringify([s.value, s.context.queue.length, s.context.saving !== null, Object.values(s.context.pending).some((p) => p.error !== undefined)]);
const paths = transitionPaths(timesheetMachine, { input: manager, events: eventsWhileRunning(EVENTS) as never, serializeState: serializeState as never });

function harness(input: { today: string; manager: boolean }) {
  const controls = {
    loadWeek: controllable<TimesheetWeek, string>('loadWeek'),
    saveCell: controllable<TimesheetWeek>('saveCell'),
    submitWeek: controllable<TimesheetWeek, string>('submitWeek'),
    copyLastWeek: controllable<{ added: number; week: TimesheetWeek }, string>('copyLastWeek'),
    addRow: controllable<TimesheetWeek>('addRow'),
  };
  const machine = timesheetMachine.provide({
    actors: {
      loadWeek: controls.loadWeek.logic,
      saveCell: controls.saveCell.logic as never,
      submitWeek: controls.submitWeek.logic,
      copyLastWeek: controls.copyLastWeek.logic,
      addRow: controls.addRow.logic as never,
      teamWeeks: fromPromise(() => new Promise<never>(() => {})) as never,
    },
  });
  const actor = createActor(machine, { input });
  recordCoverage(actor);
  return { actor, controls };
}

describe('timesheet machine paths', () => {
  it('uses every event on some path', () => expectAllEventsUsed(paths, EVENTS));

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → ')] as const))('path %i: %s', async (i) => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    const { actor, controls } = harness(manager);
    // The submit is sent only once no save is left: checked at every snapshot that enters its sending.
    const submittedWith: unknown[] = [];
    let wasSending = false;
    actor.subscribe((snap) => {
      const sending = snap.matches({ action: { submitting: 'sending' } });
      if (sending && !wasSending) submittedWith.push([snap.context.queue.length, snap.context.saving]);
      wasSending = sending;
    });
    actor.start();
    try {
      await replay(actor, paths[i]!.steps, controls as never);
      const s = actor.getSnapshot();
      expect(serializeState(s)).toBe(serializeState(paths[i]!.state as Snap));
      // One save at a time; a cell waits at most once; nothing waits when nothing is saving.
      if (s.matches({ cells: 'idle' })) expect([s.context.queue, s.context.saving]).toEqual([[], null]);
      const keys = s.context.queue.map((q) => `${q.item.kind}:${q.item.id}:${q.day}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(controls.saveCell.calls.length).toBeLessThanOrEqual(1);
      for (const state of submittedWith) expect(state).toEqual([0, null]);
      // What the person was told matches what happened on the path.
      const steps = paths[i]!.steps.map((st) => st.event.type);
      expect(notices.notices.filter((n) => n.title === 'Week submitted for approval')).toHaveLength(steps.filter((t) => t === 'xstate.done.actor.submitWeek').length);
      expect(notices.notices.filter((n) => n.title === 'Row added')).toHaveLength(steps.filter((t) => t === 'xstate.done.actor.addRow').length);
      expect(notices.notices.filter((n) => n.title.startsWith('Copied 2 row(s)'))).toHaveLength(steps.filter((t) => t === 'xstate.done.actor.copyLastWeek').length);
    } finally {
      actor.stop();
      restore();
    }
  });

  it("an agent's timesheet has no team", () => {
    const { actor } = harness({ today: '2026-03-11', manager: false });
    actor.start();
    expect(actor.getSnapshot().matches({ team: 'none' })).toBe(true);
    expect(actor.getSnapshot().children.team).toBeUndefined();
    actor.stop();
  });
});

describe('timesheet path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'timesheet')!);
});
