/**
 * The upload disk full under load: `node --import tsx tests/bench/disk-full.bench.ts` (as root: it
 * mounts a small tmpfs).
 *
 * The app (`server/server.ts`, as `npm start` runs it) on Debian's PostgreSQL 15 from
 * scripts/test-postgres.sh, its UPLOAD_DIR a BENCH_TMPFS_MB tmpfs. Clients in a loop: notes with a
 * PDF attached (the writes that need the disk), notes without a file (the database only) and ticket
 * reads. After BENCH_BEFORE_MS the tmpfs is filled to the last byte (a filler file, until the
 * kernel answers ENOSPC, as docs/adr/0203's test injects it), for BENCH_FULL_MS; then the filler is
 * deleted. Counts every answer by phase and status, checks /readyz while full (200 with the
 * "Storage full" warning, ADR 0203), and measures how long after the space came back the first
 * note with a file is saved. Writes the "disk-full" section of docs/bench/faults.md.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@tests/support/server-process';
import { multipart } from '@tests/support/multipart';
import { STORAGE_FULL_MESSAGE } from '@server/platform/ops/storage';
import { machine, request, signIn, sleep, startPostgres, stopServer, tally, writeSection, type Answer } from './faults-support';

const TMPFS_MB = Number(process.env.BENCH_TMPFS_MB ?? 32);
const BEFORE_MS = Number(process.env.BENCH_BEFORE_MS ?? 5_000);
const FULL_MS = Number(process.env.BENCH_FULL_MS ?? 10_000);
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 5_000);
/** Clients of each kind; each pauses after an answer that is not 2xx, as a browser's user would. */
const FILE_WRITERS = 4;
const TEXT_WRITERS = 2;
const READERS = 4;
const PAUSE_AFTER_REFUSAL_MS = 100;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Phase = 'before' | 'full' | 'after';
type Sent = Answer & { kind: 'file note' | 'text note' | 'read'; phase: Phase; sentAt: number };

/** Fills the file system holding `dir` to the last byte; answers the filler's path. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [1_048_576, 4_096, 1]) {
      const chunk = Buffer.alloc(size);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as { code?: string }).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error('this bench mounts a tmpfs: run it as root');
  const root = mkdtempSync(join(tmpdir(), 'cc-faults-disk-'));
  const uploads = join(root, 'uploads');
  mkdirSync(uploads);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', uploads]);
  const postgres = startPostgres(join(tmpdir(), `pg-faults-disk-${process.pid}`));
  const server = await startServer({ DATA_DIR: join(root, 'data'), UPLOAD_DIR: uploads, DATABASE_URL: postgres.url, SEED_DEMO: 'true' }, 180_000);
  const sent: Sent[] = [];
  const readyz: { status: number; warning: boolean }[] = [];
  try {
    const token = await signIn(server);
    const auth = { authorization: `Bearer ${token}` };
    let phase: Phase = 'before';
    let running = true;
    let n = 0;
    const ticket = (i: number) => 1 + (i % 20);
    const worker = (kind: Sent['kind']) => async () => {
      while (running) {
        const sentAt = Date.now();
        const at = phase;
        const i = n++;
        let answer: Answer;
        if (kind === 'file note') {
          const m = multipart({ body: `Disk bench note ${i}`, internal: true }, [{ name: `scan-${i}.pdf`, bytes: PDF, type: 'application/pdf' }]);
          answer = await request(`${server.url}/api/v2/tickets/${ticket(i)}/notes`, { method: 'POST', headers: { ...auth, ...m.headers }, body: new Uint8Array(m.body) });
        } else if (kind === 'text note') {
          answer = await request(`${server.url}/api/v2/tickets/${ticket(i)}/notes`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ body: `Disk bench text ${i}`, internal: true }) });
        } else {
          answer = await request(`${server.url}/api/v2/tickets/${ticket(i)}`, { headers: auth });
        }
        sent.push({ ...answer, kind, phase: at, sentAt });
        if (answer.status !== 200 && answer.status !== 201) await sleep(PAUSE_AFTER_REFUSAL_MS);
      }
    };
    const workers = [
      ...Array.from({ length: FILE_WRITERS }, () => worker('file note')),
      ...Array.from({ length: TEXT_WRITERS }, () => worker('text note')),
      ...Array.from({ length: READERS }, () => worker('read')),
    ].map((w) => w());
    await sleep(BEFORE_MS);
    const filler = fill(uploads);
    phase = 'full';
    const fullAt = Date.now();
    while (Date.now() - fullAt < FULL_MS) {
      const res = await fetch(`${server.url}/readyz`);
      const body = (await res.json()) as { warning?: string };
      readyz.push({ status: res.status, warning: /^Storage full/.test(body.warning ?? '') });
      await sleep(500);
    }
    unlinkSync(filler);
    const freedAt = Date.now();
    phase = 'after';
    await sleep(AFTER_MS);
    running = false;
    await Promise.all(workers);

    const of = (kind: Sent['kind'], p: Phase) => sent.filter((s) => s.kind === kind && s.phase === p);
    const row = (label: string, kind: Sent['kind']) =>
      `| ${label} | ${(['before', 'full', 'after'] as const).map((p) => Object.entries(tally(of(kind, p))).map(([k, v]) => `${k}: ${v}`).join(', ') || '-').join(' | ')} |`;
    // Sent while the disk was full and answered before space came back.
    const fileWhileFull = sent.filter((s) => s.kind === 'file note' && s.sentAt >= fullAt && s.at < freedAt);
    const refused = fileWhileFull.filter((s) => s.status === 503);
    const refusedWell = refused.filter((s) => s.retryAfter && s.body.includes(STORAGE_FULL_MESSAGE));
    const firstSaved = sent.filter((s) => s.kind === 'file note' && s.sentAt >= freedAt && s.status === 201).sort((a, b) => a.at - b.at)[0];
    const fiveHundreds = sent.filter((s) => s.status === 500).length;
    const readsWhileFull = sent.filter((s) => s.kind === 'read' && s.sentAt >= fullAt && s.at < freedAt);
    const readsOk = readsWhileFull.filter((s) => s.status === 200).length;
    const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '-');
    const result = [
      '## The upload disk full under load',
      '',
      `Command: \`node --import tsx tests/bench/disk-full.bench.ts\` (as root). Debian PostgreSQL 15 from scripts/test-postgres.sh; UPLOAD_DIR a ${TMPFS_MB} MB tmpfs, filled to the last byte by a filler file (the kernel's own ENOSPC, the error docs/adr/0203's test injects) after ${BEFORE_MS / 1000} s of load, for ${FULL_MS / 1000} s, then the filler deleted and ${AFTER_MS / 1000} s more load. ${FILE_WRITERS} clients add notes with a PDF, ${TEXT_WRITERS} add notes without a file, ${READERS} read tickets; a client pauses ${PAUSE_AFTER_REFUSAL_MS} ms after an answer that is not 2xx. The database's own disk is not the one filled (a full database disk is a database outage: see the restart section).`,
      '',
      `Run ${new Date().toISOString()}: ${machine()}.`,
      '',
      '| Answers | Before | Disk full | After space returned |',
      '| --- | --- | --- | --- |',
      row('Notes with a file', 'file note'),
      row('Notes without a file', 'text note'),
      row('Ticket reads', 'read'),
      '',
      '| Figure | Value |',
      '| --- | --- |',
      `| Notes with a file sent and answered while full | ${fileWhileFull.length}, of which 503: ${refused.length} (${pct(refused.length, fileWhileFull.length)}) |`,
      `| Of those 503s, with Retry-After and the "Storage full" message | ${refusedWell.length} |`,
      `| Ticket reads while full answered 200 | ${readsOk} of ${readsWhileFull.length} (${pct(readsOk, readsWhileFull.length)}) |`,
      `| /readyz while full | ${readyz.length} checks: ${readyz.filter((r) => r.status === 200).length} answered 200, ${readyz.filter((r) => r.warning).length} with the "Storage full" warning |`,
      `| 500 answers | ${fiveHundreds} |`,
      `| First note with a file saved after the space returned | ${firstSaved ? `${firstSaved.at - freedAt} ms` : 'none'} |`,
    ].join('\n');
    process.stdout.write(`${result}\n`);
    writeSection('disk-full', result);
    if (fiveHundreds || !firstSaved || refused.length !== refusedWell.length || readsOk !== readsWhileFull.length) process.exitCode = 1;
  } finally {
    await stopServer(server);
    postgres.stop();
    execFileSync('umount', [uploads]);
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
