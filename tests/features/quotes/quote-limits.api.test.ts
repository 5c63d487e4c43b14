/**
 * One price limit for the catalog and quote lines (docs/adr/0099): the schemas refuse what the
 * columns would refuse, naming the field, and the largest quote the limits allow is exact to the cent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@contracts/quote-money';
import { QUOTE_LIMITS, type CatalogImportResult, type CatalogItem, type QuoteView } from '@contracts/quotes';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const MAX = QUOTE_LIMITS.unitPriceCentsMax;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('price limits of the catalog and quotes on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
  });
  afterAll(() => t?.close());

  const item = (sku: string, unitPriceCents: number, unitCostCents = 1) => agent.post('/api/v2/catalog', { sku, name: `Item ${sku}`, category: 'hardware', unitPriceCents, unitCostCents });

  it('refuses a catalog price or cost above the limit naming the field (never a 500), and stores the limit itself exactly', async () => {
    for (const price of [2_147_483_648, 9_999_999_999, MAX + 1]) {
      const res = await item(`LIM-${price}`, price);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ unitPriceCents: `Unit price must be at most ${formatMoney(MAX)}` });
    }
    const cost = await item('LIM-COST', 100, MAX + 1);
    expect(cost.statusCode).toBe(400);
    expect(Object.keys(cost.json().error.fields)).toEqual(['unitCostCents']);
    expect(await sql.rows(`SELECT 1 FROM catalog_items WHERE sku LIKE 'LIM-%'`)).toEqual([]);
    const top = await item('LIM-TOP', MAX, MAX);
    expect(top.statusCode, top.body).toBe(201);
    const made = top.json() as CatalogItem;
    expect(made).toMatchObject({ unit_price_cents: MAX, unit_cost_cents: MAX });
    const raised = await agent.patch(`/api/v2/catalog/${made.id}`, { unitPriceCents: 2_147_483_648 });
    expect(raised.statusCode).toBe(400);
    expect(Object.keys(raised.json().error.fields)).toEqual(['unitPriceCents']);
    expect((await sql.rows('SELECT unit_price_cents FROM catalog_items WHERE id = $1', [made.id]))[0].unit_price_cents).toBe(MAX);
  });

  it('an import preview marks a price above the limit as an error of its row, and a commit writes nothing', async () => {
    const csv = 'sku,name,category,unit_price\r\nLIM-CSV-1,Ok,hardware,10.00\r\nLIM-CSV-2,Too dear,hardware,21474836.48\r\n';
    const preview = (await agent.post('/api/v2/catalog/import', { csv })).json() as CatalogImportResult;
    expect(preview.valid).toBe(false);
    expect(preview.rows[1]!.errors).toEqual({ unit_price: `Unit price must be at most ${formatMoney(MAX)}` });
    const commit = await agent.post('/api/v2/catalog/import', { csv, commit: true });
    expect(commit.statusCode).toBe(400);
    expect(await sql.rows(`SELECT 1 FROM catalog_items WHERE sku LIKE 'LIM-CSV-%'`)).toEqual([]);
  });

  it('the columns hold the same limit as the schemas', async () => {
    const [quote] = await sql.rows(`SELECT id FROM quotes LIMIT 1`);
    const insertItem = (price: number) => sql.rows(`INSERT INTO catalog_items (sku, name, category, unit_price_cents) VALUES ($1, 'Column', 'hardware', $2)`, [`LIM-COL-${price}`, price]);
    const insertLine = (price: number) => sql.rows(`INSERT INTO quote_lines (quote_id, position, kind, unit_price_cents) VALUES ($1, 900 + $2::int % 7, 'item', $2)`, [quote.id, price]);
    await insertItem(MAX);
    await insertLine(MAX);
    await expect(insertItem(MAX + 1)).rejects.toMatchObject({ code: '23514' });
    await expect(insertLine(MAX + 1)).rejects.toMatchObject({ code: '23514' });
    await expect(sql.rows(`UPDATE catalog_items SET unit_cost_cents = $1 WHERE sku = $2`, [MAX + 1, `LIM-COL-${MAX}`])).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses a quote line above the limit naming the line, and totals the largest quote the limits allow exactly', async () => {
    const base = { type: 'hardware', companyId: 1, contactEmail: 'limits@acme.test', validUntil: day(30), taxRatePercent: 100 };
    const over = await agent.post('/api/v2/quotes', { ...base, lines: [{ kind: 'item', description: 'Too dear', quantity: 1, unitPriceCents: MAX + 1 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toEqual({ 'lines.0.unitPriceCents': `Unit price must be at most ${formatMoney(MAX)}` });
    // Every line at the largest quantity and price, all taxed at 100 %.
    const lines = Array.from({ length: QUOTE_LIMITS.linesMax }, (_, i) => ({ kind: 'item', description: `Line ${i}`, quantity: QUOTE_LIMITS.quantityMax, unitPriceCents: MAX }));
    const res = await agent.post('/api/v2/quotes', { ...base, lines });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as QuoteView;
    const line = (BigInt(Math.round(QUOTE_LIMITS.quantityMax * 100)) * BigInt(MAX) + 50n) / 100n;
    const subtotal = line * BigInt(QUOTE_LIMITS.linesMax);
    const expected = { subtotalCents: Number(subtotal), taxableCents: Number(subtotal), taxCents: Number(subtotal), totalCents: Number(subtotal * 2n) };
    expect(Number.isSafeInteger(expected.totalCents)).toBe(true);
    expect(view.totals).toEqual(expected);
    expect(view.lines[0]!.netCents).toBe(Number(line));
    const [stored] = await sql.rows('SELECT subtotal_cents::text AS s, tax_cents::text AS t, total_cents::text AS total FROM quotes WHERE id = $1', [view.quote.id]);
    expect(stored).toEqual({ s: String(subtotal), t: String(subtotal), total: String(subtotal * 2n) });
    expect(view.quote.totalCents).toBe(expected.totalCents);
  });
});
