/** The embedded database vacuums and analyzes the tables that grew, since PGlite runs no autovacuum. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintainTables, startMaintenance } from '../../server/db/maintenance';
import { startTestApp, type TestApp } from './helpers';

describe('maintenance of the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('embedded');
  });
  afterAll(() => t?.close());

  const stats = async () =>
    (await t.ctx.database.pool.query(`SELECT relpages, reltuples FROM pg_class WHERE relname = 'knowledge_articles'`)).rows[0] as { relpages: number; reltuples: number };

  it('analyzes a table that grew, and leaves it alone until it grows again', async () => {
    const pool = t.ctx.database.pool;
    await maintainTables(pool);
    const before = await stats();
    await pool.query(
      `INSERT INTO knowledge_articles (title, category, body) SELECT 'Article ' || g, 'Bulk', repeat('words ', 50) FROM generate_series(1, 3000) g`,
    );
    expect(await maintainTables(pool)).toContain('knowledge_articles');
    const after = await stats();
    expect(after.relpages).toBeGreaterThan(before.relpages);
    expect(after.reltuples).toBeGreaterThanOrEqual(3000);
    expect(await maintainTables(pool)).not.toContain('knowledge_articles');
  });

  it('runs on its timer and stops cleanly', async () => {
    const pool = t.ctx.database.pool;
    await pool.query(`INSERT INTO knowledge_articles (title, category, body) SELECT 'More ' || g, 'Bulk', repeat('words ', 50) FROM generate_series(1, 6000) g`);
    const errors: unknown[] = [];
    const m = startMaintenance(pool, 20, (e) => errors.push(e));
    await expect.poll(async () => (await stats()).reltuples, { timeout: 10_000 }).toBeGreaterThanOrEqual(9000);
    await m.stop();
    expect(errors).toEqual([]);
  });
});
