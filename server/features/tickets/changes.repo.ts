/**
 * The tickets' side of the change log (live_events, written by the triggers of migration 0040):
 * which tickets changed after a point of the log. Read only; the log is written by its triggers.
 */
import type { Queryable } from '@server/platform/sql';

/** The newest change-log id (0 when empty). */
export async function latestChange(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: string | null }>('SELECT max(id)::text AS id FROM live_events');
  return Number(rows[0]?.id ?? 0);
}

/**
 * The tickets created or changed after change `afterId`: the newest log id read, and the ticket
 * ids (newest first, each once, at most `limit`). `complete` is false when the log no longer
 * reaches back to `afterId` (pruned): the reader cannot know which tickets changed.
 */
export async function ticketsChangedAfter(db: Queryable, afterId: number, limit: number): Promise<{ latest: number; ids: number[]; complete: boolean }> {
  const { rows } = await db.query<{ oldest: string | null; latest: string | null; ids: string[] | null }>(
    `SELECT (SELECT min(id) FROM live_events)::text AS oldest,
            (SELECT max(id) FROM live_events)::text AS latest,
            (SELECT array_agg(t.id::text ORDER BY t.at DESC)
               FROM (SELECT u.id, max(e.id) AS at
                       FROM live_events e CROSS JOIN LATERAL unnest(e.ids) AS u(id)
                      WHERE e.id > $1 AND e.topic = 'tickets'
                      GROUP BY u.id
                      ORDER BY at DESC
                      LIMIT $2) t) AS ids`,
    [afterId, limit],
  );
  const row = rows[0]!;
  const oldest = row.oldest === null ? null : Number(row.oldest);
  return { latest: Number(row.latest ?? 0), ids: (row.ids ?? []).map(Number), complete: oldest === null || afterId >= oldest - 1 };
}
