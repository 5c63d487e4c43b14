/**
 * The live boards' snapshots at scale: `BENCH_DATA_DIR=<a copy of a DATA_DIR seeded by npm run seed:large>
 * node --import tsx tests/bench/live-snapshots.bench.ts` (or BENCH_DATABASE_URL).
 *
 * Opens the database as the server does (migrations run: use a copy), then computes each of the
 * five boards BENCH_SNAPSHOT_RUNS times (20) one after the other with the server's own function
 * (`computeBoard`), and counts the queries one snapshot sends. Prints a Markdown table (p50, p95,
 * max, queries); the hub computes a board at most once per coalescing window whoever watches it,
 * so the figure is the cost of one burst. QUALITY.md's bar: ≤ 300 ms p95 on the million-ticket database.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LIVE_BOARDS } from '@contracts/live-displays';
import { loadConfig } from '@server/config';
import { computeBoard } from '@server/features/live-displays';
import { openDatabase } from '@server/platform/db/database';

const RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 20);
if (!process.env.BENCH_DATA_DIR && !process.env.BENCH_DATABASE_URL) {
  process.stderr.write('Set BENCH_DATA_DIR (a copy of a DATA_DIR seeded by npm run seed:large) or BENCH_DATABASE_URL\n');
  process.exit(2);
}
function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATA_DIR: process.env.BENCH_DATA_DIR! }),
});
const database = await openDatabase(config);
try {
  const pool = database.pool;
  const loadBefore = load();
  const tickets = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets')).rows[0]!.n;
  let queries = 0;
  // The pool itself (queries still run side by side), with each query counted.
  const counted = Object.create(pool, {
    query: { value: (...args: unknown[]) => ((queries += 1), (pool.query as (...a: unknown[]) => unknown)(...args)) },
  }) as typeof pool;
  const rows: string[] = [];
  for (const board of LIVE_BOARDS) {
    const times: number[] = [];
    let perSnapshot = 0;
    for (let i = 0; i < RUNS; i++) {
      queries = 0;
      const t0 = performance.now();
      await computeBoard(counted, board, new Date());
      times.push(performance.now() - t0);
      perSnapshot = queries;
    }
    rows.push(`| ${board} | ${pct(times, 50).toFixed(1)} ms | ${pct(times, 95).toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${perSnapshot} |`);
  }
  process.stdout.write(
    `${tickets.toLocaleString('en-US')} tickets, ${RUNS} computations per board, ${cpus().length} cores, load average ${loadBefore} at the start, ${load()} at the end.\n\n` +
      `| board | p50 | p95 | max | queries per snapshot |\n|---|---|---|---|---|\n${rows.join('\n')}\n`,
  );
} finally {
  await database.close();
}
