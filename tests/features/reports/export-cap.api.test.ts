/**
 * Exports have a small cap of their own (server/platform/db/exports.ts): while more slow CSV
 * exports are asked for than the cap, ordinary requests keep getting connections from the pool;
 * an export past the cap waits briefly, then answers 503 with Retry-After. Every CSV export route
 * goes through the cap: reports, the quotes catalog, the survey results.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerReports, unregisterReport, type ReportDefinition } from '@server/platform/reports';
import { ExportCap } from '@server/platform/db/exports';
import { ConfigError, loadConfig } from '@server/config';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** A pool of four, two of them for exports; an export past the cap waits 300 ms. */
const ENV = { DB_POOL_SIZE: '4', DB_ACQUIRE_TIMEOUT_MS: '1500', DB_EXPORT_CONNECTIONS: '2', DB_EXPORT_WAIT_MS: '300' };
const CAP = 2;
const ASKED = 6;

/** A report whose CSV takes seconds: it sleeps in the database before its one row. */
const SLOW_EXPORT: ReportDefinition = {
  meta: { id: 'test-slow-export', group: 'Tickets', title: 'Slow export', description: 'Sleeps.', params: [] },
  access: 'staff',
  snapshot: true,
  columns: [{ key: 'x', label: 'X', kind: 'count' }],
  sql: () => ({ text: 'SELECT 1 AS x, pg_sleep(4) AS slept_for_an_export_test', values: [] }),
  summary: () => 'slept',
  timeoutMs: 20_000,
};

describe('the export cap', () => {
  it('hands a slot given back to the export waiting for it, and refuses one that waited too long', async () => {
    const cap = new ExportCap({ exportConnections: 1, exportWaitMs: 200 });
    const first = await cap.acquire();
    const second = cap.acquire();
    first();
    first(); // giving a slot back twice frees it once
    const release = await second;
    expect(cap.active).toBe(1);
    await expect(cap.acquire()).rejects.toMatchObject({ status: 503, headers: { 'retry-after': expect.any(String) } });
    release();
    expect(cap.active).toBe(0);
    expect(await cap.run(async () => cap.active)).toBe(1);
    expect(cap.active).toBe(0);
  });

  it('stays below the pool size: a cap as large as the pool stops the server at start, the default shrinks with a small pool', () => {
    expect(() => loadConfig({ DB_POOL_SIZE: '4', DB_EXPORT_CONNECTIONS: '4' })).toThrow(ConfigError);
    expect(() => loadConfig({ DB_POOL_SIZE: '4', DB_EXPORT_CONNECTIONS: '4' })).toThrow(/DB_EXPORT_CONNECTIONS: must be smaller than DB_POOL_SIZE/);
    expect(loadConfig({}).db).toMatchObject({ poolSize: 10, exportConnections: 3 });
    expect(loadConfig({ DB_POOL_SIZE: '3' }).db.exportConnections).toBe(2);
    expect(loadConfig({ DB_POOL_SIZE: '1' }).db.exportConnections).toBe(1);
  });
});

describe.each(BACKENDS)('the export cap on %s', (backend) => {
  let t: TestApp;
  let admin: Api;
  /** The test watches the database on a connection of its own, outside the app's pool. */
  let observer: pg.Client;
  const sleeping = async () =>
    (await sqlOf(observer).rows(`SELECT pid FROM pg_stat_activity WHERE query LIKE '%slept_for_an_export_test%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`)).length;
  /** Starts slow exports and waits until the database runs as many as it will. */
  const startExports = async (count: number) => {
    const pending = Array.from({ length: count }, () => admin.get(`/api/v2/reports/${SLOW_EXPORT.meta.id}/csv`));
    for (let i = 0; i < 200 && (await sleeping()) < Math.min(count, CAP); i++) await new Promise((r) => setTimeout(r, 25));
    // Those past the cap have had time to take a connection if they could.
    await new Promise((r) => setTimeout(r, 200));
    return pending;
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { env: ENV });
    admin = await apiAs(t, 'admin');
    observer = new pg.Client({ connectionString: t.config.databaseUrl });
    await observer.connect();
    registerReports([SLOW_EXPORT]);
  });
  afterAll(async () => {
    unregisterReport(SLOW_EXPORT.meta.id);
    await observer?.end();
    await t?.close();
  });

  it('keeps ordinary requests served while more slow exports are asked for than the cap; those past it answer 503 with Retry-After', async () => {
    const exports = await startExports(ASKED);
    expect(await sleeping()).toBe(CAP);
    const ordinary = await admin.get('/api/v2/tickets?size=1');
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    const catalog = await admin.get('/api/v2/reports');
    expect(catalog.statusCode, catalog.body).toBe(200);
    expect(t.ctx.database.pool.waitingCount).toBe(0);

    const answers = await Promise.all(exports);
    const ok = answers.filter((a) => a.statusCode === 200);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(ok).toHaveLength(CAP);
    expect(busy).toHaveLength(ASKED - CAP);
    for (const a of ok) expect(a.body).toBe('X\r\n1\r\n');
    for (const a of busy) {
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
      expect(a.json().error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/exports are running/) });
    }
    // Every slot came back: a new export runs.
    expect(await sleeping()).toBe(0);
    const after = await admin.get('/api/v2/reports/tickets-by-status/csv');
    expect(after.statusCode).toBe(200);
  });

  it('sends the quotes catalog and survey results exports through the same cap', async () => {
    const exports = await startExports(CAP);
    for (const url of ['/api/v2/catalog/export', '/api/v2/surveys/results/export']) {
      const res = await admin.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    }
    expect((await Promise.all(exports)).map((a) => a.statusCode)).toEqual([200, 200]);
    for (const url of ['/api/v2/catalog/export', '/api/v2/surveys/results/export']) expect((await admin.get(url)).statusCode).toBe(200);
  });
});
