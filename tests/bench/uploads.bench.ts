/**
 * Memory stays flat on a large upload (docs/adr/0116): a 10 MB file is sent to a note as
 * multipart/form-data, streamed from disk by the client, to a server in its own process; the
 * server's RSS growth while the upload is received, checked, stored and recorded is measured.
 * Writes docs/bench/uploads.md and fails when what the upload holds reaches a quarter of the file.
 *
 *   npm run bench:uploads          # RUNS=5 by default; the median and the worst are reported
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UPLOAD_LIMITS, UPLOAD_PARTS } from '@contracts/common/uploads';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.RUNS ?? 5);
const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

type Ready = { port: number; token: string; ticketId: number };

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((done, fail) => {
    const onExit = (code: number | null) => fail(new Error(`The bench server stopped (${code})`));
    const onMessage = (m: { type: string }) => {
      if (m.type === type) {
        child.off('message', onMessage);
        child.off('exit', onExit);
        done(m as T);
      }
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Sends the file as one `files` part with a small payload, streamed from disk; answers the status. */
function upload(ready: Ready, path: string): Promise<number> {
  const boundary = '----ccbench7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_PARTS.payload}"\r\n\r\n${JSON.stringify({ body: 'Full server log attached' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="${UPLOAD_PARTS.files}"; filename="server.log"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = head.length + statSync(path).size + tail.length;
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ready.port,
        method: 'POST',
        path: `/api/v2/tickets/${ready.ticketId}/notes`,
        headers: { authorization: `Bearer ${ready.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': size },
      },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    req.on('error', fail);
    req.write(head);
    const file = createReadStream(path);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'cc-bench-uploads-'));
const file = join(dir, 'server.log');
// Text (a log), exactly the limit: lines of varied content so nothing compresses it away.
const line = (i: number) => `2030-01-01T09:${String(i % 60).padStart(2, '0')}:00Z worker-${i % 17} request ${i} took ${(i * 7919) % 1000} ms\n`;
const lines: string[] = [];
let bytes = 0;
for (let i = 0; bytes < UPLOAD_LIMITS.fileBytes; i++) {
  const l = line(i);
  lines.push(l);
  bytes += l.length;
}
writeFileSync(file, lines.join('').slice(0, UPLOAD_LIMITS.fileBytes));
const fileSize = statSync(file).size;

const child = fork(join(ROOT, 'tests/bench/uploads-server.ts'), {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '', NODE_ENV: 'test' },
  execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.SEMI ? [`--max-semi-space-size=${process.env.SEMI}`] : [])],
});
try {
  const ready = await next<Ready>(child, 'ready');
  // Warm up: the first upload loads file-type, the multipart parser and the database paths.
  await upload(ready, file);
  type Measure = { rss: number; heap: number; buffers: number };
  const measure = async (gcEveryMs: number | undefined): Promise<Measure[]> => {
    const out: Measure[] = [];
    for (let i = 0; i < RUNS; i++) {
      child.send({ type: 'rss.start', gcEveryMs });
      await next(child, 'rss.started');
      const status = await upload(ready, file);
      if (status !== 201) throw new Error(`The upload answered ${status}`);
      child.send({ type: 'rss.stop' });
      const m = await next<{ baseline: number; peak: number; heapGrowth: number; bufferGrowth: number }>(child, 'rss');
      out.push({ rss: m.peak - m.baseline, heap: m.heapGrowth, buffers: m.bufferGrowth });
    }
    return out;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const worst = (xs: number[]) => Math.max(...xs);
  const plain = await measure(undefined);
  const live = await measure(10);
  const budget = fileSize / 4;
  const ok = worst(live.map((m) => m.rss)) < budget;
  const row = (label: string, ms: Measure[]) =>
    `| ${label} | ${mb(median(ms.map((m) => m.rss)))} / ${mb(worst(ms.map((m) => m.rss)))} | ${mb(median(ms.map((m) => m.heap)))} | ${mb(median(ms.map((m) => m.buffers)))} |`;
  const report = `# Uploads: memory on a 10 MB file

\`npm run bench:uploads\` (tests/bench/uploads.bench.ts), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${RUNS} runs of each kind after one warm-up.

A ${mb(fileSize)} text file is posted to a ticket note as multipart/form-data, streamed from disk
by the client, to the app in its own process (embedded PostgreSQL, demo data). The server's memory
is sampled every millisecond from just before the request until its answer (201): the file is
received, hashed, written to the upload folder, its type read, moved into place and recorded in
the note's transaction. Growth over the value just before the request:

| run | RSS growth, median / worst | JS heap growth (median) | Buffer memory growth (median) |
|---|---|---|---|
${row('as it runs', plain)}
${row('garbage collected every 10 ms', live)}

- **As it runs**, the socket's 64 KB chunks that already went to disk wait for the garbage
  collector, which runs when V8 decides (the worst run is the one where it waited longest); that
  memory is garbage, reused by the next request, not held by the upload.
- **Garbage collected every 10 ms** shows what the upload itself holds: ${mb(median(live.map((m) => m.rss)))} of RSS for a
  ${mb(fileSize)} file, within the budget of a quarter of the file (${mb(budget)}): ${ok ? 'yes' : 'NO'}.
`;
  writeFileSync(join(ROOT, 'docs/bench/uploads.md'), report);
  process.stdout.write(report);
  if (!ok) process.exitCode = 1;
} finally {
  child.send({ type: 'stop' });
  await new Promise((done) => child.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
