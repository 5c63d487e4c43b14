import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedContent, displayNumber } from '@contracts/quotes';
import { loadConfig, ConfigError } from '@server/config';
import { loadLines } from '@server/features/quotes/quotes.repo';
import { openDatabase, type Database } from '@server/platform/db/database';
import { migrate, readMigrations } from '@server/platform/db/migrate';
import { DEMO_AGENT_OVERDUE, DEMO_TICKET_COUNT, seedDemoIfEmpty } from '@server/seed/demo';
import { DEMO_QUOTE_COUNT } from '@server/seed/quotes';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('database on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { seed: false });
  });
  afterAll(() => t?.close());
  const pool = () => t.ctx.database.pool;
  /** The figure `n` of a query that counts. */
  const count = async (text: string) => Number((await sqlOf(t).one(text)).n);

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

  it('has half a year of quotes: every status and type, revisions, decisions, and the closed sale of each accepted quote', async () => {
    expect(await count('SELECT count(*) AS n FROM quotes WHERE NOT superseded')).toBe(DEMO_QUOTE_COUNT);
    expect(await count('SELECT count(DISTINCT status) AS n FROM quotes WHERE NOT superseded')).toBe(5);
    expect(await count('SELECT count(DISTINCT type) AS n FROM quotes')).toBe(4);
    expect(await count('SELECT count(DISTINCT owner_id) AS n FROM quotes')).toBe(3);
    expect(await count(`SELECT count(DISTINCT c.territory) AS n FROM quotes q JOIN companies c ON c.id = q.company_id`)).toBe(4);
    expect(await count(`SELECT count(DISTINCT date_trunc('month', created_at)) AS n FROM quotes`)).toBeGreaterThanOrEqual(6);
    // A revised quote: its first revision superseded, the second pointing at it.
    expect(await count('SELECT count(*) AS n FROM quotes WHERE superseded')).toBeGreaterThan(2);
    expect(await count(`SELECT count(*) AS n FROM quotes o WHERE o.superseded AND NOT EXISTS (SELECT 1 FROM quotes r WHERE r.root_id = o.id AND r.revision = 2)`)).toBe(0);
    // Totals are the sum of the rounded lines that count, plus 8.25 % tax on the taxable ones.
    expect(
      await count(`SELECT count(*) AS n FROM quotes q, LATERAL (
                     SELECT coalesce(sum(round(quantity * unit_price_cents * (10000 - discount_bp) / 10000)), 0) AS net,
                            coalesce(sum(round(quantity * unit_price_cents * (10000 - discount_bp) / 10000)) FILTER (WHERE taxable), 0) AS taxable
                       FROM quote_lines WHERE quote_id = q.id AND kind = 'item' AND (NOT optional OR chosen)) l
                    WHERE q.subtotal_cents <> l.net OR q.tax_cents <> round(l.taxable * q.tax_rate_bp / 10000) OR q.total_cents <> q.subtotal_cents + q.tax_cents`),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM quotes WHERE total_cents = 0')).toBe(0);
    // Dates make sense: created, then sent, then decided, nothing in the future; open quotes still valid, expired ones past their day.
    expect(await count(`SELECT count(*) AS n FROM quotes WHERE sent_at < created_at OR decided_at < sent_at OR greatest(created_at, sent_at, decided_at) > now()`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM quotes WHERE status = 'sent' AND NOT superseded AND valid_until < current_date`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM quotes WHERE status = 'expired' AND valid_until >= current_date`)).toBe(0);
    // Each decision is recorded; an accepted quote carries the digest of what was accepted and its closed sale.
    expect(await count(`SELECT count(*) AS n FROM quotes q LEFT JOIN quote_decisions d ON d.quote_id = q.id WHERE q.status IN ('accepted', 'declined') AND d.decision IS DISTINCT FROM q.status`)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM quote_decisions WHERE decision = 'accepted' AND content_hash !~ '^[0-9a-f]{64}$'`)).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM quotes q WHERE q.status = 'accepted'
                     AND NOT EXISTS (SELECT 1 FROM sales_activities a WHERE a.quote_id = q.id AND a.kind = 'sale' AND a.amount_cents = q.total_cents AND a.company_id = q.company_id)`),
    ).toBe(0);
    const [accepted] = (await pool().query(`SELECT q.id, q.number, q.revision, d.content_hash, d.chosen_lines FROM quotes q JOIN quote_decisions d ON d.quote_id = q.id WHERE d.decision = 'accepted' ORDER BY q.id LIMIT 1`)).rows;
    const content = acceptedContent({ number: displayNumber(accepted.number, accepted.revision), revision: accepted.revision, taxRatePercent: 8.25 }, await loadLines(pool(), accepted.id), new Set(accepted.chosen_lines));
    expect(accepted.content_hash).toBe(createHash('sha256').update(content).digest('hex'));
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
