/** The item catalog: search, create, edit, deactivate, delete when never used, CSV in and out. */
import type { z } from 'zod';
import { toCsv, parseCsv } from '@contracts/common/csv';
import { parseCents } from '@contracts/quote-money';
import {
  CATALOG_CATEGORIES,
  CATALOG_CSV_HEADERS,
  QUOTE_LIMITS,
  catalogItemSchema,
  type CatalogImportResult,
  type CatalogImportRow,
  type CatalogItem,
  type Paged,
  type catalogSearchSchema,
  type catalogUpdateSchema,
} from '@contracts/quotes';
import { ERROR_CODES } from '@contracts/common/errors';
import { audit, type AuditActor } from '@server/platform/audit';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import { containing, offsetOf, type Queryable } from '@server/platform/sql';

const SORT_SQL: Record<string, string> = {
  sku: 'i.sku',
  name: 'lower(i.name)',
  category: 'i.category',
  unit_price_cents: 'i.unit_price_cents',
  unit_cost_cents: 'i.unit_cost_cents',
  active: 'i.active',
};
const USED = `(EXISTS (SELECT 1 FROM quote_lines l WHERE l.catalog_item_id = i.id) OR EXISTS (SELECT 1 FROM paper_orders p WHERE p.catalog_item_id = i.id)
  OR EXISTS (SELECT 1 FROM catalog_bundle_items b WHERE b.item_id = i.id))`;
const COLUMNS = `i.id, i.sku, i.name, i.description, i.category, i.unit_price_cents, i.unit_cost_cents, i.taxable, i.active, ${USED} AS used,
  COALESCE((SELECT json_agg(json_build_object('itemId', c.id, 'sku', c.sku, 'name', c.name, 'quantity', b.quantity) ORDER BY c.sku)
     FROM catalog_bundle_items b JOIN catalog_items c ON c.id = b.item_id WHERE b.bundle_id = i.id), '[]'::json) AS bundle`;

const duplicateSku = () => new ApiError(409, ERROR_CODES.conflict, 'Another item has this SKU', { sku: 'Another item has this SKU' });
const isUnique = (e: unknown) => (e as { code?: string }).code === '23505';

export async function searchCatalog(db: Queryable, s: z.output<typeof catalogSearchSchema>): Promise<Paged<CatalogItem>> {
  const values: unknown[] = [];
  const conds: string[] = [];
  if (s.q) {
    values.push(containing(s.q));
    conds.push(`(i.name ILIKE $${values.length} OR i.sku ILIKE $${values.length} OR i.description ILIKE $${values.length})`);
  }
  if (s.category) {
    values.push(s.category);
    conds.push(`i.category = $${values.length}`);
  }
  if (s.active !== undefined) {
    values.push(s.active);
    conds.push(`i.active = $${values.length}`);
  }
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const order = [...(s.sort?.length ? s.sort : [{ field: 'sku' as const, dir: 'asc' as const }]).map((o) => `${SORT_SQL[o.field]} ${o.dir.toUpperCase()}`), 'i.id'].join(', ');
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog_items i ${where}`, values),
    db.query<CatalogItem>(`SELECT ${COLUMNS} FROM catalog_items i ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [
      ...values,
      s.size,
      offsetOf(s.page, s.size),
    ]),
  ]);
  return { rows: rows.rows, page: s.page, size: s.size, total: count.rows[0]!.n, totalExact: true };
}

export async function loadItem(db: Queryable, id: number): Promise<CatalogItem | null> {
  const { rows } = await db.query<CatalogItem>(`SELECT ${COLUMNS} FROM catalog_items i WHERE i.id = $1`, [id]);
  return rows[0] ?? null;
}

async function writeBundle(db: Queryable, id: number, bundle: { itemId: number; quantity: number }[]): Promise<void> {
  await db.query('DELETE FROM catalog_bundle_items WHERE bundle_id = $1', [id]);
  const seen = new Set<number>();
  for (const part of bundle) {
    if (part.itemId === id) throw invalidField('bundle', 'A bundle cannot contain itself');
    if (seen.has(part.itemId)) throw invalidField('bundle', 'Each item appears once in a bundle');
    seen.add(part.itemId);
    const { rows } = await db.query<{ nested: boolean }>('SELECT EXISTS (SELECT 1 FROM catalog_bundle_items WHERE bundle_id = $1) AS nested FROM catalog_items WHERE id = $1', [part.itemId]);
    if (!rows[0]) throw invalidField('bundle', `No catalog item ${part.itemId}`);
    if (rows[0].nested) throw invalidField('bundle', 'A bundle cannot contain another bundle');
    await db.query('INSERT INTO catalog_bundle_items (bundle_id, item_id, quantity) VALUES ($1, $2, $3)', [id, part.itemId, part.quantity]);
  }
}

export async function createItem(db: Queryable, input: z.output<typeof catalogItemSchema>, actor: AuditActor): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO catalog_items (sku, name, description, category, unit_price_cents, unit_cost_cents, taxable, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [input.sku, input.name, input.description, input.category, input.unitPriceCents, input.unitCostCents, input.taxable, input.active],
    );
    const id = rows[0]!.id;
    if (input.bundle.length) await writeBundle(db, id, input.bundle);
    await audit(db, { actor, entity: 'catalog_item', entityId: id, action: 'create', detail: { sku: input.sku } });
    return id;
  } catch (e) {
    if (isUnique(e)) throw duplicateSku();
    throw e;
  }
}

export async function updateItem(db: Queryable, id: number, input: z.output<typeof catalogUpdateSchema>, actor: AuditActor): Promise<void> {
  const map: [keyof typeof input, string][] = [
    ['sku', 'sku'],
    ['name', 'name'],
    ['description', 'description'],
    ['category', 'category'],
    ['unitPriceCents', 'unit_price_cents'],
    ['unitCostCents', 'unit_cost_cents'],
    ['taxable', 'taxable'],
    ['active', 'active'],
  ];
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [key, column] of map) {
    if (input[key] === undefined) continue;
    values.push(input[key]);
    sets.push(`${column} = $${values.length}`);
  }
  try {
    const { rowCount } = await db.query(`UPDATE catalog_items SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
    if (!rowCount) throw notFound('No such catalog item');
  } catch (e) {
    if (isUnique(e)) throw duplicateSku();
    throw e;
  }
  if (input.bundle) await writeBundle(db, id, input.bundle);
  const { bundle: _bundle, ...changed } = input;
  await audit(db, { actor, entity: 'catalog_item', entityId: id, action: input.active === false ? 'deactivate' : 'update', detail: changed });
}

/** Deletes an item no quote, order or bundle ever used; a used one answers 409 (deactivate it instead). */
export async function deleteItem(db: Queryable, id: number, actor: AuditActor): Promise<void> {
  const item = await loadItem(db, id);
  if (!item) throw notFound('No such catalog item');
  if (item.used) throw new ApiError(409, ERROR_CODES.conflict, 'This item is used on a quote or order: deactivate it instead');
  await db.query('DELETE FROM catalog_items WHERE id = $1', [id]);
  await audit(db, { actor, entity: 'catalog_item', entityId: id, action: 'delete', detail: { sku: item.sku } });
}

// ---------------------------------------------------------------- CSV

const yes = (v: string | undefined, fallback: boolean) => {
  const t = (v ?? '').trim().toLowerCase();
  if (t === '') return fallback;
  if (['true', 'yes', 'y', '1'].includes(t)) return true;
  if (['false', 'no', 'n', '0'].includes(t)) return false;
  return null;
};

export async function exportCatalogCsv(db: Queryable): Promise<string> {
  const { rows } = await db.query<CatalogItem>(`SELECT ${COLUMNS} FROM catalog_items i ORDER BY i.sku`);
  const amount = (c: number) => (c / 100).toFixed(2);
  return toCsv(rows, [
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

/**
 * Checks every row of an import; with `commit`, writes them all in the caller's transaction, or
 * nothing when any row is bad. Existing SKUs are updated, new ones created.
 */
export async function importCatalogCsv(db: Queryable, csv: string, commit: boolean, actor: AuditActor): Promise<CatalogImportResult> {
  const records = parseCsv(csv);
  const fileErrors: string[] = [];
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const missing = ['sku', 'name', 'category', 'unit_price'].filter((h) => !header.includes(h));
  if (!records.length) fileErrors.push('The file is empty');
  else if (missing.length) fileErrors.push(`The header must name ${missing.join(', ')} (columns: ${CATALOG_CSV_HEADERS.join(', ')})`);
  if (records.length - 1 > QUOTE_LIMITS.importRowsMax) fileErrors.push(`At most ${QUOTE_LIMITS.importRowsMax} rows per file`);
  if (fileErrors.length) return { rows: [], valid: false, committed: false, created: 0, updated: 0, fileErrors };

  const col = (r: string[], name: string) => {
    const i = header.indexOf(name);
    return i < 0 ? undefined : (r[i] ?? '').trim();
  };
  const skus = records.slice(1).map((r) => col(r, 'sku') ?? '');
  const { rows: existing } = await db.query<{ sku: string; id: number }>('SELECT sku, id FROM catalog_items WHERE sku = ANY($1::text[])', [skus]);
  const known = new Map(existing.map((e) => [e.sku, e.id]));
  const seen = new Set<string>();
  const rows: (CatalogImportRow & { input?: unknown })[] = records.slice(1).map((r, i) => {
    const errors: Record<string, string> = {};
    const price = parseCents(col(r, 'unit_price') ?? '');
    const costText = col(r, 'unit_cost') ?? '';
    const cost = costText === '' ? 0 : parseCents(costText);
    const taxable = yes(col(r, 'taxable'), true);
    const active = yes(col(r, 'active'), true);
    if (price === null) errors.unit_price = 'Unit price must be an amount like 12.50';
    if (cost === null) errors.unit_cost = 'Unit cost must be an amount like 12.50';
    if (taxable === null) errors.taxable = 'Taxable must be true or false';
    if (active === null) errors.active = 'Active must be true or false';
    const candidate = {
      sku: col(r, 'sku') ?? '',
      name: col(r, 'name') ?? '',
      description: col(r, 'description') ?? '',
      category: (col(r, 'category') ?? '').toLowerCase(),
      unitPriceCents: price ?? 0,
      unitCostCents: cost ?? 0,
      taxable: taxable ?? true,
      active: active ?? true,
    };
    const parsed = catalogItemSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'row');
        const field = key === 'unitPriceCents' ? 'unit_price' : key === 'unitCostCents' ? 'unit_cost' : key;
        errors[field] ??= field === 'category' ? `Category must be one of ${CATALOG_CATEGORIES.join(', ')}` : issue.message;
      }
    }
    if (candidate.sku && seen.has(candidate.sku)) errors.sku = 'This SKU appears twice in the file';
    seen.add(candidate.sku);
    return {
      line: i + 2,
      sku: candidate.sku,
      name: candidate.name,
      category: candidate.category,
      unitPriceCents: price,
      unitCostCents: cost,
      taxable: taxable ?? true,
      active: active ?? true,
      action: known.has(candidate.sku) ? 'update' : 'create',
      errors,
      input: candidate,
    };
  });
  const valid = rows.length > 0 && rows.every((r) => Object.keys(r.errors).length === 0);
  if (!rows.length) fileErrors.push('The file has a header but no rows');
  let created = 0;
  let updated = 0;
  if (commit && valid) {
    for (const row of rows) {
      const input = catalogItemSchema.parse(row.input);
      const id = known.get(input.sku);
      if (id) {
        // An existing item changes only in the columns the file has (a file without `active` does not re-activate it).
        const has = (column: (typeof CATALOG_CSV_HEADERS)[number]) => header.includes(column);
        await updateItem(
          db,
          id,
          {
            sku: input.sku,
            name: input.name,
            category: input.category,
            unitPriceCents: input.unitPriceCents,
            ...(has('description') ? { description: input.description } : {}),
            ...(has('unit_cost') ? { unitCostCents: input.unitCostCents } : {}),
            ...(has('taxable') ? { taxable: input.taxable } : {}),
            ...(has('active') ? { active: input.active } : {}),
          },
          actor,
        );
        updated++;
      } else {
        await createItem(db, input, actor);
        created++;
      }
    }
  }
  return { rows: rows.map(({ input: _i, ...r }) => r), valid, committed: commit && valid, created, updated, fileErrors };
}
