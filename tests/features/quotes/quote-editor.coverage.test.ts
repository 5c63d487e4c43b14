import { expect } from 'vitest';
import type { QuoteView } from '@contracts/quotes';
import { machineRegistry } from '@/app/machine-registry';
import { emptyDraft, memoryStash } from '@/features/quotes/machines/draft';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'quote-editor')!;

const view = (over: Partial<QuoteView['quote']>, readOnly: boolean): QuoteView => ({
  quote: {
    id: 7, number: 'Q-1007', baseNumber: 'Q-1007', revision: 1, rootId: 7, companyId: 1, companyName: 'Acme Utilities', companyCreated: false, clientName: '',
    contactName: 'Pat', contactEmail: 'pat@acme.test', type: 'support', status: 'draft', superseded: false, title: '', validUntil: '2099-01-31', notes: '', terms: '',
    taxRatePercent: 8.25, subtotalCents: 0, taxCents: 0, totalCents: 0, ownerId: 1, ownerName: 'Avery Agent', version: 3, createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z', sentAt: null, decidedAt: null, ...over,
  },
  lines: [],
  totals: { subtotalCents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 },
  decision: null,
  revisions: [],
  changes: [],
  readOnly,
});
const draftView = view({}, false);
const sentView = view({ status: 'sent', version: 4 }, true);
/** Autosaved, never kept: no number yet (it can be discarded). */
const unnumberedView = view({ number: '', baseNumber: '' }, false);
const draft = { ...emptyDraft('support', new Date('2026-01-01T00:00:00Z')), title: 'Printers' };
const withStash = (baseVersion: number | null) => () => {
  const stash = memoryStash();
  stash.write(draft, baseVersion);
  return { id: baseVersion === null ? null : 7, stash };
};

describeMachinePaths(entry, {
  inputs: {
    'a new quote': () => ({ id: null, stash: memoryStash() }),
    'a new quote with a draft the server never got': withStash(null),
    'an existing quote': () => ({ id: 7, stash: memoryStash() }),
    'an existing quote with a newer local copy': withStash(3),
  },
  events: [
    { type: 'draft.edit', draft },
    { type: 'draft.saveNow' },
    { type: 'send.review' },
    { type: 'quote.send' },
    { type: 'discard.ask' },
    { type: 'discard.confirm' },
    { type: 'confirm.cancel' },
    { type: 'company.pick', id: 2, name: 'Globex' },
    { type: 'contact.pick', name: 'Jane Smith', email: 'jane@globex.test' },
    { type: 'quote.revise' },
    { type: 'quote.reload' },
    { type: 'catalog.pick', item: { id: 3, sku: 'PAP-A4', name: 'Paper A4', description: '', unit_price_cents: 2450, taxable: true } },
    { type: 'catalog.search', text: 'PAP' },
    { type: 'field.focus', field: 'Title' },
    { type: 'quote.downloadPdf' },
    { type: 'download.done' },
    { type: 'download.failed', error: 'Network Error' },
  ],
  outputs: { load: [draftView, sentView, unnumberedView], save: [draftView], discard: [{ ok: true }], send: [sentView], revise: [view({ id: 8, revision: 2 }, false)] },
  errors: {
    load: [new ApiError(404, 'not_found', 'No such quote')],
    save: [new ApiError(0, 'network', 'Network Error'), new ApiError(409, 'conflict', 'This quote was sent or revised')],
    send: [new ApiError(400, 'invalid_input', 'Cannot send', { contactEmail: 'needed' }), new ApiError(409, 'conflict', 'This quote changed after you opened it')],
    revise: [new ApiError(409, 'conflict', 'A newer revision exists')],
    discard: [new ApiError(409, 'conflict', 'This quote has its number and is kept')],
  },
  serializeState: (s) => JSON.stringify({ value: s.value, id: s.context.id !== null, edited: s.context.editedDuringSave, sendAfterSave: s.context.sendAfterSave, confirming: s.context.confirming, numbered: s.context.view ? s.context.view.quote.number !== '' : null, restored: s.context.restored !== null, ro: s.context.view?.readOnly ?? null }),
  check: (snapshot) => {
    // A change not yet on the server is also kept on the device.
    if (snapshot.matches({ editing: 'pending' }) && snapshot.context.draft.title === 'Printers' && !snapshot.context.restored) {
      expect(snapshot.context.stash.read()?.draft.title).toBe('Printers');
    }
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('Network Error');
    if (snapshot.matches('saved')) expect(snapshot.context.lastSavedAt).not.toBeNull();
    if (snapshot.matches('readOnly')) expect(snapshot.context.view?.readOnly).toBe(true);
    if (snapshot.matches('revised')) expect(snapshot.context.revisedId).toBe(8);
    // A send never waits outside a save: it is sent, or dropped with the reason shown.
    if (snapshot.context.sendAfterSave) expect(snapshot.matches('saving')).toBe(true);
    // A picked item is a line of the draft, and the picker starts empty again.
    if (snapshot.context.pickerRound > 0) expect(snapshot.context.draft.lines.at(-1)).toMatchObject({ catalogItemId: 3, sku: 'PAP-A4', unitPriceCents: 2450 });
    if (snapshot.context.pickerRound > 0 && snapshot.context.catalogSearch === '') expect(snapshot.context.focused).toBeNull();
    // A send or a discard happens only after the person confirmed it.
    if (snapshot.matches('sending') || snapshot.matches('discarding')) expect(snapshot.context.confirming).toBeNull();
    // A picked company closes its list: the focus target moves on to the contact.
    if (snapshot.context.draft.companyName === 'Globex') expect(snapshot.context.draft.companyId).toBe(2);
    // Only a draft nobody kept is discarded.
    if (snapshot.matches('discarding') && snapshot.context.view) expect(snapshot.context.view.quote.number).toBe('');
    // The PDF is fetched only for a quote the server has.
    if (snapshot.context.pdfBusy) expect(snapshot.context.view).not.toBeNull();
  },
});
