import type { OutboxMessage, OutboxPage } from '@contracts/outbox';
import { allQueries, iso, offsetOf, type Queryable } from '@server/platform/sql';

/** One page of every email the system queued, newest first. */
export async function outboxPage(db: Queryable, page: number, pageSize: number): Promise<OutboxPage> {
  const [rows, count] = await allQueries(db, [
    () => db.query<OutboxMessage>(
      `SELECT id::int AS id, to_address AS "toAddress", subject, body, kind, ${iso('created_at', '"createdAt"')}, ${iso('sent_at', '"sentAt"')},
              skipped_reason AS "skippedReason", headers->>'Message-ID' AS "messageId", headers->>'In-Reply-To' AS "inReplyTo", headers->>'References' AS "references"
         FROM outbox ORDER BY id DESC LIMIT $1 OFFSET $2`,
      [pageSize, offsetOf(page, pageSize)],
    ),
    () => db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox'),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n, page, pageSize };
}
