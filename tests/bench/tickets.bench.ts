/**
 * Ticket benchmark: `npm run bench:tickets`.
 *
 * On a database filled by `npm run seed:large` (1,000,000 tickets), measures the median and p95
 * of the ticket search (text, filters, sorts), the ticket view and the overdue check
 *   - in the database: the server functions the routes call, timed from a separate connection;
 *   - over HTTP, two loads from BENCH_CONCURRENCY (50) concurrent clients on loopback, each with
 *     its own keep-alive connection and staff session, for BENCH_SECONDS per route (at most
 *     BENCH_REQUESTS requests):
 *       * "50 clients": each client sends its next request BENCH_THINK_MS (1,000 ms, ± half) after
 *         the answer to its last, as people at their screens do (QUALITY.md's bar);
 *       * "saturation": each client sends its next request as soon as the last is answered, so
 *         50 are always in flight: the throughput the server reaches and what queueing costs;
 *   - the event-loop delay of the HTTP process while each route is under load.
 * Runs on the embedded PostgreSQL server in BENCH_DATA_DIR and/or the PostgreSQL at BENCH_DATABASE_URL,
 * prints a Markdown report and writes it to docs/bench/tickets-latest.md.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadView } from '@server/features/tickets/tickets.repo';
import { OVERDUE_LIST_LIMIT, overdueTicketsJson } from '@server/features/overdue/overdue.repo';
import { searchTickets } from '@server/features/tickets/search';
import { databaseCpuMs } from './process-cpu';
import { ticketSearchQuerySchema } from '@contracts/tickets';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const DB_RUNS = Number(process.env.BENCH_DB_RUNS ?? 20);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 1000);
/**
 * Requests sent at saturation, unmeasured, before each measured saturation run, on the clients'
 * own keep-alive connections, which the measured run then goes on using: the app's pool grows to
 * its size, each new connection prepares its statements and each client's connection is open, as
 * on a server that has been busy for a while (0 measures the first requests of a burst too, and
 * with them 50 connections opened at the same instant).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
/** Only the measures whose label contains one of these (comma-separated), e.g. BENCH_ONLY='two words,overdue'. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const wanted = (label: string) => !ONLY?.length || ONLY.some((o) => label.includes(o));
/** A directory for a CPU profile of the HTTP process (node --cpu-prof), written when the bench ends. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

const EMBEDDED = 'Embedded PostgreSQL server';
const SERVER = 'PostgreSQL server at BENCH_DATABASE_URL';
type Backend = { name: typeof EMBEDDED | typeof SERVER; env: Record<string, string> };
const backends: Backend[] = [];
if (process.env.BENCH_DATA_DIR) backends.push({ name: EMBEDDED, env: { DATA_DIR: process.env.BENCH_DATA_DIR } });
if (process.env.BENCH_DATABASE_URL) backends.push({ name: SERVER, env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });
if (!backends.length) {
  process.stderr.write('Set BENCH_DATA_DIR (a DATA_DIR seeded by npm run seed:large) and/or BENCH_DATABASE_URL\n');
  process.exit(2);
}

const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

/** The searches measured: a rare word, a common word, filters with a sort, a company, overdue, an unindexed sort. */
const SEARCHES = (agentId: number, companyId: number): { label: string; query: Record<string, string> }[] => [
  { label: 'search: rare word', query: { q: '123457' } },
  { label: 'search: common word (1 in 8 tickets)', query: { q: 'printer' } },
  { label: 'search: status+severity+queue, by due date', query: { status: 'A,WOP', severity: 'C,H', queue: 'Support', sort: 'duedate:asc' } },
  { label: 'search: one company, newest first', query: { company: String(companyId), sort: 'created_at:desc' } },
  { label: 'search: my overdue, by due date', query: { overdue: 'true', assignee: String(agentId), sort: 'duedate:asc' } },
  { label: 'search: text + filter, page 5', query: { q: 'invoice', status: 'A', page: '5', size: '20' } },
  { label: 'search: sorted by company name', query: { sort: 'company_name:asc' } },
  { label: 'search: one queue by priority, page 20', query: { queue: 'Sales', sort: 'severity:asc', page: '20', size: '50' } },
  { label: 'search: two words that rarely meet', query: { q: 'printer firewall' } },
];

/**
 * Page 500 (20 a page: 9,980 rows deep, the deepest offset paging answers) of sorted lists, by
 * offset and by keyset (`after` the last ticket of page 499, as the table's Next sends it).
 */
const DEEP_PAGES: { label: string; query: Record<string, string> }[] = [
  { label: 'one queue by priority', query: { queue: 'Sales', sort: 'severity:asc', size: '20' } },
  { label: 'every ticket by due date', query: { sort: 'duedate:asc', size: '20' } },
];
const DEEP_PAGE = 500;

type HttpResult = {
  median: number;
  p95: number;
  p99: number;
  rps: number;
  n: number;
  errors: number;
  lagP99: number;
  lagMax: number;
  /** CPU time per answered request: the HTTP process's, and the embedded server's processes' (NaN for a separate server). */
  httpCpuMs: number;
  dbCpuMs: number;
  /** The machine's 1-minute load average when the load ended (other work on the machine shows here). */
  loadAvg: string;
};

type Row = { label: string; dbMedian: number; dbP95: number; paced: HttpResult; saturated: HttpResult };

async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

/** One keep-alive connection a client, as a person's browser keeps one to the server. */
const agentsFor = (tokens: string[]) => tokens.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));

async function load(
  port: number,
  tokens: string[],
  agents: http.Agent[],
  think: number,
  request: (i: number) => { method: string; path: string; body?: string },
  requests = REQUESTS,
) {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const t0 = performance.now();
  const one = (i: number, client: number) =>
    new Promise<void>((resolve) => {
      const r = request(i);
      const start = performance.now();
      const headers = { authorization: `Bearer ${tokens[client]}`, ...(r.body ? { 'content-type': 'application/json' } : {}) };
      const req = http.request(
        { host: '127.0.0.1', port, method: r.method, path: r.path, agent: agents[client], headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - start);
            if (res.statusCode !== 200) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
  const pause = () => new Promise((r) => setTimeout(r, think * (0.5 + Math.random())));
  const worker = async (client: number) => {
    // Paced clients start spread over one think time, as people do not all click at once.
    if (think) await new Promise((r) => setTimeout(r, Math.random() * think));
    while (issued < requests && Date.now() < deadline) {
      await one(issued++, client);
      if (think) await pause();
    }
  };
  await Promise.all(tokens.map((_, client) => worker(client)));
  const seconds = (performance.now() - t0) / 1000;
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), rps: latencies.length / seconds, n: latencies.length, errors };
}

async function runBackend(backend: Backend): Promise<Row[]> {
  const child = fork(join(ROOT, 'tests/bench/bench-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: { ...process.env, ...backend.env, NODE_ENV: 'production', SEED_DEMO: 'false' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (type: string) => new Promise<Record<string, unknown>>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (m.type === type) {
        child.off('message', on);
        resolve(m);
      }
    };
    child.on('message', on);
  });
  const ready = (await next('ready')) as { port: number; tokens: string[]; agentId: number; databaseUrl: string; postmasterPid: number | null };
  // The database side is timed from a connection of its own, to the server the app uses.
  const pool = new pg.Pool({ connectionString: ready.databaseUrl, max: 1 });
  try {
    const { rows: ticketCount } = await pool.query('SELECT count(*)::int AS n, max(id) AS max FROM tickets');
    process.stderr.write(`${backend.name}: ${ticketCount[0].n} tickets\n`);
    const { rows: company } = await pool.query('SELECT id FROM companies ORDER BY id LIMIT 1 OFFSET 4');
    const maxId: number = ticketCount[0].max;
    const ticketIds = Array.from({ length: 2000 }, (_, i) => 1 + ((i * 7_919 * 127) % maxId));
    const rows: Row[] = [];
    const now = () => new Date();

    const measure = async (label: string, db: () => Promise<number[]>, request: (i: number) => { method: string; path: string; body?: string }) => {
      if (!wanted(label)) return;
      rows.push({ label, ...(await db().then((d) => ({ dbMedian: percentile(d, 50), dbP95: percentile(d, 95) }))), paced: await httpRun(THINK_MS, request), saturated: await httpRun(0, request) });
      process.stderr.write(`  ${label} done\n`);
    };
    // One pass over every search first: the figures are of a database that has been read since
    // it started, as a running server's is, not of its first queries after a start.
    for (const s of SEARCHES(ready.agentId, company[0].id)) await timed(0, () => searchTickets(pool, ticketSearchQuerySchema.parse(s.query), now()));
    for (const s of SEARCHES(ready.agentId, company[0].id)) {
      const search = ticketSearchQuerySchema.parse(s.query);
      const qs = new URLSearchParams(s.query).toString();
      await measure(s.label, () => timed(DB_RUNS, () => searchTickets(pool, search, now())), () => ({ method: 'GET', path: `/api/v2/tickets?${qs}` }));
    }
    for (const deep of DEEP_PAGES) {
      const labelOf = (way: string) => `search: ${deep.label}, page ${DEEP_PAGE} by ${way}`;
      if (!wanted(labelOf('offset')) && !wanted(labelOf('keyset'))) continue;
      const byOffset = { ...deep.query, page: String(DEEP_PAGE) };
      const before = await searchTickets(pool, ticketSearchQuerySchema.parse({ ...deep.query, page: String(DEEP_PAGE - 1) }), now());
      const byKeyset = { ...byOffset, after: String(before.rows.at(-1)!.id) };
      // Both ways answer the same page.
      const [a, b] = await Promise.all([byOffset, byKeyset].map((q) => searchTickets(pool, ticketSearchQuerySchema.parse(q), now())));
      if (JSON.stringify(a!.rows.map((r) => r.id)) !== JSON.stringify(b!.rows.map((r) => r.id))) throw new Error(`${deep.label}: page ${DEEP_PAGE} differs by offset and by keyset`);
      for (const [way, query] of [['offset', byOffset], ['keyset', byKeyset]] as const) {
        const search = ticketSearchQuerySchema.parse(query);
        const qs = new URLSearchParams(query).toString();
        await measure(labelOf(way), () => timed(DB_RUNS, () => searchTickets(pool, search, now())), () => ({ method: 'GET', path: `/api/v2/tickets?${qs}` }));
      }
    }
    await measure('ticket view', () => timed(DB_RUNS, (i) => loadView(pool, ticketIds[i % ticketIds.length]!, now())), (i) => ({
      method: 'GET',
      path: `/api/v2/tickets/${ticketIds[i % ticketIds.length]}`,
    }));
    await measure(
      `overdue check (${OVERDUE_LIST_LIMIT} rows)`,
      () => timed(DB_RUNS, () => overdueTicketsJson(pool, ready.agentId)),
      () => ({ method: 'POST', path: '/api/v2/ticket/check/overdue', body: JSON.stringify({ userId: ready.agentId }) }),
    );
    return rows;
  } finally {
    await pool.end();
    child.send({ type: 'stop' });
    await new Promise((r) => child.once('exit', r));
  }

  async function httpRun(think: number, request: (i: number) => { method: string; path: string; body?: string }): Promise<HttpResult> {
    const agents = agentsFor(ready.tokens);
    if (!think && WARMUP > 0) await load(ready.port, ready.tokens, agents, 0, request, WARMUP);
    child.send({ type: 'lag.start' });
    await next('lag.started');
    const dbCpu0 = databaseCpuMs(ready.postmasterPid);
    const result = await load(ready.port, ready.tokens, agents, think, request).finally(() => agents.forEach((a) => a.destroy()));
    const dbCpu = databaseCpuMs(ready.postmasterPid) - dbCpu0;
    child.send({ type: 'lag.stop' });
    const lag = (await next('lag')) as { p99: number; max: number; cpuMs: number };
    return { ...result, lagP99: lag.p99, lagMax: lag.max, httpCpuMs: lag.cpuMs / result.n, dbCpuMs: dbCpu / result.n, loadAvg: load1() };
  }
}

const results: Record<string, Row[]> = {};
for (const b of backends) results[b.name] = await runBackend(b);

const lines: string[] = [];
lines.push(

  `Run ${new Date().toISOString()}: ${CONCURRENCY} concurrent clients for up to ${SECONDS} s or ${REQUESTS} requests per route and load (saturation after ${WARMUP} unmeasured); paced clients think ${THINK_MS} ms (± half) between requests; ${DB_RUNS} timed runs per query in the database.`,
  '',
);
const httpCells = (h: HttpResult) => `${f(h.median)} | ${f(h.p95)} | ${f(h.p99)} | ${h.rps.toFixed(0)} | ${h.n} (${h.errors}) | ${f(h.lagP99)} / ${f(h.lagMax)}`;
for (const [name, rows] of Object.entries(results)) {
  lines.push(`### ${name}`, '');
  lines.push('| measure | DB median ms | DB p95 ms | 50 clients: HTTP median ms | p95 ms | p99 ms | req/s | requests (errors) | event-loop delay p99 / max ms |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) lines.push(`| ${r.label} | ${f(r.dbMedian)} | ${f(r.dbP95)} | ${httpCells(r.paced)} |`);
  lines.push('');
  lines.push('| measure | saturation (50 in flight): HTTP median ms | p95 ms | p99 ms | req/s | requests (errors) | event-loop delay p99 / max ms | CPU ms per request: HTTP process / database | load average |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) lines.push(`| ${r.label} | ${httpCells(r.saturated)} | ${f(r.saturated.httpCpuMs)} / ${Number.isNaN(r.saturated.dbCpuMs) ? 'n/a' : f(r.saturated.dbCpuMs)} | ${r.saturated.loadAvg} |`);
  lines.push('');
}
if (results[EMBEDDED] && results[SERVER]) {
  lines.push('### Ratio separate server / embedded server (medians; below 1 means the separate server is faster)', '');
  lines.push('| measure | DB | HTTP, 50 clients | HTTP, saturation |', '|---|---|---|---|');
  results[EMBEDDED].forEach((p, i) => {
    const q = results[SERVER]![i]!;
    lines.push(`| ${p.label} | ${(q.dbMedian / p.dbMedian).toFixed(2)} | ${(q.paced.median / p.paced.median).toFixed(2)} | ${(q.saturated.median / p.saturated.median).toFixed(2)} |`);
  });
  lines.push('');
}
const report = lines.join('\n');
process.stdout.write(`${report}\n`);
writeFileSync(join(ROOT, 'docs/bench/tickets-latest.md'), `${report}\n`);
