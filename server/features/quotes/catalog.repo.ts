/** The item catalog's SQL, with typed rows: search, load, write, bundles, delete, the SKUs an import names. */
import type { z } from 'zod';
import type { CatalogItem, CatalogPage, catalogItemInputSchema, catalogSearchSchema, catalogUpdateSchema } from '@contracts/quotes';
import { allQueries, containing, foldedLike, offsetOf, type Queryable } from '@server/platform/sql';

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

/** A unique violation (the SKU of another item). */
export const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export async function searchCatalog(db: Queryable, s: z.output<typeof catalogSearchSchema>): Promise<CatalogPage> {
  const values: unknown[] = [];
  const conds: string[] = [];
  if (s.q) {
    values.push(containing(s.q));
    conds.push(`(${['i.name', 'i.sku', 'i.description'].map((c) => foldedLike(c, `$${values.length}`)).join(' OR ')})`);
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
  const [count, rows] = await allQueries(db, [
    () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM catalog_items i ${where}`, values),
    () => db.query<CatalogItem>(`SELECT ${COLUMNS} FROM catalog_items i ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [
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

/** Every item, by SKU (the CSV export). */
export async function allItems(db: Queryable): Promise<CatalogItem[]> {
  const { rows } = await db.query<CatalogItem>(`SELECT ${COLUMNS} FROM catalog_items i ORDER BY i.sku`);
  return rows;
}

/** A new item; a SKU another item has throws the unique violation. */
export async function insertItem(db: Queryable, input: z.output<typeof catalogItemInputSchema>): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO catalog_items (sku, name, description, category, unit_price_cents, unit_cost_cents, taxable, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [input.sku, input.name, input.description, input.category, input.unitPriceCents, input.unitCostCents, input.taxable, input.active],
  );
  return rows[0]!.id;
}

/** Changes the columns the input names; false when there is no such item. A SKU another item has throws the unique violation. */
export async function updateItemColumns(db: Queryable, id: number, input: z.output<typeof catalogUpdateSchema>): Promise<boolean> {
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
  const { rowCount } = await db.query(`UPDATE catalog_items SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1`, values);
  return Boolean(rowCount);
}

export async function clearBundle(db: Queryable, bundleId: number): Promise<void> {
  await db.query('DELETE FROM catalog_bundle_items WHERE bundle_id = $1', [bundleId]);
}

/** Whether an item exists and is itself a bundle (undefined when there is no such item). */
export async function bundlePartOf(db: Queryable, itemId: number): Promise<{ nested: boolean } | undefined> {
  const { rows } = await db.query<{ nested: boolean }>('SELECT EXISTS (SELECT 1 FROM catalog_bundle_items WHERE bundle_id = $1) AS nested FROM catalog_items WHERE id = $1', [itemId]);
  return rows[0];
}

export async function insertBundlePart(db: Queryable, bundleId: number, itemId: number, quantity: number): Promise<void> {
  await db.query('INSERT INTO catalog_bundle_items (bundle_id, item_id, quantity) VALUES ($1, $2, $3)', [bundleId, itemId, quantity]);
}

export async function deleteItemRow(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM catalog_items WHERE id = $1', [id]);
}

/** The ids of the items with these SKUs. */
export async function itemIdsBySku(db: Queryable, skus: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ sku: string; id: number }>('SELECT sku, id FROM catalog_items WHERE sku = ANY($1::text[])', [skus]);
  return new Map(rows.map((e) => [e.sku, e.id]));
}
