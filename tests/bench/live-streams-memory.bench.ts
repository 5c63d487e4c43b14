/**
 * Memory per live display stream (`node --import tsx tests/bench/live-streams-memory.bench.ts`): the
 * production server (through tests/bench/live-memory-server.ts, which on SIGUSR2 collects garbage fully and
 * reports process.memoryUsage(), its anonymous resident memory and its CPU time) on port BENCH_PORT (4531) with
 * a fresh embedded database and the demo data; BENCH_CONNECTIONS Support board streams opened by a separate
 * Node process (child_process fork), so the server's figures are its own. Each figure before (after 20 streams
 * were opened and closed, so the code paths a stream takes are loaded, and 12 s left alone), 2 s after the
 * streams opened, 12 s after (the allocator settled), and 12 s after they closed; per stream. Prints Markdown.
 * With BENCH_DELIVERY=1, also 20 critical tickets 600 ms apart while the streams are open: from each
 * commit to its frame's arrival at every stream (the client process's clock is the same machine's).
 * With BENCH_DISPLAYS=1 the streams are those of BENCH_CONNECTIONS displays each paired on its own (its own
 * cookie, so its own recheck), not of one staff session. With BENCH_RECHECK=1, once the streams settled, what
 * the open streams cost over BENCH_RECHECK_WINDOW_MS (20 s) with nothing changing: the server's CPU time, the
 * database's (tests/bench/process-cpu.ts) and its transactions (each recheck is one), per second. Run it with
 * STREAM_SESSION_CHECK_MS=300000 (no recheck within the run) for the figure without the recheck.
 */
import { fork } from 'node:child_process';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DISPLAY_COOKIE } from '@contracts/live-displays';
import { embeddedConnection } from '@server/platform/db/embedded';
import { DEMO_PASSWORD, STAFF } from '@tests/e2e/support/accounts';
import { postmasterPid, startServer } from '@tests/support/server-process';
import { databaseCpuMs } from './process-cpu';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1_000);
/** Each stream a display of its own (its cookie `bench-display-<n>`), instead of one staff session's. */
const DISPLAYS = Boolean(process.env.BENCH_DISPLAYS);
const RECHECK_WINDOW_MS = Number(process.env.BENCH_RECHECK_WINDOW_MS ?? 20_000);
const displaySecret = (n: number) => `bench-display-${n}`;
/** The server's port: the benchmarks' loopback range. */
const PORT = process.env.BENCH_PORT ?? '4531';
/** What the server reports after a full collection (bytes). */
type Memory = { rss: number; rssAnon: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number; cpuMicros: number };
const FIELDS = ['rss', 'rssAnon', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;
/** How long the server is left alone before a settled figure (ms). */
const SETTLE_MS = 12_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/** The client process: opens `count` streams 50 at a time, says when each has its first frame, holds them until told. */
async function clients(url: string, token: string, count: number) {
  let opened = 0;
  const open = (): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const n = ++opened;
      const credential = token === 'displays' ? { cookie: `${DISPLAY_COOKIE}=${displaySecret(n)}` } : { authorization: `Bearer ${token}` };
      const req = httpRequest(`${url}/api/live/boards/support/stream`, { headers: { accept: 'text/event-stream', ...credential }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        res.once('data', () => resolve(res));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const critical = /"openBySeverity":\{"C":(\d+),/.exec(block)?.[1];
            if (critical) arrivals.push([Number(critical), Date.now()]);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
  /** Each frame's Critical figure and arrival time, every stream's. */
  const arrivals: [number, number][] = [];
  const streams: IncomingMessage[] = [];
  for (let i = 0; i < count; i += 50) streams.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, open))));
  process.send!({ opened: streams.length });
  process.on('message', (message) => {
    if (message === 'report') return process.send!({ arrivals });
    for (const s of streams) s.destroy();
    process.exit(0);
  });
}

async function main() {
  const loadBefore = load();
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-live-mem-'));
  const memoryFile = join(dataDir, 'memory.jsonl');
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', LIVE_MEMORY_FILE: memoryFile, PORT }, 180_000, 'tests/bench/live-memory-server.ts');
  const probe = async () => {
    const lines = existsSync(memoryFile) ? readFileSync(memoryFile, 'utf8').trim().split('\n').filter(Boolean).length : 0;
    process.kill(server.pid, 'SIGUSR2');
    for (;;) {
      await sleep(100);
      const all = existsSync(memoryFile) ? readFileSync(memoryFile, 'utf8').trim().split('\n').filter(Boolean) : [];
      if (all.length > lines) return JSON.parse(all.at(-1)!) as Memory;
    }
  };
  const openIn = (count: number) =>
    new Promise<{ close(): Promise<void>; arrivals(): Promise<[number, number][]> }>((resolve, reject) => {
      const child = fork(fileURLToPath(import.meta.url), ['--clients', server.url, credential, String(count)], { execArgv: ['--import', 'tsx'] });
      child.once('error', reject);
      child.once('exit', (code) => code && reject(new Error(`clients exited with ${code}`)));
      child.once('message', () =>
        resolve({
          close: () => new Promise<void>((done) => (child.once('exit', () => done()), child.send('close'))),
          arrivals: () => new Promise<[number, number][]>((done) => (child.once('message', (m) => done((m as { arrivals: [number, number][] }).arrivals)), child.send('report'))),
        }),
      );
    });
  let token = '';
  /** What the clients open their streams with: the staff token, or `displays` (each its own display's cookie). */
  let credential = '';
  try {
    const login = await fetch(`${server.url}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: STAFF.agent.email, password: DEMO_PASSWORD }) });
    token = ((await login.json()) as { token: string }).token;
    if (DISPLAYS) {
      // Displays paired each on its own: the cookie's hash stored as pairing stores it (SHA-256 of the secret).
      const db = new pg.Pool({ ...embeddedConnection(dataDir), max: 1 });
      await db.query(
        `INSERT INTO live_displays (name, boards, cookie_hash, paired_at)
         SELECT 'Bench ' || n, '{support}', sha256(convert_to('bench-display-' || n, 'UTF8')), now() FROM generate_series(1, $1) n`,
        [CONNECTIONS + 20],
      );
      await db.end();
    }
    credential = DISPLAYS ? 'displays' : token;
    await (await openIn(20)).close();
    // The allocator settles (the heap shrinks, freed pages go back) before each figure but the first open one.
    await sleep(SETTLE_MS);
    const before = await probe();
    const started = Date.now();
    const held = await openIn(CONNECTIONS);
    const openMs = Date.now() - started;
    await sleep(2_000);
    const open = await probe();
    // Again once the allocator has settled (freed pages given back, the heap shrunk after the openings).
    await sleep(SETTLE_MS - 2_000);
    const settled = await probe();
    let recheck = '';
    if (process.env.BENCH_RECHECK) {
      // Nothing changes meanwhile: what the open streams cost is their heartbeats and their rechecks.
      const db = new pg.Pool({ ...embeddedConnection(dataDir), max: 1 });
      const transactions = async () =>
        Number((await db.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
      const pid = postmasterPid(dataDir);
      const at = async () => ({ cpu: (await probe()).cpuMicros / 1000, db: databaseCpuMs(pid), tx: await transactions(), t: Date.now() });
      // The probe's own full collection is in the window; it is the same with and without the recheck.
      const start = await at();
      await sleep(RECHECK_WINDOW_MS);
      await db.query('SELECT pg_stat_clear_snapshot()');
      const end = await at();
      await db.end();
      const seconds = (end.t - start.t) / 1000;
      recheck = `recheck window ${seconds.toFixed(1)} s (STREAM_SESSION_CHECK_MS ${process.env.STREAM_SESSION_CHECK_MS ?? 'default'}, ${DISPLAYS ? 'each stream its own display' : 'one staff session'}): server CPU ${((end.cpu - start.cpu) / seconds).toFixed(1)} ms/s, database CPU ${((end.db - start.db) / seconds).toFixed(1)} ms/s, database transactions ${((end.tx - start.tx) / seconds).toFixed(1)}/s\n`;
    }
    let delivery = '';
    if (process.env.BENCH_DELIVERY) {
      // 20 critical tickets 600 ms apart (autocommit); from each commit to its frame at every stream.
      const db = new pg.Pool({ ...embeddedConnection(dataDir), max: 2 });
      db.on('error', () => undefined);
      const companyId = (await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1')).rows[0]!.id;
      const critical = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tickets WHERE queue = 'Support' AND status <> 'C' AND severity = 'C'`)).rows[0]!.n;
      const base = await critical();
      const commits: number[] = [];
      const cpuBefore = (await probe()).cpuMicros;
      for (let i = 0; i < 20; i++) {
        await db.query(`INSERT INTO tickets (title, severity, queue, company_id) VALUES ($1, 'C', 'Support', $2)`, [`Bench ${i}`, companyId]);
        commits.push(Date.now());
        await sleep(600);
      }
      await sleep(3_000);
      const cpuMs = ((await probe()).cpuMicros - cpuBefore) / 1000;
      await db.end();
      const arrivals = await held.arrivals();
      const latencies: number[] = [];
      // Frames arrive in order on each stream; the first frame at or past each count, per stream, is its delivery.
            for (let i = 0; i < 20; i++) {
        const at = arrivals.filter(([c]) => c === base + i + 1).map(([, t]) => t - commits[i]!);
        latencies.push(...at);
      }
      const sorted = latencies.sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
      delivery = `delivery: ${CONNECTIONS * 20} expected, ${latencies.length} frames holding exactly one new ticket, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${sorted.at(-1)} ms; server CPU time over the 20 changes (15 s, the idle server's own work included): ${cpuMs.toFixed(0)} ms, ${((cpuMs * 1000) / (CONNECTIONS * 20)).toFixed(0)} µs per delivery\n`;
    }
    await held.close();
    await sleep(SETTLE_MS);
    const closed = await probe();
    const kb = (b: number) => (b / 1024).toFixed(1);
    const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
    const row = (f: (typeof FIELDS)[number]) =>
      `| ${f} | ${mb(before[f])} MB | ${mb(open[f])} MB | ${kb((open[f] - before[f]) / CONNECTIONS)} KB | ${mb(settled[f])} MB | ${kb((settled[f] - before[f]) / CONNECTIONS)} KB | ${mb(closed[f])} MB | ${kb((settled[f] - closed[f]) / CONNECTIONS)} KB |\n`;
    process.stdout.write(
      `load ${loadBefore} → ${load()}; ${CONNECTIONS} streams opened in ${openMs} ms\n` +
        recheck +
        delivery +
        `server CPU time from before to 2 s after the streams opened: ${((open.cpuMicros - before.cpuMicros) / 1000).toFixed(0)} ms, ${((open.cpuMicros - before.cpuMicros) / 1000 / CONNECTIONS).toFixed(2)} ms per stream\n` +
        `| ${CONNECTIONS} streams | before (settled) | open, 2 s | per stream | open, 12 s (settled) | per stream | all closed, 12 s | open (settled) − closed (settled), per stream |\n|---|---|---|---|---|---|---|---|\n` +
        FIELDS.map(row).join(''),
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--clients') await clients(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else await main();
