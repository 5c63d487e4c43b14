/**
 * The job queue and the event bus in the app's life: the test app starts them on request, and
 * the real server (`npm start`) starts both after the database opens, keeps their connections
 * apart from the request pool, and stops them before the database on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { embeddedConnection } from '@server/platform/db/embedded';
import { defineTopic, publish } from '@server/platform/events';
import { defineJob } from '@server/platform/jobs';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp } from '@tests/support/test-app';
import { startServer } from '@tests/support/server-process';

const hello = defineJob('platform-test.hello', z.object({ name: z.string() }));
const changed = defineTopic('platform-test.changed', z.object({ id: z.number().int() }));

describe.each(BACKENDS)('platform services in the test app on %s', (backend) => {
  it('starts the job queue and the event bus when asked, on the app database, and stops them on close', async () => {
    const t = await startTestApp(backend, { seed: false, jobs: 'manual', events: true });
    try {
      const greeted: string[] = [];
      await t.ctx.jobs.define(hello, async ({ name }) => void greeted.push(name));
      await t.ctx.jobs.send(hello, { name: 'Ann' });
      expect(await t.ctx.jobs.runDue()).toEqual({ ran: 1, failed: 0 });
      expect(greeted).toEqual(['Ann']);

      const seen: number[] = [];
      t.ctx.events.subscribe(changed, ({ id }) => void seen.push(id));
      await publish(t.ctx.database.pool, changed, { id: 4 });
      await expect.poll(() => seen, { timeout: 5_000 }).toEqual([4]);
    } finally {
      await t.close();
    }
    expect(t.ctx.jobs.started).toBe(false);
    expect(t.ctx.events.listening).toBe(false);
  });

  it('costs nothing when not asked: no connection is opened', async () => {
    const t = await startTestApp(backend, { seed: false });
    try {
      expect(t.ctx.jobs.started).toBe(false);
      expect(t.ctx.events.listening).toBe(false);
      const { rows } = await t.ctx.database.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('client-care-jobs', 'client-care-events')`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('platform services in the server process', () => {
  it('run beside the request pool while the server runs and stop cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-platform-'));
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const admin = new pg.Client(embeddedConnection(dataDir));
    try {
      await admin.connect();
      const names = async () =>
        (
          await sqlOf(admin).rows<{ application_name: string }>(
            `SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
        ).map((r) => r.application_name);
      await expect.poll(names, { timeout: 10_000 }).toEqual(expect.arrayContaining(['client-care-jobs', 'client-care-events']));
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = 'pgboss'`);
      expect(rows[0].n).toBe(1);
      await admin.end();
      expect(await server.stop()).toBe(0);
      expect(server.stderr()).not.toMatch(/error/i);
    } finally {
      await admin.end().catch(() => undefined);
      await server.killGroup().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
