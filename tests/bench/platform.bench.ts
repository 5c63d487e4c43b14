/**
 * Job queue and event bus figures: `npm run bench:platform`.
 *
 * On a fresh embedded PostgreSQL server (and on the PostgreSQL at BENCH_DATABASE_URL, when set):
 *   - job queue start: first start on an empty database (pg-boss makes its schema), then a restart;
 *   - a job's latency from send() to its handler: sent in the process that runs it (the send
 *     wakes the worker), and sent by another instance (found by the worker's 2 s poll);
 *   - an event's latency from the committing publish to the subscriber;
 *   - the event bus's time to listen again after its connection is terminated.
 * Writes docs/bench/platform.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { EmbeddedServer } from '@server/platform/db/embedded';
import { createEventBus, defineTopic, publish } from '@server/platform/events';
import { createJobs, defineJob } from '@server/platform/jobs';

const LOCAL_JOBS = Number(process.env.BENCH_JOBS ?? 50);
const REMOTE_JOBS = Number(process.env.BENCH_REMOTE_JOBS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const ms = (v: number) => (v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(1)} ms`);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

const benchJob = defineJob('bench.ping', z.object({ sentAt: z.number() }));
const benchTopic = defineTopic('bench.changed', z.object({ sentAt: z.number() }));

type Row = { what: string; runs: number; p50: number; p95: number };

async function measure(url: string): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `cc_bench_platform_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const connection = { connectionString: u.toString() };
  const rows: Row[] = [];
  try {
    // Start: first on an empty database, then again.
    let t = performance.now();
    const first = createJobs({ connection }, { workers: false });
    await first.start();
    const firstStart = performance.now() - t;
    await first.stop();
    const restarts: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const again = createJobs({ connection }, { workers: false });
      await again.start();
      restarts.push(performance.now() - t);
      await again.stop();
    }
    rows.push({ what: 'job queue first start (makes the pgboss schema)', runs: 1, p50: firstStart, p95: firstStart });
    rows.push({ what: 'job queue start (schema in place)', runs: restarts.length, p50: percentile(restarts, 50), p95: percentile(restarts, 95) });

    // Job latency.
    const jobs = createJobs({ connection });
    let resolveJob: ((latency: number) => void) | undefined;
    await jobs.define(benchJob, async ({ sentAt }) => resolveJob?.(Date.now() - sentAt));
    await jobs.start();
    const waitJob = () => new Promise<number>((r) => (resolveJob = r));
    const local: number[] = [];
    for (let i = 0; i < LOCAL_JOBS; i++) {
      const done = waitJob();
      await jobs.send(benchJob, { sentAt: Date.now() });
      local.push(await done);
    }
    rows.push({ what: 'job latency, sent in the process that runs it', runs: local.length, p50: percentile(local, 50), p95: percentile(local, 95) });
    const sender = createJobs({ connection }, { workers: false });
    await sender.start();
    const remote: number[] = [];
    for (let i = 0; i < REMOTE_JOBS; i++) {
      const done = waitJob();
      await sleep(Math.random() * 500);
      await sender.send(benchJob, { sentAt: Date.now() });
      remote.push(await done);
    }
    rows.push({ what: 'job latency, sent by another app server (2 s poll)', runs: remote.length, p50: percentile(remote, 50), p95: percentile(remote, 95) });
    await sender.stop();
    await jobs.stop();

    // Event latency and reconnection.
    const bus = createEventBus({ connection: { ...connection, application_name: 'bench-events' } });
    let resolveEvent: ((latency: number) => void) | undefined;
    bus.subscribe(benchTopic, ({ sentAt }) => resolveEvent?.(performance.timeOrigin + performance.now() - sentAt));
    await bus.start();
    const publisher = new pg.Client(connection);
    await publisher.connect();
    const events: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const done = new Promise<number>((r) => (resolveEvent = r));
      await publisher.query('BEGIN');
      await publish(publisher, benchTopic, { sentAt: performance.timeOrigin + performance.now() });
      await publisher.query('COMMIT');
      events.push(await done);
    }
    rows.push({ what: 'event latency, commit to subscriber', runs: events.length, p50: percentile(events, 50), p95: percentile(events, 95) });
    const reconnects: number[] = [];
    for (let i = 0; i < 5; i++) {
      const back = new Promise<void>((r) => {
        const off = bus.onReconnect(() => (off(), r()));
      });
      const { rows: pids } = await publisher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'bench-events' AND datname = current_database()`,
      );
      t = performance.now();
      await publisher.query('SELECT pg_terminate_backend($1)', [pids[0]!.pid]);
      await back;
      reconnects.push(performance.now() - t);
    }
    rows.push({ what: 'event bus listening again after its connection is terminated', runs: reconnects.length, p50: percentile(reconnects, 50), p95: percentile(reconnects, 95) });
    await publisher.end();
    await bus.stop();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  return rows;
}

async function main() {
  const sections: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'cc-bench-platform-'));
  const server = new EmbeddedServer(dir);
  await server.start();
  try {
    const targets: [string, string][] = [['Embedded PostgreSQL 18 server', server.url('postgres')]];
    if (process.env.BENCH_DATABASE_URL) targets.push(['PostgreSQL at BENCH_DATABASE_URL', process.env.BENCH_DATABASE_URL]);
    for (const [label, url] of targets) {
      const rows = await measure(url);
      sections.push(
        `## ${label}`,
        '',
        '| what | runs | p50 | p95 |',
        '|---|---|---|---|',
        ...rows.map((r) => `| ${r.what} | ${r.runs} | ${ms(r.p50)} | ${ms(r.p95)} |`),
        '',
      );
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const report = [
    '# Job queue and event bus',
    '',
    'Measured by `npm run bench:platform` (tests/bench/platform.bench.ts) on a fresh database, in one Node',
    `${process.version} process on ${cpus().length} shared cores. The job queue is pg-boss 10.4.2 (server/platform/jobs),`,
    'the event bus LISTEN/NOTIFY (server/platform/events).',
    '',
    ...sections,
    `Measured on ${new Date().toISOString().slice(0, 10)}.`,
    '',
  ].join('\n');
  writeFileSync('docs/bench/platform.md', report);
  process.stdout.write(report);
}

await main();
