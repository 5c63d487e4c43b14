/**
 * The SQL of travel expenses: the dated rates, the receipts people upload (the files are the
 * upload store's), the claims' lines as duplicate detection reads them from the requests, and the
 * lines of approved claims (written once, in the approving transaction).
 */
import type { AdminExpenseRate } from '@contracts/forms-admin';
import { DUPLICATE_WINDOW_DAYS, type ExpenseRate, type Receipt, type StoredExpenseLine } from '@contracts/expenses';
import { ATTACHMENT_COLUMNS, keysNamedIn, type ServedFile, type StoredFile } from '@server/platform/uploads';
import type { Queryable } from '@server/platform/sql';

export async function expenseRates(db: Queryable): Promise<ExpenseRate[]> {
  const { rows } = await db.query<ExpenseRate>(
    `SELECT kind, code, to_char(valid_from, 'YYYY-MM-DD') AS "validFrom", rate_micros::int AS "rateMicros" FROM expense_rates ORDER BY kind, code, valid_from`,
  );
  return rows;
}

/** A company's name, or null when there is no such company. */
export async function companyName(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [id]);
  return rows[0]?.name ?? null;
}

/** Records uploaded receipts (already moved into place) as the uploader's, in the writing transaction. */
export async function insertReceipts(db: Queryable, uploaderId: number, files: readonly StoredFile[], now: Date): Promise<Receipt[]> {
  const out: Receipt[] = [];
  for (const f of files) {
    const { rows } = await db.query<Receipt>(
      `INSERT INTO expense_receipts (uploader_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ATTACHMENT_COLUMNS}`,
      [uploaderId, f.storageKey, f.thumbnailKey, f.name, f.mimeType, f.sizeBytes, f.sha256, now],
    );
    out.push(rows[0]!);
  }
  return out;
}

/** The receipts among `ids` that the person uploaded, with their hashes. */
export async function ownReceipts(db: Queryable, uploaderId: number, ids: readonly number[]): Promise<Map<number, Receipt>> {
  const { rows } = await db.query<Receipt>(`SELECT ${ATTACHMENT_COLUMNS} FROM expense_receipts WHERE uploader_id = $1 AND id = ANY($2::int[])`, [uploaderId, ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Receipts by id (any uploader), for a claim's PDF. */
export async function receiptsById(db: Queryable, ids: readonly number[]): Promise<Map<number, Receipt & { thumbnailKey: string | null }>> {
  const { rows } = await db.query<Receipt & { thumbnailKey: string | null }>(`SELECT ${ATTACHMENT_COLUMNS}, thumbnail_key AS "thumbnailKey" FROM expense_receipts WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function receiptFile(db: Queryable, id: number): Promise<(ServedFile & { uploaderId: number }) | null> {
  const { rows } = await db.query<ServedFile & { uploaderId: number }>(
    `SELECT original_name AS "name", mime_type AS "mimeType", storage_key AS "storageKey", thumbnail_key AS "thumbnailKey", uploader_id AS "uploaderId"
       FROM expense_receipts WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** The expense requests whose lines name a receipt. */
export async function requestsWithReceipt(db: Queryable, receiptId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM approval_requests WHERE form_type = 'expense' AND payload->'lines' @> jsonb_build_array(jsonb_build_object('receiptIds', jsonb_build_array($1::int)))`,
    [receiptId],
  );
  return rows.map((r) => r.id);
}

/** Claims that still count (not withdrawn, rejected or cancelled) created in the duplicate window, other than `exclude`. */
const LIVE_CLAIMS = `r.form_type = 'expense' AND r.state NOT IN ('withdrawn', 'rejected', 'cancelled') AND r.created_at > $1::timestamptz - make_interval(days => ${DUPLICATE_WINDOW_DAYS}) AND r.id <> $2`;

/** Other live claims (anyone's) with a receipt file of one of these hashes: hash → claim ids. */
export async function claimsWithReceiptHashes(db: Queryable, hashes: readonly string[], now: Date, exclude: number | null): Promise<Map<string, number[]>> {
  if (!hashes.length) return new Map();
  const { rows } = await db.query<{ sha256: string; id: number }>(
    `SELECT DISTINCT rc.sha256, r.id
       FROM approval_requests r
       CROSS JOIN LATERAL jsonb_array_elements(r.payload->'lines') l
       CROSS JOIN LATERAL jsonb_array_elements_text(l->'receiptIds') rid
       JOIN expense_receipts rc ON rc.id = rid::int
      WHERE ${LIVE_CLAIMS} AND rc.sha256 = ANY($3::text[])
      ORDER BY r.id`,
    [now, exclude ?? 0, hashes],
  );
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.sha256, [...(out.get(r.sha256) ?? []), r.id]);
  return out;
}

export type PastLine = { id: number; date: string; amountCents: number; currency: string; merchant: string };

/** The lines of the requester's other live claims, as the same-amount-day-merchant rule compares them. */
export async function requesterClaimLines(db: Queryable, requesterId: number, now: Date, exclude: number | null): Promise<PastLine[]> {
  const { rows } = await db.query<PastLine>(
    `SELECT r.id, l->>'date' AS date, (l->>'amountCents')::bigint::int AS "amountCents", l->>'currency' AS currency, l->>'merchant' AS merchant
       FROM approval_requests r CROSS JOIN LATERAL jsonb_array_elements(r.payload->'lines') l
      WHERE ${LIVE_CLAIMS} AND r.requester_id = $3 AND l->>'kind' <> 'mileage'`,
    [now, exclude ?? 0, requesterId],
  );
  return rows;
}

/** Writes the lines of an approved claim; false when they were written before (nothing written then). */
export async function insertApprovedLines(db: Queryable, requestId: number, companyId: number | null, lines: readonly StoredExpenseLine[]): Promise<boolean> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['expense-lines', requestId]);
  const { rows } = await db.query('SELECT 1 FROM expense_lines WHERE request_id = $1 LIMIT 1', [requestId]);
  if (rows.length) return false;
  for (const [i, l] of lines.entries()) {
    await db.query(
      `INSERT INTO expense_lines (request_id, position, kind, day, description, merchant, amount_cents, currency, distance_hundredths, rate_micros, rate_day, home_cents, billable, company_id, receipt_ids)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [requestId, i, l.kind, l.date, l.description, l.merchant, l.amountCents, l.currency, l.distanceHundredths, l.rateMicros, l.rateDay, l.homeCents, l.billable, l.billable ? companyId : null, l.receiptIds],
    );
  }
  return true;
}

export async function setLinesQuote(db: Queryable, requestId: number, positions: readonly number[], quoteId: number): Promise<void> {
  await db.query('UPDATE expense_lines SET quote_id = $3 WHERE request_id = $1 AND position = ANY($2::int[])', [requestId, positions, quoteId]);
}

export type ExportLine = {
  requestId: number;
  requester: string;
  purpose: string;
  destination: string;
  position: number;
  kind: string;
  day: string;
  merchant: string;
  description: string;
  amountCents: number;
  currency: string;
  distanceHundredths: number;
  rateMicros: number;
  rateDay: string;
  homeCents: number;
  billable: boolean;
  quoteNumber: string | null;
  receiptIds: number[];
};

/**
 * Lines of approved claims a person may see (their own, those they were asked to decide or stand
 * in for; everything for an admin), by claim and position; optionally within days of the trip's start.
 */
export async function approvedLines(db: Queryable, viewer: { userId: number; role: string }, filter: { from?: string | undefined; to?: string | undefined; requestId?: number }): Promise<ExportLine[]> {
  const { rows } = await db.query<ExportLine>(
    `SELECT e.request_id AS "requestId", s.name AS requester, r.payload->>'purpose' AS purpose, r.payload->>'destination' AS destination,
            e.position, e.kind, to_char(e.day, 'YYYY-MM-DD') AS day, e.merchant, e.description, e.amount_cents::int AS "amountCents", e.currency,
            e.distance_hundredths AS "distanceHundredths", e.rate_micros::int AS "rateMicros", to_char(e.rate_day, 'YYYY-MM-DD') AS "rateDay",
            e.home_cents::int AS "homeCents", e.billable, q.number AS "quoteNumber", e.receipt_ids AS "receiptIds"
       FROM expense_lines e
       JOIN approval_requests r ON r.id = e.request_id
       JOIN staff_users s ON s.id = r.requester_id
       LEFT JOIN quotes q ON q.id = e.quote_id
      WHERE ($2::boolean OR r.requester_id = $1 OR EXISTS (
              SELECT 1 FROM jsonb_array_elements(r.context->'steps') st CROSS JOIN LATERAL jsonb_array_elements(st->'approvers') a
               WHERE (a->>'id')::int = $1 OR (a->>'for')::int = $1))
        AND ($3::date IS NULL OR (r.payload->>'startDate')::date >= $3::date)
        AND ($4::date IS NULL OR (r.payload->>'startDate')::date <= $4::date)
        AND ($5::int IS NULL OR r.id = $5)
      ORDER BY e.request_id, e.position`,
    [viewer.userId, viewer.role === 'admin', filter.from ?? null, filter.to ?? null, filter.requestId ?? null],
  );
  return rows;
}

/** Which of the given storage keys a receipt names (the upload sweep keeps those). */
export const referencedReceiptKeys = (db: Queryable, keys: readonly string[]): Promise<Set<string>> => keysNamedIn(db, 'expense_receipts', keys);

// --- Rates as admins keep them (docs/adr/0230) ----------------------------------------------------

const ADMIN_RATE_COLUMNS = `r.id, r.kind, r.code, to_char(r.valid_from, 'YYYY-MM-DD') AS "validFrom", r.rate_micros::int AS "rateMicros"`;

/** The claims (any state) with a line priced by this rate: the rate's kind and code, and its day as the line's rate day. */
const USED_BY = `SELECT DISTINCT q.id FROM approval_requests q CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(q.payload->'lines') = 'array' THEN q.payload->'lines' ELSE '[]'::jsonb END) l
  WHERE q.form_type = 'expense' AND l->>'rateDay' = to_char(r.valid_from, 'YYYY-MM-DD')
    AND CASE WHEN r.kind = 'mileage' THEN l->>'kind' = 'mileage' ELSE l->>'kind' <> 'mileage' AND l->>'currency' = r.code END`;

/** Every rate with its id and how many claims priced a line with it, by kind, code and day. */
export async function adminExpenseRates(db: Queryable): Promise<AdminExpenseRate[]> {
  const { rows } = await db.query<AdminExpenseRate>(`SELECT ${ADMIN_RATE_COLUMNS}, (SELECT count(*)::int FROM (${USED_BY}) u) AS "usedBy" FROM expense_rates r ORDER BY r.kind, r.code, r.valid_from DESC`);
  return rows;
}

/** A rate by id, locked for a change; with the claims that priced a line with it (oldest first). */
export async function expenseRateForChange(db: Queryable, id: number): Promise<(AdminExpenseRate & { claims: number[] }) | undefined> {
  const { rows } = await db.query<AdminExpenseRate & { claims: number[] }>(
    `SELECT ${ADMIN_RATE_COLUMNS}, ARRAY(SELECT u.id FROM (${USED_BY}) u ORDER BY u.id) AS claims FROM expense_rates r WHERE r.id = $1 FOR UPDATE`,
    [id],
  );
  const rate = rows[0];
  return rate && { ...rate, usedBy: rate.claims.length };
}

/** Adds a rate; its id, or null when one of the same kind, code and day exists. */
export async function insertExpenseRate(db: Queryable, r: { kind: string; code: string; validFrom: string; rateMicros: number }): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO expense_rates (kind, code, valid_from, rate_micros) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, code, valid_from) DO NOTHING RETURNING id',
    [r.kind, r.code, r.validFrom, r.rateMicros],
  );
  return rows[0]?.id ?? null;
}

export async function setExpenseRate(db: Queryable, id: number, rateMicros: number): Promise<void> {
  await db.query('UPDATE expense_rates SET rate_micros = $2 WHERE id = $1', [id, rateMicros]);
}
