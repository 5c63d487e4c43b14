/**
 * A quote is sent once and decided once, whatever arrives at the same moment: sends racing an
 * autosave or each other, staff decisions racing each other and the client's link. Every race
 * runs with real concurrency (requests in flight together) on each backend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@contracts/quote-money';
import type { QuoteView } from '@contracts/quotes';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { formatDay } from '@contracts/common/dates';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('quotes under concurrent writers on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let n = 0;
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
  });
  afterAll(() => t?.close());

  // Each public call comes from its own address, so the link's per-address limit never answers first.
  const publicCall = (url: string, payload: object) => apiWith(t, null).post(url, payload, { remoteAddress: `10.1.${Math.floor(n / 250)}.${n++ % 250}` });

  /** A draft for the demo company Acme: `quantity` × `unitPriceCents`, no tax, one optional line. */
  const draftFor = (email: string, unitPriceCents: number, quantity = 1) => ({
    type: 'support',
    companyId: 1,
    contactName: 'Pat Race',
    contactEmail: email,
    validUntil: day(30),
    taxRatePercent: 0,
    lines: [
      { kind: 'item', description: 'Hours', quantity, unitPriceCents },
      { kind: 'item', description: 'Spare', quantity: 1, unitPriceCents: 500, optional: true },
    ],
  });
  async function draft(email: string, unitPriceCents = 108): Promise<QuoteView> {
    const res = await agent.post('/api/v2/quotes', draftFor(email, unitPriceCents));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function sent(email: string): Promise<{ view: QuoteView; key: string }> {
    const view = await draft(email);
    const res = await agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version: view.quote.version });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await sql.rows('SELECT body FROM outbox WHERE to_address = $1', [email]);
    return { view: res.json(), key: /\/quote\/accept\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]! };
  }
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);

  it('a send racing an autosave: one of the two wins, and the mail of a sent quote shows the total it was sent with', async () => {
    for (let i = 0; i < 12; i++) {
      const email = `race-save-${backend}-${i}@acme.test`;
      const view = await draft(email);
      const version = view.quote.version;
      // The autosave turns $1.08 into $1,082,500.00 while the send is on its way.
      const [save, send] = await Promise.all([
        agent.put(`/api/v2/quotes/${view.quote.id}`, { ...draftFor(email, 108_250, 1000), baseVersion: version }),
        agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version }),
      ]);
      expect(statuses([save, send]), `${save.body} ${send.body}`).toEqual([200, 409]);
      const [row] = await sql.rows('SELECT status, total_cents::float8 AS total FROM quotes WHERE id = $1', [view.quote.id]);
      const mails = await sql.rows('SELECT body FROM outbox WHERE to_address = $1', [email]);
      if (send.statusCode === 200) {
        expect(row.status).toBe('sent');
        expect(mails).toHaveLength(1);
        expect(mails[0].body).toContain(`is ready: ${formatMoney(row.total)},`);
        expect(save.json().error.message).toMatch(/sent/);
      } else {
        expect(row).toEqual({ status: 'draft', total: 108_250_000 });
        expect(mails).toHaveLength(0);
        expect(send.json().error.message).toBe('This quote changed after you opened it: review the saved version, then send it');
      }
    }
  });

  it('six sends at once make one link and one mail; the others answer 409', async () => {
    const email = `race-send-${backend}@acme.test`;
    const view = await draft(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version: view.quote.version })));
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.message).toBe('This quote was already sent');
    expect((await sql.rows('SELECT count(*)::int AS n FROM quote_links WHERE quote_id = $1', [view.quote.id]))[0].n).toBe(1);
    expect((await sql.rows('SELECT count(*)::int AS n FROM outbox WHERE to_address = $1', [email]))[0].n).toBe(1);
    expect((await sql.rows(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'quote' AND entity_id = $1 AND action = 'send'`, [view.quote.id]))[0].n).toBe(1);
  });

  it('a send names the version it shows: a stale one answers 409 and sends nothing, a missing one is refused naming the field', async () => {
    const email = `stale-${backend}@acme.test`;
    const view = await draft(email);
    const saved = await agent.put(`/api/v2/quotes/${view.quote.id}`, { ...draftFor(email, 999), baseVersion: view.quote.version });
    expect(saved.statusCode).toBe(200);
    const stale = await agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version: view.quote.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ message: 'This quote changed after you opened it: review the saved version, then send it', fields: { version: expect.any(String) } });
    const missing = await agent.post(`/api/v2/quotes/${view.quote.id}/send`);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['version']);
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [view.quote.id]))[0].status).toBe('draft');
    expect((await sql.rows('SELECT count(*)::int AS n FROM outbox WHERE to_address = $1', [email]))[0].n).toBe(0);
    const good = await agent.post(`/api/v2/quotes/${view.quote.id}/send`, { version: (saved.json() as QuoteView).quote.version });
    expect(good.statusCode, good.body).toBe(200);
    expect((await sql.rows('SELECT body FROM outbox WHERE to_address = $1', [email]))[0].body).toContain('is ready: $9.99,');
  });

  it('six staff decisions at once: one is recorded, the others answer 409', async () => {
    const { view } = await sent(`race-staff-${backend}@acme.test`);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => agent.post(`/api/v2/quotes/${view.quote.id}/status`, { status: i % 2 ? 'declined' : 'accepted' })));
    expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error.message).toMatch(/^This quote was already (accepted|declined)$/);
    const decisions = await sql.rows('SELECT decision FROM quote_decisions WHERE quote_id = $1', [view.quote.id]);
    expect(decisions).toHaveLength(1);
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [view.quote.id]))[0].status).toBe(decisions[0].decision);
  });

  it('client accepts and declines racing staff decisions: exactly one decision, every other answer 409, never a 500', async () => {
    for (let round = 0; round < 6; round++) {
      const { view, key } = await sent(`race-mixed-${backend}-${round}@acme.test`);
      const optional = view.lines.find((l) => l.optional)!;
      const answers = await Promise.all([
        publicCall(`/api/v2/public/quotes/${key}/accept`, { name: 'Pat Race', chosenLineIds: [optional.id] }),
        agent.post(`/api/v2/quotes/${view.quote.id}/status`, { status: 'accepted' }),
        publicCall(`/api/v2/public/quotes/${key}/decline`, { name: 'Pat Race', reason: 'Too dear' }),
        agent.post(`/api/v2/quotes/${view.quote.id}/status`, { status: 'declined', note: 'By phone' }),
        publicCall(`/api/v2/public/quotes/${key}/accept`, { name: 'Pat Race', chosenLineIds: [] }),
        agent.post(`/api/v2/quotes/${view.quote.id}/status`, { status: 'accepted' }),
      ]);
      expect(statuses(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409, 409]);
      const decisions = await sql.rows('SELECT decision FROM quote_decisions WHERE quote_id = $1', [view.quote.id]);
      expect(decisions).toHaveLength(1);
      expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [view.quote.id]))[0].status).toBe(decisions[0].decision);
    }
  });

  it('staff cannot record an acceptance after the valid-until day: 409 naming the day, and nothing changes', async () => {
    const { view } = await sent(`late-${backend}@acme.test`);
    // The day passed; the expiry job has not run yet, so the quote still says sent.
    const [{ until }] = await sql.rows(`UPDATE quotes SET valid_until = current_date - 2 WHERE id = $1 RETURNING to_char(valid_until, 'YYYY-MM-DD') AS until`, [view.quote.id]);
    const late = await agent.post(`/api/v2/quotes/${view.quote.id}/status`, { status: 'accepted' });
    expect(late.statusCode).toBe(409);
    // The day as people read it ("Feb 14, 2026"), not the ISO day.
    expect(late.json().error.message).toBe(`This quote was valid until ${formatDay(until)}: it can no longer be accepted. Revise it to send a new one.`);
    expect(late.json().error.message).not.toContain(until);
    expect((await sql.rows('SELECT status FROM quotes WHERE id = $1', [view.quote.id]))[0].status).toBe('sent');
    expect(await sql.rows('SELECT 1 FROM quote_decisions WHERE quote_id = $1', [view.quote.id])).toEqual([]);
  });

  it("a draft never rewrites the contacts of a company that is no longer its prospect, nor of a company chosen on it", async () => {
    const prospect = {
      type: 'support',
      clientName: `Prospect ${backend}`,
      contactName: 'Paula First',
      contactEmail: `paula.${backend}@prospect.test`,
      validUntil: day(30),
      lines: [{ kind: 'item', description: 'Hours', quantity: 1, unitPriceCents: 100 }],
    };
    // Kept at once (saved explicitly): its new client becomes a prospect company.
    const created = (await agent.post('/api/v2/quotes', { ...prospect, keep: true })).json() as QuoteView;
    const companyId = created.quote.companyId!;
    const contacts = () => sql.rows('SELECT id, name, email FROM contacts WHERE company_id = $1 ORDER BY id', [companyId]);
    // While it is the quote's prospect, the contact follows the quote.
    const renamed = await agent.put(`/api/v2/quotes/${created.quote.id}`, { ...prospect, contactName: 'Paula Second', baseVersion: created.quote.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [first] = await contacts();
    expect(first).toMatchObject({ name: 'Paula Second', email: `paula.${backend}@prospect.test` });
    // The prospect becomes a customer: from now on the quote's contact is the quote's own.
    expect((await agent.patch(`/api/v2/companies/${companyId}`, { status: 'active' })).statusCode).toBe(200);
    const later = await agent.put(`/api/v2/quotes/${created.quote.id}`, {
      ...prospect,
      clientName: 'Renamed on the quote',
      contactName: 'Someone Else',
      contactEmail: 'someone@else.test',
      baseVersion: (renamed.json() as QuoteView).quote.version,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(await contacts()).toEqual([first]);
    expect((await sql.rows('SELECT name, status FROM companies WHERE id = $1', [companyId]))[0]).toEqual({ name: `Prospect ${backend}`, status: 'active' });
    expect((later.json() as QuoteView).quote).toMatchObject({ contactName: 'Someone Else', contactEmail: 'someone@else.test' });
    // A draft for an existing company leaves that company's contacts alone too.
    const acmeBefore = await sql.rows('SELECT id, name, email FROM contacts WHERE company_id = 1 ORDER BY id');
    const forAcme = (await agent.post('/api/v2/quotes', { ...prospect, clientName: '', companyId: 1, contactName: 'Not Acme', contactEmail: 'not@acme.test' })).json() as QuoteView;
    await agent.put(`/api/v2/quotes/${forAcme.quote.id}`, { ...prospect, clientName: '', companyId: 1, contactName: 'Still Not Acme', baseVersion: forAcme.quote.version });
    expect(await sql.rows('SELECT id, name, email FROM contacts WHERE company_id = 1 ORDER BY id')).toEqual(acmeBefore);
  });
});
