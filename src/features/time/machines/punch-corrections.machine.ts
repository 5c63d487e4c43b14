/**
 * A manager's forgotten punch-outs on the timeclock (docs/adr/0107): the team's flagged punches
 * and their corrections, a query and a form spawned with `systemId`s. One correction at a time; a
 * refusal shows beside the punch it belongs to; a correction says so (`notify`) and the list
 * loads again without it.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FlaggedPunch } from '@contracts/time';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { correctPunchMachine, flaggedMachine } from './time.machines';

export type PunchCorrectionsContext = {
  punches: FlaggedPunch[] | null;
  loadError: string | null;
  /** The punch being (or last) corrected. */
  punch: FlaggedPunch | null;
  /** Why its correction was refused. */
  failure: (SubmitFailure & { punchId: number }) | null;
};
export type PunchCorrectionsEvent =
  | { type: 'punch.correct'; punch: FlaggedPunch; punchedOutAt: string }
  | { type: 'punches.loaded'; data: FlaggedPunch[] }
  | { type: 'punches.loadFailed'; error: string }
  | { type: 'punch.corrected'; result: unknown }
  | ({ type: 'punch.correctFailed' } & SubmitFailure);

export const punchCorrectionsMachine = setup({
  types: { context: {} as PunchCorrectionsContext, events: {} as PunchCorrectionsEvent },
  actors: {
    punches: queryChild(flaggedMachine, { loaded: 'punches.loaded', failed: 'punches.loadFailed' }),
    correction: submitChild(correctPunchMachine, { saved: 'punch.corrected', failed: 'punch.correctFailed' }),
  },
  actions: { ...notifyActions },
}).createMachine({
  id: 'punchCorrections',
  description: "A manager's forgotten punch-outs of the team, corrected one at a time.",
  context: { punches: null, loadError: null, punch: null, failure: null },
  entry: [
    spawnChild('punches', { id: 'punches', systemId: 'punchCorrections.punches', input: {} }),
    spawnChild('correction', { id: 'correction', systemId: 'punchCorrections.correction', input: {} }),
  ],
  on: {
    'punches.loaded': { actions: assign({ punches: ({ event }) => event.data, loadError: null }), description: 'The flagged punches not corrected yet.' },
    'punches.loadFailed': { actions: assign({ loadError: ({ event }) => event.error }), description: 'The list says why it could not be loaded.' },
  },
  initial: 'idle',
  states: {
    idle: {
      description: 'Every correction is ready.',
      on: {
        'punch.correct': {
          target: 'correcting',
          actions: [
            assign({ punch: ({ event }) => event.punch, failure: null }),
            sendTo('correction', ({ event }) => ({ type: 'form.submit', input: { id: event.punch.id, punched_out_at: event.punchedOutAt } })),
          ],
        },
      },
    },
    correcting: {
      description: 'A correction is being saved; the others wait.',
      tags: ['busy'],
      on: {
        'punch.corrected': {
          target: 'idle',
          actions: [{ type: 'notify', params: ({ context }) => ({ tone: 'success', title: `Punch of ${context.punch!.name} corrected` }) }, sendTo('punches', { type: 'query.reload' })],
          description: 'Corrected: it says so and the list loads again without it.',
        },
        'punch.correctFailed': {
          target: 'idle',
          actions: assign({ failure: ({ context, event }) => ({ punchId: context.punch!.id, error: event.error, fieldErrors: event.fieldErrors }) }),
          description: 'Refused: the reason shows beside that punch, and what was typed stays.',
        },
      },
    },
  },
});

// Selectors: what the timeclock's manager card reads.

export type PunchCorrectionsActor = ActorRefFrom<typeof punchCorrectionsMachine>;
type S = SnapshotFrom<typeof punchCorrectionsMachine>;
export const selectPunches = (s: S) => s.context.punches;
export const selectPunchesError = (s: S) => s.context.loadError;
export const selectCorrecting = (s: S) => s.hasTag('busy');
/** Why the correction of a punch was refused (the field's message first), or undefined. */
export const selectFailureOf = (punchId: number) => (s: S) =>
  s.context.failure?.punchId === punchId ? (s.context.failure.fieldErrors.punched_out_at ?? s.context.failure.error) : undefined;
