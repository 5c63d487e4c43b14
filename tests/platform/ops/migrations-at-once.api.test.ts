/**
 * Several app servers may start at the same moment on an empty database: the migrations (under
 * an advisory lock) and the job queue's own schema are made once, and every server comes up.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '@server/platform/db/database';
import { migrate, readMigrations } from '@server/platform/db/migrate';
import { z } from 'zod';
import { createJobs, defineJob, type Jobs } from '@server/platform/jobs';
import { withDatabaseUrl } from '@tests/support/database-urls';
import { BACKENDS } from '@tests/support/test-app';

const SERVERS = 4;
const JOB_TYPES = Array.from({ length: 12 }, (_, i) => defineJob(`platform-test.at-once-${i}`, z.object({})));
/** Job types no server defines: each is first made by a send, on every server at once. */
const SENT_TYPES = Array.from({ length: 6 }, (_, i) => defineJob(`platform-test.sent-at-once-${i}`, z.object({ from: z.number().int() })));

describe.each(BACKENDS)('servers starting at once on an empty %s database', (backend) => {
  const admin = backend === 'postgres' ? process.env.TEST_DATABASE_URL! : inject('embeddedAdminUrl');
  const names: string[] = [];
  const opened: Database[] = [];
  const queues: Jobs[] = [];
  const emptyDatabase = async () => {
    const name = `cc_empty_${process.pid}_${names.length}_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    names.push(name);
    return withDatabaseUrl(admin, name);
  };
  afterAll(async () => {
    await Promise.all(queues.map((j) => j.stop()));
    await Promise.all(opened.map((d) => d.close()));
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('applies each migration once when several runners start together', async () => {
    const url = await emptyDatabase();
    const pools = Array.from({ length: SERVERS }, () => new pg.Pool({ connectionString: url, max: 1 }));
    try {
      const applied = await Promise.all(pools.map((p) => migrate(p)));
      const all = readMigrations().map((m) => m.name);
      // One runner applied them all; the others waited for it and found nothing left to do.
      expect(applied.map((a) => a.length).sort((a, b) => b - a)).toEqual([all.length, ...Array(SERVERS - 1).fill(0)]);
      const { rows } = await pools[0]!.query('SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name');
      expect(rows).toEqual(all.map((name) => ({ name, n: 1 })));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('opens the database and starts the job queue on every server when all start together', async () => {
    const url = await emptyDatabase();
    const databases = await Promise.all(Array.from({ length: SERVERS }, () => openDatabase({ databaseUrl: url, dataDir: '/nonexistent' })));
    opened.push(...databases);
    const jobs = databases.map(() => createJobs({ connection: { connectionString: url } }, { workers: false }));
    queues.push(...jobs);
    // Every server makes the same queues at once (pg-boss makes a table partition for each).
    for (const queue of jobs) for (const type of JOB_TYPES) await queue.define(type, async () => undefined);
    await Promise.all(jobs.map((j) => j.start()));
    expect(jobs.every((j) => j.started)).toBe(true);
    const made = await databases[0]!.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'platform-test.at-once-%'`);
    expect(made.rows[0]!.n).toBe(JOB_TYPES.length);
    const { rows } = await databases[0]!.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(readMigrations().length);

    // Then every server sends to queues none has made yet, all at once: each queue is made once
    // (pg-boss's create_queue of two servers at once would deadlock) and every job is kept.
    const ids = await Promise.all(jobs.flatMap((queue, from) => SENT_TYPES.map((type) => queue.send(type, { from }))));
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    const sent = await databases[0]!.pool.query<{ name: string; queues: number; jobs: number }>(
      `SELECT q.name, count(DISTINCT q.name)::int AS queues, count(j.id)::int AS jobs
         FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
        WHERE q.name LIKE 'platform-test.sent-at-once-%' GROUP BY q.name ORDER BY q.name`,
    );
    expect(sent.rows).toEqual(SENT_TYPES.map((type) => ({ name: type.name, queues: 1, jobs: SERVERS })).sort((a, b) => a.name.localeCompare(b.name)));
  });
});
