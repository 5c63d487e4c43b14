/**
 * The QA queue's screen: which item is open, and what happens once an item is taken or its result
 * recorded. The item's query is a child started when an item opens; the take and result forms are
 * children (`submitChild`) that tell this machine how each save ended. Taken: the item opens (or
 * loads again) with its new run, the queue loads again. A result recorded: the item, the queue and
 * the figures load again. A refusal naming no field (someone else took it first, it changed since it
 * was read) loads the item and the queue again so what shows is what is there now. Evidence files
 * chosen for the open item go through the one upload path; once attached the item loads again with
 * them and the chosen list empties; a refused file is named beside the control.
 */
import { assign, enqueueActions, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { QaItemView } from '@contracts/quality';
import type { FileDownloadActor } from '@/shared/machines/file-download.machine';
import { fileListMachine, type FileListActor } from '@/shared/machines/file-list.machine';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import type { ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { caseResultMachine, evidenceDownloadsMachine, evidenceMachine, evidenceThumbnailsMachine, qaItemMachine, resultMachine, runCaseMachine, takeMachine } from './quality.machines';

export type QaScreenContext = {
  /** The queue's and the figures' query actors, told to load again after each save. */
  queue: AnyActorRef;
  figures: AnyActorRef;
  /** The item open in the panel. */
  open: number | null;
  /** Results recorded from this screen: the result form starts fresh after each. */
  recorded: number;
};
export type QaScreenEvent =
  | { type: 'item.open'; id: number }
  | { type: 'item.close' }
  | { type: 'take.saved'; result: QaItemView }
  | ({ type: 'take.refused' } & SubmitFailure)
  | { type: 'result.saved'; result: QaItemView }
  | ({ type: 'result.refused' } & SubmitFailure)
  | { type: 'cases.saved'; result: QaItemView }
  | ({ type: 'cases.refused' } & SubmitFailure)
  | { type: 'evidence.upload'; files: readonly File[] }
  | { type: 'evidence.saved'; result: unknown }
  | ({ type: 'evidence.refused' } & SubmitFailure)
  | { type: 'item.loaded'; data: QaItemView }
  | { type: 'attachment.download'; file: { id: number; name: string } }
  | { type: 'attachment.view'; file: { id: number; name: string } }
  | { type: 'attachment.close' };

const RESULT_NOTICES = { pass: 'Passed', fail: 'Failed: it goes back to development with your notes', blocked: 'Blocked: the item waits until it can be tested' } as const;

export const qaScreenMachine = setup({
  types: { context: {} as QaScreenContext, events: {} as QaScreenEvent, input: {} as { queue: AnyActorRef; figures: AnyActorRef; open?: number | null } },
  actors: {
    /** The open item's query; each load is told to this machine (its evidence's thumbnails are fetched then). */
    item: queryChild(qaItemMachine, { loaded: 'item.loaded', failed: 'item.failed' }),
    takeForm: submitChild(takeMachine, { saved: 'take.saved', failed: 'take.refused' }),
    resultForm: submitChild(resultMachine, { saved: 'result.saved', failed: 'result.refused' }),
    /** The run's cases: one added or taken out, and a case's result (QaRunCases.tsx). */
    runCaseForm: submitChild(runCaseMachine, { saved: 'cases.saved', failed: 'cases.refused' }),
    caseResultForm: submitChild(caseResultMachine, { saved: 'cases.saved', failed: 'cases.refused' }),
    /** The evidence files chosen for the open item, then their upload. */
    evidenceFiles: fileListMachine,
    evidenceForm: submitChild(evidenceMachine, { saved: 'evidence.saved', failed: 'evidence.refused' }),
    downloads: evidenceDownloadsMachine,
    thumbnails: evidenceThumbnailsMachine,
  },
  actions: {
    reloadQueue: sendTo(({ context }) => context.queue, { type: 'query.reload' }),
    reloadFigures: sendTo(({ context }) => context.figures, { type: 'query.reload' }),
    reloadItem: sendTo('item', { type: 'query.reload' }),
    openItem: enqueueActions(({ enqueue, context }) => {
      enqueue.stopChild('item');
      enqueue.spawnChild('item', { id: 'item', input: { query: context.open! } });
    }),
  },
  guards: {
    hasOpen: ({ context }) => context.open !== null,
    isOtherItem: ({ context, event }) => event.type === 'take.saved' && event.result.id !== context.open,
    namesNoField: ({ event }) => (event.type === 'take.refused' || event.type === 'result.refused' || event.type === 'cases.refused') && Object.keys(event.fieldErrors).length === 0,
  },
}).createMachine({
  id: 'qa-screen',
  description: 'The QA queue: an item opens with its runs; taking it starts a run, a result is recorded with notes; queue, item and figures load again after each.',
  context: ({ input }) => ({ queue: input.queue, figures: input.figures, open: input.open ?? null, recorded: 0 }),
  entry: [
    spawnChild('takeForm', { id: 'takeForm', input: { notices: { saved: (r: QaItemView) => `You are testing “${r.title}”`, failed: 'The item was not taken' } } }),
    spawnChild('resultForm', {
      id: 'resultForm',
      input: { notices: { saved: (_r: QaItemView, sent: { input: { result: keyof typeof RESULT_NOTICES } }) => RESULT_NOTICES[sent.input.result], failed: 'The result was not recorded' } },
    }),
    spawnChild('runCaseForm', { id: 'runCaseForm', input: { notices: { failed: 'The run’s cases were not changed' } } }),
    spawnChild('caseResultForm', { id: 'caseResultForm', input: { notices: { saved: () => 'Case recorded', failed: 'The case was not recorded' } } }),
    spawnChild('evidenceFiles', { id: 'evidenceFiles' }),
    spawnChild('evidenceForm', { id: 'evidenceForm', input: { notices: { saved: () => 'Evidence attached', failed: 'The evidence was not attached' } } }),
    spawnChild('downloads', { id: 'downloads' }),
    spawnChild('thumbnails', { id: 'thumbnails' }),
  ],
  on: {
    'attachment.download': {
      description: 'An evidence file is fetched with the session and offered as a download.',
      actions: sendTo('downloads', ({ context, event }) => ({ type: 'file.download' as const, file: { recordId: context.open ?? 0, id: event.file.id, name: event.file.name } })),
    },
    'attachment.view': {
      description: 'An evidence image opens in the viewer.',
      actions: sendTo('downloads', ({ context, event }) => ({ type: 'file.view' as const, file: { recordId: context.open ?? 0, id: event.file.id, name: event.file.name } })),
    },
    'attachment.close': { description: 'The image viewer closes.', actions: sendTo('downloads', { type: 'file.close' as const }) },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Opens the item the address names (a link from a change request), or the queue alone.',
      always: [{ guard: 'hasOpen', target: 'open', actions: 'openItem' }, { target: 'browsing' }],
    },
    browsing: {
      description: 'The queue and the figures; no item is open.',
      on: {
        'item.open': { target: 'open', actions: [assign({ open: ({ event }) => event.id }), 'openItem'], description: 'An item of the queue opens with its runs.' },
        'take.saved': { target: 'open', actions: [assign({ open: ({ event }) => event.result.id }), 'openItem', 'reloadQueue'], description: 'Taken from the queue: the item opens with its new run, the queue loads again.' },
        'take.refused': { guard: 'namesNoField', actions: 'reloadQueue', description: 'Someone took it first, or it changed: the queue loads again.' },
      },
    },
    open: {
      description: 'An item is open with its runs, to take it or record the result of its run.',
      on: {
        'item.open': { target: 'open', reenter: true, actions: [assign({ open: ({ event }) => event.id }), 'openItem'], description: 'Another item opens instead.' },
        'item.close': { target: 'browsing', actions: [stopChild('item'), assign({ open: null }), sendTo('evidenceFiles', { type: 'files.clear' })], description: 'The item closes; files chosen for it are dropped.' },
        'evidence.upload': {
          description: 'The chosen evidence files are sent to the open item through the one upload path.',
          actions: sendTo('evidenceForm', ({ context, event }) => ({ type: 'form.submit' as const, input: { id: context.open!, files: event.files } })),
        },
        'evidence.saved': { actions: ['reloadItem', sendTo('evidenceFiles', { type: 'files.clear' })], description: 'Attached: the item loads again with its evidence, and the chosen list empties.' },
        'item.loaded': {
          description: 'The item loaded: its evidence images get their thumbnails, fetched once each.',
          actions: sendTo('thumbnails', ({ event }) => ({ type: 'thumbnails.show' as const, files: event.data.evidence.filter((e) => e.image).map((e) => ({ recordId: event.data.id, id: e.id })) })),
        },
        'take.saved': [
          { guard: 'isOtherItem', actions: [assign({ open: ({ event }) => event.result.id }), 'openItem', 'reloadQueue'], description: 'Another item was taken from the queue: it opens instead.' },
          { actions: ['reloadItem', 'reloadQueue'], description: 'Taken: the item loads again with its new run, the queue too.' },
        ],
        'take.refused': { guard: 'namesNoField', actions: ['reloadItem', 'reloadQueue'], description: 'Someone took it first, or it changed: the item and the queue load again.' },
        'result.saved': {
          actions: ['reloadItem', 'reloadQueue', 'reloadFigures', assign({ recorded: ({ context }) => context.recorded + 1 })],
          description: 'The result is recorded: the item, the queue and the figures load again; the result form starts fresh.',
        },
        'cases.saved': { actions: 'reloadItem', description: 'A case joined or left the run, or got its result: the item loads again.' },
        'cases.refused': { guard: 'namesNoField', actions: 'reloadItem', description: 'It changed since it was read: the item loads again; what was typed stays.' },
        'result.refused': { guard: 'namesNoField', actions: ['reloadItem', 'reloadQueue'], description: 'Not taken, or it changed since it was read: the item and the queue load again; the notes stay.' },
      },
    },
  },
});

export type QaScreenActor = ActorRefFrom<typeof qaScreenMachine>;
type Snapshot = SnapshotFrom<typeof qaScreenMachine>;
export const selectItem = (s: Snapshot) => s.children.item as ActorRefFrom<typeof qaItemMachine> | undefined;
export const selectTakeForm = (s: Snapshot) => s.children.takeForm as ActorRefFrom<typeof takeMachine>;
export const selectResultForm = (s: Snapshot) => s.children.resultForm as ActorRefFrom<typeof resultMachine>;
export const selectRunCaseForm = (s: Snapshot) => s.children.runCaseForm as ActorRefFrom<typeof runCaseMachine>;
export const selectCaseResultForm = (s: Snapshot) => s.children.caseResultForm as ActorRefFrom<typeof caseResultMachine>;
export const selectEvidenceFiles = (s: Snapshot) => s.children.evidenceFiles as FileListActor | undefined;
export const selectEvidenceForm = (s: Snapshot) => s.children.evidenceForm as ActorRefFrom<typeof evidenceMachine>;
export const selectDownloads = (s: Snapshot) => s.children.downloads as FileDownloadActor | undefined;
export const selectThumbnailsOf = (s: Snapshot) => s.children.thumbnails as ThumbnailsActor | undefined;
