/**
 * A closed managed-services month is a sent bill: it never changes. Time dated in it that arrives
 * later (the timer, the timesheet, a ticket of the Managed Services queue) is kept with its real
 * day and goes on the next bill as late time; time already billed cannot be taken back
 * (docs/adr/0100-late-time-on-the-next-bill.md).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractsView, ContractUsage, MonthCloseFigures, TrackerView } from '@contracts/time';
import { migrate, readMigrations } from '@server/platform/db/migrate';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { emptyDatabase } from './empty-database';

describe.each(BACKENDS)('late time on a closed managed-services month on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  const ids: Record<string, number> = {};
  const tokens = async () => {
    [agent, manager] = await Promise.all([apiAs(t, 'agent', { fresh: true }), apiAs(t, 'manager', { fresh: true })]);
  };
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    sql = sqlOf(t);
    const one = async (text: string, values: unknown[] = []) => (await sql.one<{ id: number }>(text, values)).id;
    ids.acme = await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    ids.agent = await one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    // A ticket of Acme in the Managed Services queue: its time counts against the contract.
    ids.msTicket = await one(`UPDATE tickets SET queue = 'Managed Services' WHERE id = (SELECT min(id) FROM tickets WHERE company_id = $1) RETURNING id`, [ids.acme]);
    await tokens();
  });
  afterAll(() => t?.close());

  const at = async (iso: string) => {
    t.ctx.now = () => new Date(iso);
    await tokens();
  };
  const usage = async (month: string): Promise<ContractUsage> => {
    const res = await manager.get(`/api/v2/ms/contracts?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ContractsView).contracts.find((c) => c.company_id === ids.acme)!;
  };
  const cell = (day: string, minutes: number) => agent.put('/api/v2/timesheet/cells', { week: '2025-09-15', item: { kind: 'company', id: ids.acme }, day, minutes });
  const close = async (month: string) => {
    const res = await manager.post(`/api/v2/ms/contracts/${ids.acme}/close`, { month });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MonthCloseFigures;
  };

  let september: MonthCloseFigures;
  let octoberOwn = 0;

  it('keeps a closed month as billed when time dated in it arrives later by the timer, the timesheet and a ticket; the time is kept as late time', async () => {
    await at('2025-09-30T12:00:00Z');
    const before = (await usage('2025-09')).used_minutes;
    octoberOwn = (await usage('2025-10')).used_minutes;
    expect((await cell('2025-09-15', 50)).statusCode).toBe(200);
    // A timer started on the last evening of September runs past the close.
    await at('2025-09-30T23:50:00Z');
    const timer = (action: string) => agent.post(`/api/v2/ms/tracker/${ids.acme}/${ids.agent}`, { action, tz: 'UTC' });
    expect((await timer('start')).statusCode).toBe(200);
    await at('2025-10-01T00:30:00Z');
    september = await close('2025-09');
    expect(september.billed_minutes).toBe(before + 50);
    // Late time, by every way time reaches the contract.
    await at('2025-10-01T00:40:00Z');
    const stopped = await timer('stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((stopped.json() as TrackerView).posted).toMatchObject({ minutes: 60, work_date: '2025-09-30' });
    expect((await cell('2025-09-16', 60)).statusCode).toBe(200);
    const onTicket = await agent.post(`/api/v2/tickets/${ids.msTicket}/time`, { minutes: 30, billable: true, description: 'Backup restore', work_date: '2025-09-17' });
    expect(onTicket.statusCode, onTicket.body).toBe(201);
    // The bill of September is what was sent; the 150 late minutes are shown apart.
    const sept = await usage('2025-09');
    expect(sept.closed).toEqual(september);
    expect(sept).toMatchObject({ used_minutes: september.billed_minutes, late_minutes: 150, adjustment_minutes: 0 });
    expect(sept.overage_minutes).toBe(september.overage_minutes);
  });

  it('shows the late time on the next month, which bills it as an adjustment when it closes; nothing is billed twice', async () => {
    await at('2025-10-20T12:00:00Z');
    const october = await usage('2025-10');
    expect(october).toMatchObject({ adjustment_minutes: 150, late_minutes: 0, used_minutes: octoberOwn + 150 });
    await at('2025-11-01T08:00:00Z');
    const closed = await close('2025-10');
    expect(closed.billed_minutes).toBe(octoberOwn + 150);
    expect(await usage('2025-10')).toMatchObject({ adjustment_minutes: 150, used_minutes: octoberOwn + 150 });
    // Carried: November has nothing late to bill, and September still says where its late time went.
    expect((await usage('2025-11')).adjustment_minutes).toBe(0);
    expect((await usage('2025-09')).late_minutes).toBe(150);
    const minutesOf = await t.ctx.database.pool.query(`SELECT to_char(ms_bill_month, 'YYYY-MM') AS bill, sum(minutes)::int AS minutes FROM time_entries WHERE company_id = $1 AND work_date BETWEEN '2025-09-15' AND '2025-09-30' AND ticket_id IS NULL GROUP BY 1 ORDER BY 1`, [ids.acme]);
    expect(minutesOf.rows).toEqual([
      { bill: '2025-09', minutes: 50 },
      { bill: '2025-10', minutes: 120 },
    ]);
  });

  it('refuses to take billed time off a timesheet cell (400 naming minutes), and adds more to it as late time', async () => {
    await at('2025-11-03T09:00:00Z');
    const lower = await cell('2025-09-15', 30);
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fields.minutes).toBe('This cell holds 50 minutes billed on a closed managed-services month; it cannot go below that');
    const more = await cell('2025-09-15', 80);
    expect(more.statusCode, more.body).toBe(200);
    expect((await usage('2025-11')).adjustment_minutes).toBe(30);
    expect((await usage('2025-09')).late_minutes).toBe(180);
    // Taking the late part off again is allowed: it is not billed yet.
    expect((await cell('2025-09-15', 50)).statusCode).toBe(200);
    expect((await usage('2025-11')).adjustment_minutes).toBe(0);
  });

  it('bills exactly the entries it marks while timesheet cells of the month change at the same time', async () => {
    await at('2025-12-01T09:00:00Z');
    const november = (day: string, minutes: number) => agent.put('/api/v2/timesheet/cells', { week: '2025-11-24', item: { kind: 'company', id: ids.acme }, day, minutes });
    for (const day of ['2025-11-24', '2025-11-25', '2025-11-26']) expect((await november(day, 60)).statusCode).toBe(200);
    const [closing, ...cells] = await Promise.all([
      manager.post(`/api/v2/ms/contracts/${ids.acme}/close`, { month: '2025-11' }),
      november('2025-11-24', 90),
      november('2025-11-25', 30),
      november('2025-11-26', 120),
    ]);
    expect(closing.statusCode, closing.body).toBe(200);
    // A cell that lost the race to the close is refused below what was billed, never half-written.
    for (const c of cells) expect([200, 400], c.body).toContain(c.statusCode);
    const marked = await t.ctx.database.pool.query(`SELECT COALESCE(sum(minutes), 0)::int AS n FROM time_entries WHERE company_id = $1 AND ms_bill_month = '2025-11-01'`, [ids.acme]);
    expect((closing.json() as MonthCloseFigures).billed_minutes).toBe(marked.rows[0].n);
    // What was not billed is late time for the next bill, and nothing else is.
    const notBilled = await t.ctx.database.pool.query(
      `SELECT COALESCE(sum(minutes), 0)::int AS n FROM time_entries WHERE company_id = $1 AND ticket_id IS NULL AND project_id IS NULL AND ms_bill_month IS NULL AND work_date BETWEEN '2025-11-01' AND '2025-11-30'`,
      [ids.acme],
    );
    expect((await usage('2025-11')).late_minutes).toBe(notBilled.rows[0].n);
  });
});

describe.each(BACKENDS)('migration 0021 over months closed before it on %s', (backend) => {
  it('counts the entries a closed month had when it was closed as billed, and those added after as late time', async () => {
    const { url, drop } = await emptyDatabase(backend);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(pool, readMigrations().filter((m) => m.name < '0021'));
      const one = async (text: string, values: unknown[] = []) => (await sqlOf(pool).one<{ id: number }>(text, values)).id;
      const who = await one(`INSERT INTO staff_users (email, name, password_hash) VALUES ('a@example.test', 'A', 'x') RETURNING id`);
      const company = await one(`INSERT INTO companies (name, account_number) VALUES ('Acme', 'A-1') RETURNING id`);
      await pool.query(`INSERT INTO ms_contracts (company_id, plan, included_minutes, overage_rate_cents) VALUES ($1, 'Gold', 600, 15000)`, [company]);
      const entry = (day: string, minutes: number, created: string) =>
        pool.query(`INSERT INTO time_entries (staff_user_id, company_id, work_date, minutes, source, created_at) VALUES ($1, $2, $3, $4, 'timesheet', $5)`, [who, company, day, minutes, created]);
      await entry('2026-01-10', 50, '2026-01-10T17:00:00Z');
      await pool.query(
        `INSERT INTO ms_month_closes (company_id, month, included_minutes, rollover_in_minutes, billed_minutes, overage_minutes, overage_cents, rollover_out_minutes, closed_at)
         VALUES ($1, '2026-01-01', 600, 0, 50, 0, 0, 0, '2026-02-02T09:00:00Z')`,
        [company],
      );
      await entry('2026-01-12', 600, '2026-02-05T10:00:00Z');
      await migrate(pool);
      const { contractsUsage } = await import('@server/features/time/managed.repo');
      const [january] = await contractsUsage(pool, '2026-01-01', company);
      expect(january).toMatchObject({ used_minutes: 50, late_minutes: 600, adjustment_minutes: 0 });
      const [february] = await contractsUsage(pool, '2026-02-01', company);
      expect(february).toMatchObject({ used_minutes: 600, adjustment_minutes: 600 });
    } finally {
      await pool.end();
      await drop();
    }
  });
});
