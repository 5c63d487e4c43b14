/** The Quality Assurance queue's SQL: items under test, their runs and the reusable test cases. */
import type { QaCaseResult, QaFigures, QaItem, QaRun, QaRunCase, QaTestCase, QaTestCaseInput, QaWeek } from '@contracts/quality';
import type { Attachment } from '@contracts/common/attachments';
import { iso, listPage, type ListPage, type Queryable } from '@server/platform/sql';
import { ATTACHMENT_COLUMNS, keysNamedIn, type ServedFile, type StoredFile } from '@server/platform/uploads';

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

const ITEM_COLUMNS = `i.id, i.product_area, i.scr_id, i.ticket_id, i.title, i.priority, i.status, s.name AS tester, i.tester_id, ${iso('i.created_at')}, ${iso('i.taken_at')}, i.version`;
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

/** The item's runs, oldest first, each with its cases in the order they were added. */
export async function runsOf(db: Queryable, itemId: number): Promise<QaRun[]> {
  const [runs, cases] = await Promise.all([
    db.query<Omit<QaRun, 'cases'>>(
      `SELECT r.id, s.name AS tester, r.result, r.notes, ${iso('r.started_at')}, ${iso('r.finished_at')}
         FROM qa_runs r JOIN staff_users s ON s.id = r.tester_id WHERE r.qa_item_id = $1 ORDER BY r.id`,
      [itemId],
    ),
    db.query<QaRunCase & { run_id: number }>(
      `SELECT st.run_id, st.test_case_id AS case_id, st.title, c.product_area, c.steps, c.expected_result, st.result, st.note, u.name AS recorded_by, ${iso('st.recorded_at')}
         FROM qa_run_steps st JOIN qa_runs r ON r.id = st.run_id JOIN qa_test_cases c ON c.id = st.test_case_id LEFT JOIN staff_users u ON u.id = st.recorded_by
        WHERE r.qa_item_id = $1 ORDER BY st.run_id, st.added_at, st.test_case_id`,
      [itemId],
    ),
  ]);
  return runs.rows.map((r) => ({ ...r, cases: cases.rows.filter((c) => c.run_id === r.id).map(({ run_id: _run, ...c }) => c) }));
}

/** Starts a run of the item; the run gets the active test cases of the item's product area. */
export async function startRun(db: Queryable, itemId: number, testerId: number, now: Date): Promise<void> {
  await db.query(`UPDATE qa_items SET status = 'testing', tester_id = $2, taken_at = $3, version = version + 1 WHERE id = $1`, [itemId, testerId, now]);
  await db.query(
    `WITH run AS (INSERT INTO qa_runs (qa_item_id, tester_id, started_at) VALUES ($1, $2, $3) RETURNING id)
     INSERT INTO qa_run_steps (run_id, test_case_id, title, added_at)
     SELECT run.id, c.id, c.title, $3 FROM run, qa_items i JOIN qa_test_cases c ON c.product_area = i.product_area AND c.active
      WHERE i.id = $1`,
    [itemId, testerId, now],
  );
}

/** The run under way of an item (its latest run without a result), or null. */
export async function openRunOf(db: Queryable, itemId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>('SELECT max(id) AS id FROM qa_runs WHERE qa_item_id = $1 AND finished_at IS NULL', [itemId]);
  return rows[0]?.id ?? null;
}

export type RunStep = { test_case_id: number; title: string; result: QaCaseResult | null };
export async function stepsOf(db: Queryable, runId: number): Promise<RunStep[]> {
  return (await db.query<RunStep>('SELECT test_case_id, title, result FROM qa_run_steps WHERE run_id = $1 ORDER BY added_at, test_case_id', [runId])).rows;
}

export async function addStep(db: Queryable, runId: number, testCase: { id: number; title: string }, now: Date): Promise<void> {
  await db.query('INSERT INTO qa_run_steps (run_id, test_case_id, title, added_at) VALUES ($1, $2, $3, $4)', [runId, testCase.id, testCase.title, now]);
}

export async function removeStep(db: Queryable, runId: number, caseId: number): Promise<void> {
  await db.query('DELETE FROM qa_run_steps WHERE run_id = $1 AND test_case_id = $2', [runId, caseId]);
}

export async function recordStep(db: Queryable, runId: number, caseId: number, step: { result: QaCaseResult; note: string | null; by: number }, now: Date): Promise<void> {
  await db.query('UPDATE qa_run_steps SET result = $3, note = $4, recorded_by = $5, recorded_at = $6 WHERE run_id = $1 AND test_case_id = $2', [runId, caseId, step.result, step.note, step.by, now]);
}

/** A write to the item's run under way: the item's version moves on, so a page read before it is stale. */
export async function touchItem(db: Queryable, itemId: number): Promise<void> {
  await db.query('UPDATE qa_items SET version = version + 1 WHERE id = $1', [itemId]);
}

// --- Test cases ------------------------------------------------------------------------------------

const CASE_COLUMNS = `id, product_area, title, steps, expected_result, active, ${iso('updated_at')}, ${iso('retired_at')}, version`;

/** The test cases, of one area when given, active first then by area and title; with every area that has a case. */
export async function testCases(db: Queryable, q: { area?: string | undefined; retired?: boolean }): Promise<{ cases: QaTestCase[]; areas: string[] }> {
  const [cases, areas] = await Promise.all([
    db.query<QaTestCase>(
      `SELECT ${CASE_COLUMNS} FROM qa_test_cases WHERE ($1::text IS NULL OR product_area = $1) AND ($2 OR active) ORDER BY active DESC, product_area, title, id`,
      [q.area ?? null, q.retired ?? true],
    ),
    db.query<{ area: string }>('SELECT DISTINCT product_area AS area FROM qa_test_cases ORDER BY product_area'),
  ]);
  return { cases: cases.rows, areas: areas.rows.map((r) => r.area) };
}

export async function loadCase(db: Queryable, id: number, forUpdate = false): Promise<QaTestCase | null> {
  const { rows } = await db.query<QaTestCase>(`SELECT ${CASE_COLUMNS} FROM qa_test_cases WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function insertCase(db: Queryable, c: QaTestCaseInput, by: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO qa_test_cases (product_area, title, steps, expected_result, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [c.productArea, c.title, c.steps, c.expectedResult, by, now],
  );
  return rows[0]!.id;
}

export async function updateCase(db: Queryable, id: number, c: QaTestCaseInput, now: Date): Promise<void> {
  await db.query(`UPDATE qa_test_cases SET product_area = $2, title = $3, steps = $4, expected_result = $5, updated_at = $6, version = version + 1 WHERE id = $1`, [
    id, c.productArea, c.title, c.steps, c.expectedResult, now,
  ]);
}

export async function retireCase(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE qa_test_cases SET active = false, retired_at = $2, updated_at = $2, version = version + 1 WHERE id = $1', [id, now]);
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
  return (await db.query<Attachment>(`SELECT ${ATTACHMENT_COLUMNS} FROM qa_evidence WHERE qa_item_id = $1 ORDER BY id`, [itemId])).rows;
}

export async function evidenceFile(db: Queryable, itemId: number, fileId: number): Promise<ServedFile | null> {
  const { rows } = await db.query<ServedFile>(
    `SELECT original_name AS "name", mime_type AS "mimeType", storage_key AS "storageKey", thumbnail_key AS "thumbnailKey" FROM qa_evidence WHERE id = $1 AND qa_item_id = $2`,
    [fileId, itemId],
  );
  return rows[0] ?? null;
}

/** The keys among `keys` that evidence names (the upload sweep keeps them). */
export const referencedEvidenceKeys = (db: Queryable, keys: readonly string[]): Promise<Set<string>> => keysNamedIn(db, 'qa_evidence', keys);
