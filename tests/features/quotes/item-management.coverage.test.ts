import { expect } from 'vitest';
import type { CatalogImportResult, CatalogItem } from '@contracts/quotes';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'item-management')!;

const item: CatalogItem = { id: 3, sku: 'PAP-A4', name: 'Paper A4', description: '', category: 'paper', unit_price_cents: 2450, unit_cost_cents: 1200, taxable: true, active: true, used: false, bundle: [] };
const result = (committed: boolean): CatalogImportResult => ({ rows: [], valid: true, committed, created: committed ? 1 : 0, updated: 0, fileErrors: [] });
const input = { sku: 'PAP-A4', name: 'Paper A4', category: 'paper' as const, unitPriceCents: 2450, unitCostCents: 1200 };

describeMachinePaths(entry, {
  inputs: { 'the catalog screen': () => ({ table: null }) },
  events: [
    { type: 'item.new' },
    { type: 'item.open', item },
    { type: 'item.close' },
    { type: 'item.save', input },
    { type: 'import.toggle' },
    { type: 'import.check', csv: 'sku,name,category,unit_price\nPAP-A4,Paper,paper,24.50', commit: false },
    { type: 'catalog.export' },
    { type: 'download.done' },
    { type: 'download.failed', error: 'Network Error' },
  ],
  outputs: { saveItem: [item], importCsv: [result(false), result(true)] },
  errors: { saveItem: [new ApiError(400, 'invalid_input', 'Invalid body: sku (SKU is required)', { sku: 'SKU is required' })], importCsv: [new ApiError(400, 'invalid_input', 'Nothing was imported: fix the rows with errors', { csv: 'Some rows have errors' })] },
  serializeState: (s) => JSON.stringify({ value: s.value, editing: s.context.editing === null ? null : s.context.editing === 'new' ? 'new' : 'item', result: s.context.importResult?.committed ?? null, exportBusy: s.context.exportBusy }),
  check: (snapshot) => {
    // The form is open exactly when it edits something.
    expect(snapshot.matches({ item: 'open' })).toBe(snapshot.context.editing !== null);
    if (snapshot.matches({ item: { open: 'editing' } }) && snapshot.context.itemError) expect(snapshot.context.itemFieldErrors).toEqual({ sku: 'SKU is required' });
    if (snapshot.matches({ import: 'closed' })) expect(snapshot.context.importError === null || snapshot.context.importError === 'Nothing was imported: fix the rows with errors').toBe(true);
  },
});
