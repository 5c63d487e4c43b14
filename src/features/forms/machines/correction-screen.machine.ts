/**
 * The Correction form's screen (docs/adr/0107): which tab shows, which request is open, and what
 * happens once a correction is sent. The form is a child (`submitChild`) that tells this machine how
 * each save ended (the form itself says so): sent, my submissions reload and show, the request closes
 * and the form starts fresh; refused, each problem shows beside its field. The person chooses what to
 * correct: a problem to report, or one of their time entries or punches (picked from the last days'
 * list, shown before → after).
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { RequestView } from '@contracts/approvals';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { submitCorrectionMachine } from './forms.machines';

export const CORRECTION_TABS = ['report', 'mine', 'review'] as const;
export type CorrectionTab = (typeof CORRECTION_TABS)[number];

/** What a correction corrects: a problem reported, a time entry of mine, or a punch of mine. */
export const CORRECTION_KINDS = ['report', 'timeEntry', 'punch'] as const;
export type CorrectionKind = (typeof CORRECTION_KINDS)[number];

export type CorrectionScreenContext = {
  tab: CorrectionTab;
  kind: CorrectionKind;
  /** The time entry picked to correct, if any. */
  entryId: number | null;
  /** The punch picked to correct, if any. */
  punchId: number | null;
  /** The request shown in the dialog, if any. */
  open: number | null;
  /** How many corrections were sent from this screen: the report form starts fresh after each. */
  sent: number;
  /** My submissions (a query actor), loaded again once a correction is sent. */
  mine: AnyActorRef;
};
export type CorrectionScreenEvent =
  | { type: 'tab.select'; tab: CorrectionTab }
  | { type: 'request.open'; id: number }
  | { type: 'request.close' }
  | { type: 'kind.select'; kind: CorrectionKind }
  | { type: 'entry.pick'; id: number }
  | { type: 'punch.pick'; id: number }
  | { type: 'correction.sent'; result: RequestView }
  /** Refused: nothing on the screen changes; the form says why, beside each field, and what was typed stays. */
  | ({ type: 'correction.refused' } & SubmitFailure);

export const correctionScreenMachine = setup({
  types: { context: {} as CorrectionScreenContext, events: {} as CorrectionScreenEvent, input: {} as { mine: AnyActorRef } },
  actors: { form: submitChild(submitCorrectionMachine, { saved: 'correction.sent', failed: 'correction.refused' }) },
}).createMachine({
  id: 'correction-screen',
  description: 'The Correction form: report, my submissions and review; a sent correction moves the screen to my submissions.',
  context: ({ input }) => ({ tab: 'report', kind: 'report', entryId: null, punchId: null, open: null, sent: 0, mine: input.mine }),
  entry: spawnChild('form', {
    id: 'form',
    input: {
      notices: {
        saved: (r: RequestView, sent: { resubmit?: unknown }) => ({ title: sent.resubmit ? 'Correction submitted again' : 'Correction submitted', description: r.waitingOn.length ? `Waiting on ${r.waitingOn.join(', ')}.` : undefined }),
        failed: 'The correction was not submitted',
      },
    },
  }),
  on: {
    'tab.select': { actions: assign({ tab: ({ event }) => event.tab }), description: 'The person picks a tab.' },
    'request.open': { actions: assign({ open: ({ event }) => event.id }), description: 'A submission opens with its details and history.' },
    'request.close': { actions: assign({ open: null }), description: 'The details close.' },
    'kind.select': {
      actions: [assign({ kind: ({ event }) => event.kind, entryId: null, punchId: null }), sendTo('form', { type: 'form.change', field: 'entryId' }), sendTo('form', { type: 'form.change', field: 'punchId' })],
      description: 'The person chooses what to correct: a problem to report, a time entry or a punch of theirs (none picked yet).',
    },
    'entry.pick': {
      actions: [assign({ entryId: ({ event }) => event.id }), sendTo('form', { type: 'form.change', field: 'entryId' })],
      description: 'A time entry is picked: its values show as before, and fill the after fields to change.',
    },
    'punch.pick': {
      actions: [assign({ punchId: ({ event }) => event.id }), sendTo('form', { type: 'form.change', field: 'punchId' })],
      description: 'A punch is picked: its in and out show as before, and fill the corrected in and out to change.',
    },
    'correction.sent': {
      actions: [sendTo(({ context }) => context.mine, { type: 'query.reload' }), assign({ tab: 'mine' as CorrectionTab, open: null, entryId: null, punchId: null, sent: ({ context }) => context.sent + 1 })],
      description: 'Sent (the form says so): my submissions load again and show, the request closes, the form starts fresh.',
    },
  },
});

export type CorrectionScreenActor = ActorRefFrom<typeof correctionScreenMachine>;
type Snapshot = SnapshotFrom<typeof correctionScreenMachine>;
/** The form child, for the report form's fields and errors. */
export const selectForm = (s: Snapshot) => s.children.form as ActorRefFrom<typeof submitCorrectionMachine>;
