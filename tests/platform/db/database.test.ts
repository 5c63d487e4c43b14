import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '@server/config';
import { openDatabase, type Database } from '@server/platform/db/database';
import { migrate, readMigrations } from '@server/platform/db/migrate';
import { DEMO_AGENT_OVERDUE, DEMO_TICKET_COUNT, seedDemoIfEmpty } from '@server/seed/demo';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('database on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: false });
  });
  afterAll(() => t?.close());
  const pool = () => t.ctx.database.pool;

  it('migrates an empty database to every migration, and a second run changes nothing', async () => {
    const { rows } = await pool().query('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
    expect(await migrate(pool())).toEqual([]);
  });

  it('rolls back a failing migration entirely', async () => {
    const bad = [
      { name: '9000_creates_a_table.sql', sql: 'CREATE TABLE should_not_exist (id int)' },
      { name: '9001_fails.sql', sql: 'SELECT * FROM no_such_table' },
    ];
    await expect(migrate(pool(), [...readMigrations(), ...bad])).rejects.toThrow(/no_such_table/);
    const { rows } = await pool().query(`SELECT to_regclass('should_not_exist') AS t`);
    expect(rows[0].t).toBeNull();
    const { rows: recorded } = await pool().query(`SELECT name FROM schema_migrations WHERE name LIKE '9%'`);
    expect(recorded).toEqual([]);
  });

  it('seeds the demo data once, with agent@demo.test owning overdue tickets', async () => {
    expect(await seedDemoIfEmpty(pool())).toBe(true);
    expect(await seedDemoIfEmpty(pool())).toBe(false);
    const count = async (sql: string) => Number((await pool().query(sql)).rows[0].n);
    expect(await count('SELECT count(*) AS n FROM tickets')).toBe(DEMO_TICKET_COUNT);
    expect(await count('SELECT count(*) AS n FROM companies')).toBe(25);
    expect(await count(`SELECT count(DISTINCT status) AS n FROM tickets`)).toBe(5);
    expect(await count(`SELECT count(DISTINCT severity) AS n FROM tickets`)).toBe(4);
    expect(await count(`SELECT count(DISTINCT queue) AS n FROM tickets`)).toBe(5);
    expect(
      await count(`SELECT count(*) AS n FROM tickets t JOIN staff_users u ON u.id = t.assignee_id
                    WHERE u.email = 'agent@demo.test' AND t.status <> 'C' AND t.duedate < now()`),
    ).toBe(DEMO_AGENT_OVERDUE);
    expect(await count(`SELECT count(*) AS n FROM companies WHERE account_number IN ('ACME-001', 'GLOBEX-002')`)).toBe(2);
  });

  it('tells a story: realistic titles, 10-15 % of open tickets overdue, conversations, time and survey answers', async () => {
    const count = async (sql: string) => Number((await pool().query(sql)).rows[0].n);
    // No numbering suffixes ("… #1000").
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE title ~ '#[0-9]+$'`)).toBe(0);
    expect(await count('SELECT count(DISTINCT title) AS n FROM tickets')).toBeGreaterThan(60);
    const open = await count(`SELECT count(*) AS n FROM tickets WHERE status <> 'C'`);
    const overdue = await count(`SELECT count(*) AS n FROM tickets WHERE status <> 'C' AND duedate < now()`);
    expect(overdue / open).toBeGreaterThanOrEqual(0.1);
    expect(overdue / open).toBeLessThanOrEqual(0.15);
    // Due dates spread around now: some within a day, some weeks ahead.
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE status <> 'C' AND duedate BETWEEN now() AND now() + interval '1 day'`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM tickets WHERE status <> 'C' AND duedate > now() + interval '14 days'`)).toBeGreaterThan(0);
    // Every ticket has a conversation; replies vary, clients answer, internal notes exist.
    expect(await count(`SELECT count(*) AS n FROM tickets t WHERE NOT EXISTS (SELECT 1 FROM ticket_notes n WHERE n.ticket_id = t.id)`)).toBe(0);
    expect(await count('SELECT count(DISTINCT body) AS n FROM ticket_notes')).toBeGreaterThan(15);
    expect(await count('SELECT count(DISTINCT created_at) AS n FROM ticket_notes')).toBeGreaterThan(1000);
    expect(await count('SELECT count(*) AS n FROM ticket_notes WHERE client_user_id IS NOT NULL')).toBeGreaterThan(10);
    expect(await count('SELECT count(*) AS n FROM ticket_notes WHERE internal')).toBeGreaterThan(100);
    expect(await count(`SELECT count(*) AS n FROM ticket_notes n JOIN tickets t ON t.id = n.ticket_id WHERE n.created_at < t.created_at OR n.created_at > now()`)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM time_entries')).toBeGreaterThan(DEMO_TICKET_COUNT);
    // Survey answers of both kinds, mostly satisfied but not all, none from the last day.
    for (const type of ['CSS', 'TCS']) {
      const n = await count(`SELECT count(*) AS n FROM survey_responses WHERE type = '${type}'`);
      expect(n).toBeGreaterThan(20);
      const csat = await count(`SELECT round(100.0 * count(*) FILTER (WHERE q1 >= 4) / count(*)) AS n FROM survey_responses WHERE type = '${type}'`);
      expect(csat).toBeGreaterThan(55);
      expect(csat).toBeLessThan(90);
      expect(await count(`SELECT count(DISTINCT q1) AS n FROM survey_responses WHERE type = '${type}'`)).toBeGreaterThanOrEqual(4);
    }
    expect(await count(`SELECT count(*) AS n FROM survey_responses WHERE received_at > now() - interval '1 day'`)).toBe(0);
    expect(await count(`SELECT count(DISTINCT date_trunc('month', received_at)) AS n FROM survey_responses`)).toBeGreaterThanOrEqual(4);
    expect(await count('SELECT count(*) AS n FROM knowledge_articles WHERE published')).toBeGreaterThanOrEqual(10);
  });
});

describe('embedded database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cc-db-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps its data across a close and reopen', async () => {
    let db: Database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    await db.pool.query(`INSERT INTO knowledge_articles (title, category, body) VALUES ('Kept', 'Test', 'Body')`);
    await db.close();
    db = await openDatabase({ dataDir: dir, databaseUrl: undefined });
    const { rows } = await db.pool.query(`SELECT title FROM knowledge_articles`);
    await db.close();
    expect(rows).toEqual([{ title: 'Kept' }]);
  });
});

describe('configuration', () => {
  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_IDLE_MINUTES: '0', NODE_ENV: 'staging' });
      expect.unreachable('loadConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'SESSION_IDLE_MINUTES', 'NODE_ENV']) expect(problems).toContain(name);
    }
  });

  it('defaults to a working embedded set-up, seeding unless in production', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, seedDemo: true, sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 12 * 3_600_000 });
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
