/**
 * Two app servers on one PostgreSQL behave as one: Client Care started twice (as `npm start`
 * runs it, with two probe job types) on an empty database, behind HAProxy, all on loopback.
 * Sessions and attempt limits live in the database; jobs run once each and start at once on
 * either server; a schedule ticks once; 100 changes written through both servers show on the boards
 * streamed from each within 1 s p95; a rolling restart loses no request, and 50 display streams open
 * through HAProxy follow the restarts (Last-Event-ID) without missing a change or showing one twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BoardSnapshot } from '@contracts/live-displays';
import { SIGN_IN_LIMITS } from '@server/platform/auth/limits';
import { readMigrations } from '@server/platform/db/migrate';
import { createEventBus, type EventBus } from '@server/platform/events';
import { createJobs, type Jobs } from '@server/platform/jobs';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { withDatabaseUrl } from '@tests/support/database-urls';
import { startServer, type RunningServer } from '@tests/support/server-process';
import { PROBE_JOB, PROBE_TABLES } from './support/probe-server';

/** Loopback ports of this suite: HAProxy's front, server A, server B, HAProxy's status page (OPS_PORTS_FROM moves all four). */
const FIRST_PORT = Number(process.env.OPS_PORTS_FROM ?? 4490);
const PORTS = { front: FIRST_PORT, a: FIRST_PORT + 1, b: FIRST_PORT + 2, stats: FIRST_PORT + 3 } as const;
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
/** Ticket changes written through the two servers in turn while a board is streamed from each (the figure). */
const CROSS_SERVER_CHANGES = 100;
/** A change reaches the board on every server within this at the 95th percentile (ms; QUALITY.md's goal). */
const CROSS_SERVER_P95_MS = 1_000;
/** The servers' recheck of open streams: longer than the suite, so it never ends one (ms). */
const STREAM_RECHECK_HELD_OFF_MS = 300_000;
/** A stream of a session signed out on the other server ends within this (ms; the bus's round trip, loaded machine). */
const SESSION_EVENT_BOUND_MS = 2_000;
/** Display streams open through HAProxy during the rolling restart. */
const RESTART_STREAMS = 50;
/** Between two ticket writes during the rolling restart (ms). */
const WRITE_EVERY_MS = 250;

type Frame = { id: number; event: string; critical: number; data: string; at: number };
/** One reader of the Support board's stream that reconnects as a browser does: after the `retry:` hint, with Last-Event-ID. */
type Follower = { frames: Frame[]; connections: { via: string; status: number; lastEventId: string | null }[]; stop(): Promise<void> };

function followSupportBoard(base: string, token: string, label: string): Follower {
  const frames: Frame[] = [];
  const connections: Follower['connections'] = [];
  const abort = new AbortController();
  let lastEventId: string | null = null;
  let retryMs = 1_000;
  const running = (async () => {
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(`${base}/api/live/boards/support/stream`, {
          headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
          signal: abort.signal,
        });
        connections.push({ via: res.headers.get('x-served-by') ?? label, status: res.status, lastEventId });
        if (res.status === 200 && res.body) {
          const decoder = new TextDecoder();
          let buffer = '';
          for await (const chunk of res.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const field = (name: string) => new RegExp(`^${name}: ?(.*)$`, 'm').exec(block)?.[1];
              if (field('retry')) retryMs = Number(field('retry'));
              const data = field('data');
              const id = field('id');
              if (id !== undefined) lastEventId = id;
              if (data === undefined) continue;
              const snapshot = JSON.parse(data) as BoardSnapshot;
              if (snapshot.data.board !== 'support') continue;
              frames.push({ id: Number(id), event: field('event') ?? 'message', critical: snapshot.data.openBySeverity.C, data: JSON.stringify(snapshot.data), at: Date.now() });
            }
          }
        }
      } catch {
        // The server went away mid-stream (or the suite stopped reading): reconnect unless stopped.
      }
      if (!abort.signal.aborted) await new Promise((r) => setTimeout(r, retryMs));
    }
  })();
  return {
    frames,
    connections,
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}

/** The value at or below which `share` of the values fall (nearest rank). */
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * share) - 1)]!;
const p95 = (values: number[]) => percentile(values, 0.95);
const summary = (values: number[]) => `p50 ${percentile(values, 0.5)} ms, p95 ${p95(values)} ms, max ${Math.max(...values)} ms (${values.length} deliveries)`;

describe('two app servers on one PostgreSQL, behind HAProxy', () => {
  const admin = process.env.TEST_DATABASE_URL ?? inject('embeddedAdminUrl');
  const database = `cc_ops_${process.pid}_${Date.now()}`;
  const url = withDatabaseUrl(admin, database);
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-ops-'));
  const servers: Record<'a' | 'b', RunningServer | undefined> = { a: undefined, b: undefined };
  let haproxy: ChildProcess | undefined;
  let pool: pg.Pool;
  let sender: { jobs: Jobs; bus: EventBus } | undefined;
  const followers: Follower[] = [];
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
        // No open stream is checked again during the suite: what ends one is the event that ended its session.
        STREAM_SESSION_CHECK_MS: String(STREAM_RECHECK_HELD_OFF_MS),
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
    await Promise.all(followers.map((f) => f.stop()));
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

  /** A staff bearer token (sessions live in the database: good on either server); the agent, whom the limit test leaves alone. */
  const signIn = async (email = 'agent@demo.test') => {
    const res = await fetch(`${direct('a')}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  /** Raises a critical Support ticket through `base`; the answer's status and the ticket's id. */
  const raiseCritical = async (base: string, token: string, title: string) => {
    const company = (await pool.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1')).rows[0]!.id;
    const res = await fetch(`${base}/api/v2/tickets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title, description: 'Raised by the operations suite', company_id: company, severity: 'C', queue: 'Support' }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: number; ticket?: { id?: number } };
    return { status: res.status, id: body.id ?? body.ticket?.id };
  };
  const openCritical = async () =>
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE queue = 'Support' AND status <> 'C' AND severity = 'C'`)).rows[0]!.n;

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
    // A board open on A ends the moment the session signs out on B: B's event, not a recheck (held off).
    const board = await fetch(`${direct('a')}/api/live/boards/support/stream`, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(board.status).toBe(200);
    const reader = board.body!.getReader();
    await reader.read();
    const ended = (async () => {
      while (!(await reader.read()).done);
    })();
    const signedOutAt = Date.now();
    expect((await fetch(`${direct('b')}/logout`, { headers })).status).toBe(200);
    await Promise.race([ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the board on A was still open')), SESSION_EVENT_BOUND_MS).unref())]);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_EVENT_BOUND_MS);
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

  it('shows each of 100 ticket changes, written through A and B in turn, on the boards streamed from both within 1 s p95', async () => {
    const token = await signIn();
    const streams = { a: followSupportBoard(direct('a'), token, 'a'), b: followSupportBoard(direct('b'), token, 'b') };
    followers.push(streams.a, streams.b);
    await waitFor(async () => streams.a.frames.length > 0 && streams.b.frames.length > 0, 10_000, 'the first snapshot on each server');
    // One after another, as fast as the servers answer: bursts the hub folds into fewer frames.
    const changes: { via: 'a' | 'b'; ticket: number; sentAt: number }[] = [];
    for (let i = 0; i < CROSS_SERVER_CHANGES; i++) {
      const via = i % 2 ? 'b' : 'a';
      const sentAt = Date.now();
      const created = await raiseCritical(direct(via), token, `Written through ${via.toUpperCase()} ${i}`);
      expect(created.status).toBe(201);
      changes.push({ via, ticket: created.id!, sentAt });
    }
    // Each change's entry in the change log: a frame with that id or a later one holds it (the hub reads the log's id before the board).
    const { rows } = await pool.query<{ ticket: number; event: string }>(
      `SELECT t AS ticket, min(e.id)::text AS event FROM live_events e, unnest(e.ids) AS t WHERE e.topic = 'tickets' AND t = ANY($1::bigint[]) GROUP BY t`,
      [changes.map((c) => c.ticket)],
    );
    const eventOf = new Map(rows.map((r) => [Number(r.ticket), Number(r.event)]));
    expect(eventOf.size).toBe(CROSS_SERVER_CHANGES);
    const lastEvent = Math.max(...eventOf.values());
    const expected = await openCritical();
    for (const follower of Object.values(streams)) await waitFor(async () => follower.frames.some((f) => f.id >= lastEvent && f.critical === expected), 10_000, 'the last change on both boards');
    await Promise.all(Object.values(streams).map((f) => f.stop()));

    // Per stream, each change once: from sending it to the first frame that holds it, however many changes that frame folded in.
    const latency = { cross: [] as number[], all: [] as number[] };
    for (const [name, follower] of Object.entries(streams)) {
      for (const change of changes) {
        const frame = follower.frames.find((f) => f.id >= eventOf.get(change.ticket)!);
        expect(frame, `change to ticket ${change.ticket} on ${name}`).toBeDefined();
        const ms = frame!.at - change.sentAt;
        latency.all.push(ms);
        if (change.via !== name) latency.cross.push(ms);
      }
      // Folded, never repeated or out of order.
      expect(follower.frames.length).toBeLessThanOrEqual(CROSS_SERVER_CHANGES + 1);
      expect(follower.frames.filter((f, i) => i > 0 && (f.id < follower.frames[i - 1]!.id || (f.id === follower.frames[i - 1]!.id && f.data === follower.frames[i - 1]!.data)))).toEqual([]);
      expect(follower.frames.at(-1)!.critical).toBe(expected);
    }
    process.stdout.write(
      `${CROSS_SERVER_CHANGES} changes through A and B in ${changes.at(-1)!.sentAt - changes[0]!.sentAt} ms, frames on A ${streams.a.frames.length}, on B ${streams.b.frames.length}\n` +
        `  written on one server, shown on the other: ${summary(latency.cross)}\n  every delivery: ${summary(latency.all)}\n`,
    );
    expect(latency.cross).toHaveLength(CROSS_SERVER_CHANGES);
    expect(p95(latency.cross)).toBeLessThanOrEqual(CROSS_SERVER_P95_MS);
    expect(p95(latency.all)).toBeLessThanOrEqual(CROSS_SERVER_P95_MS);
  }, 90_000);

  it('loses no request at 20 requests a second through HAProxy while A, then B, restarts, and 50 display streams follow without a gap or a repeat', async () => {
    // Fifty display streams opened through HAProxy (about half on each server); each follows the restarts.
    const token = await signIn();
    const streams = Array.from({ length: RESTART_STREAMS }, () => followSupportBoard(front, token, '?'));
    followers.push(...streams);
    await waitFor(async () => streams.every((f) => f.frames.length > 0), 20_000, 'a first snapshot on every stream through HAProxy');
    const firstOn = (name: 'a' | 'b') => streams.filter((f) => f.connections[0]!.via === name);
    expect(firstOn('a').length).toBeGreaterThan(0);
    expect(firstOn('b').length).toBeGreaterThan(0);
    const written: { status: number; id?: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        written.push(await raiseCritical(front, token, `Written during the restart ${i}`).catch((error: unknown) => ({ status: 0, error: String(error) })));
        await new Promise((r) => setTimeout(r, WRITE_EVERY_MS));
      }
    })();
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
      const stopping = servers[name]!;
      expect(await stopping.stop(), stopping.stderr()).toBe(0);
      servers[name] = await start(name, false);
      // HAProxy sends it requests again once its readiness answers: the next restarts only then.
      await waitFor(() => upInHaproxy(name), 10_000, `HAProxy to count server ${name} in`);
    }
    running = false;
    writing = false;
    await Promise.all([load, writer]);
    expect(sent).toBeGreaterThan(RATE * 5);
    expect(failures).toEqual([]);

    // Every ticket written while the servers restarted reaches every stream, none of them twice.
    expect(written.filter((w) => w.status !== 201)).toEqual([]);
    const ids = written.map((w) => w.id!);
    const { rows } = await pool.query<{ last: string }>(`SELECT max(id)::text AS last FROM live_events WHERE topic = 'tickets' AND ids && $1::bigint[]`, [ids]);
    const lastEvent = Number(rows[0]!.last);
    const expected = await openCritical();
    await waitFor(async () => streams.every((f) => f.frames.some((frame) => frame.id >= lastEvent && frame.critical === expected)), 20_000, 'every stream to catch up');
    await Promise.all(streams.map((f) => f.stop()));
    for (const [n, follower] of streams.entries()) {
      const label = `stream ${n} (first on ${follower.connections[0]!.via})`;
      // It moved: a reconnection through HAProxy after each restart of its server, each after the first with the last id it saw.
      expect(follower.connections.length, label).toBeGreaterThanOrEqual(2);
      expect(follower.connections.every((c) => c.status === 200), label).toBe(true);
      expect(follower.connections.slice(1).every((c) => c.lastEventId !== null), label).toBe(true);
      expect(new Set(follower.connections.map((c) => c.via)), label).toEqual(new Set(['a', 'b']));
      // No frame goes back, and none repeats the one before it.
      const repeats = follower.frames.filter((f, i) => i > 0 && (f.id < follower.frames[i - 1]!.id || (f.id === follower.frames[i - 1]!.id && f.data === follower.frames[i - 1]!.data)));
      expect(repeats, label).toEqual([]);
      // The critical count never drops (only raised here) and ends equal to the database, with the last ticket's change.
      const counts = follower.frames.map((f) => f.critical);
      expect(counts, label).toEqual([...counts].sort((x, y) => x - y));
      expect(counts.at(-1), label).toBe(expected);
      expect(follower.frames.at(-1)!.id, label).toBeGreaterThanOrEqual(lastEvent);
    }
    const reconnections = streams.reduce((sum, f) => sum + f.connections.length - 1, 0);
    const frames = streams.map((f) => f.frames.length);
    process.stdout.write(
      `${RESTART_STREAMS} streams (${firstOn('a').length} first on a, ${firstOn('b').length} on b): ${reconnections} reconnections, ` +
        `${Math.min(...frames)}–${Math.max(...frames)} frames each, ${ids.length} tickets written during the restarts, ${sent} health requests\n`,
    );
  }, 150_000);
});
