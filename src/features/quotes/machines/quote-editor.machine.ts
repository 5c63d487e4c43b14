/**
 * The quote editor: a draft autosaves to the server a moment after the last change (editing ⇄
 * saving → saved), a failed save keeps everything and tries again later (failed, retrying with a
 * growing pause), and until the server has it the draft also waits in local storage. Sending
 * sends the version on screen: asked while changes are unsaved or a save is on its way, it waits
 * for the save to settle and sends the version that save made. A sent or decided quote is
 * read-only; "Revise" makes the next revision (revising → revised).
 *
 * The machine owns the whole screen: its service calls are its children (the quote's load, save,
 * send and revise, invoked by the states that wait for them, and the downloads child it spawns
 * with a system id), it says what the person is told (`notify`),
 * it keeps what the catalog picker holds, and which field has the focus, so that the screen of the
 * quote's new address (a new quote gets /quote/edit/{id} from its first save) gives it back.
 */
import { and, assertEvent, assign, fromPromise, not, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { QUOTE_LIMITS, UNNUMBERED_QUOTE, isNumbered, quoteMail, totalsOf, type QuoteView } from '@contracts/quotes';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { pickerApi, quotesApi } from '../api';
import { downloads, type DownloadEvent } from './downloads';
import { catalogLine, draftFromView, draftToInput, emptyDraft, withLineAdded, type DraftForm, type DraftStash, type PickedItem } from './draft';

export type QuoteEditorInput = { id: number | null; stash: DraftStash; type?: DraftForm['type'] };
/** A contact of the quote's company, as the contact picker offers it. */
export type CompanyContact = { id: number; name: string; email: string };
/** The contacts of the company picked on the quote (none while no company is picked). */
export const quoteContactsMachine = createQueryMachine('quoteContacts', (companyId: number | null): Promise<CompanyContact[]> =>
  companyId === null ? Promise.resolve([]) : pickerApi.contacts(companyId),
);
/** What the editor asks the person to confirm in a dialog: the mail of a send, or discarding the draft. */
export type Confirming = 'send' | 'discard' | null;
export type QuoteEditorContext = {
  id: number | null;
  /** The child that fetches and offers the PDF. */
  downloads: ActorRefFrom<typeof downloads>;
  /** The child that loads the contacts of the picked company. */
  contacts: ActorRefFrom<typeof quoteContactsMachine>;
  /** The person saved explicitly (Save now): the save keeps the draft, which gives it its number. */
  keep: boolean;
  /** The dialog on screen: the mail about to be sent, or discarding the draft. */
  confirming: Confirming;
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
  /** The field that has the focus (by its name on screen). */
  focused: string | null;
  /** The field to give the focus when the screen mounts again (at the quote's new address); cleared once it has it. */
  focusOnMount: string | null;
  /** What is typed in the catalog picker (not part of the draft; it moves with the screen too). */
  catalogSearch: string;
  /** Counts the items picked: the picker starts empty again after each. */
  pickerRound: number;
  /** The PDF is being fetched. */
  pdfBusy: boolean;
};
export type QuoteEditorEvent =
  | { type: 'draft.edit'; draft: DraftForm }
  | { type: 'draft.saveNow' }
  | { type: 'company.pick'; id: number; name: string }
  | { type: 'contact.pick'; name: string; email: string }
  | { type: 'send.review' }
  | { type: 'discard.ask' }
  | { type: 'confirm.cancel' }
  | { type: 'discard.confirm' }
  | { type: 'quote.send' }
  | { type: 'quote.revise' }
  | { type: 'quote.reload' }
  | { type: 'quote.downloadPdf' }
  | { type: 'catalog.pick'; item: PickedItem }
  | { type: 'catalog.search'; text: string }
  | { type: 'field.focus'; field: string }
  | DownloadEvent;

/** `keep`: an explicit save, which numbers a new draft (an autosave does not). */
type SaveInput = { id: number | null; draft: DraftForm; baseVersion: number | null; keep?: boolean };
type SendInput = { id: number; version: number };

export const retryDelayMs = (attempts: number) => Math.min(QUOTE_LIMITS.retryBaseMs * 2 ** Math.max(0, attempts - 1), QUOTE_LIMITS.retryMaxMs);

/** What the editor takes from a saved draft. A new quote's first save gives it its id: its local copy and its focus move with it. */
const viewResult = ({ context }: { context: QuoteEditorContext }, view: QuoteView) => ({
  view,
  id: view.quote.id,
  version: view.quote.version,
  lastSavedAt: view.quote.updatedAt,
  error: null,
  fieldErrors: {},
  draft: context.draft,
  attempts: 0,
  keep: context.keep && !isNumbered(view.quote),
  ...(context.id === null ? { stash: context.stash.moveTo(view.quote.id), focusOnMount: context.focused } : {}),
});

/** A draft after a change: typed, an item, a company or a contact picked. */
function draftAfter(draft: DraftForm, event: Exclude<QuoteEditorEvent, { type: 'draft.edit' }> | { type: 'draft.edit'; draft: DraftForm }): DraftForm {
  switch (event.type) {
    case 'draft.edit':
      return event.draft;
    case 'catalog.pick':
      return withLineAdded(draft, catalogLine(event.item));
    case 'company.pick':
      // Another company: the contact of the last one is not its contact.
      return event.id === draft.companyId
        ? { ...draft, companyName: event.name }
        : { ...draft, clientMode: 'company', companyId: event.id, companyName: event.name, contactName: '', contactEmail: '' };
    case 'contact.pick':
      return { ...draft, contactName: event.name, contactEmail: event.email };
    default:
      return draft;
  }
}

/** The PDF notice's key: a failure shows once, and goes when the person tries again. */
const PDF_NOTICE = 'quote-editor-pdf';

export const quoteEditorMachine = setup({
  types: { context: {} as QuoteEditorContext, events: {} as QuoteEditorEvent, input: {} as QuoteEditorInput },
  actors: {
    load: fromPromise<QuoteView, number>(({ input }) => quotesApi.view(input)),
    save: fromPromise<QuoteView, SaveInput>(({ input }) => {
      const draft = draftToInput(input.draft);
      return input.id === null ? quotesApi.create(draft, input.keep ?? false) : quotesApi.save(input.id, { ...draft, keep: input.keep ?? false, ...(input.baseVersion ? { baseVersion: input.baseVersion } : {}) });
    }),
    discard: fromPromise<unknown, number>(({ input }) => quotesApi.discard(input)),
    contacts: quoteContactsMachine,
    send: fromPromise<QuoteView, SendInput>(({ input }) => quotesApi.send(input.id, input.version)),
    revise: fromPromise<QuoteView, number>(({ input }) => quotesApi.revise(input)),
    downloads,
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
    hasQuote: ({ context }) => context.view !== null,
    /** Nothing of it was kept: no number yet (or not even on the server). */
    isDiscardable: ({ context }) => context.view === null || !isNumbered(context.view.quote),
    isConfirmingSend: ({ context }) => context.confirming === 'send',
    isConfirmingDiscard: ({ context }) => context.confirming === 'discard',
    pdfBusy: ({ context }) => context.pdfBusy,
  },
  actions: {
    ...notifyActions,
    /** A change of the draft (typed, or an item picked from the catalog), kept on the device until the server has it. */
    takeEdit: assign(({ context, event }) => {
      assertEvent(event, ['draft.edit', 'catalog.pick', 'company.pick', 'contact.pick']);
      const draft = draftAfter(context.draft, event);
      context.stash.write(draft, context.version);
      if (event.type === 'catalog.pick') return { draft, catalogSearch: '', pickerRound: context.pickerRound + 1, focused: null };
      // The company list closes with the pick and stays closed: the focus moves on to the contact
      // (also on the screen of the quote's new address, which would otherwise open the list again).
      if (event.type === 'company.pick') return { draft, focused: 'contact', focusOnMount: null };
      return { draft };
    }),
    askKeep: assign({ keep: true }),
    restoreStash: assign(({ context }) => ({ draft: context.restored?.draft ?? context.draft, restored: null })),
    clearStash: assign(({ context }) => {
      context.stash.clear();
      return { restored: null };
    }),
    /** The contacts of the draft's company are loaded (none for a new client). */
    loadContacts: sendTo(
      ({ context }) => context.contacts,
      ({ context }) => ({ type: 'query.set' as const, query: context.draft.clientMode === 'company' ? context.draft.companyId : null }),
    ),
    queueSend: assign({ sendAfterSave: true, confirming: null }),
    dropQueuedSend: assign({ sendAfterSave: false }),
  },
}).createMachine({
  id: 'quoteEditor',
  description: 'The quote editor: autosaving drafts, retries, read-only sent quotes and revisions.',
  context: ({ input, spawn }) => ({
    id: input.id,
    downloads: spawn('downloads', { id: 'downloads', systemId: 'quote-editor.downloads' }),
    contacts: spawn('contacts', { id: 'contacts', systemId: 'quote-editor.contacts', input: { query: null } }),
    keep: false,
    confirming: null,
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
    focused: null,
    focusOnMount: null,
    catalogSearch: '',
    pickerRound: 0,
    pdfBusy: false,
  }),
  on: {
    'field.focus': {
      actions: assign(({ event }) => ({ focused: event.field, focusOnMount: null })),
      description: 'The field that has the focus; once the screen gave it back, there is nothing more to give.',
    },
    'catalog.search': { actions: assign({ catalogSearch: ({ event }) => event.text }) },
    'confirm.cancel': { actions: assign({ confirming: null }), description: 'The dialog closes; nothing is sent or discarded.' },
    'quote.downloadPdf': {
      guard: and(['hasQuote', not('pdfBusy')]),
      actions: [
        { type: 'dismissNotice', params: { key: PDF_NOTICE } },
        assign({ pdfBusy: true }),
        sendTo(({ context }) => context.downloads, ({ context }) => ({ type: 'download.pdf' as const, id: context.view!.quote.id, number: context.view!.quote.number })),
      ],
      description: 'The PDF of the saved quote is fetched and offered as a file.',
    },
    'download.done': { actions: assign({ pdfBusy: false }) },
    'download.failed': {
      actions: [
        assign({ pdfBusy: false }),
        { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The PDF was not downloaded', description: event.error, key: PDF_NOTICE }) },
      ],
    },
  },
  initial: 'start',
  states: {
    start: {
      description: 'A quote to open, or a new one (restoring a draft the server never got).',
      always: [{ guard: 'hasId', target: 'loading' }, { guard: 'hasStash', target: 'editing.pending', actions: ['restoreStash', 'loadContacts'] }, { target: 'editing' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.id!,
        onDone: [
          { guard: 'loadedReadOnly', target: 'readOnly', actions: [assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), version: event.output.quote.version })), 'clearStash'] },
          {
            guard: 'stashIsNewer',
            target: 'editing.pending',
            actions: [assign(({ event }) => ({ view: event.output, version: event.output.quote.version, lastSavedAt: event.output.quote.updatedAt })), 'restoreStash', 'loadContacts'],
          },
          {
            target: 'saved',
            actions: [
              assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), version: event.output.quote.version, lastSavedAt: event.output.quote.updatedAt })),
              'clearStash',
              'loadContacts',
            ],
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
        'catalog.pick': { target: '.pending', reenter: true, actions: 'takeEdit', description: 'A line for the picked item; the picker starts empty again.' },
        'company.pick': { target: '.pending', reenter: true, actions: ['takeEdit', 'loadContacts'], description: 'The company picked: its contacts load; its list stays closed.' },
        'contact.pick': { target: '.pending', reenter: true, actions: 'takeEdit' },
        'draft.saveNow': { target: 'saving', actions: 'askKeep' },
        'quote.send': { guard: 'isConfirmingSend', target: 'saving', actions: 'queueSend', description: 'Confirmed: unsaved changes are saved at once; the send follows the save.' },
        'discard.confirm': [
          { guard: and(['isConfirmingDiscard', not('hasId')]), target: 'discarded', description: 'Never stored on the server: only the copy on this device goes.' },
          { guard: and(['isConfirmingDiscard', 'isDiscardable']), target: 'discarding' },
        ],
        'send.review': { guard: 'hasQuote', actions: assign({ confirming: 'send' }), description: 'The mail about to go is shown for the person to confirm.' },
        'discard.ask': { guard: 'isDiscardable', actions: assign({ confirming: 'discard' }), description: 'Only a draft nobody kept can be discarded; the person confirms.' },
      },
    },
    saving: {
      description: 'The draft is on its way to the server; typing goes on.',
      tags: ['busy', 'unsaved'],
      entry: assign({ editedDuringSave: false }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: context.id, draft: context.draft, baseVersion: context.version, keep: context.keep }),
        onDone: [
          {
            guard: and(['editedDuringSave', 'sendAfterSave']),
            target: 'saving',
            reenter: true,
            actions: assign(({ context, event }) => viewResult({ context }, event.output)),
            description: 'A send waits for the changes typed during this save: they are saved at once.',
          },
          { guard: 'editedDuringSave', target: 'editing.pending', actions: assign(({ context, event }) => viewResult({ context }, event.output)) },
          {
            guard: 'sendAfterSave',
            target: 'sending',
            actions: [assign(({ context, event }) => viewResult({ context }, event.output)), 'clearStash'],
            description: 'The server has every change: send the version this save made.',
          },
          { target: 'saved', actions: [assign(({ context, event }) => viewResult({ context }, event.output)), 'clearStash'] },
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
        'catalog.pick': { actions: ['takeEdit', assign({ editedDuringSave: true })] },
        'company.pick': { actions: ['takeEdit', 'loadContacts', assign({ editedDuringSave: true })] },
        'contact.pick': { actions: ['takeEdit', assign({ editedDuringSave: true })] },
        'quote.send': { guard: 'isConfirmingSend', actions: 'queueSend', description: 'Never sent while a save is on its way: the send waits for it.' },
        'send.review': { guard: 'hasQuote', actions: assign({ confirming: 'send' }) },
      },
    },
    saved: {
      description: 'The server has every change; the form says when it last saved.',
      tags: ['saved'],
      on: {
        'draft.edit': { target: 'editing.pending', actions: 'takeEdit' },
        'catalog.pick': { target: 'editing.pending', actions: 'takeEdit' },
        'company.pick': { target: 'editing.pending', actions: ['takeEdit', 'loadContacts'] },
        'contact.pick': { target: 'editing.pending', actions: 'takeEdit' },
        'draft.saveNow': { target: 'saving', actions: 'askKeep' },
        'quote.send': { guard: 'isConfirmingSend', target: 'sending', actions: assign({ confirming: null }) },
        'discard.confirm': [
          { guard: and(['isConfirmingDiscard', not('hasId')]), target: 'discarded', description: 'Never stored on the server: only the copy on this device goes.' },
          { guard: and(['isConfirmingDiscard', 'isDiscardable']), target: 'discarding' },
        ],
        'send.review': { guard: 'hasQuote', actions: assign({ confirming: 'send' }), description: 'The mail about to go is shown for the person to confirm.' },
        'discard.ask': { guard: 'isDiscardable', actions: assign({ confirming: 'discard' }), description: 'Only a draft nobody kept can be discarded; the person confirms.' },
      },
    },
    failed: {
      description: 'The last save failed: everything typed is kept (and in local storage); it tries again after a growing pause.',
      tags: ['unsaved'],
      after: { retry: 'saving' },
      on: {
        'draft.edit': { actions: 'takeEdit' },
        'catalog.pick': { actions: 'takeEdit' },
        'company.pick': { actions: ['takeEdit', 'loadContacts'] },
        'contact.pick': { actions: 'takeEdit' },
        'draft.saveNow': { target: 'saving', actions: 'askKeep' },
        'quote.send': { guard: 'isConfirmingSend', target: 'saving', actions: 'queueSend', description: 'Confirmed: save again now; the send follows the save.' },
        'discard.confirm': [
          { guard: and(['isConfirmingDiscard', not('hasId')]), target: 'discarded', description: 'Never stored on the server: only the copy on this device goes.' },
          { guard: and(['isConfirmingDiscard', 'isDiscardable']), target: 'discarding' },
        ],
        'send.review': { guard: 'hasQuote', actions: assign({ confirming: 'send' }), description: 'The mail about to go is shown for the person to confirm.' },
        'discard.ask': { guard: 'isDiscardable', actions: assign({ confirming: 'discard' }), description: 'Only a draft nobody kept can be discarded; the person confirms.' },
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
      entry: ['dropQueuedSend', assign({ confirming: null })],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ id: context.id!, version: context.version! }),
        onDone: {
          target: 'readOnly',
          actions: [
            assign(({ event }) => ({ view: event.output, draft: draftFromView(event.output), error: null, fieldErrors: {} })),
            { type: 'notify', params: ({ event }) => ({ tone: 'success' as const, title: `Quote sent to ${event.output.quote.contactEmail}` }) },
          ],
        },
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
    discarding: {
      description: 'The draft nobody kept is being deleted on the server.',
      tags: ['busy'],
      entry: assign({ confirming: null }),
      invoke: {
        id: 'discard',
        src: 'discard',
        input: ({ context }) => context.id!,
        onDone: { target: 'discarded' },
        onError: {
          target: 'editing.pending',
          actions: { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The draft was not discarded', description: toApiError(event.error).message }) },
          description: 'Not discarded (kept or sent meanwhile, or the network): the person is told; the draft stays and saves again.',
        },
      },
    },
    discarded: {
      description: 'The draft is gone; the screen goes back to the quotes.',
      entry: [assign({ confirming: null }), 'clearStash', { type: 'notify', params: { tone: 'success', title: 'Draft discarded' } }],
    },
    readOnly: {
      description: 'Sent, decided or replaced by a newer revision: shown, not edited.',
      tags: ['readOnly'],
      on: { 'quote.revise': 'revising', 'quote.reload': 'loading' },
    },
    revising: {
      tags: ['busy', 'readOnly'],
      invoke: {
        id: 'revise',
        src: 'revise',
        input: ({ context }) => context.id!,
        onDone: {
          target: 'revised',
          actions: [assign(({ event }) => ({ revisedId: event.output.quote.id })), { type: 'notify', params: { tone: 'success', title: 'New revision created' } }],
        },
        onError: { target: 'readOnly', actions: assign(({ event }) => ({ error: toApiError(event.error).message })) },
      },
    },
    revised: {
      // Not a final state: the editor stays alive (with its downloads child) until the screen that
      // opens the revision lets it go.
      description: 'The next revision exists; the screen opens it.',
    },
  },
});

// ---------------------------------------------------------------- what the screen reads

export type QuoteEditorSnapshot = SnapshotFrom<typeof quoteEditorMachine>;

/** Which screen shows: a skeleton, the load's failure, the editor, the read-only record, or the way to the new revision. */
export type EditorPhase = 'loading' | 'loadFailed' | 'editing' | 'readOnly' | 'revised';
export function selectPhase(s: QuoteEditorSnapshot): EditorPhase {
  if (s.matches('start') || s.hasTag('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('revised')) return 'revised';
  return s.hasTag('readOnly') && s.context.view ? 'readOnly' : 'editing';
}

/** The one-line state of the autosave. */
export type SaveState = 'saving' | 'failed' | 'conflict' | 'pending' | 'saved';
export function selectSaveState(s: QuoteEditorSnapshot): SaveState {
  if (s.matches('saving')) return 'saving';
  if (s.matches('failed')) return 'failed';
  if (s.matches('conflict')) return 'conflict';
  if (s.matches({ editing: 'pending' })) return 'pending';
  return 'saved';
}

export const selectDraft = (s: QuoteEditorSnapshot) => s.context.draft;
export const selectView = (s: QuoteEditorSnapshot) => s.context.view;
export const selectError = (s: QuoteEditorSnapshot) => s.context.error;
export const selectFieldErrors = (s: QuoteEditorSnapshot) => s.context.fieldErrors;
export const selectLastSavedAt = (s: QuoteEditorSnapshot) => s.context.lastSavedAt;
export const selectBusy = (s: QuoteEditorSnapshot) => s.hasTag('busy');
/** A save is on its way (Save now waits for it). */
export const selectSaving = (s: QuoteEditorSnapshot) => s.matches('saving');
/** Send can be asked for: the quote exists and nothing refuses it now. */
export const selectCanSend = (s: QuoteEditorSnapshot) => s.context.view !== null && s.can({ type: 'send.review' });
/** The draft can be discarded: nobody kept it (no number yet). Steady while a save is on its way, so the header does not shift. */
export const selectCanDiscard = (s: QuoteEditorSnapshot) => !s.hasTag('readOnly') && (s.context.view === null || !isNumbered(s.context.view.quote));
/** The dialog on screen, if any. */
export const selectConfirming = (s: QuoteEditorSnapshot) => s.context.confirming;
/** The draft was discarded: the screen goes back to the quotes. */
export const selectDiscarded = (s: QuoteEditorSnapshot) => s.matches('discarded');
/** The child with the picked company's contacts. */
export const selectContactsRef = (s: QuoteEditorSnapshot) => s.context.contacts;
/** What the quote is called on screen: its number, or "New draft" until it has one. */
export const selectQuoteName = (s: QuoteEditorSnapshot) => (s.context.view && isNumbered(s.context.view.quote) ? `Quote ${s.context.view.quote.number}` : UNNUMBERED_QUOTE);
/** What stands for the number in the preview of a draft that gets its number as it is sent. */
export const NUMBER_PREVIEW = 'Q-(next number)';
/** Where the link goes in the preview: the real link is made as the quote is sent. */
export const LINK_PREVIEW = '(a personal link to the quote, made when it is sent)';
/** The mail a send will give the contact, as the confirmation shows it: the draft on screen is what is sent. */
export function selectSendPreview(s: QuoteEditorSnapshot) {
  const { draft, view } = s.context;
  const number = view && isNumbered(view.quote) ? view.quote.number : NUMBER_PREVIEW;
  const companyName = draft.clientMode === 'company' ? draft.companyName || view?.quote.companyName || '' : draft.clientName;
  return quoteMail({ number, companyName, contactName: draft.contactName, contactEmail: draft.contactEmail.trim(), totalCents: totalsOf(draft.lines, draft.taxRatePercent).totalCents, validUntil: draft.validUntil }, LINK_PREVIEW);
}
/** Sending, or waiting for a save to send its version. */
export const selectSendPending = (s: QuoteEditorSnapshot) => s.matches('sending') || s.context.sendAfterSave;
/** The last send was refused (the quote stays a draft; the reason is the error). */
export const selectSendRefused = (s: QuoteEditorSnapshot) => s.context.error !== null && s.matches('saved');
export const selectConflict = (s: QuoteEditorSnapshot) => s.matches('conflict');
export const selectPdfBusy = (s: QuoteEditorSnapshot) => s.context.pdfBusy;
export const selectFocusOnMount = (s: QuoteEditorSnapshot) => s.context.focusOnMount;
export const selectCatalogSearch = (s: QuoteEditorSnapshot) => s.context.catalogSearch;
export const selectPickerRound = (s: QuoteEditorSnapshot) => s.context.pickerRound;
/** The address of the quote once the server gave it one (a new quote moves there). */
export const selectQuoteAddress = (s: QuoteEditorSnapshot) => (s.context.id === null ? null : `/quote/edit/${s.context.id}`);
/** The address of the revision just made. */
export const selectRevisionAddress = (s: QuoteEditorSnapshot) => (s.context.revisedId === null ? null : `/quote/edit/${s.context.revisedId}`);
