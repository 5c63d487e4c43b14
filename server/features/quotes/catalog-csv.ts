/** The catalog as CSV: the export's columns, and the checks of an import file, row by row (no SQL). */
import type { z } from 'zod';
import { parseCsv, toCsv } from '@contracts/common/csv';
import { parseCents } from '@contracts/quote-money';
import { CATALOG_CATEGORIES, CATALOG_CSV_HEADERS, QUOTE_LIMITS, catalogItemInputSchema, type CatalogImportRow, type CatalogItem, type catalogUpdateSchema } from '@contracts/quotes';

const amount = (c: number) => (c / 100).toFixed(2);

/** The CSV of the catalog, in the columns an import takes. */
export function catalogCsv(items: readonly CatalogItem[]): string {
  return toCsv(items, [
    { header: 'sku', value: (r) => r.sku },
    { header: 'name', value: (r) => r.name },
    { header: 'description', value: (r) => r.description },
    { header: 'category', value: (r) => r.category },
    { header: 'unit_price', value: (r) => amount(r.unit_price_cents) },
    { header: 'unit_cost', value: (r) => amount(r.unit_cost_cents) },
    { header: 'taxable', value: (r) => String(r.taxable) },
    { header: 'active', value: (r) => String(r.active) },
  ]);
}

/** An import file read: its header (lower case), its data rows, and what is wrong with the file as a whole. */
export type CatalogFile = { header: string[]; records: string[][]; fileErrors: string[] };

export function readCatalogCsv(csv: string): CatalogFile {
  const records = parseCsv(csv);
  const fileErrors: string[] = [];
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['sku', 'name', 'category', 'unit_price'].filter((h) => !header.includes(h));
  if (!records.length) fileErrors.push('The file is empty');
  else if (missing.length) fileErrors.push(`The header must name ${missing.join(', ')} (columns: ${CATALOG_CSV_HEADERS.join(', ')})`);
  if (records.length - 1 > QUOTE_LIMITS.importRowsMax) fileErrors.push(`At most ${QUOTE_LIMITS.importRowsMax} rows per file`);
  return { header, records: records.slice(1), fileErrors };
}

const cell = (file: CatalogFile, r: string[], name: string) => {
  const i = file.header.indexOf(name);
  return i < 0 ? undefined : (r[i] ?? '').trim();
};

/** The SKUs an import file names, row by row. */
export const skusOf = (file: CatalogFile) => file.records.map((r) => cell(file, r, 'sku') ?? '');

const yes = (v: string | undefined, fallback: boolean) => {
  const t = (v ?? '').trim().toLowerCase();
  if (t === '') return fallback;
  if (['true', 'yes', 'y', '1'].includes(t)) return true;
  if (['false', 'no', 'n', '0'].includes(t)) return false;
  return null;
};

/** What a valid row writes: a new item, or the columns of the file on the existing item of its SKU. */
export type CatalogWrite = { create: z.output<typeof catalogItemInputSchema> } | { update: { id: number; input: z.output<typeof catalogUpdateSchema> } };
export type CheckedImport = { rows: CatalogImportRow[]; valid: boolean; fileErrors: string[]; writes: CatalogWrite[] };

/**
 * Checks every row of a file whose header is right: each bad cell is an error of its row. An SKU
 * the catalog has (`known`) updates that item, only in the columns the file has (a file without
 * `active` does not re-activate an item); any other SKU creates one.
 */
export function checkCatalogRows(file: CatalogFile, known: ReadonlyMap<string, number>): CheckedImport {
  const fileErrors = [...file.fileErrors];
  const seen = new Set<string>();
  const has = (column: (typeof CATALOG_CSV_HEADERS)[number]) => file.header.includes(column);
  const writes: CatalogWrite[] = [];
  const rows: CatalogImportRow[] = file.records.map((r, i) => {
    const col = (name: string) => cell(file, r, name);
    const errors: Record<string, string> = {};
    const price = parseCents(col('unit_price') ?? '');
    const costText = col('unit_cost') ?? '';
    const cost = costText === '' ? 0 : parseCents(costText);
    const taxable = yes(col('taxable'), true);
    const active = yes(col('active'), true);
    if (price === null) errors.unit_price = 'Unit price must be an amount like 12.50';
    if (cost === null) errors.unit_cost = 'Unit cost must be an amount like 12.50';
    if (taxable === null) errors.taxable = 'Taxable must be true or false';
    if (active === null) errors.active = 'Active must be true or false';
    const candidate = {
      sku: col('sku') ?? '',
      name: col('name') ?? '',
      description: col('description') ?? '',
      category: (col('category') ?? '').toLowerCase(),
      unitPriceCents: price ?? 0,
      unitCostCents: cost ?? 0,
      taxable: taxable ?? true,
      active: active ?? true,
    };
    const parsed = catalogItemInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'row');
        const field = key === 'unitPriceCents' ? 'unit_price' : key === 'unitCostCents' ? 'unit_cost' : key;
        errors[field] ??= field === 'category' ? `Category must be one of ${CATALOG_CATEGORIES.join(', ')}` : issue.message;
      }
    }
    if (candidate.sku && seen.has(candidate.sku)) errors.sku = 'This SKU appears twice in the file';
    seen.add(candidate.sku);
    const id = known.get(candidate.sku);
    if (parsed.success && Object.keys(errors).length === 0) {
      const input = parsed.data;
      writes.push(
        id
          ? {
              update: {
                id,
                input: {
                  sku: input.sku,
                  name: input.name,
                  category: input.category,
                  unitPriceCents: input.unitPriceCents,
                  ...(has('description') ? { description: input.description } : {}),
                  ...(has('unit_cost') ? { unitCostCents: input.unitCostCents } : {}),
                  ...(has('taxable') ? { taxable: input.taxable } : {}),
                  ...(has('active') ? { active: input.active } : {}),
                },
              },
            }
          : { create: input },
      );
    }
    return {
      line: i + 2,
      sku: candidate.sku,
      name: candidate.name,
      category: candidate.category,
      unitPriceCents: price,
      unitCostCents: cost,
      taxable: taxable ?? true,
      active: active ?? true,
      action: id ? 'update' : 'create',
      errors,
    };
  });
  const valid = rows.length > 0 && rows.every((r) => Object.keys(r.errors).length === 0);
  if (!rows.length) fileErrors.push('The file has a header but no rows');
  return { rows, valid, fileErrors, writes };
}
