import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { QuoteView } from '@contracts/quotes';
import { emptyDraft, memoryStash, type DraftForm } from '@/features/quotes/machines/draft';
import { quoteEditorMachine } from '@/features/quotes/machines/quote-editor.machine';
import { ApiError } from '@/shared/http/http';
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
    actor.send({ type: 'quote.send' });
    await flush();
    send.reject(new ApiError(409, 'conflict', 'This quote changed after you opened it: review the saved version, then send it'));
    await flush();
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.error).toBe('This quote changed after you opened it: review the saved version, then send it');
  });
});
