import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogImportResult, CatalogItem, PublicQuote, QuoteView } from '@contracts/quotes';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('quotes and the catalog on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  /** The client who opens the quote's link: no session. */
  let visitor: Api;
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    visitor = apiWith(t, null);
  });
  afterAll(() => t?.close());

  const keyFromOutbox = async (to: string) => {
    const [row] = await sql.rows('SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1', [to]);
    return /\/quote\/accept\/([A-Za-z0-9_-]+)/.exec(row.body)![1]!;
  };

  async function item(sku: string, extra: Record<string, unknown> = {}): Promise<CatalogItem> {
    const res = await agent.post('/api/v2/catalog', { sku, name: `Item ${sku}`, category: 'hardware', unitPriceCents: 12_345, unitCostCents: 8000, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('keeps the catalog: create, edit, bundle, deactivate; a used item is never deleted', async () => {
    const a = await item('API-LAPTOP');
    const b = await item('API-DOCK', { unitPriceCents: 9900 });
    const bundle = await item('API-DESK-KIT', { bundle: [{ itemId: a.id, quantity: 1 }, { itemId: b.id, quantity: 2 }] });
    expect(bundle.bundle.map((p) => [p.sku, p.quantity])).toEqual([['API-DOCK', 2], ['API-LAPTOP', 1]]);
    expect((await agent.post('/api/v2/catalog', { sku: 'API-LAPTOP', name: 'x', category: 'hardware', unitPriceCents: 1, unitCostCents: 1 })).statusCode).toBe(409);
    const bad = await agent.post('/api/v2/catalog', { sku: 'has space', name: '', category: 'food', unitPriceCents: -1, unitCostCents: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['category', 'name', 'sku', 'unitCostCents', 'unitPriceCents']);
    // b is inside a bundle: used, so it cannot be deleted; deactivating works.
    expect((await agent.delete(`/api/v2/catalog/${b.id}`)).statusCode).toBe(409);
    const off = await agent.patch(`/api/v2/catalog/${b.id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false, used: true });
    const spare = await item('API-SPARE');
    expect((await agent.delete(`/api/v2/catalog/${spare.id}`)).statusCode).toBe(200);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'catalog_item' AND entity_id = $1 ORDER BY id`, [b.id])).map((r) => r.action)).toEqual(['create', 'deactivate']);
    const found = (await agent.get('/api/v2/catalog?q=api-&active=true&sort=sku:desc')).json();
    expect(found.rows.map((r: CatalogItem) => r.sku)).toEqual(['API-LAPTOP', 'API-DESK-KIT']);
  });

  it('previews a CSV import with per-row errors, writes nothing while any row is bad, then imports in one go', async () => {
    const before = (await sql.rows('SELECT count(*)::int AS n FROM catalog_items'))[0].n;
    const csv = 'sku,name,description,category,unit_price,unit_cost,taxable,active\r\nCSV-1,"Paper, A4",Bright white,paper,24.50,12,true,true\r\nCSV-2,Toner,,hardware,abc,1,maybe,true\r\n';
    const preview = (await agent.post('/api/v2/catalog/import', { csv })).json() as CatalogImportResult;
    expect(preview.valid).toBe(false);
    expect(preview.rows[0]).toMatchObject({ line: 2, sku: 'CSV-1', name: 'Paper, A4', unitPriceCents: 2450, errors: {} });
    expect(preview.rows[1]!.errors).toEqual({ unit_price: 'Unit price must be an amount like 12.50', taxable: 'Taxable must be true or false' });
    const refused = await agent.post('/api/v2/catalog/import', { csv, commit: true });
    expect(refused.statusCode).toBe(400);
    expect((await sql.rows('SELECT count(*)::int AS n FROM catalog_items'))[0].n).toBe(before);
    const good = csv.replace('abc', '45.00').replace('maybe', 'no');
    const done = (await agent.post('/api/v2/catalog/import', { csv: good, commit: true })).json() as CatalogImportResult;
    expect(done).toMatchObject({ committed: true, created: 2, updated: 0 });
    // The client portal's paper screen reads the same catalog.
    const client = await apiAs(t, 'acme');
    const products = (await client.get('/api/v2/client/paper/products')).json();
    expect(JSON.stringify(products)).toContain('CSV-1');
    const exported = await agent.get('/api/v2/catalog/export');
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain('CSV-1,"Paper, A4",Bright white,paper,24.50,12.00,true,true');
  });

  it('an import that updates an existing SKU changes only the columns its file has', async () => {
    const kept = await item('API-CSV-KEPT', { description: 'Kept description', unitCostCents: 500, taxable: false, active: false });
    const csv = 'sku,name,category,unit_price\r\nAPI-CSV-KEPT,Renamed by import,hardware,99.00\r\n';
    const done = (await agent.post('/api/v2/catalog/import', { csv, commit: true })).json() as CatalogImportResult;
    expect(done).toMatchObject({ committed: true, created: 0, updated: 1 });
    const [after] = (await agent.get('/api/v2/catalog?q=API-CSV-KEPT')).json().rows as CatalogItem[];
    expect(after).toEqual({ ...kept, name: 'Renamed by import', unit_price_cents: 9900 });
  });

  it('drafts a quote for a new client (a prospect company), computes totals in cents, sends it, and the client accepts with an optional line', async () => {
    const laptop = await item('API-Q-LAPTOP', { unitPriceCents: 99_999 });
    const draft = {
      type: 'hardware',
      clientName: 'Northwind Prospects',
      contactName: 'Nora North',
      contactEmail: 'nora@northwind.test',
      validUntil: day(30),
      taxRatePercent: 8.25,
      lines: [
        { kind: 'heading', description: 'Equipment' },
        { kind: 'item', catalogItemId: laptop.id, sku: laptop.sku, description: laptop.name, quantity: 3, unitPriceCents: 99_999, discountPercent: 10 },
        { kind: 'item', description: 'Setup', quantity: 1.5, unitPriceCents: 12_000, taxable: false },
        { kind: 'item', description: 'Extended warranty', quantity: 3, unitPriceCents: 4_999, optional: true },
      ],
    };
    // Saved explicitly (kept): numbered at once, its new client a prospect company.
    const created = await agent.post('/api/v2/quotes', { ...draft, keep: true });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json() as QuoteView;
    // 3 × 999.99 − 10 % = 2,699.97 (taxable); 1.5 × 120.00 = 180.00; tax 8.25 % of 2,699.97 = 222.75; the optional line is out.
    expect(view.totals).toEqual({ subtotalCents: 287_997, taxableCents: 269_997, taxCents: 22_275, totalCents: 310_272 });
    expect(view.quote).toMatchObject({ status: 'draft', number: expect.stringMatching(/^Q-\d+$/), companyCreated: true, companyName: 'Northwind Prospects' });
    const [company] = await sql.rows('SELECT status, name FROM companies WHERE id = $1', [view.quote.companyId]);
    expect(company).toEqual({ status: 'prospect', name: 'Northwind Prospects' });

    // Autosave: a second save renames the prospect; a stale version is refused.
    const saved = await agent.put(`/api/v2/quotes/${view.quote.id}`, { ...draft, clientName: 'Northwind Traders', baseVersion: view.quote.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await sql.rows('SELECT name FROM companies WHERE id = $1', [view.quote.companyId]))[0].name).toBe('Northwind Traders');
    expect((await agent.put(`/api/v2/quotes/${view.quote.id}`, { ...draft, baseVersion: view.quote.version })).statusCode).toBe(409);
    const current = saved.json() as QuoteView;

    const sent = await agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version: current.quote.version });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as QuoteView).readOnly).toBe(true);
    expect((await agent.put(`/api/v2/quotes/${view.quote.id}`, draft)).statusCode).toBe(409);
    const key = await keyFromOutbox('nora@northwind.test');
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect((await sql.rows('SELECT count(*)::int AS n FROM quote_links WHERE key_hash = $1', [key])).at(0).n).toBe(0);

    const page = await visitor.get(`/api/v2/public/quotes/${key}`);
    expect(page.statusCode).toBe(200);
    const pub = page.json() as PublicQuote;
    const optional = pub.lines.find((l) => l.optional)!;
    // A wrong key and a near miss answer the same 404.
    const nearMiss = `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
    const wrong = await visitor.get(`/api/v2/public/quotes/${nearMiss}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe('This link is not valid');
    expect((await visitor.post(`/api/v2/public/quotes/${key}/accept`, { name: '' })).statusCode).toBe(400);
    const withOptional = current.totals.totalCents + 14_997 + Math.round(14_997 * 0.0825);
    const accepted = await visitor.post(`/api/v2/public/quotes/${key}/accept`, { name: 'Nora North', chosenLineIds: [optional.id], expectedTotalCents: withOptional });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const staffView = (await agent.get(`/api/v2/quotes/${view.quote.id}`)).json() as QuoteView;
    expect(staffView.quote.status).toBe('accepted');
    expect(staffView.decision).toMatchObject({ decision: 'accepted', name: 'Nora North', chosenLines: [optional.id], totalCents: withOptional, contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(staffView.decision!.address).toBeTruthy();
    expect((await visitor.post(`/api/v2/public/quotes/${key}/decline`, { name: 'Nora', reason: 'changed my mind' })).statusCode).toBe(409);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'quote' AND entity_id = $1 ORDER BY id`, [view.quote.id])).map((r) => r.action)).toEqual([
      'create',
      'save',
      'send',
      'client_accepted',
    ]);

    // Revise: a new draft Q-…-R2; the view lists what changed.
    const revised = await agent.post(`/api/v2/quotes/${view.quote.id}/revise`);
    expect(revised.statusCode, revised.body).toBe(201);
    const r2 = revised.json() as QuoteView;
    expect(r2.quote.number).toBe(`${view.quote.number}-R2`);
    const lines = r2.lines.map(({ id: _i, position: _p, netCents: _n, ...l }) => l);
    lines[1] = { ...lines[1]!, quantity: 4 };
    await agent.put(`/api/v2/quotes/${r2.quote.id}`, { ...draft, clientName: 'Northwind Traders', lines });
    const changed = (await agent.get(`/api/v2/quotes/${r2.quote.id}`)).json() as QuoteView;
    expect(changed.changes).toContain(`"Item API-Q-LAPTOP": quantity 3 → 4`);
    expect(changed.revisions.map((r) => r.number)).toEqual([view.quote.number, `${view.quote.number}-R2`]);
    // The old revision's link no longer opens.
    expect((await visitor.get(`/api/v2/public/quotes/${key}`)).statusCode).toBe(404);
  });

  it('refuses bad quote input naming the field, and changes nothing', async () => {
    const before = (await sql.rows('SELECT count(*)::int AS n FROM quotes'))[0].n;
    const bad = await agent.post('/api/v2/quotes', {
      type: 'boat',
      validUntil: '2026-02-30',
      contactEmail: 'nope',
      lines: [{ kind: 'item', quantity: -1, unitPriceCents: 1.5, discountPercent: 101 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['contactEmail', 'lines.0.discountPercent', 'lines.0.quantity', 'lines.0.unitPriceCents', 'type', 'validUntil']);
    const many = await agent.post('/api/v2/quotes', { type: 'support', validUntil: day(5), lines: Array.from({ length: 301 }, () => ({ kind: 'item' })) });
    expect(many.statusCode).toBe(400);
    expect((await sql.rows('SELECT count(*)::int AS n FROM quotes'))[0].n).toBe(before);
  });

  it('expires a sent quote after its valid-until day through the job queue, also after a restart', async () => {
    const created = (await agent.post('/api/v2/quotes', { type: 'support', companyId: 1, contactEmail: 'exp@acme.test', validUntil: day(0), lines: [{ kind: 'item', description: 'Hours', quantity: 1, unitPriceCents: 100 }] })).json() as QuoteView;
    expect((await agent.post(`/api/v2/quotes/${created.quote.id}/send`, { version: created.quote.version })).statusCode).toBe(200);
    const [job] = await sql.rows(`SELECT state, start_after > now() AS later FROM pgboss.job WHERE name = 'quotes.expire' AND data->>'quoteId' = $1`, [String(created.quote.id)]);
    expect(job).toEqual({ state: 'created', later: true });
    // Not due yet: nothing runs.
    await t.ctx.jobs.runDue();
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [created.quote.id]))[0].status).toBe('sent');
    // A restart keeps the job (it is a row); the day passes; the job runs and the quote expires.
    await t.ctx.jobs.stop();
    await t.ctx.jobs.start();
    await sql.rows(`UPDATE quotes SET valid_until = current_date - 1 WHERE id = $1`, [created.quote.id]);
    await sql.rows(`UPDATE pgboss.job SET start_after = now() - interval '1 second' WHERE name = 'quotes.expire' AND data->>'quoteId' = $1`, [String(created.quote.id)]);
    const ran = await t.ctx.jobs.runDue({ only: [(await import('@server/features/quotes')).expireQuoteJob] });
    expect(ran).toEqual({ ran: 1, failed: 0 });
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [created.quote.id]))[0].status).toBe('expired');
  });

  it('answers the quote as a PDF and the pipeline by status', async () => {
    const [{ id }] = await sql.rows(`SELECT id FROM quotes WHERE status = 'accepted' LIMIT 1`);
    const pdf = await agent.get(`/api/v2/quotes/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pipeline = (await agent.get('/api/v2/quotes/pipeline')).json();
    expect(pipeline.byStatus.map((b: { status: string }) => b.status)).toEqual(['draft', 'sent', 'accepted', 'declined', 'expired']);
    // Only the latest revision of each quote counts: the accepted Q-…, revised into a draft R2, is not in it.
    const latest = await sql.rows('SELECT status, count(*)::int AS n, sum(total_cents)::float8 AS total FROM quotes WHERE NOT superseded GROUP BY status');
    for (const b of pipeline.byStatus as { status: string; count: number; totalCents: number }[]) {
      expect(b.count, b.status).toBe(latest.find((r) => r.status === b.status)?.n ?? 0);
      expect(b.totalCents, b.status).toBe(latest.find((r) => r.status === b.status)?.total ?? 0);
      // The demo's quotes fill every status, so no figure is zero by accident.
      expect(b.count, b.status).toBeGreaterThan(0);
    }
    const draftAndSent = (pipeline.byStatus as { status: string; totalCents: number }[]).filter((b) => b.status === 'draft' || b.status === 'sent');
    expect(pipeline.openCents).toBe(draftAndSent.reduce((a, b) => a + b.totalCents, 0));
  });
  it("writes a client's decision and the mail that tells the quote's owner in one transaction: when the mail cannot be stored, nothing is decided", async () => {
    const created = (await agent.post('/api/v2/quotes', { keep: true, type: 'support', companyId: 1, contactEmail: `owner-mail-${backend}@acme.test`, validUntil: day(30), lines: [{ kind: 'item', description: 'Hours', quantity: 1, unitPriceCents: 100 }] })).json() as QuoteView;
    expect((await agent.post(`/api/v2/quotes/${created.quote.id}/send`, { version: created.quote.version })).statusCode).toBe(200);
    const key = await keyFromOutbox(`owner-mail-${backend}@acme.test`);
    // The outbox refuses the owner's mail about this client's decision.
    await sql.rows(`CREATE FUNCTION refuse_owner_mail() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN IF NEW.subject LIKE '%by Pat Nomail' THEN RAISE EXCEPTION 'the outbox is unavailable'; END IF; RETURN NEW; END $$`);
    await sql.rows('CREATE TRIGGER refuse_owner_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_owner_mail()');
    const refused = await visitor.post(`/api/v2/public/quotes/${key}/accept`, { name: 'Pat Nomail' });
    expect(refused.statusCode).toBe(500);
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [created.quote.id]))[0].status).toBe('sent');
    expect(await sql.rows('SELECT 1 FROM quote_decisions WHERE quote_id = $1', [created.quote.id])).toEqual([]);
    expect(await sql.rows(`SELECT 1 FROM audit_log WHERE entity = 'quote' AND entity_id = $1 AND action = 'client_accepted'`, [created.quote.id])).toEqual([]);
    await sql.rows('DROP TRIGGER refuse_owner_mail ON outbox');
    await sql.rows('DROP FUNCTION refuse_owner_mail()');
    // Once the outbox takes mail again, the same acceptance goes through, its mail written with it.
    const accepted = await visitor.post(`/api/v2/public/quotes/${key}/accept`, { name: 'Pat Nomail' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [decision] = await sql.rows('SELECT xmin::text AS tx FROM quote_decisions WHERE quote_id = $1', [created.quote.id]);
    const mails = await sql.rows(`SELECT xmin::text AS tx, to_address FROM outbox WHERE subject = $1`, [`Quote ${created.quote.number} accepted by Pat Nomail`]);
    expect(mails).toEqual([{ tx: decision.tx, to_address: 'agent@demo.test' }]);
  });
  it("the layout tester's sample answers each type, and a type that is none names the field", async () => {
    expect((await agent.get('/api/v2/quotes/sample?type=paper')).json()).toMatchObject({ type: 'paper', number: 'Q-SAMPLE-R2', decision: null });
    expect((await agent.get('/api/v2/quotes/sample')).json().type).toBe('hardware');
    for (const url of ['/api/v2/quotes/sample?type=boat', '/api/v2/quotes/sample-pdf?type=boat']) {
      const bad = await agent.get(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().error.fields).toEqual({ type: 'type must be one of support, project, hardware, paper' });
    }
  });
});
