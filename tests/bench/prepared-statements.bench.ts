/**
 * The fixed statements of the ticket routes, named (prepared once a connection) against unnamed
 * (parsed and planned on every use), on one connection to the embedded server of a
 * `npm run seed:large` database (docs/adr/0263):
 *   BENCH_DATA_DIR=/tmp/cc-large BENCH_RUNS=400 BENCH_ROUNDS=3 node --import tsx tests/bench/prepared-statements.bench.ts
 * Each round runs every statement BENCH_RUNS times unnamed, then named, through the functions the
 * routes call, and reports the CPU time a use costs in that connection's backend (/proc) and in
 * this process (process.cpuUsage): figures that the machine's load moves far less than the wall clock.
 */
import { readFileSync } from 'node:fs';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/platform/db/database';
import { authenticate, createSession } from '@server/platform/auth/sessions';
import { overdueTicketsJson } from '@server/features/overdue/overdue.repo';
import { loadView } from '@server/features/tickets/tickets.repo';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
if (!process.env.BENCH_DATA_DIR) {
  process.stderr.write('Set BENCH_DATA_DIR (a DATA_DIR seeded by npm run seed:large)\n');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'silent' });
const database = await openDatabase(config);
const pool = database.pool;
const agentId = (await pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id as number;
const maxId = (await pool.query(`SELECT max(id)::int AS n FROM tickets`)).rows[0].n as number;
const token = await createSession(pool, config, { audience: 'staff', userId: agentId });
const client = await pool.connect();
const backendPid = (await client.query(`SELECT pg_backend_pid() AS pid`)).rows[0].pid as number;

/** The same connection with every statement sent unnamed, as before they were named. */
const unnamed = {
  query: (q: string | QueryConfig, values?: unknown[]) => (typeof q === 'string' ? client.query(q, values) : client.query(q.text, q.values)),
} as unknown as PoolClient;

const backendCpuMs = () => {
  const fields = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const nodeCpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

const STATEMENTS: { label: string; run: (db: PoolClient, i: number) => Promise<unknown> }[] = [
  { label: 'session check (staff)', run: (db) => authenticate(db as unknown as Pool, config, token, 'staff') },
  { label: 'overdue check (500 rows)', run: (db) => overdueTicketsJson(db, agentId) },
  { label: 'ticket view (all its statements)', run: (db, i) => loadView(db, 1 + ((i * 7_919 * 127) % maxId), new Date()) },
];

const results = new Map<string, { unnamed: number[][]; named: number[][] }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const s of STATEMENTS) {
    const r = results.get(s.label) ?? { unnamed: [], named: [] };
    results.set(s.label, r);
    for (const [way, db] of [['unnamed', unnamed], ['named', client]] as const) {
      for (let i = 0; i < 5; i++) await s.run(db, i);
      const b0 = backendCpuMs();
      const n0 = nodeCpuMs();
      const t0 = performance.now();
      for (let i = 0; i < RUNS; i++) await s.run(db, i);
      r[way].push([(backendCpuMs() - b0) / RUNS, (nodeCpuMs() - n0) / RUNS, (performance.now() - t0) / RUNS]);
    }
  }
}
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const f = (v: number) => v.toFixed(3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
process.stdout.write(`${ROUNDS} rounds of ${RUNS} uses each way, one connection; load average at the end ${load}\n\n`);
process.stdout.write('| statement | backend CPU ms a use: unnamed → named | this process CPU ms | wall ms |\n|---|---|---|---|\n');
for (const [label, r] of results) {
  const col = (k: number) => `${f(median(r.unnamed.map((x) => x[k]!)))} → ${f(median(r.named.map((x) => x[k]!)))}`;
  process.stdout.write(`| ${label} | ${col(0)} | ${col(1)} | ${col(2)} |\n`);
}
client.release();
await database.close();
