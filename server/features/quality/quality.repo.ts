/** The Quality Assurance queue's SQL: items under test, their runs and the reusable test cases. */
import type { QaFigures, QaItem, QaRun, QaWeek } from '@contracts/quality';
import type { Attachment } from '@contracts/common/attachments';
import { iso, listPage, type ListPage, type Queryable } from '@server/platform/sql';
import type { ServedFile, StoredFile } from '@server/platform/uploads';

export type QaItemState = { id: number; status: 'waiting' | 'testing' | 'passed' | 'failed' | 'blocked' };

export async function insertQaItem(db: Queryable, item: { scrId?: number; ticketId?: number; title: string; priority: string; productArea?: string | null }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO qa_items (scr_id, ticket_id, title, priority, product_area) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [item.scrId ?? null, item.ticketId ?? null, item.title, item.priority, item.productArea ?? null],
  );
  return rows[0]!.id;
}

/** The latest QA item of an SCR (each time it enters QA it gets a new one). */
export async function latestItemOfScr(db: Queryable, scrId: number): Promise<QaItemState | null> {
  const { rows } = await db.query<QaItemState>('SELECT id, status FROM qa_items WHERE scr_id = $1 ORDER BY id DESC LIMIT 1', [scrId]);
  return rows[0] ?? null;
}

const ITEM_COLUMNS = `i.id, i.scr_id, i.ticket_id, i.title, i.priority, i.status, s.name AS tester, i.tester_id, ${iso('i.created_at')}, ${iso('i.taken_at')}, i.version`;
const ITEM_FROM = 'qa_items i LEFT JOIN staff_users s ON s.id = i.tester_id';

export async function queue(db: Queryable, q: { page: number; pageSize: number; status?: string | undefined }): Promise<ListPage<QaItem>> {
  const params: unknown[] = [];
  let where = `WHERE i.status IN ('waiting', 'testing', 'blocked')`;
  if (q.status) {
    params.push(q.status);
    where = 'WHERE i.status = $1';
  }
  return listPage<QaItem>(db, { select: `SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} ${where} ORDER BY i.created_at, i.id`, count: `SELECT count(*) AS n FROM qa_items i ${where}`, params }, q);
}

export async function loadItem(db: Queryable, id: number, forUpdate = false): Promise<QaItem | null> {
  const { rows } = await db.query<QaItem>(`SELECT ${ITEM_COLUMNS} FROM ${ITEM_FROM} WHERE i.id = $1 ${forUpdate ? 'FOR UPDATE OF i' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function runsOf(db: Queryable, itemId: number): Promise<QaRun[]> {
  const { rows } = await db.query<QaRun>(
    `SELECT r.id, s.name AS tester, r.result, r.notes, ${iso('r.started_at')}, ${iso('r.finished_at')}
       FROM qa_runs r JOIN staff_users s ON s.id = r.tester_id WHERE r.qa_item_id = $1 ORDER BY r.id`,
    [itemId],
  );
  return rows;
}

export async function startRun(db: Queryable, itemId: number, testerId: number, now: Date): Promise<void> {
  await db.query(`UPDATE qa_items SET status = 'testing', tester_id = $2, taken_at = $3, version = version + 1 WHERE id = $1`, [itemId, testerId, now]);
  await db.query('INSERT INTO qa_runs (qa_item_id, tester_id, started_at) VALUES ($1, $2, $3)', [itemId, testerId, now]);
}

export async function finishRun(db: Queryable, itemId: number, result: 'pass' | 'fail' | 'blocked', notes: string | null, now: Date): Promise<void> {
  const status = result === 'pass' ? 'passed' : result === 'fail' ? 'failed' : 'blocked';
  await db.query(`UPDATE qa_items SET status = $2, done_at = $3, version = version + 1 WHERE id = $1`, [itemId, status, now]);
  await db.query(
    `UPDATE qa_runs SET result = $2, notes = $3, finished_at = $4 WHERE id = (SELECT max(id) FROM qa_runs WHERE qa_item_id = $1 AND finished_at IS NULL)`,
    [itemId, result, notes, now],
  );
}

/**
 * The queue's figures over the last `weeks` weeks (UTC weeks starting on Monday, the current one
 * included): runs finished by result and week, the items waiting now, the average hours from an
 * item entering QA to its result, and failed runs per SCR that had a run finish.
 */
export async function figures(db: Queryable, weeks: number, now: Date): Promise<QaFigures> {
  const since = `date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC') - make_interval(weeks => $2::int - 1)`;
  const [byWeek, totals, waiting] = await Promise.all([
    db.query<QaWeek>(
      `SELECT to_char(w.week, 'YYYY-MM-DD') AS week,
              count(r.id) FILTER (WHERE r.result = 'pass')::int AS passed,
              count(r.id) FILTER (WHERE r.result = 'fail')::int AS failed,
              count(r.id) FILTER (WHERE r.result = 'blocked')::int AS blocked
         FROM generate_series(${since}, date_trunc('week', $1::timestamptz AT TIME ZONE 'UTC'), interval '1 week') AS w(week)
         LEFT JOIN qa_runs r ON r.finished_at IS NOT NULL AND date_trunc('week', r.finished_at AT TIME ZONE 'UTC') = w.week
        GROUP BY w.week ORDER BY w.week`,
      [now, weeks],
    ),
    db.query<{ runs: number; passed: number; failed: number; scrs: number; hours: number | null }>(
      `SELECT count(*)::int AS runs,
              count(*) FILTER (WHERE r.result = 'pass')::int AS passed,
              count(*) FILTER (WHERE r.result = 'fail' AND i.scr_id IS NOT NULL)::int AS failed,
              count(DISTINCT i.scr_id)::int AS scrs,
              (SELECT avg(extract(epoch FROM d.done_at - d.created_at) / 3600)::float8
                 FROM qa_items d
                WHERE d.status IN ('passed', 'failed') AND d.done_at AT TIME ZONE 'UTC' >= ${since}) AS hours
         FROM qa_runs r JOIN qa_items i ON i.id = r.qa_item_id
        WHERE r.finished_at IS NOT NULL AND r.finished_at AT TIME ZONE 'UTC' >= ${since}`,
      [now, weeks],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM qa_items WHERE status = 'waiting'`),
  ]);
  const t = totals.rows[0]!;
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    weeks,
    passRate: t.runs === 0 ? null : round1((100 * t.passed) / t.runs),
    waiting: waiting.rows[0]!.n,
    hoursInQa: t.hours === null ? null : round1(t.hours),
    failuresPerScr: t.scrs === 0 ? null : round1(t.failed / t.scrs),
    byWeek: byWeek.rows,
  };
}

// --- Evidence --------------------------------------------------------------------------------------

const FILE_COLUMNS = `id, original_name AS name, mime_type, size_bytes::int AS size_bytes, sha256, (thumbnail_key IS NOT NULL) AS image`;

/** Evidence files of an item, kept with the run under way (the latest run, none before the first take). */
export async function insertEvidence(db: Queryable, itemId: number, staffId: number, files: readonly StoredFile[], now: Date): Promise<void> {
  for (const f of files) {
    await db.query(
      `INSERT INTO qa_evidence (qa_item_id, qa_run_id, staff_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, (SELECT max(id) FROM qa_runs WHERE qa_item_id = $1), $2, $3, $4, $5, $6, $7, $8, $9)`,
      [itemId, staffId, f.storageKey, f.thumbnailKey, f.name, f.mimeType, f.sizeBytes, f.sha256, now],
    );
  }
}

export async function evidenceOf(db: Queryable, itemId: number): Promise<Attachment[]> {
  return (await db.query<Attachment>(`SELECT ${FILE_COLUMNS} FROM qa_evidence WHERE qa_item_id = $1 ORDER BY id`, [itemId])).rows;
}

export async function evidenceFile(db: Queryable, itemId: number, fileId: number): Promise<ServedFile | null> {
  const { rows } = await db.query<ServedFile>(
    `SELECT original_name AS "name", mime_type AS "mimeType", storage_key AS "storageKey", thumbnail_key AS "thumbnailKey" FROM qa_evidence WHERE id = $1 AND qa_item_id = $2`,
    [fileId, itemId],
  );
  return rows[0] ?? null;
}

/** The keys among `keys` that evidence names (the upload sweep keeps them). */
export async function referencedEvidenceKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k WHERE EXISTS (SELECT 1 FROM qa_evidence e WHERE e.storage_key = k OR e.thumbnail_key = k)`,
    [keys],
  );
  return new Set(rows.map((r) => r.key));
}
