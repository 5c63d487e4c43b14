/**
 * A soak of mixed traffic: `SOAK_MINUTES=30 node --import tsx tests/bench/soak.bench.ts` (30 minutes
 * when SOAK_MINUTES is not set).
 *
 * The app (`server/server.ts`, as `npm start` runs it) on Debian's PostgreSQL 15 from
 * scripts/test-postgres.sh with the demo data takes, for the whole run: staff reading tickets and
 * the Support queue's list, staff raising tickets and adding notes, a client reading its company's tickets
 * and replying, and one Support board stream open (each write lands on it). Jobs run all along (the
 * mail the notes and replies queue, the schedules). Every SAMPLE_MS it samples the server's
 * resident memory (/proc), its heap, its database pool connections in use, its event-loop delay
 * (p99 since the last sample) and open event streams (all from /metrics). Prints the table and
 * writes the "soak" section of docs/bench/faults.md, with a first-third against last-third summary:
 * memory, connections and delay should be flat; docs/bench/soak.svg plots them over time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { startServer } from '@tests/support/server-process';
import { machine, request, signIn, sleep, startPostgres, stopServer, tally, writeSection, type Answer } from './faults-support';
import { SOAK_PLOT, SOAK_PLOT_LINK, soakSvg } from './soak-plot';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 10_000);
/** Pause of each traffic loop between two requests (ms): a team's steady use, not a stress test. */
const STAFF_READERS = 4;
const READ_PAUSE_MS = 100;
const WRITE_PAUSE_MS = 1_000;
const CLIENT_PAUSE_MS = 500;
const METRICS_TOKEN = 'soak-bench-metrics-token-0123456789';

type Sample = { at: number; rssMb: number; heapMb: number; poolInUse: number; poolWaiting: number; loopP99Ms: number; streams: number; answered: number };

const metric = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line ? Number(line.split(' ')[1]) : NaN;
};
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

async function main() {
  const root = mkdtempSync(join(tmpdir(), 'cc-soak-'));
  const postgres = startPostgres(join(tmpdir(), `pg-soak-${process.pid}`));
  const server = await startServer({ DATA_DIR: join(root, 'data'), DATABASE_URL: postgres.url, SEED_DEMO: 'true', METRICS_TOKEN }, 180_000);
  const db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  const answers: (Answer & { kind: string })[] = [];
  const samples: Sample[] = [];
  let streamFrames = 0;
  let streamRes: IncomingMessage | undefined;
  try {
    const staffToken = await signIn(server);
    const staff = { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' };
    const clientLogin = await fetch(`${server.url}/api/v2/client/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@acme.demo.test', password: DEMO_PASSWORD }),
    });
    if (!clientLogin.ok) throw new Error(`client sign-in failed: ${clientLogin.status} ${await clientLogin.text()}`);
    const client = { authorization: `Bearer ${((await clientLogin.json()) as { token: string }).token}`, 'content-type': 'application/json' };
    const acme = (await db.query<{ id: number }>(`SELECT company_id AS id FROM client_users WHERE email = 'client@acme.demo.test'`)).rows[0]!.id;
    const clientTickets = (await db.query<{ id: number }>('SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 20', [acme])).rows.map((r) => r.id);
    const staffTickets = (await db.query<{ id: number }>('SELECT id FROM tickets ORDER BY id LIMIT 200')).rows.map((r) => r.id);
    const startedAt = new Date();

    // The board stream, open for the whole run.
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/live/boards/support/stream`, { headers: { accept: 'text/event-stream', authorization: staff.authorization }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        streamRes = res;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (streamFrames += chunk.split('\nevent: ').length - 1));
        resolve();
      });
      req.on('error', reject);
      req.end();
    });

    const endAt = Date.now() + MINUTES * 60_000;
    const running = () => Date.now() < endAt;
    const note = (kind: string, a: Answer) => void answers.push({ ...a, kind });
    let n = 0;
    const loops = [
      ...Array.from({ length: STAFF_READERS }, (_, r) => async () => {
        while (running()) {
          const id = staffTickets[(n++ + r) % staffTickets.length]!;
          note('staff read', await request(n % 4 ? `${server.url}/api/v2/tickets/${id}` : `${server.url}/api/v2/tickets?queue=Support`, { headers: staff }));
          await sleep(READ_PAUSE_MS);
        }
      }),
      async () => {
        for (let i = 0; running(); i++) {
          if (i % 3 === 0) {
            const body = JSON.stringify({ title: `Soak ticket ${i}`, description: 'Raised by the soak run', company_id: acme, severity: i % 2 ? 'M' : 'C', queue: 'Support' });
            note('staff write', await request(`${server.url}/api/v2/tickets`, { method: 'POST', headers: staff, body }));
          } else {
            const id = clientTickets[i % clientTickets.length]!;
            note('staff write', await request(`${server.url}/api/v2/tickets/${id}/notes`, { method: 'POST', headers: staff, body: JSON.stringify({ body: `Soak note ${i}`, internal: i % 2 === 0 }) }));
          }
          await sleep(WRITE_PAUSE_MS);
        }
      },
      async () => {
        for (let i = 0; running(); i++) {
          const id = clientTickets[i % clientTickets.length]!;
          if (i % 5 === 4) note('client write', await request(`${server.url}/api/v2/client/tickets/${id}/replies`, { method: 'POST', headers: client, body: JSON.stringify({ body: `Soak reply ${i}` }) }));
          else note('client read', await request(i % 2 ? `${server.url}/api/v2/client/tickets/${id}` : `${server.url}/api/v2/client/tickets`, { headers: client }));
          await sleep(CLIENT_PAUSE_MS);
        }
      },
    ];
    const sampler = async () => {
      const began = Date.now();
      while (running()) {
        const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        samples.push({
          at: Math.round((Date.now() - began) / 1000),
          rssMb: rssMb(server.pid),
          heapMb: metric(text, 'nodejs_heap_size_used_bytes') / 1_048_576,
          poolInUse: metric(text, 'db_pool_connections', '{state="in_use"}'),
          poolWaiting: metric(text, 'db_pool_connections', '{state="waiting"}'),
          loopP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
          streams: metric(text, 'sse_connections'),
          answered: answers.length,
        });
        const s = samples.at(-1)!;
        process.stdout.write(`${s.at}s rss ${s.rssMb.toFixed(1)} MB heap ${s.heapMb.toFixed(1)} MB pool ${s.poolInUse}/${s.poolWaiting} loop p99 ${s.loopP99Ms.toFixed(1)} ms streams ${s.streams} answered ${s.answered}\n`);
        await sleep(SAMPLE_MS);
      }
    };
    await Promise.all([...loops.map((l) => l()), sampler()]);
    const jobs = (
      await db.query<{ created: number; completed: number; failed: number }>(
        `SELECT count(*)::int AS created, count(*) FILTER (WHERE state = 'completed')::int AS completed, count(*) FILTER (WHERE state = 'failed')::int AS failed FROM pgboss.job WHERE created_on >= $1`,
        [startedAt],
      )
    ).rows[0]!;

    const third = Math.max(1, Math.floor(samples.length / 3));
    const first = samples.slice(0, third);
    const last = samples.slice(-third);
    const summary = (label: string, pick: (s: Sample) => number, unit: string, digits = 1) =>
      `| ${label} | ${avg(first.map(pick)).toFixed(digits)} ${unit} | ${avg(last.map(pick)).toFixed(digits)} ${unit} | ${Math.max(...samples.map(pick)).toFixed(digits)} ${unit} |`;
    const byKind = [...new Set(answers.map((a) => a.kind))].map((k) => `${k}: ${Object.entries(tally(answers.filter((a) => a.kind === k))).map(([s, c]) => `${s} ${c}`).join(', ')}`);
    const failed = answers.filter((a) => typeof a.status !== 'number' || a.status >= 500).length;
    const result = [
      '## Soak: mixed traffic',
      '',
      `Command: \`SOAK_MINUTES=${MINUTES} node --import tsx tests/bench/soak.bench.ts\` (default 30 minutes; this run: **${MINUTES} minutes**). Debian PostgreSQL 15 from scripts/test-postgres.sh, the demo data; ${STAFF_READERS} staff readers (a ticket or the Support queue's list, ${READ_PAUSE_MS} ms apart), one staff writer (a ticket or a note every ${WRITE_PAUSE_MS / 1000} s), one client (its tickets, a reply every fifth request, ${CLIENT_PAUSE_MS} ms apart), one Support board stream open throughout. Sampled every ${SAMPLE_MS / 1000} s from /proc and /metrics.`,
      '',
      `Run ${new Date().toISOString()}: ${machine()}.`,
      '',
      `Answers: ${answers.length} (${byKind.join('; ')}); 5xx or no answer: ${failed}. Board frames received: ${streamFrames}. Jobs queued during the run: ${jobs.created} (completed ${jobs.completed}, failed ${jobs.failed}).`,
      '',
      '| Figure | First third (mean) | Last third (mean) | Highest |',
      '| --- | --- | --- | --- |',
      summary('Resident memory', (s) => s.rssMb, 'MB'),
      summary('Heap used', (s) => s.heapMb, 'MB'),
      summary('Pool connections in use', (s) => s.poolInUse, ''),
      summary('Requests waiting for a connection', (s) => s.poolWaiting, ''),
      summary('Event-loop delay p99', (s) => s.loopP99Ms, 'ms'),
      summary('Open event streams', (s) => s.streams, '', 0),
      '',
      SOAK_PLOT_LINK,
      '',
      '<details><summary>Every sample</summary>',
      '',
      '| s | RSS MB | heap MB | pool in use | waiting | loop p99 ms | streams | answers so far |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...samples.map((s) => `| ${s.at} | ${s.rssMb.toFixed(1)} | ${s.heapMb.toFixed(1)} | ${s.poolInUse} | ${s.poolWaiting} | ${s.loopP99Ms.toFixed(1)} | ${s.streams} | ${s.answered} |`),
      '',
      '</details>',
    ].join('\n');
    process.stdout.write(`${result}\n`);
    writeSection('soak', result);
    writeFileSync(SOAK_PLOT, soakSvg(samples));
    if (failed) process.exitCode = 1;
  } finally {
    streamRes?.destroy();
    await db.end();
    await stopServer(server);
    postgres.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
