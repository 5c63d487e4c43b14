/**
 * Reports benchmark: `npm run bench:reports`.
 *
 * On a database filled by `npm run seed:large` (1,000,000 tickets), runs every ticket and
 * service-level report through the report runner the route uses (`runReport`: its own connection,
 * read-only transaction, statement timeout, row cap) BENCH_RUNS times after two warm-ups, with the
 * default parameters and with a filter, and reports the median and p95; then streams the CSV of all
 * tickets (`reportCsv`, the ticket list over every year) into a counting sink, recording its time,
 * rows, bytes and the process's peak RSS (sampled every 20 ms).
 * With BENCH_LOAD=20, each report is then measured under contention: BENCH_LOAD requests of it at
 * once (as many people opening it together, through the server's pool of connections), for
 * BENCH_LOAD_ROUNDS rounds, each request timed from its start (waiting for a connection included).
 * Runs on the embedded PostgreSQL server in BENCH_DATA_DIR and/or the PostgreSQL at BENCH_DATABASE_URL;
 * prints a Markdown report and writes it to docs/bench/reports-latest.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { reportParamsSchema } from '@contracts/reports';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/platform/db/database';
import { reports } from '@server/features/reports';
import { reportCsv, runReport, RunningReports } from '@server/features/reports/runner';
import { databaseCpuMs } from './process-cpu';

/** The reports this benchmark measures are the reports feature's own (tickets, service levels). */
const CATALOG = reports.reports ?? [];
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
/** BENCH_REPORTS=id,id re-measures only those reports (and skips the CSV): a query change checked alone. */
const ONLY = process.env.BENCH_REPORTS ? new Set(process.env.BENCH_REPORTS.split(',').map((s) => s.trim())) : null;
/** The zone of the "this year in a zone" variant: the per-zone bucketing checked against the UTC one (ADR 0095). */
const ZONE = 'America/New_York';
/**
 * BENCH_WRITES=n measures what the reports' indexes and triggers cost a ticket write: n ticket
 * inserts, then a status change, a reassignment and a closing of each, in a transaction rolled back
 * (the data is left as it was), with every index and trigger and then without those named by
 * BENCH_WRITES_WITHOUT (comma-separated index names, and trigger names prefixed with "trigger:",
 * dropped inside the same kind of rolled-back transaction), twice each, alternately.
 */
const WRITES = Number(process.env.BENCH_WRITES ?? 0);
const WRITES_WITHOUT = (process.env.BENCH_WRITES_WITHOUT ?? 'tickets_status_created_counts_idx').split(',').map((s) => s.trim());
const dropStatement = (name: string) => (name.startsWith('trigger:') ? `DROP TRIGGER ${name.slice('trigger:'.length)} ON tickets` : `DROP INDEX ${name}`);
/** Concurrent requests of the contention table (0: no contention table). */
const LOAD = Number(process.env.BENCH_LOAD ?? 0);
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

const backends: { name: string; env: Record<string, string> }[] = [];
if (process.env.BENCH_DATA_DIR) backends.push({ name: 'Embedded PostgreSQL 18 server', env: { DATA_DIR: process.env.BENCH_DATA_DIR } });
if (process.env.BENCH_DATABASE_URL) backends.push({ name: 'PostgreSQL server at BENCH_DATABASE_URL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATA_DIR: `${os.tmpdir()}/cc-bench-reports` } });
if (!backends.length) {
  process.stderr.write('Set BENCH_DATA_DIR (a DATA_DIR seeded by npm run seed:large) and/or BENCH_DATABASE_URL\n');
  process.exit(2);
}

/** CPU time (ms) of this process so far: the report runner's side (rows mapped, chart and drill keys built). */
const nodeCpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const TICKET_GROUPS = new Set(['Tickets', 'Service levels']);
/** The benchmark reads as an admin: every report, every row. */
const VIEWER = { userId: 0, role: 'admin', people: null } as const;

const out: string[] = [];
const say = (line = '') => {
  out.push(line);
  process.stdout.write(`${line}\n`);
};

say('# Reports benchmark (latest run)');
say();
say(`${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'} · ${mb(os.totalmem())} MB RAM · Node ${process.version} · ${RUNS} runs per report after 2 warm-ups`);

for (const backend of backends) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...backend.env });
  const database = await openDatabase(config);
  const pool = database.pool;
  const running = new RunningReports(pool);
  const postmaster = database.embedded ? Number(readFileSync(join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) : null;
  const { server_version: version } = (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!;
  const { n } = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets')).rows[0]!;
  const { company } = (await pool.query<{ company: number }>('SELECT company_id AS company FROM tickets WHERE company_id IS NOT NULL LIMIT 1')).rows[0]!;
  say();
  say(`## ${backend.name} (PostgreSQL ${version}, ${n.toLocaleString('en-US')} tickets)`);
  say();
  const measured: { def: (typeof CATALOG)[number]; label: string; params: ReturnType<typeof reportParamsSchema.parse> }[] = [];
  say('| report | parameters | rows | median ms | p95 ms | ≤ 1 s | load average |');
  say('|---|---|---:|---:|---:|---|---:|');
  for (const def of CATALOG.filter((d) => TICKET_GROUPS.has(d.meta.group) && (!ONLY || ONLY.has(d.meta.id)))) {
    const variants: { label: string; query: Record<string, string> }[] = [{ label: 'defaults', query: {} }];
    if (def.meta.params.includes('company')) variants.push({ label: 'one company', query: { company: String(company) } });
    if (def.meta.params.includes('period')) {
      variants.push({ label: 'this year', query: { period: 'this-year' } });
      variants.push({ label: `this year, ${ZONE}`, query: { period: 'this-year', tz: ZONE } });
    }
    if (def.meta.params.includes('granularity')) variants.push({ label: `this year per day, ${ZONE}`, query: { period: 'this-year', granularity: 'day', tz: ZONE } });
    for (const v of variants) {
      const params = reportParamsSchema.parse(v.query);
      const times: number[] = [];
      let rows = 0;
      let failure = '';
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        try {
          const r = await runReport(pool, running, def, params, { viewer: VIEWER });
          rows = r.rows.length;
        } catch (e) {
          failure = e instanceof Error ? e.message : String(e);
          break;
        }
        if (i >= 2) times.push(performance.now() - started);
      }
      if (failure) say(`| ${def.meta.id} | ${v.label} | — | — | — | no: ${failure} | ${loadAverage()} |`);
      else say(`| ${def.meta.id} | ${v.label} | ${rows} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${percentile(times, 95) <= 1000 ? 'yes' : '**no**'} | ${loadAverage()} |`);
      measured.push({ def, label: v.label, params });
    }
  }

  if (LOAD > 0) {
    // Contention: LOAD requests of one report at once, through the pool the server uses.
    say();
    say(`Under contention: ${LOAD} requests of the same report at once, ${LOAD_ROUNDS} rounds (${LOAD * LOAD_ROUNDS} requests), pool of ${config.db.poolSize} connections; each timed from its start.`);
    say();
    say(`| report | parameters | median ms | p95 ms | max ms | p95 ≤ 1 s | CPU ms per request: Node / database | load average |`);
    say('|---|---|---:|---:|---:|---|---:|---:|');
    for (const m of measured) {
      const times: number[] = [];
      let failure = '';
      const node0 = nodeCpuMs();
      const db0 = databaseCpuMs(postmaster);
      for (let round = 0; round < LOAD_ROUNDS && !failure; round++) {
        await Promise.all(
          Array.from({ length: LOAD }, async (_, i) => {
            const started = performance.now();
            try {
              await runReport(pool, running, m.def, m.params, { viewer: { ...VIEWER, userId: i + 1 } });
              times.push(performance.now() - started);
            } catch (e) {
              failure = e instanceof Error ? e.message : String(e);
            }
          }),
        );
      }
      const requests = Math.max(1, times.length);
      const cpu = `${f((nodeCpuMs() - node0) / requests)} / ${postmaster ? f((databaseCpuMs(postmaster) - db0) / requests) : 'n/a'}`;
      if (failure) say(`| ${m.def.meta.id} | ${m.label} | — | — | — | no: ${failure} | — | ${loadAverage()} |`);
      else say(`| ${m.def.meta.id} | ${m.label} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(Math.max(...times))} | ${percentile(times, 95) <= 1000 ? 'yes' : '**no**'} | ${cpu} | ${loadAverage()} |`);
    }
  }

  if (WRITES > 0) {
    say();
    say(`Ticket writes: ${WRITES} inserts, then a status change, a reassignment and a closing of each, in one transaction rolled back; ms per write (CPU ms of the database per write).`);
    say();
    say('| indexes | insert ms | status change ms | reassignment ms | closing ms | database CPU ms per write | load average |');
    say('|---|---:|---:|---:|---:|---:|---:|');
    const { rows: staff } = await pool.query<{ id: number }>('SELECT id FROM staff_users ORDER BY id LIMIT 2');
    for (const without of [false, true, false, true]) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        if (without) for (const name of WRITES_WITHOUT) await client.query(dropStatement(name));
        const db0 = databaseCpuMs(postmaster);
        const step = async (text: string, values: (i: number, id: number) => unknown[], ids: number[]) => {
          const started = performance.now();
          const out: number[] = [];
          for (let i = 0; i < WRITES; i++) {
            const { rows } = await client.query<{ id: number }>(text, values(i, ids[i] ?? 0));
            out.push(rows[0]?.id ?? 0);
          }
          return { ms: (performance.now() - started) / WRITES, ids: out };
        };
        const inserted = await step(
          `INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, created_at, updated_at)
           VALUES ('Write cost ' || $1, 'Measured', 'A', 'M', $2, 'Support', $3, now(), now()) RETURNING id`,
          (i) => [i, company, staff[0]!.id],
          [],
        );
        const status = await step(`UPDATE tickets SET status = 'WOP' WHERE id = $1 RETURNING id`, (_i, id) => [id], inserted.ids);
        const reassigned = await step(`UPDATE tickets SET assignee_id = $2 WHERE id = $1 RETURNING id`, (_i, id) => [id, staff[1]?.id ?? staff[0]!.id], inserted.ids);
        const closed = await step(`UPDATE tickets SET status = 'C', closed_at = now() WHERE id = $1 RETURNING id`, (_i, id) => [id], inserted.ids);
        const cpu = (databaseCpuMs(postmaster) - db0) / (WRITES * 4);
        say(`| ${without ? `without ${WRITES_WITHOUT.join(', ')}` : 'all (as migrated)'} | ${f(inserted.ms)} | ${f(status.ms)} | ${f(reassigned.ms)} | ${f(closed.ms)} | ${Number.isNaN(cpu) ? 'n/a' : f(cpu)} | ${loadAverage()} |`);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
  }

  if (ONLY) {
    await database.close();
    continue;
  }
  // The CSV of every ticket: streamed from a cursor, memory sampled.
  const list = CATALOG.find((d) => d.meta.id === 'ticket-list')!;
  const params = reportParamsSchema.parse({ period: 'custom', from: '2000-01-01', to: new Date().toISOString().slice(0, 10), status: 'any' });
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  await pipeline(
    await reportCsv(pool, list, params, { viewer: VIEWER }),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        for (const c of chunk) if (c === 10) lines++;
        done();
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  say();
  say(`CSV of all tickets: ${(lines - 1).toLocaleString('en-US')} rows, ${mb(bytes)} MB in ${seconds.toFixed(1)} s (${Math.round((lines - 1) / seconds).toLocaleString('en-US')} rows/s); RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB).`);
  await database.close();
}

if (!ONLY) writeFileSync(`${ROOT}docs/bench/reports-latest.md`, `${out.join('\n')}\n`);
