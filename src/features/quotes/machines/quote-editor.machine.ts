/**
 * The quote editor: a draft autosaves to the server a moment after the last change (editing ⇄
 * saving → saved), a failed save keeps everything and tries again later (failed, retrying with a
 * growing pause), and until the server has it the draft also waits in local storage. Sending
 * sends the version on screen: asked while changes are unsaved or a save is on its way, it waits
 * for the save to settle and sends the version that save made. A sent or decided quote is
 * read-only; "Revise" makes the next revision (revising → revised).
 */
import { and, assertEvent, assign, fromPromise, setup } from 'xstate';
import { QUOTE_LIMITS, type QuoteView } from '@contracts/quotes';
import { toApiError } from '@/shared/http/http';
import { quotesApi } from '../api';
import { draftFromView, draftToInput, emptyDraft, type DraftForm, type DraftStash } from './draft';

export type QuoteEditorInput = { id: number | null; stash: DraftStash; type?: DraftForm['type'] };
export type QuoteEditorContext = {
  id: number | null;
  draft: DraftForm;
  view: QuoteView | null;
  /** The server's version of the draft the last save started from. */
  version: number | null;
  lastSavedAt: string | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** Failed saves in a row (the pause before the next try doubles with each). */
  attempts: number;
  /** A change arrived while a save was on its way: save again after it. */
  editedDuringSave: boolean;
  /** Send was asked for before the server had every change: send once the save settles. */
  sendAfterSave: boolean;
  stash: DraftStash;
  /** The local copy found when the editor opened (read once, so the chart stays deterministic). */
  restored: { draft: DraftForm; baseVersion: number | null } | null;
  revisedId: number | null;
};
export type QuoteEditorEvent =
  | { type: 'draft.edit'; draft: DraftForm }
  | { type: 'draft.saveNow' }
  | { type: 'quote.send' }
  | { type: 'quote.revise' }
  | { type: 'quote.reload' };

type SaveInput = { id: number | null; draft: DraftForm; baseVersion: number | null };
type SendInput = { id: number; version: number };

export const retryDelayMs = (attempts: number) => Math.min(QUOTE_LIMITS.retryBaseMs * 2 ** Math.max(0, attempts - 1), QUOTE_LIMITS.retryMaxMs);

const viewResult = ({ context }: { context: QuoteEditorContext }, view: QuoteView) => ({
  view,
  id: view.quote.id,
  version: view.quote.version,
  lastSavedAt: view.quote.updatedAt,
  error: null,
  fieldErrors: {},
  draft: context.draft,
});

export const quoteEditorMachine = setup({
  types: { context: {} as QuoteEditorContext, events: {} as QuoteEditorEvent, input: {} as QuoteEditorInput },
  actors: {
    load: fromPromise<QuoteView, number>(({ input }) => quotesApi.view(input)),
    save: fromPromise<QuoteView, SaveInput>(({ input }) => {
      const draft = draftToInput(input.draft);
      return input.id === null ? quotesApi.create(draft) : quotesApi.save(input.id, { ...draft, ...(input.baseVersion ? { baseVersion: input.baseVersion } : {}) });
    }),
    send: fromPromise<QuoteView, SendInput>(({ input }) => quotesApi.send(input.id, input.version)),
    revise: fromPromise<QuoteView, number>(({ input }) => quotesApi.revise(input)),
  },
  delays: {
    debounce: QUOTE_LIMITS.autosaveDebounceMs,
    retry: ({ context }) => retryDelayMs(context.attempts),
  },
  guards: {
    hasId: ({ context }) => context.id !== null,
    hasStash: ({ context }) => context.restored !== null,
    editedDuringSave: ({ context }) => context.editedDuringSave,
    sendAfterSave: ({ context }) => context.sendAfterSave,
    isConflict: ({ event }) => toApiError((event as { error?: unknown }).error).status === 409,
    loadedReadOnly: ({ event }) => (event as unknown as { output: QuoteView }).output.readOnly,
    /** The copy in local storage was made from the version the server still has: it is newer. */
    stashIsNewer: ({ context, event }) => {
      const stash = context.restored;
      return stash !== null && stash.baseVersion === (event as unknown as { output: QuoteView }).output.quote.version;
    },
  },
  actions: {
    takeEdit: assign(({ context, event }) => {
      assertEvent(event, 'draft.edit');
      context.stash.write(event.draft, context.version);
      return { draft: event.draft };
    }),
    restoreStash: assign(({ context }) => ({ draft: context.restored?.draft ?? context.draft, restored: null })),
    clearStash: assign(({ context }) => {
      context.stash.clear();
      return { restored: null };
    }),
    queueSend: assign({ sendAfterSave: true }),
    dropQueuedSend: assign({ sendAfterSave: false }),
  },
}).createMachine({
  id: 'quoteEditor',
  description: 'The quote editor: autosaving drafts, retries, read-only sent quotes and revisions.',
  context: ({ input }) => ({
    id: input.id,
    draft: emptyDraft(input.type),
    view: null,
    version: null,
    lastSavedAt: null,
    error: null,
    fieldErrors: {},
    attempts: 0,
    editedDuringSave: false,
    sendAfterSave: false,
    stash: input.stash,
    restored: input.stash.read(),
    revisedId: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'A quote to open, or a new one (restoring a draft the server never got).',
      always: [{ guard: 'hasId', target: 'loading' }, { guard: 'hasStash', target: 'editing.pending', actions: 'restoreStash' }, { target: 'editing' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }) => context.id!,
        onDone: [
          { guard: 'loadedReadOnly', target: 'readOnly', actions: [assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), version: event.output.quote.version })), 'clearStash'] },
          {
            guard: 'stashIsNewer',
            target: 'editing.pending',
            actions: [assign(({ event }) => ({ view: event.output, version: event.output.quote.version, lastSavedAt: event.output.quote.updatedAt })), 'restoreStash'],
          },
          {
            target: 'saved',
            actions: [assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), version: event.output.quote.version, lastSavedAt: event.output.quote.updatedAt })), 'clearStash'],
          },
        ],
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: toApiError(event.error).message })) },
      },
    },
    loadFailed: {
      description: 'The quote could not be loaded (missing, or the network).',
      on: { 'quote.reload': 'loading' },
    },
    editing: {
      description: 'Changes not saved yet; a save starts a moment after the last one.',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing typed yet.' },
        pending: { tags: ['unsaved'], after: { debounce: '#quoteEditor.saving' } },
      },
      on: {
        'draft.edit': { target: '.pending', reenter: true, actions: 'takeEdit' },
        'draft.saveNow': 'saving',
        'quote.send': { target: 'saving', actions: 'queueSend', description: 'Unsaved changes are saved at once; the send follows the save.' },
      },
    },
    saving: {
      description: 'The draft is on its way to the server; typing goes on.',
      tags: ['busy', 'unsaved'],
      entry: assign({ editedDuringSave: false }),
      invoke: {
        src: 'save',
        input: ({ context }) => ({ id: context.id, draft: context.draft, baseVersion: context.version }),
        onDone: [
          {
            guard: and(['editedDuringSave', 'sendAfterSave']),
            target: 'saving',
            reenter: true,
            actions: assign(({ context, event }) => ({ ...viewResult({ context }, event.output), attempts: 0 })),
            description: 'A send waits for the changes typed during this save: they are saved at once.',
          },
          { guard: 'editedDuringSave', target: 'editing.pending', actions: assign(({ context, event }) => ({ ...viewResult({ context }, event.output), attempts: 0 })) },
          {
            guard: 'sendAfterSave',
            target: 'sending',
            actions: [assign(({ context, event }) => ({ ...viewResult({ context }, event.output), attempts: 0 })), 'clearStash'],
            description: 'The server has every change: send the version this save made.',
          },
          { target: 'saved', actions: [assign(({ context, event }) => ({ ...viewResult({ context }, event.output), attempts: 0 })), 'clearStash'] },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: [assign(({ event }) => ({ error: toApiError(event.error).message })), 'dropQueuedSend'] },
          {
            target: 'failed',
            description: 'A failed save also cancels a send waiting for it; the form says why.',
            actions: [
              assign(({ context, event }) => {
                const e = toApiError(event.error);
                return { error: e.message, fieldErrors: e.fields ?? {}, attempts: context.attempts + 1 };
              }),
              'dropQueuedSend',
            ],
          },
        ],
      },
      on: {
        'draft.edit': { actions: ['takeEdit', assign({ editedDuringSave: true })] },
        'quote.send': { actions: 'queueSend', description: 'Never sent while a save is on its way: the send waits for it.' },
      },
    },
    saved: {
      description: 'The server has every change; the form says when it last saved.',
      tags: ['saved'],
      on: {
        'draft.edit': { target: 'editing.pending', actions: 'takeEdit' },
        'draft.saveNow': 'saving',
        'quote.send': 'sending',
      },
    },
    failed: {
      description: 'The last save failed: everything typed is kept (and in local storage); it tries again after a growing pause.',
      tags: ['unsaved'],
      after: { retry: 'saving' },
      on: {
        'draft.edit': { actions: 'takeEdit' },
        'draft.saveNow': 'saving',
        'quote.send': { target: 'saving', actions: 'queueSend', description: 'Save again now; the send follows the save.' },
      },
    },
    conflict: {
      description: 'The quote was sent or saved elsewhere: the local copy stays in storage; reload to see the server.',
      tags: ['unsaved'],
      on: { 'quote.reload': { target: 'loading', actions: 'clearStash' } },
    },
    sending: {
      description: 'The version on screen (the saved one) is on its way to the client.',
      tags: ['busy'],
      entry: 'dropQueuedSend',
      invoke: {
        src: 'send',
        input: ({ context }) => ({ id: context.id!, version: context.version! }),
        onDone: { target: 'readOnly', actions: assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), error: null, fieldErrors: {} })) },
        onError: [
          {
            guard: 'isConflict',
            target: 'conflict',
            actions: assign(({ event }) => ({ error: toApiError(event.error).message })),
            description: 'Saved or sent elsewhere since this version: nothing was sent; reload to see the server.',
          },
          {
            target: 'saved',
            actions: assign(({ event }) => {
              const e = toApiError(event.error);
              return { error: e.message, fieldErrors: e.fields ?? {} };
            }),
          },
        ],
      },
    },
    readOnly: {
      description: 'Sent, decided or replaced by a newer revision: shown, not edited.',
      tags: ['readOnly'],
      on: { 'quote.revise': 'revising', 'quote.reload': 'loading' },
    },
    revising: {
      tags: ['busy', 'readOnly'],
      invoke: {
        src: 'revise',
        input: ({ context }) => context.id!,
        onDone: { target: 'revised', actions: assign(({ event }) => ({ revisedId: event.output.quote.id })) },
        onError: { target: 'readOnly', actions: assign(({ event }) => ({ error: toApiError(event.error).message })) },
      },
    },
    revised: {
      description: 'The next revision exists; the screen opens it.',
      type: 'final',
    },
  },
});
