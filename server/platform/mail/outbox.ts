import type { Pool, PoolClient } from 'pg';
import { z } from 'zod';
import { MAIL_RETRY } from '@server/config';
import type { AppContext } from '@server/context';
import { defineJob } from '@server/platform/jobs';
import { sendSmtp } from './smtp';

type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * Headers an email may set besides the usual ones (threading: docs/adr/0120-ticket-mail-threading.md;
 * one-click unsubscribe, RFC 8058: docs/adr/0202).
 */
export type MailHeaders = Partial<Record<'Message-ID' | 'In-Reply-To' | 'References' | 'List-Unsubscribe' | 'List-Unsubscribe-Post', string>>;

/** An email: its plain text (`body`), optionally an HTML alternative of it and headers of its own. */
export type Email = { to: string; subject: string; body: string; kind: string; html?: string; headers?: MailHeaders };

/**
 * Stores an email in the outbox (inside the caller's transaction, so it exists only if the
 * change that caused it was committed). Answers its id; `deliverOutbox` sends it later. Mail to
 * an address that bounced (recorded by Email in) is stored with the reason it is not sent, and
 * never sent: "Not sent: <address> bounced on <date> (<what bounced>)".
 */
export async function queueEmail(db: Db, email: Email): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox (to_address, subject, body, kind, html, headers, skipped_reason)
     VALUES ($1, $2, $3, $4, $5, $6,
             (SELECT left('Not sent: ' || b.address || ' bounced on ' || to_char(b.bounced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' (' || b.reason || ')', 400)
                FROM mail_bounces b WHERE b.address = $7))
     RETURNING id`,
    [email.to, email.subject.slice(0, 300), email.body, email.kind, email.html ?? null, email.headers ? JSON.stringify(email.headers) : null, email.to.trim().toLowerCase()],
  );
  return Number(rows[0]!.id);
}

/**
 * Stores an email once per `key` (the cause of a notice: event, ticket, recipient, channel): the
 * same cause seen again (every app server hears every event, a job runs twice) writes nothing.
 * Answers the new row's id, or null when that key was already written.
 */
export async function queueEmailOnce(db: Db, key: string, email: Email): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO outbox (to_address, subject, body, kind, html, headers, once_key, skipped_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $8,
             (SELECT left('Not sent: ' || b.address || ' bounced on ' || to_char(b.bounced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') || ' (' || b.reason || ')', 400)
                FROM mail_bounces b WHERE b.address = $7))
     ON CONFLICT (once_key) WHERE once_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [email.to, email.subject.slice(0, 300), email.body, email.kind, email.html ?? null, email.headers ? JSON.stringify(email.headers) : null, email.to.trim().toLowerCase(), key],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

type Sendable = { id: string; to_address: string; subject: string; body: string; html: string | null; headers: MailHeaders | null };

/** What one try of one outbox row came to. */
export type DeliveryOutcome =
  | { outcome: 'sent' }
  /** Sent, skipped, given up, or being sent by another server right now: nothing to do. */
  | { outcome: 'none' }
  | { outcome: 'failed'; error: string; final: boolean };

/**
 * One try of one outbox row, at most once per row however many servers try it: the row is locked
 * (a row another server holds is left to it), checked still unsent, not skipped (ADR 0168) and not
 * given up, sent, and marked sent or failed in that same transaction. A failed try records the
 * error and counts the try; the `final` one also marks the row given up (`failed_at`).
 */
export async function deliverOne(pool: Pool, smtpUrl: string, id: number, from: string, final: boolean): Promise<DeliveryOutcome> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<Sendable>(
      `SELECT id, to_address, subject, body, html, headers FROM outbox
        WHERE id = $1 AND sent_at IS NULL AND skipped_reason IS NULL AND failed_at IS NULL
        FOR UPDATE SKIP LOCKED`,
      [id],
    );
    const row = rows[0];
    let outcome: DeliveryOutcome = { outcome: 'none' };
    if (row) {
      try {
        await sendSmtp(smtpUrl, { from, to: row.to_address, subject: row.subject, body: row.body, html: row.html ?? undefined, headers: row.headers ?? undefined });
        await client.query('UPDATE outbox SET sent_at = now(), error = NULL, attempts = attempts + 1 WHERE id = $1', [id]);
        outcome = { outcome: 'sent' };
      } catch (error) {
        const message = String((error as Error).message ?? error).slice(0, 1000);
        await client.query(`UPDATE outbox SET error = $2, attempts = attempts + 1, failed_at = CASE WHEN $3 THEN now() END WHERE id = $1`, [id, message, final]);
        outcome = { outcome: 'failed', error: message, final };
      }
    }
    await client.query('COMMIT');
    return outcome;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Sends stored emails through SMTP when SMTP_URL is configured, one try each; without it they stay
 * in the outbox only (where admins read them). A failed send is recorded on the row, never thrown;
 * a skipped one (its address bounced) is not sent. The app sends through the `mail.deliver` job
 * (`deliverLater`), which tries a failed send again.
 */
export async function deliverOutbox(pool: Pool, smtpUrl: string | undefined, ids: number[], from: string): Promise<void> {
  if (!smtpUrl) return;
  for (const id of ids) await deliverOne(pool, smtpUrl, id, from, false);
}

/** The sender of every email. */
export const mailFrom = (publicUrl: string) => `no-reply@${new URL(publicUrl).hostname}`;

/** Sends one outbox row; tried again with backoff while it fails (docs/adr/0204). */
export const deliverMail = defineJob('mail.deliver', z.object({ outboxId: z.number().int().positive() }));

/** One job per row: a second send while one waits adds nothing (policy `short`). */
const singletonKey = (id: number) => `outbox-${id}`;

type MailContext = Pick<AppContext, 'config' | 'database' | 'jobs'>;

/**
 * Registers the delivery job: a failed try throws, so the queue tries again after
 * MAIL_RETRY's delay (doubling), up to its limit; the last try marks the row given up.
 */
export async function registerMailDelivery(ctx: MailContext): Promise<void> {
  await ctx.jobs.define(
    deliverMail,
    async ({ outboxId }, job) => {
      if (!ctx.config.smtpUrl) return;
      const result = await deliverOne(ctx.database.pool, ctx.config.smtpUrl, outboxId, mailFrom(ctx.config.publicUrl), job.retryCount >= MAIL_RETRY.limit);
      if (result.outcome === 'failed' && !result.final) throw new Error(`Email ${outboxId} not sent: ${result.error}`);
    },
    { policy: 'short', retryLimit: MAIL_RETRY.limit, retryDelaySeconds: ctx.config.mailRetryDelaySeconds, retryBackoff: true, expireInSeconds: MAIL_RETRY.sendTimeoutSeconds },
  );
}

/**
 * Queues again the mail that failed and was left without a job (sent before tries were
 * repeated, or whose job was lost): every failed row not sent, skipped or given up. Answers how
 * many were queued. Run when the app server starts.
 */
export async function requeueFailedMail(ctx: MailContext): Promise<number> {
  if (!ctx.config.smtpUrl || !ctx.jobs.started) return 0;
  const { rows } = await ctx.database.pool.query<{ id: number }>(
    'SELECT id::int AS id FROM outbox WHERE error IS NOT NULL AND sent_at IS NULL AND skipped_reason IS NULL AND failed_at IS NULL ORDER BY id',
  );
  let queued = 0;
  for (const { id } of rows) if (await ctx.jobs.send(deliverMail, { outboxId: id }, { singletonKey: singletonKey(id) })) queued++;
  return queued;
}

/**
 * Sends committed outbox rows after the answer went out: a `mail.deliver` job per row on the one
 * queue (tried again while it fails). Without a running queue, one try at once; failures are
 * recorded on the rows.
 */
export function deliverLater(ctx: MailContext, log: { error(obj: object, msg: string): void }, ids: number[]): void {
  if (!ctx.config.smtpUrl || ids.length === 0) return;
  const work = ctx.jobs.started
    ? Promise.all(ids.map((id) => ctx.jobs.send(deliverMail, { outboxId: id }, { singletonKey: singletonKey(id) })))
    : deliverOutbox(ctx.database.pool, ctx.config.smtpUrl, ids, mailFrom(ctx.config.publicUrl));
  work.catch((error: unknown) => log.error({ err: error }, 'outbox delivery failed'));
}
