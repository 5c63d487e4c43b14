import { expect } from 'vitest';
import type { QuoteView } from '@contracts/quotes';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'quote-record')!;

const view = (over: Partial<QuoteView['quote']>): QuoteView => ({
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

describeMachinePaths(entry, {
  inputs: { 'a sent quote': () => ({ id: 7 }) },
  events: [
    { type: 'quote.reload' },
    { type: 'quote.decide', status: 'accepted' },
    { type: 'quote.revise' },
    { type: 'quote.downloadPdf' },
    { type: 'download.done' },
    { type: 'download.failed', error: 'Network Error' },
  ],
  outputs: { load: [view({})], decide: [view({ status: 'accepted' })], revise: [view({ id: 8, number: 'Q-1007-R2', revision: 2, status: 'draft' })] },
  errors: {
    load: [new ApiError(404, 'not_found', 'No such quote')],
    decide: [new ApiError(409, 'conflict', 'This quote was already accepted')],
    revise: [new ApiError(409, 'conflict', 'A newer revision of this quote exists: revise that one')],
  },
  serializeState: (s) => JSON.stringify({ value: s.value, status: s.context.view?.quote.status ?? null, error: s.context.error, pdf: s.context.pdfBusy }),
  check: (snapshot) => {
    if (snapshot.matches('failed')) expect(snapshot.context.loadError).toBe('No such quote');
    if (snapshot.matches('ready')) expect(snapshot.context.view).not.toBeNull();
    if (snapshot.matches('revised')) expect(snapshot.context.revisedId).toBe(8);
    if (snapshot.hasTag('busy')) expect(snapshot.matches({ ready: 'deciding' }) || snapshot.matches({ ready: 'revising' })).toBe(true);
  },
});
