/** The Travel Expense form on the approval engine: pricing, receipts and who may see them, duplicates, approval → one draft quote, exports. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestView } from '@contracts/approvals';
import { RECEIPT_MISSING, toHomeCents, type Receipt, type StoredExpensePayload } from '@contracts/expenses';
import { createSession } from '@server/platform/auth/sessions';
import { inTransaction } from '@server/platform/db/database';
import { expenseForm } from '@server/features/forms/expense';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { multipart } from '@tests/support/multipart';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = (r: number) => sharp({ create: { width: 60, height: 80, channels: 3, background: { r, g: 120, b: 200 } } }).png().toBuffer();

describe.each(BACKENDS)('travel expenses on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let quinn: Api;
  let acme: number;
  let dinnerPng: Buffer;
  /** The first claim of this file (the demo data have claims of their own). */
  let firstClaim: number;
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    const q = await sql.one<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'quinn.qa@demo.test'`);
    quinn = apiWith(t, await createSession(t.ctx.database.pool, t.config, { audience: 'staff', userId: q.id }, t.ctx.now()));
    acme = (await sql.one<{ id: number }>(`SELECT id FROM companies ORDER BY id LIMIT 1`)).id;
    dinnerPng = await png(10);
  });
  afterAll(() => t?.close());

  const upload = async (as: Api, files: { name: string; bytes: Buffer }[]): Promise<Receipt[]> => {
    const { body, headers } = multipart({}, files);
    const res = await as.post('/api/v2/forms/expenses/receipts', body, { headers });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { receipts: Receipt[] }).receipts;
  };
  const submit = (as: Api, payload: object) => as.post('/api/v2/approvals/requests', { formType: 'expense', payload });
  const trip = (lines: object[], extra: object = {}) => ({ purpose: 'Acme meter rollout', destination: 'Berlin', startDate: '2026-03-09', endDate: '2026-03-12', companyId: acme, lines, ...extra });
  const dinner = (receiptIds: number[]) => ({ kind: 'meals', date: '2026-03-10', merchant: 'Lokal Berlin', description: 'Team dinner', amountCents: 4850, currency: 'EUR', receiptIds });
  const hotel = (receiptIds: number[]) => ({ kind: 'lodging', date: '2026-03-11', merchant: 'Hotel Adlon', amountCents: 18900, currency: 'USD', billable: true, receiptIds });
  const drive = { kind: 'mileage', date: '2026-03-09', description: 'Office to airport and back', distanceHundredths: 4250 };

  it('names every field in plain words and writes nothing for a bad claim', async () => {
    const before = await sql.count('approval_requests');
    const bad = await submit(agent, {
      ...trip([{ ...hotel([]), date: '2026-04-01' }, { kind: 'meals', date: '2026-03-10', amountCents: 0, currency: 'EUR', billable: true }], { purpose: '', endDate: '2026-03-08', companyId: undefined }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      purpose: 'Say what the trip was for',
      endDate: 'The trip ends on or after the day it starts',
      'lines.0.date': 'Pick a day within the trip',
      'lines.0.billable': 'Pick the company the trip was for to bill this line',
      'lines.1.amountCents': 'Enter the amount paid',
      'lines.1.merchant': 'Say where you paid',
    });
    const noReceipt = await submit(agent, trip([hotel([])]));
    expect(noReceipt.statusCode).toBe(400);
    expect(noReceipt.json().error.fields).toEqual({ 'lines.0.receiptIds': RECEIPT_MISSING });
    expect(await sql.count('approval_requests')).toBe(before);
  });

  it('prices each line at the rate in force on its day, keeps the rate with it, and shows receipts only to who may see the claim', async () => {
    const [dinnerReceipt, hotelReceipt] = await upload(agent, [
      { name: 'dinner.png', bytes: dinnerPng },
      { name: 'hotel.pdf', bytes: PDF },
    ]);
    expect(dinnerReceipt).toMatchObject({ name: 'dinner.png', image: true });
    expect(hotelReceipt).toMatchObject({ name: 'hotel.pdf', mime_type: 'application/pdf', image: false });
    // Before any claim names it: the uploader only.
    expect((await agent.get(`/api/v2/forms/expenses/receipts/${dinnerReceipt!.id}?variant=thumbnail`)).statusCode).toBe(200);
    expect((await manager.get(`/api/v2/forms/expenses/receipts/${dinnerReceipt!.id}`)).statusCode).toBe(404);
    // Someone else's receipt cannot be attached.
    const [quinnsReceipt] = await upload(quinn, [{ name: 'taxi.png', bytes: await png(90) }]);
    const stolen = await submit(agent, trip([dinner([quinnsReceipt!.id])]));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual({ 'lines.0.receiptIds': 'Attach receipts you uploaded' });

    const res = await submit(agent, trip([dinner([dinnerReceipt!.id]), hotel([hotelReceipt!.id]), drive]));
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as RequestView;
    firstClaim = view.id;
    expect(view).toMatchObject({ formType: 'expense', state: 'inReview', title: 'Acme meter rollout (Berlin)', waitingOn: ['Morgan Manager'] });
    const p = view.payload as unknown as StoredExpensePayload;
    const eur = await sql.one<{ rate: number }>(`SELECT rate_micros::int AS rate FROM expense_rates WHERE kind = 'fx' AND code = 'EUR' AND valid_from = '2026-01-01'`);
    expect(p.lines[0]).toMatchObject({ currency: 'EUR', amountCents: 4850, rateMicros: eur.rate, rateDay: '2026-01-01', homeCents: toHomeCents(4850, eur.rate), flags: [] });
    expect(p.lines[1]).toMatchObject({ currency: 'USD', homeCents: 18900, rateMicros: 1_000_000 });
    expect(p.lines[2]).toMatchObject({ kind: 'mileage', rateMicros: 725_000, rateDay: '2026-01-01', homeCents: 3081 });
    expect(p.totalCents).toBe(p.lines[0]!.homeCents + 18900 + 3081);
    // Each line names its receipts (name, type, size), so the approver's view and a resubmission show them without asking for each.
    expect(p.lines.map((l) => l.receipts)).toEqual([
      [{ id: dinnerReceipt!.id, name: 'dinner.png', mime_type: dinnerReceipt!.mime_type, size_bytes: dinnerReceipt!.size_bytes, image: true }],
      [{ id: hotelReceipt!.id, name: 'hotel.pdf', mime_type: 'application/pdf', size_bytes: hotelReceipt!.size_bytes, image: false }],
      [],
    ]);

    // The approver sees it; a colleague who is not an approver gets 404, as for a file that is not there.
    expect((await manager.get(`/api/v2/forms/expenses/receipts/${dinnerReceipt!.id}`)).statusCode).toBe(200);
    expect((await quinn.get(`/api/v2/forms/expenses/receipts/${dinnerReceipt!.id}`)).statusCode).toBe(404);
    expect((await quinn.get(`/api/v2/forms/expenses/receipts/999999`)).statusCode).toBe(404);
  });

  it('keeps the name of the company a claim is for, so the claim reopens with it', async () => {
    const res = await submit(agent, trip([{ kind: 'meals', date: '2026-03-10', merchant: 'Curry 36', amountCents: 1250, currency: 'USD' }]));
    expect(res.statusCode, res.body).toBe(201);
    const name = (await sql.one<{ name: string }>(`SELECT name FROM companies WHERE id = ${acme}`)).name;
    expect(((res.json() as RequestView).payload as unknown as StoredExpensePayload).companyName).toBe(name);
  });

  it('flags a duplicate receipt file or the same amount, day and merchant for the approver', async () => {
    const [again] = await upload(agent, [{ name: 'dinner-again.png', bytes: dinnerPng }]);
    const [hotel2] = await upload(agent, [{ name: 'hotel-2.pdf', bytes: Buffer.concat([PDF, Buffer.from('% copy\n')]) }]);
    const res = await submit(agent, trip([dinner([again!.id]), hotel([hotel2!.id])], { purpose: 'Acme follow-up' }));
    expect(res.statusCode, res.body).toBe(201);
    const first = { id: firstClaim };
    const lines = ((res.json() as RequestView).payload as unknown as StoredExpensePayload).lines;
    expect(lines[0]!.flags).toEqual([`Same receipt file as claim #${first.id}`, `Same amount, day and merchant as claim #${first.id}`]);
    expect(lines[1]!.flags).toEqual([`Same amount, day and merchant as claim #${first.id}`]);
    await agent.post(`/api/v2/approvals/requests/${(res.json() as RequestView).id}/withdraw`, { version: (res.json() as RequestView).version });
  });

  it('puts approved billable lines on one draft quote for the company, even when approved twice at once, and exports the claim', async () => {
    const [r1] = await upload(agent, [{ name: 'lunch.png', bytes: await png(200) }]);
    const res = await submit(agent, trip([{ ...dinner([r1!.id]), date: '2026-03-12', merchant: 'Curry 36', amountCents: 9200, billable: true }, drive], { purpose: 'Acme site survey' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, version } = res.json() as RequestView;
    const decisions = await Promise.all([0, 1].map(() => manager.post(`/api/v2/approvals/requests/${id}/decision`, { decision: 'approve', version })));
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    expect((await manager.get(`/api/v2/approvals/requests/${id}`)).json()).toMatchObject({ state: 'applied' });
    const quotes = await sql.rows<{ id: number; status: string; company_id: number; number: string }>(`SELECT id, status, company_id, number FROM quotes WHERE title = 'Travel expenses: Acme site survey'`);
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ status: 'draft', company_id: acme });
    const quoteLines = await sql.rows<{ unit_price_cents: number }>(`SELECT unit_price_cents FROM quote_lines WHERE quote_id = $1`, [quotes[0]!.id]);
    const billed = await sql.one<{ home_cents: number }>(`SELECT home_cents::int FROM expense_lines WHERE request_id = $1 AND position = 0`, [id]);
    expect(quoteLines.map((l) => Number(l.unit_price_cents))).toEqual([billed.home_cents]);

    // The approval's effect run again (a retried transaction) writes and bills nothing more.
    const payload = ((await manager.get(`/api/v2/approvals/requests/${id}`)).json() as RequestView).payload;
    const requesterId = (res.json() as RequestView).requesterId;
    await inTransaction(t.ctx.database.pool, (db) => expenseForm.onApproved!(db as never, { id, requesterId, payload: payload as never }, t.ctx.now()));
    expect(await sql.count(`quotes WHERE title = 'Travel expenses: Acme site survey'`)).toBe(1);
    expect(await sql.count('expense_lines WHERE request_id = $1', [id])).toBe(2);

    const csv = await agent.get('/api/v2/forms/expenses/export.csv?from=2026-03-01&to=2026-03-31');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('Claim,Requester,Purpose,Destination,Line,Kind,Date,Merchant,Description,Amount,Currency,Rate,Rate date,Amount (USD),Billable,Quote');
    expect(rows.slice(1)).toHaveLength(2);
    expect(rows[1]).toContain(`${id},Avery Agent,Acme site survey,Berlin,1,Meals,2026-03-12,Curry 36,Team dinner,92.00,EUR,`);
    expect(rows[1]).toContain(`,yes,${quotes[0]!.number}`);
    // A colleague sees none of it.
    expect((await quinn.get('/api/v2/forms/expenses/export.csv?from=2026-03-01&to=2026-03-31')).body.trim().split('\r\n')).toHaveLength(1);

    const pdf = await manager.get(`/api/v2/forms/expenses/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await quinn.get(`/api/v2/forms/expenses/${id}/pdf`)).statusCode).toBe(404);
    expect((await agent.get(`/api/v2/forms/expenses/${firstClaim}/pdf`)).statusCode).toBe(409);
  });
});
