import type { Pool, PoolClient } from 'pg';
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

/**
 * Sends stored emails through SMTP when SMTP_URL is configured; without it they stay in the
 * outbox only (where admins read them). A failed send is recorded on the row, never thrown; a
 * skipped one (its address bounced) is not sent.
 */
export async function deliverOutbox(pool: Pool, smtpUrl: string | undefined, ids: number[], from: string): Promise<void> {
  if (!smtpUrl || ids.length === 0) return;
  const { rows } = await pool.query<{ id: string; to_address: string; subject: string; body: string; html: string | null; headers: MailHeaders | null }>(
    'SELECT id, to_address, subject, body, html, headers FROM outbox WHERE id = ANY($1::bigint[]) AND sent_at IS NULL AND skipped_reason IS NULL',
    [ids],
  );
  for (const row of rows) {
    try {
      await sendSmtp(smtpUrl, { from, to: row.to_address, subject: row.subject, body: row.body, html: row.html ?? undefined, headers: row.headers ?? undefined });
      await pool.query('UPDATE outbox SET sent_at = now(), error = NULL WHERE id = $1', [row.id]);
    } catch (error) {
      await pool.query('UPDATE outbox SET error = $2 WHERE id = $1', [row.id, String((error as Error).message ?? error).slice(0, 1000)]);
    }
  }
}

/** The sender of every email. */
export const mailFrom = (publicUrl: string) => `no-reply@${new URL(publicUrl).hostname}`;

/** Sends committed outbox rows after the answer went out; failures are recorded on the rows. */
export function deliverLater(
  ctx: { config: { smtpUrl?: string | undefined; publicUrl: string }; database: { pool: Pool } },
  log: { error(obj: object, msg: string): void },
  ids: number[],
): void {
  if (!ctx.config.smtpUrl || ids.length === 0) return;
  deliverOutbox(ctx.database.pool, ctx.config.smtpUrl, ids, mailFrom(ctx.config.publicUrl)).catch((error: unknown) =>
    log.error({ err: error }, 'outbox delivery failed'),
  );
}
