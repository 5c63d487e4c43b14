/**
 * Search-everything benchmark: `npm run bench:search`.
 *
 * On a database filled by `npm run seed:large` (1,000,000 tickets) in BENCH_DATA_DIR (the embedded
 * server) or at BENCH_DATABASE_URL, measures GET /api/v2/search as a staff user, through the whole
 * app in this process (routing, session check, validation, the queries, serialisation), for typed
 * queries of each kind: a ticket number, a rare word, a common word (1 ticket in 8), two common
 * words that seldom meet, a company, a contact, an accented spelling, and a short prefix.
 * Each query runs BENCH_RUNS times (30) one after the other, then BENCH_CONCURRENCY (10) at once;
 * the whole run stops after BENCH_SECONDS (120). Prints a Markdown report and writes it to
 * docs/bench/search-latest.md. QUALITY.md's bar: ≤ 100 ms on the million-ticket database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { createSession } from '@server/platform/auth/sessions';
import { openDatabase } from '@server/platform/db/database';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
if (!process.env.BENCH_DATA_DIR && !process.env.BENCH_DATABASE_URL) {
  process.stderr.write('Set BENCH_DATA_DIR (a DATA_DIR seeded by npm run seed:large) or BENCH_DATABASE_URL\n');
  process.exit(2);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const f = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : { DATA_DIR: process.env.BENCH_DATA_DIR! }),
});
const database = await openDatabase(config);
const ctx = createContext(config, database, { jobs: { workers: false } });
const app = await buildApp(ctx, { logger: false, serveStatic: false });
await app.ready();
try {
  const pool = database.pool;
  const { rows: counts } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets');
  const agent = (await pool.query<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0]!.id;
  const token = await createSession(pool, config, { audience: 'staff', userId: agent }, new Date());
  const company = (await pool.query<{ name: string }>('SELECT name FROM companies ORDER BY id LIMIT 1')).rows[0]!.name;
  const contact = (await pool.query<{ name: string }>('SELECT name FROM contacts ORDER BY id LIMIT 1')).rows[0]!.name;
  const maxId = (await pool.query<{ id: number }>('SELECT max(id)::int AS id FROM tickets')).rows[0]!.id;
  const QUERIES: { label: string; q: string }[] = [
    { label: 'a ticket number', q: `#${Math.floor(maxId / 2)}` },
    { label: 'a rare word', q: String(Math.floor(maxId / 3)) },
    { label: 'a common word (1 ticket in 8)', q: 'printer' },
    { label: 'two common words that seldom meet', q: 'printer firewall' },
    { label: 'a company name', q: company.split(' ')[0]! },
    { label: 'a contact name', q: contact.split(' ')[0]! },
    { label: 'accents and capitals', q: 'MÉTER' },
    { label: 'two letters', q: 'ac' },
  ];
  const ask = async (q: string) => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/v2/search?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
    return { ms, hits: (res.json() as { groups: { hits: unknown[] }[] }).groups.reduce((n, g) => n + g.hits.length, 0) };
  };
  const deadline = Date.now() + SECONDS * 1000;
  const lines: string[] = [];
  for (const { label, q } of QUERIES) {
    if (Date.now() > deadline) break;
    await ask(q); // warm
    const one: number[] = [];
    let hits = 0;
    for (let i = 0; i < RUNS && Date.now() < deadline; i++) {
      const r = await ask(q);
      one.push(r.ms);
      hits = r.hits;
    }
    const many: number[] = [];
    for (let i = 0; i < Math.max(1, Math.floor(RUNS / CONCURRENCY)) && Date.now() < deadline; i++) {
      many.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, () => ask(q)))).map((r) => r.ms));
    }
    lines.push(`| ${label} | \`${q}\` | ${hits} | ${f(percentile(one, 50))} | ${f(percentile(one, 95))} | ${f(percentile(many, 50))} | ${f(percentile(many, 95))} |`);
    process.stdout.write(`${lines.at(-1)}\n`);
  }
  const backend = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server at BENCH_DATABASE_URL' : 'Embedded PostgreSQL server';
  const report = [
    '# Search everything (latest run)',
    '',
    `Measured by \`npm run bench:search\` (tests/bench/search.bench.ts) on ${new Date().toISOString().slice(0, 10)}: ${backend}, ${counts[0]!.n.toLocaleString('en')} tickets.`,
    `GET /api/v2/search as a staff user, through the whole app in one process; ${RUNS} runs one after the other, then ${CONCURRENCY} at once. Milliseconds.`,
    '',
    '| query | q | hits | median | p95 | median, 10 at once | p95, 10 at once |',
    '|---|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
  mkdirSync('docs/bench', { recursive: true });
  writeFileSync('docs/bench/search-latest.md', report);
  process.stdout.write(`\n${report}`);
} finally {
  await app.close();
  await ctx.jobs.stop().catch(() => undefined);
  await ctx.render.close().catch(() => undefined);
  await database.close();
}
