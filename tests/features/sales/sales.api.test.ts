import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey } from '@contracts/common/endpoint';
import type { ReportResult } from '@contracts/reports';
import { listApiRoutes, listEndpointlessRoutes } from '@server/app';
import { ACTIVITY_MESSAGES, SALES, SALES_LIMITS, SALES_REPORTS, type Activity, type CacReport, type SalesDashboard, type SalesSettings, type TerritoryOverview } from '@contracts/sales';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const today = () => new Date().toISOString().slice(0, 10);
const month = () => today().slice(0, 7);
const yearAgo = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
};
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

describe.each(BACKENDS)('sales on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
  });
  afterAll(() => t?.close());

  it('registers every sales route, the public form included, from its endpoint definition', () => {
    const routes = listApiRoutes(t.app);
    expect(Object.values(SALES).map(endpointKey).filter((key) => !routes.includes(key))).toEqual([]);
    expect(listEndpointlessRoutes(t.app).filter((key) => /^\w+ \/api\/v2\/(sales|public\/huhy)(\/|$)/.test(key))).toEqual([]);
  });

  it('computes every activity report exactly as plain SQL over the seeded activities, in the table and in the CSV', async () => {
    const from = yearAgo();
    for (const kind of ['call', 'letter', 'lead', 'sale'] as const) {
      const { id } = SALES_REPORTS[kind];
      const expected = await sql.rows<{ bucket: string; rep: string; count: number; amount: number }>(
        `SELECT to_char(date_trunc('month', occurred_on), 'YYYY-MM-DD') AS bucket, coalesce(s.name, 'Web form') AS rep, count(*)::int AS count, coalesce(sum(amount_cents), 0)::float8 AS amount
           FROM sales_activities a LEFT JOIN staff_users s ON s.id = a.staff_id
          WHERE kind = $1 AND occurred_on BETWEEN $2 AND $3 GROUP BY 1, 2 ORDER BY 1, 2`,
        [kind, from, today()],
      );
      expect(expected.length, `${kind} has seeded rows`).toBeGreaterThan(kind === 'sale' ? 10 : 20);
      const res = await agent.get(`/api/v2/reports/${id}?period=custom&from=${from}&to=${today()}&granularity=month`);
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json() as ReportResult;
      expect(result.report.group).toBe('Sales');
      expect(result.rows.map((r) => [r.bucket, r.rep, r.count, ...(kind === 'sale' ? [r.amount] : [])])).toEqual(
        expected.map((e) => [e.bucket, e.rep, e.count, ...(kind === 'sale' ? [e.amount] : [])]),
      );
      expect(result.totals?.count).toBe(expected.reduce((a, e) => a + e.count, 0));
      const csv = await agent.get(`/api/v2/reports/${id}/csv?period=custom&from=${from}&to=${today()}&granularity=month`);
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines.slice(1)).toEqual(expected.map((e) => [e.bucket, e.rep, e.count, ...(kind === 'sale' ? [e.amount] : [])].join(',')));
    }
  });

  it('logs a call for the signed-in rep, shows it on the dashboard, and refuses bad input naming the field', async () => {
    const before = (await agent.get(`/api/v2/sales/dashboard?month=${month()}`)).json() as SalesDashboard;
    const [acme] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    const res = await agent.post('/api/v2/sales/activities', { kind: 'call', companyId: acme!.id, occurredOn: today(), notes: 'Renewal chat' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'call', staffName: 'Avery Agent', companyName: 'Acme Utilities', notes: 'Renewal chat' });
    const after = (await agent.get(`/api/v2/sales/dashboard?month=${month()}`)).json() as SalesDashboard;
    expect(after.total.actual.call).toBe(before.total.actual.call + 1);
    expect(after.reps.find((r) => r.name === 'Avery Agent')?.actual.call).toBe(1);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'sales_activity' AND entity_id = $1`, [res.json().id])).length).toBe(1);

    const rows = await sql.count('sales_activities');
    const bad = await agent.post('/api/v2/sales/activities', { kind: 'sale', companyId: 0, occurredOn: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['amountCents', 'companyId', 'occurredOn']);
    const noCompany = await agent.post('/api/v2/sales/activities', { kind: 'call', companyId: 999999, occurredOn: today() });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().error.fields).toEqual({ companyId: 'No such company' });
    expect(await sql.count('sales_activities')).toBe(rows);
  });

  it('refuses an activity with no company and an amount that is not money in the words the dialog shows, naming each field', async () => {
    const rows = await sql.count('sales_activities');
    const res = await agent.post('/api/v2/sales/activities', { kind: 'sale', occurredOn: today(), amountCents: 'lots', staffId: 'me' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({ companyId: ACTIVITY_MESSAGES.company, amountCents: ACTIVITY_MESSAGES.amount, staffId: ACTIVITY_MESSAGES.rep });
    expect(ACTIVITY_MESSAGES).toMatchObject({ company: 'Pick a company', amount: 'Enter an amount, e.g. 250', rep: 'Pick a rep' });
    expect(await sql.count('sales_activities')).toBe(rows);
  });

  it('refuses a probability that is not a percentage and a channel with no name in the words the settings show, naming each field', async () => {
    const bad = await manager.put('/api/v2/sales/settings/probabilities', { draft: 'lots', sent: 40, accepted: 100, declined: 0, expired: 0 });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.fields).toEqual({ draft: 'Enter a percentage from 0 to 100, e.g. 40' });
    const unnamed = await manager.put('/api/v2/sales/settings/channels', { channels: [{ name: 'Referral', offered: true }, { name: ' ', offered: true }] });
    expect(unnamed.statusCode, unnamed.body).toBe(400);
    expect(unnamed.json().error.fields).toEqual({ 'channels.1.name': 'Name the channel' });
  });

  it('closes a sale against an accepted quote of the company, taking its amount, and refuses another company’s quote', async () => {
    const [company] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'GLOBEX-002'`);
    const [other] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'INIT-003'`);
    const [quote] = await sql.rows<{ id: number }>(
      `INSERT INTO quotes (number, type, status, valid_until, tax_rate_bp, owner_id, company_id, total_cents, decided_at)
       VALUES ('Q-SALES', 'support', 'accepted', current_date + 30, 825, (SELECT min(id) FROM staff_users), $1, 123456, now()) RETURNING id`,
      [company!.id],
    );
    const wrong = await agent.post('/api/v2/sales/activities', { kind: 'sale', companyId: other!.id, occurredOn: today(), quoteId: quote!.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ quoteId: 'Pick an accepted quote of this company' });
    const res = await agent.post('/api/v2/sales/activities', { kind: 'sale', companyId: company!.id, occurredOn: today(), quoteId: quote!.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json() as Activity).toMatchObject({ amountCents: 123456, quoteNumber: 'Q-SALES' });
    const view = (await agent.get(`/api/v2/sales/companies/${company!.id}`)).json();
    expect(view.activities[0]).toMatchObject({ kind: 'sale', amountCents: 123456 });
    expect(view.acceptedQuotes.map((x: { id: number }) => x.id)).toContain(quote!.id);
  });

  it('keeps territory totals equal to the company totals and reassigns in bulk with an audit row per company', async () => {
    const overview = (await agent.get('/api/v2/sales/territories')).json() as TerritoryOverview;
    const sum = (k: 'companies' | 'lifetimeCents' | 'pipelineCents') => overview.territories.reduce((a, x) => a + x[k], 0) + overview.unassigned[k];
    expect(sum('companies')).toBe(overview.totals.companies);
    expect(sum('lifetimeCents')).toBe(overview.totals.lifetimeCents);
    const [lifetime] = await sql.rows<{ c: number }>(`SELECT coalesce(sum(amount_cents), 0)::float8 AS c FROM sales_activities WHERE kind = 'sale'`);
    expect(overview.totals.lifetimeCents).toBe(lifetime!.c);
    const west = overview.territories.find((x) => x.name === 'West')!;
    const moving = overview.customers.filter((c) => c.territory !== 'West').slice(0, 3).map((c) => c.id);
    const res = await agent.post('/api/v2/sales/territories/reassign', { companyIds: moving, territoryId: west.id });
    expect(res.json()).toEqual({ moved: 3 });
    const after = (await agent.get('/api/v2/sales/territories')).json() as TerritoryOverview;
    expect(after.territories.find((x) => x.name === 'West')!.companies).toBe(west.companies + 3);
    expect(after.totals.companies).toBe(overview.totals.companies);
    expect((await sql.rows(`SELECT 1 FROM audit_log WHERE entity = 'company' AND action = 'territory' AND entity_id = ANY($1::int[])`, [moving])).length).toBe(3);
    const bad = await agent.post('/api/v2/sales/territories/reassign', { companyIds: [], territoryId: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['companyIds']);
  });

  it('lets only managers and admins change settings, and weighs the pipeline with the saved probabilities', async () => {
    const settings = (await agent.get('/api/v2/sales/settings')).json() as SalesSettings;
    expect(settings.channels.length).toBeGreaterThan(3);
    expect((await agent.put('/api/v2/sales/settings/probabilities', { ...settings.probabilities, sent: 50 })).statusCode).toBe(403);
    const saved = await manager.put('/api/v2/sales/settings/probabilities', { ...settings.probabilities, sent: 50 });
    expect(saved.statusCode, saved.body).toBe(200);
    const dash = (await agent.get('/api/v2/sales/dashboard')).json() as SalesDashboard;
    const sent = dash.pipeline.byStatus.find((b) => b.status === 'sent')!;
    expect(sent.probability).toBe(50);
    expect(sent.weightedCents).toBe(Math.round(sent.totalCents / 2));
    const bad = await manager.put('/api/v2/sales/settings/probabilities', { ...settings.probabilities, draft: 140 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['draft']);
  });

  describe('the public form', () => {
    const submit = (payload: object, remoteAddress = nextAddress()) => t.app.inject({ method: 'POST', url: '/api/v2/public/huhy', remoteAddress, payload });
    const stored = async () => ({ answers: await sql.count('huhy_answers'), companies: await sql.count('companies'), activities: await sql.count('sales_activities') });
    let channelId: number;
    beforeAll(async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/public/huhy/channels' });
      channelId = res.json().channels[0].id;
    });

    /** Staff confirm the waiting answer of an email as a new prospect (docs/adr/0098). */
    const confirmAsProspect = async (email: string) => {
      const [answer] = await sql.rows<{ id: number }>(`SELECT id FROM huhy_answers WHERE email = $1 AND status = 'pending'`, [email]);
      const res = await agent.post(`/api/v2/sales/huhy/${answer!.id}/confirm`, { companyId: null });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('stores an answer, once staff confirm it, as a prospect company with a contact and a lead tagged with the channel', async () => {
      const res = await submit({ company: 'Riverbend Water Co-op', name: 'Rae River', email: 'Rae@Riverbend.example', channelId, detail: 'Saw you at the expo' });
      expect(res.statusCode, res.body).toBe(201);
      await confirmAsProspect('rae@riverbend.example');
      const [company] = await sql.rows<{ id: number; status: string }>(`SELECT id, status FROM companies WHERE name = 'Riverbend Water Co-op'`);
      expect(company!.status).toBe('prospect');
      expect(await sql.rows(`SELECT kind, staff_id, channel_id FROM sales_activities WHERE company_id = $1`, [company!.id])).toEqual([{ kind: 'lead', staff_id: null, channel_id: channelId }]);
      expect(await sql.rows(`SELECT email FROM contacts WHERE company_id = $1`, [company!.id])).toEqual([{ email: 'rae@riverbend.example' }]);
    });

    it('refuses bad input with a 400 naming each field and stores nothing', async () => {
      const before = await stored();
      const res = await submit({ company: '', name: 'x'.repeat(200), email: 'nope', channelId: 'first' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['channelId', 'company', 'email', 'name']);
      const unknown = await submit({ company: 'A', name: 'B', email: 'b@example.com', channelId: 999999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toEqual({ channelId: 'Pick one of the listed channels' });
      expect(await stored()).toEqual(before);
    });

    it('answers a filled honeypot like a success and stores nothing', async () => {
      const before = await stored();
      const res = await submit({ company: 'Bot Co', name: 'Bot', email: 'bot@example.com', channelId, website: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(await stored()).toEqual(before);
    });

    it('answers 429 with Retry-After once an address has used its window, and stores nothing more', async () => {
      const ip = nextAddress();
      for (let i = 0; i < SALES_LIMITS.huhyPerAddress; i++) expect((await submit({ company: '' }, ip)).statusCode).toBe(400);
      const before = await stored();
      const flood = await submit({ company: 'Flood Inc', name: 'F', email: 'f@example.com', channelId }, ip);
      expect(flood.statusCode).toBe(429);
      expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stored()).toEqual(before);
      expect((await submit({ company: 'Elsewhere Inc', name: 'E', email: 'e@example.com', channelId })).statusCode).toBe(201);
    });

    it('attributes the first closed sale of a form company to its channel in the CAC check', async () => {
      const channels = (await t.app.inject({ method: 'GET', url: '/api/v2/public/huhy/channels' })).json().channels as { id: number; name: string }[];
      const channel = channels.at(-1)!;
      const cac = async () => ((await agent.get(`/api/v2/sales/cac?from=${month()}&to=${month()}`)).json() as CacReport).rows.find((r) => r.channelId === channel.id);
      const before = await cac();
      expect((await submit({ company: 'Lakeside Power', name: 'Lee Lake', email: 'lee@lakeside.example', channelId: channel.id })).statusCode).toBe(201);
      await confirmAsProspect('lee@lakeside.example');
      const [company] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE name = 'Lakeside Power'`);
      const sale = await agent.post('/api/v2/sales/activities', { kind: 'sale', companyId: company!.id, occurredOn: today(), amountCents: 250000 });
      expect(sale.statusCode).toBe(201);
      const after = (await cac())!;
      expect(after.newCustomers.map((c) => c.companyName)).toContain('Lakeside Power');
      expect(after.newCustomers.length).toBe((before?.newCustomers.length ?? 0) + 1);
      expect(after.cacCents).toBe(Math.round(after.spendCents / after.newCustomers.length));
    });
  });
});
