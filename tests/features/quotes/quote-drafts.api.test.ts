/**
 * A new quote stays an unnumbered draft until it is worth keeping: saved explicitly (keep) or sent
 * (docs/adr/0124-quote-numbers-on-keep.md). Unnumbered drafts are not listed, can be discarded, and
 * take no number; kept quotes are numbered in the order they were kept, without gaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteView } from '@contracts/quotes';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const numberOf = (v: QuoteView) => Number(v.quote.number.replace(/^Q-/, ''));

describe.each(BACKENDS)('unnumbered quote drafts on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
  });
  afterAll(() => t?.close());

  const draft = (title: string, extra: Record<string, unknown> = {}) => ({
    type: 'support',
    companyId: 1,
    contactName: 'Jane Smith',
    contactEmail: `jane.${backend}@acme.test`,
    title,
    validUntil: day(30),
    lines: [{ kind: 'item', description: 'Hours', quantity: 1, unitPriceCents: 10_000 }],
    ...extra,
  });
  async function create(body: object): Promise<QuoteView> {
    const res = await agent.post('/api/v2/quotes', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const listed = async (q: string) => ((await agent.get(`/api/v2/quotes?q=${encodeURIComponent(q)}`)).json() as { rows: { id: number }[] }).rows.map((r) => r.id);
  const pipelineDrafts = async () => ((await agent.get('/api/v2/quotes/pipeline')).json() as { byStatus: { status: string; count: number }[] }).byStatus.find((b) => b.status === 'draft')!.count;

  it('an autosaved new quote has no number, is not listed nor counted, and Discard removes it with its lines', async () => {
    const draftsBefore = await pipelineDrafts();
    const made = await create(draft(`Autosaved ${backend}`));
    expect(made.quote).toMatchObject({ number: '', baseNumber: '', status: 'draft' });
    expect(await listed(`Autosaved ${backend}`)).toEqual([]);
    expect(await pipelineDrafts()).toBe(draftsBefore);
    // Autosaves keep it unnumbered.
    const saved = await agent.put(`/api/v2/quotes/${made.quote.id}`, { ...draft(`Autosaved ${backend}`), baseVersion: made.quote.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as QuoteView).quote.number).toBe('');

    const discarded = await agent.delete(`/api/v2/quotes/${made.quote.id}`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toEqual({ ok: true });
    expect((await agent.get(`/api/v2/quotes/${made.quote.id}`)).statusCode).toBe(404);
    expect(await sql.rows('SELECT 1 FROM quote_lines WHERE quote_id = $1', [made.quote.id])).toEqual([]);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'quote' AND entity_id = $1 ORDER BY id`, [made.quote.id])).map((r) => r.action)).toEqual([
      'create',
      'save',
      'discard',
    ]);
    // Discarded already: nothing left to discard.
    expect((await agent.delete(`/api/v2/quotes/${made.quote.id}`)).statusCode).toBe(404);
  });

  it('saving explicitly numbers drafts in the order they are kept, without gaps; a kept quote is listed and cannot be discarded', async () => {
    const first = await create(draft(`Kept first ${backend}`));
    const second = await create(draft(`Kept second ${backend}`));
    // The second is kept first: it takes the next number.
    const keptSecond = (await agent.put(`/api/v2/quotes/${second.quote.id}`, { ...draft(`Kept second ${backend}`), keep: true })).json() as QuoteView;
    const keptFirst = (await agent.put(`/api/v2/quotes/${first.quote.id}`, { ...draft(`Kept first ${backend}`), keep: true })).json() as QuoteView;
    expect(keptSecond.quote.number).toMatch(/^Q-\d+$/);
    expect(numberOf(keptFirst)).toBe(numberOf(keptSecond) + 1);
    // Saved explicitly at once: numbered on creation, the next number again.
    const third = await create({ ...draft(`Kept third ${backend}`), keep: true });
    expect(numberOf(third)).toBe(numberOf(keptFirst) + 1);
    expect(await listed(`Kept second ${backend}`)).toEqual([second.quote.id]);
    // An autosave of a kept quote keeps its number.
    const autosaved = (await agent.put(`/api/v2/quotes/${third.quote.id}`, draft(`Kept third ${backend}`))).json() as QuoteView;
    expect(autosaved.quote.number).toBe(third.quote.number);

    const refused = await agent.delete(`/api/v2/quotes/${third.quote.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This quote has its number and is kept: it can no longer be discarded');
    expect((await agent.get(`/api/v2/quotes/${third.quote.id}`)).statusCode).toBe(200);
  });

  it('sending an unnumbered draft numbers it; a refused send takes no number, and its new client becomes a prospect only then', async () => {
    const before = await create({ ...draft(`Before ${backend}`), keep: true });
    const prospect = draft(`Prospect ${backend}`, { companyId: null, clientName: `Fresh Client ${backend}`, contactName: 'Nora North', contactEmail: `nora.${backend}@fresh.test`, lines: [] });
    const made = await create(prospect);
    // An unnumbered draft makes no company.
    expect(made.quote).toMatchObject({ companyId: null, companyCreated: false, companyName: `Fresh Client ${backend}` });
    expect(await sql.rows('SELECT 1 FROM companies WHERE name = $1', [`Fresh Client ${backend}`])).toEqual([]);
    // Refused (no lines): still unnumbered, and no number was used up.
    const refused = await agent.post(`/api/v2/quotes/${made.quote.id}/send`, { version: made.quote.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ lines: 'Add at least one line' });
    const saved = (await agent.put(`/api/v2/quotes/${made.quote.id}`, { ...prospect, lines: draft('').lines })).json() as QuoteView;
    expect(saved.quote.number).toBe('');

    const sent = await agent.post(`/api/v2/quotes/${made.quote.id}/send`, { version: saved.quote.version });
    expect(sent.statusCode, sent.body).toBe(200);
    const view = sent.json() as QuoteView;
    expect(numberOf(view)).toBe(numberOf(before) + 1);
    expect(view.quote).toMatchObject({ status: 'sent', companyCreated: true, companyName: `Fresh Client ${backend}` });
    expect((await sql.rows('SELECT status FROM companies WHERE id = $1', [view.quote.companyId]))[0].status).toBe('prospect');
    expect((await sql.rows('SELECT name, email FROM contacts WHERE company_id = $1', [view.quote.companyId]))).toEqual([{ name: 'Nora North', email: `nora.${backend}@fresh.test` }]);
    // The mail has the number it got, and greets the contact by name.
    const [mail] = await sql.rows('SELECT subject, body FROM outbox WHERE to_address = $1', [`nora.${backend}@fresh.test`]);
    expect(mail.subject).toBe(`Quote ${view.quote.number} from Client Care`);
    expect(mail.body.split('\n')[0]).toBe('Hello Nora North,');
    // Sent: kept for good.
    expect((await agent.delete(`/api/v2/quotes/${made.quote.id}`)).statusCode).toBe(409);
  });

  it('the mail greets neutrally when the contact has no name', async () => {
    const made = await create(draft(`No name ${backend}`, { contactName: '', contactEmail: `noname.${backend}@acme.test` }));
    expect((await agent.post(`/api/v2/quotes/${made.quote.id}/send`, { version: made.quote.version })).statusCode).toBe(200);
    const [mail] = await sql.rows('SELECT body FROM outbox WHERE to_address = $1', [`noname.${backend}@acme.test`]);
    expect(mail.body.split('\n')[0]).toBe('Hello,');
  });

  it('a discard racing a send: one wins, the other answers 409 or 404, never a half-done quote', async () => {
    for (let i = 0; i < 6; i++) {
      const made = await create(draft(`Race ${backend} ${i}`, { contactEmail: `race.${backend}.${i}@acme.test` }));
      const [send, discard] = await Promise.all([agent.post(`/api/v2/quotes/${made.quote.id}/send`, { version: made.quote.version }), agent.delete(`/api/v2/quotes/${made.quote.id}`)]);
      const codes = [send.statusCode, discard.statusCode].sort();
      expect([JSON.stringify([200, 409]), JSON.stringify([200, 404])], `${send.body} ${discard.body}`).toContain(JSON.stringify(codes));
      const rows = await sql.rows('SELECT status, number FROM quotes WHERE id = $1', [made.quote.id]);
      const mails = await sql.rows('SELECT 1 FROM outbox WHERE to_address = $1', [`race.${backend}.${i}@acme.test`]);
      if (send.statusCode === 200) expect(rows[0]).toMatchObject({ status: 'sent', number: expect.stringMatching(/^Q-\d+$/) });
      else expect(rows).toEqual([]);
      expect(mails).toHaveLength(send.statusCode === 200 ? 1 : 0);
    }
  });
});
