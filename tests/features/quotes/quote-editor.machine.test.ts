import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { QuoteView } from '@contracts/quotes';
import type { DownloadRequest } from '@/features/quotes/machines/downloads';
import { emptyDraft, memoryStash, storageStash, type DraftForm } from '@/features/quotes/machines/draft';
import {
  quoteEditorMachine,
  selectCatalogSearch,
  selectFocusOnMount,
  selectPdfBusy,
  selectPickerRound,
  selectQuoteAddress,
  selectRevisionAddress,
} from '@/features/quotes/machines/quote-editor.machine';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { controllable, flush } from '@tests/support/controllable';

const view = (version: number, over: Partial<QuoteView['quote']> = {}, readOnly = false): QuoteView => ({
  quote: {
    id: 7, number: 'Q-1007', baseNumber: 'Q-1007', revision: 1, rootId: 7, companyId: 1, companyName: 'Acme Utilities', companyCreated: false, clientName: '',
    contactName: 'Pat', contactEmail: 'pat@acme.test', type: 'support', status: 'draft', superseded: false, title: '', validUntil: '2099-01-31', notes: '', terms: '',
    taxRatePercent: 8.25, subtotalCents: 0, taxCents: 0, totalCents: 0, ownerId: 1, ownerName: 'Avery Agent', version, createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z', sentAt: null, decidedAt: null, ...over,
  },
  lines: [],
  totals: { subtotalCents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 },
  decision: null,
  revisions: [],
  changes: [],
  readOnly,
});
const draft = (title: string) => ({ ...emptyDraft('support', new Date('2026-01-01T00:00:00Z')), companyId: 1, title });

/** The editor on quote 7 (loaded at version 3), its service calls settled by the test. */
async function openEditor() {
  const load = controllable<QuoteView, number>('load');
  const save = controllable<QuoteView, { id: number | null; draft: DraftForm; baseVersion: number | null }>('save');
  const send = controllable<QuoteView, { id: number; version: number }>('send');
  const actor = createActor(quoteEditorMachine.provide({ actors: { load: load.logic, save: save.logic, send: send.logic } }), { input: { id: 7, stash: memoryStash() } });
  actor.start();
  load.resolve(view(3));
  await flush();
  expect(actor.getSnapshot().value).toBe('saved');
  return { actor, save, send };
}

describe('the quote editor sends the version it shows', () => {
  it('sends a saved quote with the version on screen', async () => {
    const { actor, send } = await openEditor();
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    expect(send.calls.map((c) => c.input)).toEqual([{ id: 7, version: 3 }]);
    send.resolve(view(4, { status: 'sent' }, true));
    await flush();
    expect(actor.getSnapshot().value).toBe('readOnly');
  });

  it('waits for an autosave on its way, then sends with the version that save made', async () => {
    const { actor, save, send } = await openEditor();
    actor.send({ type: 'draft.edit', draft: draft('Printers') });
    actor.send({ type: 'draft.saveNow' });
    await flush();
    expect(actor.getSnapshot().value).toBe('saving');
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    // Nothing is sent while the save is in flight.
    expect(send.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.sendAfterSave).toBe(true);
    save.resolve(view(4, { title: 'Printers' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('sending');
    expect(send.calls.map((c) => c.input)).toEqual([{ id: 7, version: 4 }]);
  });

  it('an edit made while that save was on its way is saved too before the send', async () => {
    const { actor, save, send } = await openEditor();
    actor.send({ type: 'draft.edit', draft: draft('Printers') });
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    // Unsaved changes are saved first, at once.
    expect(actor.getSnapshot().value).toBe('saving');
    expect(save.calls.map((c) => c.input.baseVersion)).toEqual([3]);
    actor.send({ type: 'draft.edit', draft: draft('Printers and toner') });
    save.resolve(view(4, { title: 'Printers' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('saving');
    expect(send.calls).toHaveLength(0);
    expect(save.calls.map((c) => c.input.baseVersion)).toEqual([4]);
    save.resolve(view(5, { title: 'Printers and toner' }));
    await flush();
    expect(send.calls.map((c) => c.input)).toEqual([{ id: 7, version: 5 }]);
  });

  it('a failed save cancels the send and says why', async () => {
    const { actor, save, send } = await openEditor();
    actor.send({ type: 'draft.edit', draft: draft('Printers') });
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    save.reject(new ApiError(0, 'network', 'Network Error'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ sendAfterSave: false, error: 'Network Error' });
    expect(send.calls).toHaveLength(0);
  });

  it('a stale version answers 409: the editor says so and offers to reload', async () => {
    const { actor, send } = await openEditor();
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    send.reject(new ApiError(409, 'conflict', 'This quote changed after you opened it: review the saved version, then send it'));
    await flush();
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.error).toBe('This quote changed after you opened it: review the saved version, then send it');
  });
});

describe('the quote editor says what happened and keeps what the screen needs', () => {
  /** A recorder of the notices raised from now on (those raised before any notifier was provided are dropped). */
  const recordNotices = () => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    notices.notices.length = 0;
    return { notices, restore };
  };
  /** The editor on quote 7 with every call controllable and the notices recorded. */
  async function openWithNotices(read = view(3)) {
    const { notices, restore } = recordNotices();
    const load = controllable<QuoteView, number>('load');
    const send = controllable<QuoteView, { id: number; version: number }>('send');
    const revise = controllable<QuoteView, number>('revise');
    const actor = createActor(quoteEditorMachine.provide({ actors: { load: load.logic, send: send.logic, revise: revise.logic } }), { input: { id: 7, stash: memoryStash() } });
    actor.start();
    load.resolve(read);
    await flush();
    return { actor, send, revise, notices, restore };
  }

  it('says the quote was sent, and to whom, once the send succeeds', async () => {
    const { actor, send, notices, restore } = await openWithNotices();
    actor.send({ type: 'send.review' });
    actor.send({ type: 'quote.send' });
    await flush();
    expect(notices.notices).toEqual([]);
    send.resolve(view(4, { status: 'sent' }, true));
    await flush();
    restore();
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Quote sent to pat@acme.test' }]);
  });

  it('says a new revision was made and gives the screen its address', async () => {
    const { actor, revise, notices, restore } = await openWithNotices(view(4, { status: 'sent' }, true));
    actor.send({ type: 'quote.revise' });
    await flush();
    revise.resolve(view(1, { id: 8, number: 'Q-1007-R2', revision: 2 }));
    await flush();
    restore();
    expect(notices.notices).toEqual([{ tone: 'success', title: 'New revision created' }]);
    expect(selectRevisionAddress(actor.getSnapshot())).toBe('/quote/edit/8');
  });

  it('says why the PDF was not downloaded, once, and closes that notice when asked again', async () => {
    const { notices, restore } = recordNotices();
    const load = controllable<QuoteView, number>('load');
    const asked: unknown[] = [];
    const downloads = fromCallback<DownloadRequest>(({ receive, sendBack }) => {
      receive((request) => {
        asked.push(request);
        sendBack({ type: 'download.failed', error: 'The server could not be reached; check the connection and try again' });
      });
    });
    const actor = createActor(quoteEditorMachine.provide({ actors: { load: load.logic, downloads } }), { input: { id: 7, stash: memoryStash() } });
    actor.start();
    load.resolve(view(3));
    await flush();
    actor.send({ type: 'quote.downloadPdf' });
    actor.send({ type: 'quote.downloadPdf' });
    restore();
    expect(asked).toEqual([
      { type: 'download.pdf', id: 7, number: 'Q-1007' },
      { type: 'download.pdf', id: 7, number: 'Q-1007' },
    ]);
    expect(notices.dismissed).toEqual(['quote-editor-pdf', 'quote-editor-pdf']);
    expect(notices.notices).toEqual([
      { tone: 'error', title: 'The PDF was not downloaded', description: 'The server could not be reached; check the connection and try again', key: 'quote-editor-pdf' },
      { tone: 'error', title: 'The PDF was not downloaded', description: 'The server could not be reached; check the connection and try again', key: 'quote-editor-pdf' },
    ]);
    expect(selectPdfBusy(actor.getSnapshot())).toBe(false);
  });

  it("moves a new quote's copy on the device to the quote's own key when the server gives it an id", async () => {
    const storage = window.localStorage;
    storage.clear();
    const save = controllable<QuoteView, { id: number | null; draft: DraftForm; baseVersion: number | null }>('save');
    const actor = createActor(quoteEditorMachine.provide({ actors: { save: save.logic } }), { input: { id: null, stash: storageStash(storage, null) } });
    actor.start();
    actor.send({ type: 'draft.edit', draft: draft('Printers') });
    actor.send({ type: 'draft.saveNow' });
    await flush();
    // Typed while the first save is on its way: not on the server yet.
    actor.send({ type: 'draft.edit', draft: draft('Printers and toner') });
    save.resolve(view(1, { id: 9, title: 'Printers' }));
    await flush();
    expect(storage.getItem('quote-draft:new')).toBeNull();
    expect(JSON.parse(storage.getItem('quote-draft:9')!).draft.title).toBe('Printers and toner');
    actor.stop();
    storage.clear();
  });

  it('gives the focus back, at the new address, to the field that had it when the quote got its id; the picker keeps what was typed', async () => {
    const save = controllable<QuoteView, { id: number | null; draft: DraftForm; baseVersion: number | null }>('save');
    const actor = createActor(quoteEditorMachine.provide({ actors: { save: save.logic } }), { input: { id: null, stash: memoryStash() } });
    actor.start();
    actor.send({ type: 'draft.edit', draft: draft('Printers') });
    actor.send({ type: 'field.focus', field: 'catalog' });
    actor.send({ type: 'catalog.search', text: 'PAP' });
    actor.send({ type: 'draft.saveNow' });
    await flush();
    expect(selectFocusOnMount(actor.getSnapshot())).toBeNull();
    save.resolve(view(1, { id: 9, title: 'Printers' }));
    await flush();
    expect(selectQuoteAddress(actor.getSnapshot())).toBe('/quote/edit/9');
    expect(selectFocusOnMount(actor.getSnapshot())).toBe('catalog');
    expect(selectCatalogSearch(actor.getSnapshot())).toBe('PAP');
    // Once the field has it again, there is nothing more to give.
    actor.send({ type: 'field.focus', field: 'catalog' });
    expect(selectFocusOnMount(actor.getSnapshot())).toBeNull();
    // Picking an item adds its line and empties the picker.
    actor.send({ type: 'catalog.pick', item: { id: 3, sku: 'PAP-A4', name: 'Paper A4', description: 'Bright white', unit_price_cents: 2450, taxable: true } });
    expect(actor.getSnapshot().context.draft.lines.at(-1)).toMatchObject({ catalogItemId: 3, sku: 'PAP-A4', description: 'Paper A4\nBright white', quantity: 1, unitPriceCents: 2450 });
    expect(selectCatalogSearch(actor.getSnapshot())).toBe('');
    expect(selectPickerRound(actor.getSnapshot())).toBe(1);
    actor.stop();
  });
});

describe('a new quote in the editor', () => {
  const newEditor = () => {
    const save = controllable<QuoteView, { id: number | null; draft: DraftForm; baseVersion: number | null; keep?: boolean }>('save');
    const actor = createActor(quoteEditorMachine.provide({ actors: { save: save.logic } }), { input: { id: null, stash: memoryStash() } });
    actor.start();
    return { actor, save };
  };

  it('keeps the picked company by name through its first save, and gives the focus to the contact rather than the company list', async () => {
    const { actor, save } = newEditor();
    actor.send({ type: 'field.focus', field: 'company' });
    actor.send({ type: 'company.pick', id: 4, name: 'Globex' });
    actor.send({ type: 'draft.saveNow' });
    await flush();
    expect(save.calls.map((c) => [c.input.draft.companyId, c.input.draft.companyName, c.input.keep])).toEqual([[4, 'Globex', true]]);
    save.resolve(view(1, { id: 9, companyId: 4, companyName: 'Globex' }));
    await flush();
    expect(actor.getSnapshot().context.draft).toMatchObject({ companyId: 4, companyName: 'Globex' });
    expect(selectFocusOnMount(actor.getSnapshot())).toBe('contact');
  });

  it('a new draft that never reached the server is discarded only once confirmed, and nothing is saved', async () => {
    const { actor, save } = newEditor();
    actor.send({ type: 'draft.edit', draft: draft('Typed by mistake') });
    actor.send({ type: 'discard.confirm' });
    expect(actor.getSnapshot().matches('discarded')).toBe(false);
    actor.send({ type: 'discard.ask' });
    actor.send({ type: 'discard.confirm' });
    expect(actor.getSnapshot().matches('discarded')).toBe(true);
    expect(actor.getSnapshot().context.stash.read()).toBeNull();
    expect(save.calls).toHaveLength(0);
  });
});
