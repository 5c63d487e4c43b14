/**
 * What the sales screen machines' tests share: a logged activity, stand-ins that record what a
 * screen machine tells its children, and an activity dialog whose save answers at once.
 */
import { createActor, createMachine, fromPromise, type AnyEventObject } from 'xstate';
import type { Activity } from '@contracts/sales';
import { activityLogMachine } from '@/features/sales/machines/activity-log.machine';

export const activity: Activity = {
  id: 7, kind: 'call', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-23',
  amountCents: null, quoteId: null, quoteNumber: null, channelName: null, notes: '', createdAt: '2026-11-23T10:00:00Z',
};
export const logged = { type: 'activity.logged' as const, activity };

/** Lets a promise the test started settle. */
export const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A child stand-in (a query or a form) that records, under its name, the input it started with and
 * every event it is told: `['started', input]`, then `[event.type, event]`.
 */
export function recorder(told: Array<[string, string, unknown]>, name: string) {
  return createMachine({
    context: ({ input }: { input: unknown }) => {
      told.push([name, 'started', input]);
      return {};
    },
    on: { '*': { actions: ({ event }: { event: AnyEventObject }) => told.push([name, event.type, event]) } },
  });
}

/** The activity dialog, started, whose save answers `activity` (or fails with `error`). */
export function activityDialog(error?: Error) {
  return createActor(activityLogMachine.provide({ actors: { saveActivity: fromPromise(async () => (error ? Promise.reject(error) : activity)) } })).start();
}

/** Opens the dialog and saves a call, then lets the save answer. */
export async function logCall(log: ReturnType<typeof activityDialog>) {
  log.send({ type: 'log.open' });
  log.send({ type: 'log.submit', input: { kind: 'call', companyId: 1, occurredOn: '2026-11-23', notes: '' } });
  await tick();
}
