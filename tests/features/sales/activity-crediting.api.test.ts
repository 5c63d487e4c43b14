/**
 * Who a sales activity is credited to and for how much: logging for another rep is for their
 * manager or an admin; amounts and dates stay within the bounds of the contract; a sale against an
 * accepted quote is that quote's total, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_LIMITS, type SalesDashboard, type SalesReps } from '@contracts/sales';
import { addDays } from '@contracts/time';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(BACKENDS)('crediting sales activities on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let admin: Api;
  let acme: number;
  let staff: Record<'agent' | 'manager' | 'admin' | 'sam' | 'quinn' | 'dana', number>;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    [agent, manager, admin] = await Promise.all([apiAs(t, 'agent'), apiAs(t, 'manager'), apiAs(t, 'admin')]);
    acme = (await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'ACME-001'`))[0]!.id;
    const ids = await sql.rows<{ id: number; email: string }>('SELECT id, email FROM staff_users');
    const of = (email: string) => ids.find((s) => s.email === email)!.id;
    staff = {
      agent: of('agent@demo.test'),
      manager: of('manager@demo.test'),
      admin: of('admin@demo.test'),
      sam: of('sam.sales@demo.test'),
      quinn: of('quinn.qa@demo.test'),
      dana: of('dana.dev@demo.test'),
    };
  });
  afterAll(() => t?.close());

  const log = (as: Api, body: object) => as.post('/api/v2/sales/activities', body);
  const activities = () => sql.count('sales_activities');
  const revenueOf = async (name: string) => {
    const dash = (await agent.get('/api/v2/sales/dashboard')).json() as SalesDashboard;
    return dash.reps.find((r) => r.name === name)?.actual.revenue ?? 0;
  };
  const acceptedQuote = async (companyId: number, number: string, totalCents: number, status = 'accepted') =>
    (
      await sql.rows<{ id: number }>(
        `INSERT INTO quotes (number, type, status, valid_until, tax_rate_bp, owner_id, company_id, total_cents, decided_at)
         VALUES ($1, 'support', $2::text, current_date + 30, 825, (SELECT min(id) FROM staff_users), $3, $4, CASE WHEN $2::text = 'accepted' THEN now() END) RETURNING id`,
        [number, status, companyId, totalCents],
      )
    )[0]!.id;

  it('refuses an agent crediting another rep with $100 million, and nobody’s figures move', async () => {
    const before = { sam: await revenueOf('Sam Seller'), rows: await activities() };
    const res = await log(agent, { kind: 'sale', companyId: acme, staffId: staff.sam, amountCents: 9_999_999_999, occurredOn: today() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['amountCents']);
    expect(res.json().error.fields.amountCents).toBe('Amount must be at most $1,000,000.00; close a larger sale against its accepted quote');
    expect({ sam: await revenueOf('Sam Seller'), rows: await activities() }).toEqual(before);
  });

  it('lets only the rep, their manager or an admin log for a rep, answering 403 naming the rep otherwise', async () => {
    const rows = await activities();
    const body = (staffId: number) => ({ kind: 'sale', companyId: acme, staffId, amountCents: 250_000, occurredOn: today() });
    const byAgent = await log(agent, body(staff.sam));
    expect(byAgent.statusCode).toBe(403);
    expect(byAgent.json().error.fields).toEqual({ staffId: 'Only the rep, their manager or an admin may log activities for this rep' });
    // Morgan manages Avery and Quinn; Sam reports to the admin.
    const managerForSam = await log(manager, body(staff.sam));
    expect(managerForSam.statusCode).toBe(403);
    expect(managerForSam.json().error.fields).toHaveProperty('staffId');
    expect(await activities()).toBe(rows);

    const managerForAvery = await log(manager, body(staff.agent));
    expect(managerForAvery.statusCode, managerForAvery.body).toBe(201);
    expect(managerForAvery.json()).toMatchObject({ staffId: staff.agent, staffName: 'Avery Agent', amountCents: 250_000 });
    const [audit] = await sql.rows<{ actor_id: number }>(`SELECT actor_id FROM audit_log WHERE entity = 'sales_activity' AND entity_id = $1`, [managerForAvery.json().id]);
    expect(audit!.actor_id).toBe(staff.manager);
    const adminForSam = await log(admin, body(staff.sam));
    expect(adminForSam.statusCode, adminForSam.body).toBe(201);
    expect(adminForSam.json()).toMatchObject({ staffId: staff.sam, staffName: 'Sam Seller' });
    const self = await log(agent, { kind: 'call', companyId: acme, staffId: staff.agent, occurredOn: today() });
    expect(self.statusCode, self.body).toBe(201);
    expect(await activities()).toBe(rows + 3);
  });

  it('lists whom the signed-in user may log for: themselves first, then their reports (everyone for an admin)', async () => {
    const reps = async (as: Api) => ((await as.get('/api/v2/sales/reps')).json() as SalesReps).reps.map((r) => r.id);
    expect(await reps(agent)).toEqual([staff.agent]);
    expect(await reps(manager)).toEqual([staff.manager, staff.agent, staff.quinn]);
    const all = await sql.rows<{ id: number }>('SELECT id FROM staff_users WHERE active AND id <> $1 ORDER BY name, id', [staff.admin]);
    expect(await reps(admin)).toEqual([staff.admin, ...all.map((r) => r.id)]);
  });

  it('keeps amounts and dates within the bounds of the contract, naming the field', async () => {
    const rows = await activities();
    const sale = (fields: object) => log(agent, { kind: 'sale', companyId: acme, amountCents: 10_000, occurredOn: today(), ...fields });
    const tooMuch = await sale({ amountCents: SALES_LIMITS.saleCentsMax + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(Object.keys(tooMuch.json().error.fields)).toEqual(['amountCents']);
    for (const day of ['2199-01-01', addDays(today(), SALES_LIMITS.activityDaysAhead + 1)]) {
      const res = await sale({ occurredOn: day });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().error.fields, day).toEqual({ occurredOn: 'Date must not be in the future' });
    }
    const old = await log(agent, { kind: 'call', companyId: acme, occurredOn: addDays(today(), -SALES_LIMITS.activityDaysBack - 1) });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields).toEqual({ occurredOn: `Date must be within the last ${SALES_LIMITS.activityDaysBack} days` });
    expect(await activities()).toBe(rows);
    // The edges are allowed: a year back, and tomorrow in UTC (today east of it).
    expect((await log(agent, { kind: 'call', companyId: acme, occurredOn: addDays(today(), -SALES_LIMITS.activityDaysBack) })).statusCode).toBe(201);
    expect((await log(agent, { kind: 'call', companyId: acme, occurredOn: addDays(today(), SALES_LIMITS.activityDaysAhead) })).statusCode).toBe(201);
    expect((await sale({ amountCents: SALES_LIMITS.saleCentsMax })).statusCode).toBe(201);
  });

  it('closes a sale against an accepted quote of the company at its total only, and once', async () => {
    const [globex] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'GLOBEX-002'`);
    const sent = await acceptedQuote(globex!.id, 'Q-CRED-SENT', 500_000, 'sent');
    const notAccepted = await log(agent, { kind: 'sale', companyId: globex!.id, occurredOn: today(), quoteId: sent });
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json().error.fields).toEqual({ quoteId: 'Pick an accepted quote of this company' });

    const quote = await acceptedQuote(globex!.id, 'Q-CRED', 3_456_789);
    const rows = await activities();
    const other = await log(agent, { kind: 'sale', companyId: globex!.id, occurredOn: today(), quoteId: quote, amountCents: 999_999 });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ amountCents: 'Q-CRED was accepted at $34,567.89: a sale against it is that amount' });
    expect(await activities()).toBe(rows);
    // Above the typed maximum is fine when it is the accepted total.
    const big = await acceptedQuote(globex!.id, 'Q-CRED-BIG', SALES_LIMITS.saleCentsMax * 3);
    const closedBig = await log(agent, { kind: 'sale', companyId: globex!.id, occurredOn: today(), quoteId: big });
    expect(closedBig.statusCode, closedBig.body).toBe(201);
    expect(closedBig.json().amountCents).toBe(SALES_LIMITS.saleCentsMax * 3);

    const same = await log(agent, { kind: 'sale', companyId: globex!.id, occurredOn: today(), quoteId: quote, amountCents: 3_456_789 });
    expect(same.statusCode, same.body).toBe(201);
    const again = await log(manager, { kind: 'sale', companyId: globex!.id, occurredOn: today(), quoteId: quote });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ quoteId: 'The sale of Q-CRED is already logged' });
    expect(await sql.rows(`SELECT amount_cents::float8 AS cents FROM sales_activities WHERE quote_id = $1`, [quote])).toEqual([{ cents: 3_456_789 }]);
  });

  it('logs the sale of an accepted quote once when several people save it at the same moment', async () => {
    const [initech] = await sql.rows<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'INIT-003'`);
    const quote = await acceptedQuote(initech!.id, 'Q-RACE', 777_700);
    const answers = await Promise.all([agent, manager, admin, agent, manager].map((as) => log(as, { kind: 'sale', companyId: initech!.id, occurredOn: today(), quoteId: quote })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await sql.rows(`SELECT id FROM sales_activities WHERE quote_id = $1`, [quote])).length).toBe(1);
  });
});
