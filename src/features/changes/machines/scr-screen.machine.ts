/**
 * One software change request's page: which move's dialog is open, and what happens once a move or
 * a comment is saved. The move and comment forms are children (`submitChild`) that tell this machine
 * how each save ended: a move saved closes its dialog and the SCR loads again (its stage, history and
 * next moves); a move refused keeps the dialog open with each problem beside its field, and a refusal
 * naming no field (the SCR changed since it was read) loads the SCR again so the next try is against
 * what is there now. A comment saved loads the SCR again and starts a fresh comment.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { SCR_STATUS_LABELS, scrNumber, type ChangeView, type ScrStatus } from '@contracts/changes';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { commentMachine, moveMachine, type MoveSubmission } from './changes.machines';

export type ScrScreenContext = {
  /** The SCR's query actor, told to load again after each save. */
  view: AnyActorRef;
  /** The stage the open dialog moves the SCR to. */
  moving: ScrStatus | null;
  /** Comments saved from this page: the comment form starts fresh after each. */
  commented: number;
};
export type ScrScreenEvent =
  | { type: 'move.open'; to: ScrStatus }
  | { type: 'move.close' }
  | { type: 'move.saved'; result: ChangeView }
  | ({ type: 'move.refused' } & SubmitFailure)
  | { type: 'comment.saved'; result: { id: number } }
  | ({ type: 'comment.refused' } & SubmitFailure);

/** What a saved move says: "SCR-42 is under review". */
export const movedNotice = (r: ChangeView, sent: MoveSubmission) =>
  r.status === sent.input.to
    ? `${scrNumber(r.id)} is ${SCR_STATUS_LABELS[r.status].toLowerCase()}`
    : { title: `${scrNumber(r.id)} went to the change-advisory step`, description: 'It is approved once its approvers decide in Approvals.', tone: 'info' as const };

export const scrScreenMachine = setup({
  types: { context: {} as ScrScreenContext, events: {} as ScrScreenEvent, input: {} as { view: AnyActorRef } },
  actors: {
    moveForm: submitChild(moveMachine, { saved: 'move.saved', failed: 'move.refused' }),
    commentForm: submitChild(commentMachine, { saved: 'comment.saved', failed: 'comment.refused' }),
  },
  actions: {
    reloadView: sendTo(({ context }) => context.view, { type: 'query.reload' }),
  },
}).createMachine({
  id: 'scr-screen',
  description: 'A change request’s page: its moves open a dialog of the fields each needs; a saved move or comment loads the SCR again.',
  context: ({ input }) => ({ view: input.view, moving: null, commented: 0 }),
  entry: [
    spawnChild('moveForm', { id: 'moveForm', input: { notices: { saved: movedNotice, failed: 'The change request did not move' } } }),
    spawnChild('commentForm', { id: 'commentForm', input: { notices: { saved: () => 'Comment added', failed: 'The comment was not added' } } }),
  ],
  initial: 'viewing',
  on: {
    'comment.saved': { actions: ['reloadView', assign({ commented: ({ context }) => context.commented + 1 })], description: 'A comment saved: the SCR loads again with it, and the comment form starts fresh.' },
  },
  states: {
    viewing: {
      description: 'The SCR, its history and comments; its allowed moves are buttons.',
      on: {
        'move.open': {
          target: 'moving',
          actions: [assign({ moving: ({ event }) => event.to }), sendTo('moveForm', { type: 'form.reset' })],
          description: 'A move’s button opens its dialog with the fields the chart asks of it, fresh.',
        },
      },
    },
    moving: {
      description: 'A move’s dialog is open; what is typed stays through a refused save.',
      on: {
        'move.close': { target: 'viewing', actions: assign({ moving: null }), description: 'The dialog closes without moving.' },
        'move.saved': { target: 'viewing', actions: ['reloadView', assign({ moving: null })], description: 'Moved: the dialog closes and the SCR loads again at its new stage.' },
        'move.refused': {
          guard: ({ event }) => Object.keys(event.fieldErrors).length === 0,
          actions: 'reloadView',
          description:
            'Refused for no field (it changed since it was read, or the move is not allowed now): the dialog says why and the SCR loads again. Refused for its fields, nothing changes here: each problem shows beside its field.',
        },
      },
    },
  },
});

export type ScrScreenActor = ActorRefFrom<typeof scrScreenMachine>;
type Snapshot = SnapshotFrom<typeof scrScreenMachine>;
export const selectMoveForm = (s: Snapshot) => s.children.moveForm as ActorRefFrom<typeof moveMachine>;
export const selectCommentForm = (s: Snapshot) => s.children.commentForm as ActorRefFrom<typeof commentMachine>;
