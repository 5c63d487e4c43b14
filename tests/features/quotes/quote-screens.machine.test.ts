/** The machines of the quote record and of Item Management: what they say, and what they tell the table. */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import type { CatalogImportResult, CatalogItem, CatalogItemInput, QuoteView } from '@contracts/quotes';
import { itemManagementMachine, selectEditing, selectImportResult, selectItemFieldErrors } from '@/features/quotes/machines/item-management.machine';
import { quoteRecordMachine, selectRecordError, selectRecordRevisionAddress, selectRecordView } from '@/features/quotes/machines/quote-record.machine';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { controllable, flush } from '@tests/support/controllable';

/** A recorder of the notices raised from now on (those raised before any notifier was provided are dropped). */
const recordNotices = () => {
  const notices = recordingNotifier();
  const restore = provideNotifier(notices);
  notices.notices.length = 0;
  return { notices, restore };
};

const view = (over: Partial<QuoteView['quote']> = {}): QuoteView => ({
  quote: {
    id: 7, number: 'Q-1007', baseNumber: 'Q-1007', revision: 1, rootId: 7, companyId: 1, companyName: 'Acme Utilities', companyCreated: false, clientName: '',
    contactName: 'Pat', contactEmail: 'pat@acme.test', type: 'support', status: 'sent', superseded: false, title: '', validUntil: '2099-01-31', notes: '', terms: '',
    taxRatePercent: 8.25, subtotalCents: 0, taxCents: 0, totalCents: 0, ownerId: 1, ownerName: 'Avery Agent', version: 3, createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z', sentAt: '2026-01-01T00:00:00Z', decidedAt: null, ...over,
  },
  lines: [],
  totals: { subtotalCents: 0, taxableCents: 0, taxCents: 0, totalCents: 0 },
  decision: null,
  revisions: [],
  changes: [],
  readOnly: true,
});

describe("a quote's record", () => {
  async function openRecord() {
    const load = controllable<QuoteView, number>('load');
    const decide = controllable<QuoteView, { id: number; status: 'accepted' | 'declined' }>('decide');
    const revise = controllable<QuoteView, number>('revise');
    const actor = createActor(quoteRecordMachine.provide({ actors: { load: load.logic, decide: decide.logic, revise: revise.logic } }), { input: { id: 7 } });
    actor.start();
    load.resolve(view());
    await flush();
    return { actor, decide, revise };
  }

  it("records a decision staff were given, shows the quote as the server answers it, and says so; a refusal is shown, not said", async () => {
    const { notices, restore } = recordNotices();
    const { actor, decide } = await openRecord();
    actor.send({ type: 'quote.decide', status: 'declined' });
    await flush();
    expect(decide.calls.map((c) => c.input)).toEqual([{ id: 7, status: 'declined' }]);
    decide.reject(new ApiError(409, 'conflict', 'This quote was already accepted'));
    await flush();
    expect(selectRecordError(actor.getSnapshot())).toBe('This quote was already accepted');
    actor.send({ type: 'quote.decide', status: 'accepted' });
    await flush();
    decide.resolve(view({ status: 'accepted' }));
    await flush();
    restore();
    expect(selectRecordView(actor.getSnapshot())?.quote.status).toBe('accepted');
    expect(selectRecordError(actor.getSnapshot())).toBeNull();
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Quote accepted' }]);
  });

  it('makes the next revision, says so, and gives the screen its editor', async () => {
    const { notices, restore } = recordNotices();
    const { actor, revise } = await openRecord();
    actor.send({ type: 'quote.revise' });
    await flush();
    revise.resolve(view({ id: 8, number: 'Q-1007-R2', revision: 2, status: 'draft' }));
    await flush();
    restore();
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Revision Q-1007-R2 created' }]);
    expect(selectRecordRevisionAddress(actor.getSnapshot())).toBe('/quote/edit/8');
  });
});

describe('Item Management', () => {
  const item: CatalogItem = { id: 3, sku: 'PAP-A4', name: 'Paper A4', description: '', category: 'paper', unit_price_cents: 2450, unit_cost_cents: 1200, taxable: true, active: true, used: false, bundle: [] };
  const input: CatalogItemInput = { sku: 'PAP-A4', name: 'Paper A4', category: 'paper', unitPriceCents: 2450, unitCostCents: 1200 };

  function open() {
    const reloads: unknown[] = [];
    const table = createActor(fromCallback(({ receive }) => receive((e) => reloads.push(e)))).start() as unknown as AnyActorRef;
    const saveItem = controllable<CatalogItem, { id: number | null; input: CatalogItemInput }>('saveItem');
    const importCsv = controllable<CatalogImportResult, { csv: string; commit: boolean }>('importCsv');
    const actor = createActor(itemManagementMachine.provide({ actors: { saveItem: saveItem.logic, importCsv: importCsv.logic } }), { input: { table } });
    actor.start();
    return { actor, saveItem, importCsv, reloads };
  }

  it('creates and saves items: says which, closes the form, and reloads the table; a refusal keeps the form open with its fields named', async () => {
    const { notices, restore } = recordNotices();
    const { actor, saveItem, reloads } = open();
    actor.send({ type: 'item.new' });
    actor.send({ type: 'item.save', input });
    await flush();
    expect(saveItem.calls.map((c) => c.input)).toEqual([{ id: null, input }]);
    saveItem.reject(new ApiError(409, 'conflict', 'Another item has this SKU', { sku: 'Another item has this SKU' }));
    await flush();
    expect(selectEditing(actor.getSnapshot())).toBe('new');
    expect(selectItemFieldErrors(actor.getSnapshot())).toEqual({ sku: 'Another item has this SKU' });
    actor.send({ type: 'item.save', input: { ...input, sku: 'PAP-A5' } });
    await flush();
    saveItem.resolve({ ...item, sku: 'PAP-A5' });
    await flush();
    expect(selectEditing(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'item.open', item });
    actor.send({ type: 'item.save', input });
    await flush();
    expect(saveItem.calls.map((c) => c.input.id)).toEqual([3]);
    saveItem.resolve(item);
    await flush();
    restore();
    expect(notices.notices).toEqual([
      { tone: 'success', title: 'Item created' },
      { tone: 'success', title: 'Item saved' },
    ]);
    expect(reloads).toEqual([{ type: 'table.reload' }, { type: 'table.reload' }]);
  });

  it('says how many items an import created and updated, and reloads the table only when it wrote them', async () => {
    const { notices, restore } = recordNotices();
    const { actor, importCsv, reloads } = open();
    actor.send({ type: 'import.toggle' });
    actor.send({ type: 'import.check', csv: 'sku,name,category,unit_price', commit: false });
    await flush();
    importCsv.resolve({ rows: [], valid: true, committed: false, created: 0, updated: 0, fileErrors: [] });
    await flush();
    expect(reloads).toEqual([]);
    actor.send({ type: 'import.check', csv: 'sku,name,category,unit_price', commit: true });
    await flush();
    importCsv.resolve({ rows: [], valid: true, committed: true, created: 2, updated: 1, fileErrors: [] });
    await flush();
    restore();
    expect(selectImportResult(actor.getSnapshot())?.committed).toBe(true);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Imported: 2 created, 1 updated' }]);
    expect(reloads).toEqual([{ type: 'table.reload' }]);
  });
});
