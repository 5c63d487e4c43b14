/**
 * Render-worker benchmark: `npm run bench:pdf-pool` (docs/adr/0101).
 *
 * Starts the app (its own process, the embedded PostgreSQL server in a fresh folder with the demo
 * data, or the PostgreSQL at BENCH_DATABASE_URL), saves a 300-line quote through the API, then in
 * each of BENCH_ROUNDS rounds downloads its PDF BENCH_PDFS (4) times at once while it asks
 * GET /api/health every BENCH_PING_MS (10 ms) from this process. Reports, over the rounds:
 *   - the event-loop delay of the app's HTTP thread (perf_hooks.monitorEventLoopDelay, p50/p99/max);
 *   - the health check's latency (p50/p99/max) and the PDFs' (median, slowest);
 * twice: with RENDER_WORKERS=0 (the PDF drawn on the HTTP thread, as before the workers) and with
 * the render workers at their default size. Writes docs/bench/pdf-pool.md.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PDFS = Number(process.env.BENCH_PDFS ?? 4);
const PING_MS = Number(process.env.BENCH_PING_MS ?? 10);
/** 288 items and a heading every 25: the 300 lines a quote holds at most. */
const ITEMS = 288;
const TARGET_LAG_P99_MS = 50;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

type Ready = { type: 'ready'; port: number; token: string; workers: number };
type Lag = { type: 'lag'; p50: number; p99: number; max: number };

// ---------------------------------------------------------------- the app's process
async function serve(): Promise<void> {
  const { buildApp } = await import('@server/app');
  const { loadConfig } = await import('@server/config');
  const { createContext } = await import('@server/context');
  const { openDatabase } = await import('@server/platform/db/database');
  const { createSession } = await import('@server/platform/auth/sessions');
  const { seedDemoIfEmpty } = await import('@server/seed/demo');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  await seedDemoIfEmpty(database.pool);
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, { logger: false, serveStatic: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const { rows } = await database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
  const token = await createSession(database.pool, config, { audience: 'staff', userId: rows[0].id });
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'lag.start') {
      histogram.reset();
      histogram.enable();
      process.send?.({ type: 'lag.started' });
    } else if (message.type === 'lag.stop') {
      histogram.disable();
      const ms = (ns: number) => ns / 1e6;
      process.send?.({ type: 'lag', p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) } satisfies Lag);
    } else if (message.type === 'stop') {
      await app.close();
      await ctx.render.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0, token, workers: config.render.workers } satisfies Ready);
}

// ---------------------------------------------------------------- the load, from this process
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);
const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function request(port: number, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Buffer; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A mode without PDFs pings for IDLE_MS per round: the noise floor of the machine in the same run. */
type Mode = { label: string; env: Record<string, string>; idle?: boolean };
const IDLE_MS = 3000;
/** `errors`: answers other than 200 (a PDF that is not one counts too), by status. */
type Result = { mode: Mode; workers: number; lag: Lag[]; health: number[]; pdfs: number[]; errors: number; statuses: Record<number, number> };

async function measure(mode: Mode, database: Record<string, string>, quote: (port: number, token: string) => Promise<number>): Promise<Result> {
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...database, ...mode.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listener = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', listener);
        resolve(m as T);
      };
      child.on('message', listener);
    });
  const ready = await next<Ready>('ready');
  const id = await quote(ready.port, ready.token);
  const pdf = () => request(ready.port, 'GET', `/api/v2/quotes/${id}/pdf`, ready.token);
  // Warm up: the first PDF loads pdfmake and the fonts (and starts a worker).
  for (let i = 0; i < 2; i++) if ((await pdf()).status !== 200) throw new Error('the quote PDF did not download');
  const result: Result = { mode, workers: ready.workers, lag: [], health: [], pdfs: [], errors: 0, statuses: {} };
  const failed = (status: number) => {
    result.errors++;
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const started = next<unknown>('lag.started');
    child.send({ type: 'lag.start' });
    await started;
    const pings: Promise<void>[] = [];
    const pinger = setInterval(() => {
      pings.push(
        request(ready.port, 'GET', '/api/health').then((r) => {
          if (r.status === 200) result.health.push(r.ms);
          else failed(r.status);
        }),
      );
    }, PING_MS);
    await new Promise((r) => setTimeout(r, 100));
    const answers = mode.idle ? [] : await Promise.all(Array.from({ length: PDFS }, () => pdf()));
    if (mode.idle) await new Promise((r) => setTimeout(r, IDLE_MS));
    clearInterval(pinger);
    await Promise.all(pings);
    for (const a of answers) {
      if (a.status === 200 && a.body.subarray(0, 5).toString() === '%PDF-') result.pdfs.push(a.ms);
      else failed(a.status);
    }
    const lag = next<Lag>('lag');
    child.send({ type: 'lag.stop' });
    result.lag.push(await lag);
  }
  child.send({ type: 'stop' });
  await new Promise((r) => child.on('exit', r));
  return result;
}

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'cc-bench-pdf-pool-'));
  const database: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATA_DIR: dataDir! };
  const { sampleLines } = await import('@server/features/quotes/sample');
  let quoteId: number | undefined;
  /** The 300-line quote, saved once through the API (the first app's database keeps it). */
  async function quote(port: number, token: string): Promise<number> {
    if (quoteId) return quoteId;
    const lines = sampleLines(ITEMS).map(({ kind, sku, description, quantity, unitPriceCents, discountPercent, taxable, optional, chosen }) => ({
      kind, sku, description, quantity, unitPriceCents, discountPercent, taxable, optional, chosen,
    }));
    const saved = await request(port, 'POST', '/api/v2/quotes', token, {
      type: 'hardware', clientName: 'Benchmark Utilities', contactName: 'Ann Lee', title: 'Fleet refresh', validUntil: '2026-12-31', lines,
    });
    if (saved.status !== 201) throw new Error(`saving the quote answered ${saved.status}: ${saved.body.toString()}`);
    const view = JSON.parse(saved.body.toString()) as { quote: { id: number }; lines: unknown[] };
    if (view.lines.length !== ITEMS + Math.ceil(ITEMS / 25)) throw new Error(`the quote has ${view.lines.length} lines`);
    return (quoteId = view.quote.id);
  }
  const modes: Mode[] = [
    { label: `No PDFs: health checks alone for ${IDLE_MS / 1000} s (this machine's noise floor)`, env: {}, idle: true },
    { label: 'Before: drawn on the HTTP thread (RENDER_WORKERS=0)', env: { RENDER_WORKERS: '0' } },
    { label: 'After: render workers (default size)', env: { RENDER_WORKERS: '' } },
  ];
  const results: Result[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    for (const mode of modes) results.push(await measure(mode, database, quote));
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = results.map((r) => {
    const lagP99 = median(r.lag.map((l) => l.p99));
    return `| ${r.mode.label} | ${r.mode.idle ? '–' : r.workers} | ${f(median(r.lag.map((l) => l.p50)))} / **${f(lagP99)}** / ${f(Math.max(...r.lag.map((l) => l.max)))} ms | ${f(percentile(r.health, 50))} / ${f(percentile(r.health, 99))} / ${f(Math.max(...r.health))} ms (${r.health.length}) | ${r.pdfs.length ? `${f(median(r.pdfs))} / ${f(Math.max(...r.pdfs))} ms` : '–'} | ${r.errors ? `${r.errors} (${Object.entries(r.statuses).map(([s, n]) => `${n}× ${s}`).join(', ')})` : 0} |`;
  });
  const after = results.at(-1)!;
  const afterLag = median(after.lag.map((l) => l.p99));
  const report = [
    '# PDFs off the HTTP thread (render workers)',
    '',
    'Measured by `npm run bench:pdf-pool` (tests/bench/pdf-pool.bench.ts): the app in its own process on the embedded',
    `PostgreSQL server with the demo data; a ${ITEMS + Math.ceil(ITEMS / 25)}-line quote saved through the API; in each of ${ROUNDS} rounds its PDF`,
    `(GET /api/v2/quotes/:id/pdf) downloaded ${PDFS} times at once while GET /api/health is asked every ${PING_MS} ms from the`,
    `benchmark's process. Node ${process.version}, ${availableParallelism()} shared cores (${cpus()[0]?.model ?? 'unknown CPU'}); the machine's`,
    `load average (other work on it included) was ${loadBefore.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end, so compare the rows within the run.`,
    '',
    '| Rendering | Workers | Event-loop delay of the HTTP thread p50 / **p99** / max (median of rounds; max of all) | Health check p50 / p99 / max (answers) | PDF median / slowest | Errors |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Target: event-loop delay p99 under ${TARGET_LAG_P99_MS} ms while ${PDFS} PDFs render. With the workers: ${f(afterLag)} ms, ${afterLag < TARGET_LAG_P99_MS ? 'within' : 'OVER'} the target.`,
    'With one worker the four PDFs are drawn one after the other, so the last one takes about four times one;',
    'more workers (RENDER_WORKERS) draw them side by side when there are cores for them.',
    '',
  ].join('\n');
  writeFileSync(new URL('../../docs/bench/pdf-pool.md', import.meta.url), report);
  process.stdout.write(report);
  agent.destroy();
  // Errors drawing on the HTTP thread (health checks timing out behind it) are part of the "before".
  if (afterLag >= TARGET_LAG_P99_MS || after.errors) process.exitCode = 1;
}

if (process.argv[2] === 'serve') await serve();
else await main();
