/** Paths generated from the overdue machine, replayed on a live actor on simulated time. */
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { OVERDUE_POLL_INTERVAL_MS } from '@contracts/common/constants';
import type { OverdueTicket } from '@contracts/overdue';
import { overdueMachine } from '@/shared/session/overdue.machine';
import * as log from '@/shared/log';
import { controllable, flush, httpError } from '@tests/support/controllable';
import { eventsWhileRunning, expectAllEventsUsed, replay, transitionPaths, itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';
import { overdueTicket } from '@tests/support/staff-session-harness';
import { machineRegistry } from '@/app/machine-registry';

/** The delayed transition's event, as XState names it (`xstate.after.<delay>.<state id>`). */
const AFTER = `xstate.after.POLL_INTERVAL.overdue.polling.waiting`;

const EVENTS = [
  { type: 'xstate.done.actor.checkOverdue', output: [overdueTicket(1)] },
  { type: 'xstate.done.actor.checkOverdue', output: [] },
  { type: 'xstate.error.actor.checkOverdue', error: httpError(500) },
  { type: AFTER },
  { type: 'overdue.refresh' },
  { type: 'overdue.openModal' },
  { type: 'overdue.closeModal' },
];

type Snap = { value: unknown; context: { tickets: OverdueTicket[] } };
const paths = transitionPaths(overdueMachine, {
  input: { userId: '3' },
  events: eventsWhileRunning(EVENTS) as never,
  serializeState: ((s: Snap) => JSON.stringify([s.value, s.context.tickets.length])) as never,
});

describe('overdue machine paths', () => {
  it('uses every event on some path', () => expectAllEventsUsed(paths, EVENTS));

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → ')] as const))('path %i: %s', async (i) => {
    vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const check = controllable<OverdueTicket[], { userId: string }>('checkOverdue');
    const clock = new SimulatedClock();
    const actor = createActor(overdueMachine.provide({ actors: { checkOverdue: check.logic } }), { input: { userId: '3' }, clock });
    recordCoverage(actor);
    actor.start();
    // The delay is replayed by moving the simulated clock, not by sending its event.
    const steps = paths[i]!.steps.map((s) => (s.event.type === AFTER ? { ...s, event: { type: 'xstate.init' } } : s));
    for (const [n, step] of steps.entries()) {
      if (paths[i]!.steps[n]!.event.type === AFTER) {
        clock.increment(OVERDUE_POLL_INTERVAL_MS);
        await flush();
        expect(actor.getSnapshot().value).toEqual(step.state.value);
      } else {
        await replay(actor, [step], { checkOverdue: check as never });
      }
    }
    expect(actor.getSnapshot().context.tickets.length).toBe((paths[i]!.state as Snap).context.tickets.length);
    actor.stop();
  });
});

describe('overdue path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'overdue')!);
});
