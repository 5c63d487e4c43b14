/**
 * Mail that fails is sent again when the SMTP server is back: a job per outbox row, tried again
 * with a doubling wait (1 s here, through MAIL_RETRY_DELAY_SECONDS) up to a limit, after which the
 * row is given up and the admin outbox says so. Each mail reaches the server at most once.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_RETRY } from '@server/config';
import { deliverLater, queueEmail, requeueFailedMail } from '@server/platform/mail/outbox';
import { apiAs } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const log = { error: () => undefined };

/** A free port for the SMTP listener, which is stopped and started again on it. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Polls until `check` holds (the queue's workers run on their own). */
async function eventually(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Listener = { received: string[]; start(): Promise<void>; stop(): Promise<void> };

function smtpListener(port: number): Listener {
  const received: string[] = [];
  let server: SMTPServer | undefined;
  return {
    received,
    start: () =>
      new Promise<void>((resolve) => {
        server = new SMTPServer({
          authOptional: true,
          disabledCommands: ['STARTTLS'],
          logger: false,
          onData(stream, _session, done) {
            let data = '';
            stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
            stream.on('end', () => {
              received.push(data);
              done();
            });
          },
        });
        server.listen(port, '127.0.0.1', resolve);
      }),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

const subjectsOf = (received: string[]) => received.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]?.trim());

describe.each(BACKENDS)('mail tried again after a failure on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let smtp: Listener;

  beforeAll(async () => {
    const port = await freePort();
    smtp = smtpListener(port);
    t = await startTestApp(backend, { jobs: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1' } });
    sql = sqlOf(t);
  });
  afterAll(async () => {
    await smtp.stop();
    await t?.close();
  });

  const queue = async (subject: string, to = 'someone@example.test') => queueEmail(t.ctx.database.pool, { to, subject, body: 'Hello', kind: 'test' });
  const rowOf = (id: number) => sql.one('SELECT sent_at, error, attempts, failed_at FROM outbox WHERE id = $1', [id]);
  const adminRow = async (id: number) => {
    const page = (await (await apiAs(t, 'admin')).get('/api/v2/admin/outbox?pageSize=100')).json() as { rows: { id: number; error: string | null; failedAt: string | null; attempts: number; sentAt: string | null }[] };
    return page.rows.find((r) => r.id === id);
  };

  it('gives a mail up after the last allowed try, and the admin outbox shows it failed', async () => {
    const id = await queue('Given up');
    deliverLater(t.ctx, log, [id]);
    await eventually(async () => (await rowOf(id)).attempts >= 1);
    // The waits between tries are the queue's; run every retry now.
    await eventually(async () => {
      await t.ctx.jobs.runDue({ includeFuture: true });
      return (await rowOf(id)).failed_at !== null;
    });
    const row = await rowOf(id);
    expect(row).toMatchObject({ sent_at: null, attempts: MAIL_RETRY.limit + 1, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(await adminRow(id)).toMatchObject({ sentAt: null, attempts: MAIL_RETRY.limit + 1, error: row.error, failedAt: expect.any(String) });
  });

  it('keeps mail pending with the error while the SMTP server is down, and sends each once when it is back', async () => {
    const ids = [await queue('Outage one'), await queue('Outage two'), await queue('Outage three')];
    // An address that bounced stays skipped: never tried.
    await sql.rows(`INSERT INTO mail_bounces (address, reason, bounced_at) VALUES ('gone@example.test', 'Bounced: mailbox unknown', now())`);
    const skipped = await queue('To a bounced address', 'gone@example.test');
    deliverLater(t.ctx, log, [...ids, skipped]);
    await eventually(async () => (await sql.rows('SELECT 1 FROM outbox WHERE id = ANY($1) AND attempts >= 1', [ids])).length === ids.length);
    for (const id of ids) {
      expect(await rowOf(id)).toMatchObject({ sent_at: null, failed_at: null, error: expect.stringMatching(/ECONNREFUSED/) });
      expect(await adminRow(id)).toMatchObject({ sentAt: null, failedAt: null, error: expect.stringMatching(/ECONNREFUSED/) });
    }

    await smtp.start();
    await eventually(async () => (await sql.rows('SELECT 1 FROM outbox WHERE id = ANY($1) AND sent_at IS NOT NULL', [ids])).length === ids.length);
    // Every job is done (none waits to send a mail again), and each mail arrived once.
    await eventually(async () => (await sql.rows(`SELECT 1 FROM pgboss.job WHERE name = 'mail.deliver' AND state IN ('created', 'retry', 'active')`)).length === 0);
    expect(subjectsOf(smtp.received).sort()).toEqual(['Outage one', 'Outage three', 'Outage two']);
    expect(await rowOf(ids[0]!)).toMatchObject({ error: null, failed_at: null });
    expect(await rowOf(skipped)).toMatchObject({ sent_at: null, error: null, attempts: 0 });
  });

  it('queues again on start the mail that failed before it was tried again, once however often it runs', async () => {
    const id = await queue('Failed long ago');
    await sql.rows(`UPDATE outbox SET error = 'SMTP server timed out', attempts = 1 WHERE id = $1`, [id]);
    const before = smtp.received.length;
    const queued = await Promise.all([requeueFailedMail(t.ctx), requeueFailedMail(t.ctx)]);
    expect(queued.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    await eventually(async () => (await rowOf(id)).sent_at !== null);
    await eventually(async () => (await sql.rows(`SELECT 1 FROM pgboss.job WHERE name = 'mail.deliver' AND state IN ('created', 'retry', 'active')`)).length === 0);
    expect(subjectsOf(smtp.received.slice(before))).toEqual(['Failed long ago']);
  });
});
