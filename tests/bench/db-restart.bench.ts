/**
 * PostgreSQL restarted under load: `node --import tsx tests/bench/db-restart.bench.ts`.
 *
 * The app (`server/server.ts`, as `npm start` runs it) on Debian's PostgreSQL 15 from
 * scripts/test-postgres.sh takes 50 clients in a loop (half write a sales activity, half read a
 * ticket) while the database is restarted with `pg_ctl restart -m fast`. Counts every answer by
 * status (a 500 is a failure, a 503 must carry Retry-After), measures how long after the database
 * is back the first write succeeds, and compares the writes answered 2xx with the rows stored.
 * Writes the "restart" section of docs/bench/faults.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '@tests/support/server-process';
import { machine, request, signIn, sleep, startPostgres, stopServer, tally, writeSection, type Answer } from './faults-support';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/** Load before the restart and after the database is back. */
const BEFORE_MS = Number(process.env.BENCH_BEFORE_MS ?? 5_000);
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 8_000);
const TAG = `Restart bench ${process.pid}`;

type Sent = Answer & { kind: 'write' | 'read'; mark?: string; sentAt: number };

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'cc-faults-restart-'));
  const postgres = startPostgres(join(tmpdir(), `pg-faults-restart-${process.pid}`));
  const server = await startServer({ DATA_DIR: join(root, 'data'), DATABASE_URL: postgres.url, SEED_DEMO: 'true' }, 180_000);
  const sent: Sent[] = [];
  try {
    const token = await signIn(server);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    let running = true;
    let n = 0;
    const worker = async (w: number) => {
      while (running) {
        const sentAt = Date.now();
        if (w % 2 === 0) {
          const mark = `${TAG} ${n++}`;
          const body = JSON.stringify({ kind: 'call', companyId: 1, occurredOn: '2026-01-05', notes: mark });
          sent.push({ ...(await request(`${server.url}/api/v2/sales/activities`, { method: 'POST', headers, body })), kind: 'write', mark, sentAt });
        } else {
          sent.push({ ...(await request(`${server.url}/api/v2/tickets/1`, { headers })), kind: 'read', sentAt });
        }
        const last = sent.at(-1)!;
        // A client told to come back later pauses instead of spinning on the outage.
        if (last.status !== 200 && last.status !== 201) await sleep(100);
      }
    };
    const workers = Array.from({ length: CLIENTS }, (_, w) => worker(w));
    await sleep(BEFORE_MS);
    const restartAt = Date.now();
    await postgres.restart();
    const backAt = Date.now();
    await sleep(AFTER_MS);
    running = false;
    await Promise.all(workers);

    const writes = sent.filter((s) => s.kind === 'write');
    const acknowledged = writes.filter((s) => s.status === 200 || s.status === 201).map((s) => s.mark!);
    const firstWriteAfter = writes.filter((s) => s.sentAt >= backAt && (s.status === 200 || s.status === 201)).sort((a, b) => a.at - b.at)[0];
    const check = new pg.Client({ connectionString: postgres.url });
    await check.connect();
    const { rows } = await check.query<{ notes: string }>(`SELECT notes FROM sales_activities WHERE notes LIKE $1`, [`${TAG} %`]);
    await check.end();
    const stored = new Set(rows.map((r) => r.notes));
    const lost = acknowledged.filter((m) => !stored.has(m));
    const counts = tally(sent);
    const during = sent.filter((s) => s.at >= restartAt && s.sentAt <= backAt + 5_000);
    const fiveHundreds = sent.filter((s) => s.status === 500).length;
    const noRetryAfter = sent.filter((s) => s.status === 503 && !s.retryAfter).length;
    const result = [
      `## PostgreSQL restarted under ${CLIENTS} clients`,
      '',
      'Command: `node --import tsx tests/bench/db-restart.bench.ts` (Debian PostgreSQL 15 from scripts/test-postgres.sh, `pg_ctl restart -m fast -w` after ' +
        `${BEFORE_MS / 1000} s of load, ${AFTER_MS / 1000} s more load after it returns). Half of the clients write a sales activity, half read a ticket; a client pauses 100 ms after an answer that is not 2xx.`,
      '',
      `Run ${new Date().toISOString()}: ${machine()}.`,
      '',
      '| Figure | Value |',
      '| --- | --- |',
      `| Requests answered | ${sent.length} |`,
      `| By status | ${Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', ')} |`,
      `| Answered while the database was restarting (and 5 s after) | ${during.length}: ${Object.entries(tally(during)).map(([k, v]) => `${k}: ${v}`).join(', ')} |`,
      `| 500 answers | ${fiveHundreds} |`,
      `| 503 answers without Retry-After | ${noRetryAfter} |`,
      `| pg_ctl restart took | ${backAt - restartAt} ms |`,
      `| First write answered 2xx after the database was back | ${firstWriteAfter ? `${firstWriteAfter.at - backAt} ms` : 'none'} |`,
      `| Writes acknowledged (2xx) / rows stored with their mark / acknowledged but missing | ${acknowledged.length} / ${stored.size} / ${lost.length} |`,
    ].join('\n');
    process.stdout.write(`${result}\n`);
    writeSection('restart', result);
    if (fiveHundreds || noRetryAfter || lost.length || !firstWriteAfter || firstWriteAfter.at - backAt > 5_000) process.exitCode = 1;
  } finally {
    await stopServer(server);
    postgres.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
