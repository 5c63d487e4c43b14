/**
 * Email in, measured on this machine: 1,000 messages waiting in a real IMAP mailbox (Dovecot on
 * loopback, tests/support/dovecot.ts) are read and filed by the app's reader (each becomes a
 * ticket of the company listing the senders' domain), with the rate and the process's memory
 * sampled throughout; then single messages are delivered to the idle reader and the time from the
 * message arriving in the mailbox to its ticket committed is taken.
 *
 *   node --import tsx tests/bench/mail.bench.ts          (MAIL_BENCH_MESSAGES=1000, MAIL_BENCH_LATENCY=20)
 *
 * Runs on a throw-away embedded PostgreSQL 18 server (its own DATA_DIR in a temporary folder).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { createSession } from '@server/platform/auth/sessions';
import { openDatabase } from '@server/platform/db/database';
import { seedDemoIfEmpty } from '@server/seed/demo';
import { startDovecot } from '@tests/support/dovecot';

const MESSAGES = Number(process.env.MAIL_BENCH_MESSAGES ?? 1000);
const LATENCY_RUNS = Number(process.env.MAIL_BENCH_LATENCY ?? 20);

const message = (i: number, tag: string) =>
  [
    `From: Sender ${i} <sender${i}@bench-client.example>`,
    'To: support@helpdesk.example',
    `Subject: Bench ${tag} ${i}: the printer on floor ${i % 7} is jammed`,
    `Message-ID: <bench-${tag}-${i}-${Date.now()}@bench-client.example>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello,\r\n\r\nThe printer jams on every page since this morning (${i}).\r\n\r\nOn Mon, Help wrote:\r\n> an older message`,
    '',
  ].join('\r\n');

const out = (line: string) => process.stdout.write(`${line}\n`);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const dataDir = mkdtempSync(join(tmpdir(), 'cc-mail-bench-'));
const dovecot = await startDovecot();
const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_SECRET_KEY: 'bench-key-for-mailbox-passwords-0123456789', DATABASE_URL: '' });
const database = await openDatabase(config);
try {
  await seedDemoIfEmpty(database.pool);
  const ctx = createContext(config, database);
  const app = await buildApp(ctx, { logger: false, serveStatic: false });
  await app.ready();
  const pool = database.pool;
  const { rows: admin } = await pool.query(`SELECT id FROM staff_users WHERE email = 'admin@demo.test'`);
  const token = await createSession(pool, config, { audience: 'staff', userId: admin[0].id });
  const { rows: acme } = await pool.query(`SELECT company_id FROM client_users WHERE email = 'client@acme.demo.test'`);
  const headers = { authorization: `Bearer ${token}` };
  const put = await app.inject({ method: 'PUT', url: '/api/v2/admin/mail-domains', headers, payload: { companyId: acme[0].company_id, domains: ['bench-client.example'] } });
  if (put.statusCode !== 200) throw new Error(put.body);

  // 1,000 messages waiting in the mailbox before the channel is switched on.
  const appender = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await appender.connect();
  for (let i = 0; i < MESSAGES; i++) await appender.append('INBOX', message(i, 'batch'));
  await appender.logout();

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const samples: { rss: number; heap: number }[] = [];
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    samples.push({ rss: m.rss, heap: m.heapUsed });
  }, 100);
  const started = performance.now();
  const created = await app.inject({
    method: 'POST',
    url: '/api/v2/admin/mail-channels',
    headers,
    payload: { name: 'Bench mailbox', kind: 'imap', enabled: true, address: 'support@helpdesk.example', queue: 'Support', severity: 'M', imapHost: dovecot.host, imapPort: dovecot.port, imapTls: false, imapUser: dovecot.user, imapPassword: dovecot.password },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const channelId = created.json().id as number;
  const filedCount = async () => Number((await pool.query(`SELECT count(*) AS n FROM mail_messages WHERE channel_id = $1`, [channelId])).rows[0].n);
  let done = 0;
  const progress: string[] = [];
  while (done < MESSAGES) {
    await new Promise((r) => setTimeout(r, 50));
    done = await filedCount();
    if (progress.length < Math.floor(done / 250)) progress.push(`${done} at ${((performance.now() - started) / 1000).toFixed(1)} s, rss ${mb(process.memoryUsage().rss)} MB`);
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const outcomes = (await pool.query(`SELECT outcome, count(*)::int AS n FROM mail_messages WHERE channel_id = $1 GROUP BY 1`, [channelId])).rows;
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const firstQuarter = samples.slice(0, quarter);
  const lastQuarter = samples.slice(-quarter);
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  // Arrival → ticket, with the reader idle (IDLE tells it of new mail).
  const latencies: number[] = [];
  const deliverer = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: dovecot.user, pass: dovecot.password }, logger: false });
  await deliverer.connect();
  for (let i = 0; i < LATENCY_RUNS; i++) {
    await new Promise((r) => setTimeout(r, 200));
    const subject = `Bench single ${i}`;
    const t0 = performance.now();
    await deliverer.append('INBOX', message(i, 'single'));
    for (;;) {
      const { rows } = await pool.query(`SELECT id FROM tickets WHERE title LIKE $1 LIMIT 1`, [`${subject}:%`]);
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    latencies.push(performance.now() - t0);
  }
  await deliverer.logout();
  latencies.sort((a, b) => a - b);

  out(`Email in on ${database.kind} PostgreSQL, Dovecot ${dovecot.port} on loopback, Node ${process.version}`);
  out(`${MESSAGES} messages filed in ${seconds.toFixed(1)} s: ${(MESSAGES / seconds).toFixed(0)} messages/s`);
  out(`  progress: ${progress.join('; ')}`);
  out(`  outcomes: ${outcomes.map((o) => `${o.outcome} ${o.n}`).join(', ')}`);
  out(`  memory before: rss ${mb(before.rss)} MB, heap ${mb(before.heapUsed)} MB`);
  out(`  memory first quarter avg: rss ${mb(avg(firstQuarter.map((s) => s.rss)))} MB, heap ${mb(avg(firstQuarter.map((s) => s.heap)))} MB`);
  out(`  memory last quarter avg: rss ${mb(avg(lastQuarter.map((s) => s.rss)))} MB, heap ${mb(avg(lastQuarter.map((s) => s.heap)))} MB`);
  out(`  memory peak: rss ${mb(Math.max(...samples.map((s) => s.rss)))} MB, heap ${mb(Math.max(...samples.map((s) => s.heap)))} MB`);
  out(`arrival → ticket committed (${LATENCY_RUNS} single messages, reader idle): p50 ${pct(latencies, 50).toFixed(0)} ms, p90 ${pct(latencies, 90).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  await app.close();
  await ctx.jobs.stop();
  await ctx.render.close();
} finally {
  await database.close();
  await dovecot.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
