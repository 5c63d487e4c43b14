/**
 * Two app servers on one PostgreSQL behave as one: Client Care started twice (as `npm start`
 * runs it, with two probe job types) on an empty database, behind HAProxy, all on loopback.
 * Sessions and attempt limits live in the database; jobs run once each and start at once on
 * either server; a schedule ticks once; a rolling restart loses no request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SIGN_IN_LIMITS } from '@server/platform/auth/limits';
import { readMigrations } from '@server/platform/db/migrate';
import { createEventBus, type EventBus } from '@server/platform/events';
import { createJobs, type Jobs } from '@server/platform/jobs';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { withDatabaseUrl } from '@tests/support/database-urls';
import { startServer, type RunningServer } from '@tests/support/server-process';
import { PROBE_JOB, PROBE_TABLES } from './support/probe-server';

/** Loopback ports of this suite: HAProxy's front, server A, server B, HAProxy's status page. */
const PORTS = { front: 4490, a: 4491, b: 4492, stats: 4493 } as const;
const JOBS = 1_000;
const LATENCY_SAMPLES = 40;
/** Requests per second through HAProxy during the rolling restart. */
const RATE = 20;
/** Longer than HAProxy needs to take a draining server out (3 checks 200 ms apart, so ~600 ms). */
const DRAIN_DELAY_MS = 1_000;

const waitFor = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

describe('two app servers on one PostgreSQL, behind HAProxy', () => {
  const admin = process.env.TEST_DATABASE_URL ?? inject('embeddedAdminUrl');
  const database = `cc_ops_${process.pid}_${Date.now()}`;
  const url = withDatabaseUrl(admin, database);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-ops-'));
  const servers: Record<'a' | 'b', RunningServer | undefined> = { a: undefined, b: undefined };
  let haproxy: ChildProcess | undefined;
  let pool: pg.Pool;
  let sender: { jobs: Jobs; bus: EventBus } | undefined;
  const front = `http://127.0.0.1:${PORTS.front}`;
  const direct = (name: 'a' | 'b') => `http://127.0.0.1:${PORTS[name]}`;
  /** Whether HAProxy counts a server in (its status page as CSV: proxy, server, …, status in field 18). */
  const upInHaproxy = async (name: 'a' | 'b') => {
    const csv = await (await fetch(`http://127.0.0.1:${PORTS.stats}/stats;csv`)).text();
    return csv.split('\n').some((line) => line.startsWith(`app,${name},`) && line.split(',')[17] === 'UP');
  };
  /** Starts a server; a restarted one finds the demo data there and skips seeding. */
  const start = (name: 'a' | 'b', seed = true) =>
    startServer(
      {
        PORT: String(PORTS[name]),
        DATABASE_URL: url,
        DATA_DIR: join(dataDir, name),
        STATIC_DIR: join(dataDir, 'no-static'),
        SEED_DEMO: String(seed),
        TRUST_PROXY: 'loopback',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        OPS_PROBE_SERVER: name,
      },
      120_000,
      'tests/ops/support/probe-server.ts',
    );

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
    pool = new pg.Pool({ connectionString: url, max: 4 });
    await pool.query(PROBE_TABLES);
    // Both at the same moment, on a database with no schema yet.
    const both = await Promise.allSettled([start('a'), start('b')]);
    if (both[0].status === 'fulfilled') servers.a = both[0].value;
    if (both[1].status === 'fulfilled') servers.b = both[1].value;
    for (const result of both) if (result.status === 'rejected') throw result.reason;
    haproxy = spawn('haproxy', ['-db', '-f', 'tests/ops/haproxy.cfg'], {
      env: { ...process.env, CC_FRONT: `127.0.0.1:${PORTS.front}`, CC_STATS: `127.0.0.1:${PORTS.stats}`, CC_A: `127.0.0.1:${PORTS.a}`, CC_B: `127.0.0.1:${PORTS.b}` },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await waitFor(async () => (await upInHaproxy('a').catch(() => false)) && (await upInHaproxy('b')), 10_000, 'HAProxy to count both servers in');
  }, 180_000);

  afterAll(async () => {
    await sender?.jobs.stop();
    await sender?.bus.stop();
    haproxy?.kill('SIGTERM');
    await Promise.all([servers.a?.stop(), servers.b?.stop()]);
    await pool?.end();
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts both servers together on an empty database: migrations and demo data once, both ready', async () => {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(readMigrations().length);
    const staff = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_users WHERE email = 'admin@demo.test'`);
    expect(staff.rows[0]!.n).toBe(1);
    for (const name of ['a', 'b'] as const) expect((await fetch(`${direct(name)}/readyz`)).status).toBe(200);
  });

  it('keeps a session on both servers, and signing out on one ends it on the other', async () => {
    const login = await fetch(`${direct('a')}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agent@demo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await fetch(`${direct(i % 2 ? 'b' : 'a')}/api/v2/moodleurl`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"dtcUser":true}' })).status);
    expect(statuses).toEqual(Array(20).fill(200));
    expect((await fetch(`${direct('b')}/logout`, { headers })).status).toBe(200);
    expect((await fetch(`${direct('a')}/api/v2/moodleurl`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"dtcUser":true}' })).status).toBe(401);
  });

  it('reaches the sign-in limit at the same count alternating servers as on one server', async () => {
    /** Wrong passwords until the answer is 429; the attempt that got it. */
    const attemptsUntilLimited = async (email: string, via: (i: number) => 'a' | 'b') => {
      for (let i = 1; i <= SIGN_IN_LIMITS.perPair + 3; i++) {
        const res = await fetch(`${direct(via(i))}/api/v2/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: `wrong-password-${i}` }),
        });
        if (res.status === 429) return i;
        expect(res.status).toBe(401);
      }
      return undefined;
    };
    const alone = await attemptsUntilLimited('manager@demo.test', () => 'a');
    const alternating = await attemptsUntilLimited('admin@demo.test', (i) => (i % 2 ? 'a' : 'b'));
    expect(alone).toBe(SIGN_IN_LIMITS.perPair + 1);
    expect(alternating).toBe(alone);
  });

  it('runs 1,000 jobs once each across both servers, starts a job within 500 ms p95, and ticks the schedule once a minute', async () => {
    const connection = { connectionString: url };
    const bus = createEventBus({ connection });
    sender = { bus, jobs: createJobs({ connection }, { bus, workers: false }) };
    await sender.jobs.start();
    // A job queued elsewhere (here: this process, as a third server would) starts on an idle server at once.
    const latencies: number[] = [];
    for (let n = 0; n < LATENCY_SAMPLES; n++) {
      const id = await sender.jobs.send(PROBE_JOB, { n: -1 - n });
      let row: { ms: number } | undefined;
      await waitFor(
        async () => {
          const { rows } = await pool.query<{ ms: number }>(
            `SELECT extract(epoch FROM r.started_at - j.created_on)::float8 * 1000 AS ms
               FROM ops_probe_runs r JOIN pgboss.job j ON j.id = r.job_id WHERE r.job_id = $1`,
            [id],
          );
          row = rows[0];
          return row !== undefined;
        },
        10_000,
        `probe job ${n}`,
      );
      latencies.push(row!.ms);
    }
    expect(p95(latencies)).toBeLessThanOrEqual(500);

    for (let n = 0; n < JOBS; n += 50) await Promise.all(Array.from({ length: 50 }, (_, i) => sender!.jobs.send(PROBE_JOB, { n: n + i })));
    const count = async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM ops_probe_runs WHERE n >= 0')).rows[0]!.n;
    await waitFor(async () => (await count()) >= JOBS, 60_000, 'the 1,000 jobs');
    const { rows } = await pool.query<{ runs: number; jobs: number; distinctN: number }>(
      'SELECT count(*)::int AS runs, count(DISTINCT job_id)::int AS jobs, count(DISTINCT n)::int AS "distinctN" FROM ops_probe_runs WHERE n >= 0',
    );
    expect(rows[0]).toEqual({ runs: JOBS, jobs: JOBS, distinctN: JOBS });
    const perServer = await pool.query<{ server: string }>('SELECT DISTINCT server FROM ops_probe_runs ORDER BY server');
    expect(perServer.rows.map((r) => r.server)).toEqual(['a', 'b']);

    // The schedule, declared by both servers, ticks once per minute: one run per tick job.
    const ticks = async () => (await pool.query<{ runs: number; jobs: number; minutes: number }>(
      `SELECT count(*)::int AS runs, count(DISTINCT job_id)::int AS jobs, count(DISTINCT date_trunc('minute', started_at))::int AS minutes FROM ops_probe_ticks`,
    )).rows[0]!;
    await waitFor(async () => (await ticks()).runs >= 1, 70_000, 'a tick');
    const seen = await ticks();
    expect(seen.runs).toBe(seen.jobs);
    expect(seen.runs).toBe(seen.minutes);
  }, 150_000);

  it('loses no request at 20 requests a second through HAProxy while A, then B, restarts', async () => {
    const failures: string[] = [];
    let sent = 0;
    let running = true;
    const load = (async () => {
      const inFlight: Promise<void>[] = [];
      const began = Date.now();
      while (running) {
        inFlight.push(
          fetch(`${front}/api/health`)
            .then(async (res) => {
              if (res.status !== 200) failures.push(`${res.status} ${await res.text()}`);
            })
            .catch((error: unknown) => void failures.push(String(error))),
        );
        sent++;
        // Paced by the clock, not by answers: the next request is due at sent / RATE seconds.
        const due = began + (sent * 1000) / RATE - Date.now();
        if (due > 0) await new Promise((r) => setTimeout(r, due));
      }
      await Promise.all(inFlight);
    })();
    for (const name of ['a', 'b'] as const) {
      expect(await servers[name]!.stop()).toBe(0);
      servers[name] = await start(name, false);
      // HAProxy sends it requests again once its readiness answers: the next restarts only then.
      await waitFor(() => upInHaproxy(name), 10_000, `HAProxy to count server ${name} in`);
    }
    running = false;
    await load;
    expect(sent).toBeGreaterThan(RATE * 5);
    expect(failures).toEqual([]);
  }, 150_000);
});
