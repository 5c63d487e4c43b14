/**
 * One software change request's page: which move's dialog is open, and what happens once a move or
 * a comment is saved. The move and comment forms are children (`submitChild`) that tell this machine
 * how each save ended: a move saved closes its dialog and the SCR loads again (its stage, history and
 * next moves); a move refused keeps the dialog open with each problem beside its field, and a refusal
 * naming no field (the SCR changed since it was read) loads the SCR again so the next try is against
 * what is there now. A comment saved loads the SCR again and starts a fresh comment. Files chosen
 * for the SCR go through the one upload path; once attached, the SCR loads again with them and the
 * chosen list empties; a refused file is named beside the control and the choice stays. A manager's
 * after-the-fact review of an emergency change opens its own dialog and, once saved, loads the SCR again.
 */
import { assign, fromCallback, sendTo, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { SCR_STATUS_LABELS, scrNumber, type ChangeView, type ScrStatus } from '@contracts/changes';
import type { FileDownloadActor } from '@/shared/machines/file-download.machine';
import { fileListMachine, type FileListActor } from '@/shared/machines/file-list.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import type { ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { attachMachine, commentMachine, moveMachine, reviewMachine, scrDownloadsMachine, scrThumbnailsMachine, type MoveSubmission } from './changes.machines';

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
  | { type: 'review.open' }
  | { type: 'review.close' }
  | { type: 'review.saved'; result: ChangeView }
  | ({ type: 'review.refused' } & SubmitFailure)
  | { type: 'comment.saved'; result: { id: number } }
  | ({ type: 'comment.refused' } & SubmitFailure)
  | { type: 'files.upload'; id: number; files: readonly File[] }
  | { type: 'files.saved'; result: unknown }
  | ({ type: 'files.refused' } & SubmitFailure)
  | { type: 'scr.loaded'; scr: ChangeView }
  | { type: 'attachment.download'; id: number; file: { id: number; name: string } }
  | { type: 'attachment.view'; id: number; file: { id: number; name: string } }
  | { type: 'attachment.close' };

/** What a saved move says: "SCR-42 is under review". */
export const movedNotice = (r: ChangeView, sent: MoveSubmission) =>
  r.status === sent.input.to
    ? `${scrNumber(r.id)} is ${SCR_STATUS_LABELS[r.status].toLowerCase()}`
    : { title: `${scrNumber(r.id)} went to the change-advisory step`, description: 'It is approved once its approvers decide in Approvals.', tone: 'info' as const };

export const scrScreenMachine = setup({
  types: { context: {} as ScrScreenContext, events: {} as ScrScreenEvent, input: {} as { view: AnyActorRef } },
  actors: {
    moveForm: submitChild(moveMachine, { saved: 'move.saved', failed: 'move.refused' }),
    reviewForm: submitChild(reviewMachine, { saved: 'review.saved', failed: 'review.refused' }),
    commentForm: submitChild(commentMachine, { saved: 'comment.saved', failed: 'comment.refused' }),
    /** The files chosen for the SCR, then their upload. */
    files: fileListMachine,
    attachForm: submitChild(attachMachine, { saved: 'files.saved', failed: 'files.refused' }),
    downloads: scrDownloadsMachine,
    thumbnails: scrThumbnailsMachine,
    /** Tells this machine each SCR the page's query loads (its files among it). */
    watchView: fromCallback<EventObject, AnyActorRef>(({ input, sendBack }) => {
      let last: unknown;
      const hear = (snapshot: { context?: { data?: ChangeView } }) => {
        const scr = snapshot.context?.data;
        if (scr && scr !== last) sendBack({ type: 'scr.loaded', scr });
        last = scr;
      };
      hear(input.getSnapshot() as { context?: { data?: ChangeView } });
      const subscription = input.subscribe(hear);
      return () => subscription.unsubscribe();
    }),
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
    spawnChild('reviewForm', { id: 'reviewForm', input: { notices: { saved: (r: ChangeView) => `${scrNumber(r.id)} is reviewed`, failed: 'The review was not saved' } } }),
    spawnChild('commentForm', { id: 'commentForm', input: { notices: { saved: () => 'Comment added', failed: 'The comment was not added' } } }),
    spawnChild('files', { id: 'files' }),
    spawnChild('attachForm', { id: 'attachForm', input: { notices: { saved: (_r: unknown, sent: { files: readonly File[] }) => (sent.files.length === 1 ? 'File attached' : `${sent.files.length} files attached`), failed: 'The files were not attached' } } }),
    spawnChild('downloads', { id: 'downloads' }),
    spawnChild('thumbnails', { id: 'thumbnails' }),
  ],
  // Hears each load of the SCR (its files among it).
  invoke: { src: 'watchView', input: ({ context }) => context.view },
  initial: 'viewing',
  on: {
    'comment.saved': { actions: ['reloadView', assign({ commented: ({ context }) => context.commented + 1 })], description: 'A comment saved: the SCR loads again with it, and the comment form starts fresh.' },
    'files.upload': {
      description: 'The chosen files (the file list child’s) are sent to the SCR through the one upload path.',
      actions: sendTo('attachForm', ({ event }) => ({ type: 'form.submit' as const, input: { id: event.id, files: event.files } })),
    },
    'files.saved': { actions: ['reloadView', sendTo('files', { type: 'files.clear' })], description: 'Attached: the SCR loads again with its files, and the chosen list empties.' },
    'scr.loaded': {
      description: 'The SCR loaded: its images get their thumbnails, fetched once each.',
      actions: sendTo('thumbnails', ({ event }) => ({
        type: 'thumbnails.show' as const,
        files: event.scr.attachments.filter((a) => a.image).map((a) => ({ recordId: event.scr.id, id: a.id })),
      })),
    },
    'attachment.download': {
      description: 'A file is fetched with the session and offered as a download.',
      actions: sendTo('downloads', ({ event }) => ({ type: 'file.download' as const, file: { recordId: event.id, id: event.file.id, name: event.file.name } })),
    },
    'attachment.view': {
      description: 'An image opens in the viewer.',
      actions: sendTo('downloads', ({ event }) => ({ type: 'file.view' as const, file: { recordId: event.id, id: event.file.id, name: event.file.name } })),
    },
    'attachment.close': { description: 'The image viewer closes.', actions: sendTo('downloads', { type: 'file.close' as const }) },
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
        'review.open': { target: 'reviewing', actions: sendTo('reviewForm', { type: 'form.reset' }), description: 'A manager opens the review of an emergency change, fresh.' },
      },
    },
    reviewing: {
      description: 'The review dialog is open; the notes typed stay through a refused save.',
      on: {
        'review.close': { target: 'viewing', description: 'The dialog closes without a review.' },
        'review.saved': { target: 'viewing', actions: 'reloadView', description: 'Reviewed: the dialog closes and the SCR loads again without its badge.' },
        'review.refused': {
          guard: ({ event }) => Object.keys(event.fieldErrors).length === 0,
          actions: 'reloadView',
          description: 'Refused for no field (changed since it was read, or reviewed already): the dialog says why and the SCR loads again.',
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
export const selectReviewForm = (s: Snapshot) => s.children.reviewForm as ActorRefFrom<typeof reviewMachine>;
export const selectCommentForm = (s: Snapshot) => s.children.commentForm as ActorRefFrom<typeof commentMachine>;
export const selectFiles = (s: Snapshot) => s.children.files as FileListActor | undefined;
export const selectAttachForm = (s: Snapshot) => s.children.attachForm as ActorRefFrom<typeof attachMachine>;
export const selectDownloads = (s: Snapshot) => s.children.downloads as FileDownloadActor | undefined;
export const selectThumbnailsOf = (s: Snapshot) => s.children.thumbnails as ThumbnailsActor | undefined;
