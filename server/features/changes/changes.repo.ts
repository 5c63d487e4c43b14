/** The SQL of software change requests: the requests, their append-only history and their comments. */
import type { z } from 'zod';
import {
  TEMPLATE_LIMITS,
  type CalendarItem,
  type ChangeFeed,
  type ChangePage,
  type ChangeRow,
  type ChangeTemplate,
  type ChangeView,
  type ClientTimeline,
  type CommentItem,
  type HistoryItem,
  type ScrStatus,
  type StoredRisk,
  type changeListQuerySchema,
  type templateInputSchema,
} from '@contracts/changes';
import type { Attachment } from '@contracts/common/attachments';
import { containing, iso, listPage, type Queryable } from '@server/platform/sql';
import { ATTACHMENT_COLUMNS, keysNamedIn, type ServedFile, type StoredFile } from '@server/platform/uploads';

export type ScrLock = {
  id: number;
  company_id: number;
  title: string;
  description: string;
  priority: string;
  status: ScrStatus;
  owner_id: number | null;
  estimate_hours: number | null;
  billable: boolean;
  approval_request_id: number | null;
  approval_state: string | null;
  quote_id: number | null;
  quote_status: string | null;
  project_id: number | null;
  account_manager_id: number | null;
  risk_score: number | null;
  risk_inputs: StoredRisk | null;
  target_date: string | null;
  template_id: number | null;
  needs_review: boolean;
  version: number;
};

/** The SCR locked for a move, with the state of its approval request and quote (read, not written). */
export async function lockScr(db: Queryable, id: number): Promise<ScrLock | null> {
  const { rows } = await db.query<ScrLock>(
    `SELECT s.id, s.company_id, s.title, s.description, s.priority, s.status, s.owner_id, s.estimate_hours::float8 AS estimate_hours, s.billable,
            s.approval_request_id, a.state AS approval_state, s.quote_id, q.status AS quote_status, s.project_id,
            c.account_manager_id, s.risk_score, s.risk_inputs, to_char(s.target_date, 'YYYY-MM-DD') AS target_date, s.template_id, s.needs_review, s.version
       FROM software_change_requests s
       JOIN companies c ON c.id = s.company_id
       LEFT JOIN approval_requests a ON a.id = s.approval_request_id
       LEFT JOIN quotes q ON q.id = s.quote_id
      WHERE s.id = $1
      FOR UPDATE OF s`,
    [id],
  );
  return rows[0] ?? null;
}

/** What an SCR raised from a standard change template takes from it. */
export type FromTemplate = { templateId: number; implementationPlan: string; rollbackPlan: string; estimateHours: number; riskInputs: StoredRisk; riskScore: number };

export async function insertScr(
  db: Queryable,
  input: { companyId: number; clientId: number | null; staffId: number | null; title: string; description: string; businessReason: string | null; priority: string; template?: FromTemplate | undefined },
): Promise<number> {
  const t = input.template;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO software_change_requests (company_id, requested_by_client, requested_by_staff, title, description, business_reason, priority,
                                           template_id, implementation_plan, rollback_plan, estimate_hours, risk_inputs, risk_score)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [
      input.companyId,
      input.clientId,
      input.staffId,
      input.title,
      input.description,
      input.businessReason,
      input.priority,
      t?.templateId ?? null,
      t?.implementationPlan ?? null,
      t?.rollbackPlan ?? null,
      t?.estimateHours ?? null,
      t ? JSON.stringify(t.riskInputs) : null,
      t?.riskScore ?? null,
    ],
  );
  return rows[0]!.id;
}

// --- Standard change templates ---------------------------------------------------------------------

const TEMPLATE_COLUMNS = `id, name, product_area, title, description, implementation_plan, rollback_plan, risk_inputs, estimate_hours::float8 AS estimate_hours,
  pre_approved, ${iso('retired_at')}, version, ${iso('updated_at')}`;

/** Every template, live ones first, by name. */
export async function listTemplates(db: Queryable): Promise<ChangeTemplate[]> {
  const { rows } = await db.query<ChangeTemplate>(
    `SELECT ${TEMPLATE_COLUMNS} FROM change_templates ORDER BY retired_at IS NOT NULL, lower(name), id LIMIT ${TEMPLATE_LIMITS.listMax}`,
  );
  return rows;
}

export async function templateById(db: Queryable, id: number, lock = false): Promise<ChangeTemplate | null> {
  const { rows } = await db.query<ChangeTemplate>(`SELECT ${TEMPLATE_COLUMNS} FROM change_templates WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Serialises the writes of templates (a live name is checked, then written). */
export async function lockTemplates(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['change_templates']);
}

/** Whether another live template has this name (case aside). */
export async function liveNameTaken(db: Queryable, name: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM change_templates WHERE lower(name) = lower($1) AND retired_at IS NULL AND ($2::int IS NULL OR id <> $2)', [name, exceptId]);
  return rows.length > 0;
}

export type TemplateFields = z.output<typeof templateInputSchema>;
const templateValues = (t: TemplateFields) => [t.name, t.productArea || null, t.title, t.description, t.implementationPlan, t.rollbackPlan, JSON.stringify(t.risk), t.estimateHours, t.preApproved];

export async function insertTemplate(db: Queryable, t: TemplateFields, staffId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO change_templates (name, product_area, title, description, implementation_plan, rollback_plan, risk_inputs, estimate_hours, pre_approved, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
    [...templateValues(t), staffId, now],
  );
  return rows[0]!.id;
}

export async function updateTemplate(db: Queryable, id: number, t: TemplateFields, now: Date): Promise<void> {
  await db.query(
    `UPDATE change_templates SET name = $2, product_area = $3, title = $4, description = $5, implementation_plan = $6, rollback_plan = $7, risk_inputs = $8,
            estimate_hours = $9, pre_approved = $10, updated_at = $11, version = version + 1 WHERE id = $1`,
    [id, ...templateValues(t), now],
  );
}

export async function retireTemplate(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE change_templates SET retired_at = $2, updated_at = $2, version = version + 1 WHERE id = $1', [id, now]);
}

export type ScrUpdate = Partial<{
  status: ScrStatus;
  owner_id: number;
  target_date: string;
  estimate_hours: number;
  implementation_plan: string;
  rollback_plan: string;
  release_note: string;
  rejection_reason: string;
  risk_score: number;
  risk_inputs: StoredRisk;
  billable: boolean;
  emergency: boolean;
  emergency_justification: string;
  needs_review: boolean;
  approval_request_id: number;
  quote_id: number;
  project_id: number;
}>;

/** Writes the changed columns and moves the version on. */
export async function updateScr(db: Queryable, id: number, change: ScrUpdate, now: Date): Promise<void> {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined);
  const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
  const values = entries.map(([k, v]) => (k === 'risk_inputs' ? JSON.stringify(v) : v));
  await db.query(`UPDATE software_change_requests SET ${[...sets, 'updated_at = $2', 'version = version + 1'].join(', ')} WHERE id = $1`, [id, now, ...values]);
}

export async function addHistory(
  db: Queryable,
  row: { scrId: number; from: ScrStatus | null; to: ScrStatus; action: string; staffId?: number | null; clientId?: number | null; note?: string | null; at: Date },
): Promise<void> {
  await db.query(`INSERT INTO scr_history (scr_id, from_status, to_status, action, staff_id, client_id, note, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    row.scrId,
    row.from,
    row.to,
    row.action,
    row.staffId ?? null,
    row.clientId ?? null,
    row.note ?? null,
    row.at,
  ]);
}

export async function insertComment(db: Queryable, c: { scrId: number; staffId?: number; clientId?: number; body: string; clientVisible: boolean; at: Date }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO scr_comments (scr_id, staff_id, client_id, body, client_visible, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [c.scrId, c.staffId ?? null, c.clientId ?? null, c.body, c.clientVisible, c.at],
  );
  return rows[0]!.id;
}

/** Who asked for the change, to tell them of each stage: the client user or the staff member. */
export async function requesterOf(db: Queryable, id: number): Promise<{ name: string; email: string } | null> {
  const { rows } = await db.query<{ name: string; email: string }>(
    `SELECT COALESCE(cu.name, su.name) AS name, COALESCE(cu.email, su.email) AS email
       FROM software_change_requests s
       LEFT JOIN client_users cu ON cu.id = s.requested_by_client
       LEFT JOIN staff_users su ON su.id = s.requested_by_staff
      WHERE s.id = $1 AND COALESCE(cu.email, su.email) IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}

export async function companyExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM companies WHERE id = $1', [id])).rows.length > 0;
}

export async function activeStaffExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM staff_users WHERE id = $1 AND active`, [id])).rows.length > 0;
}

const ROW_COLUMNS = `s.id, s.company_id, c.name AS company, s.title, s.priority, s.status, s.risk_score, o.name AS owner,
  to_char(s.target_date, 'YYYY-MM-DD') AS target_date, s.emergency, s.needs_review, ${iso('s.created_at')}, ${iso('s.updated_at')}`;
const ROW_FROM = `software_change_requests s JOIN companies c ON c.id = s.company_id LEFT JOIN staff_users o ON o.id = s.owner_id`;
const SORT_SQL: Record<string, string> = {
  id: 's.id',
  company: 'c.name',
  title: 's.title',
  priority: `array_position(ARRAY['low','medium','high','critical']::text[], s.priority::text)`,
  status: `array_position(ARRAY['submitted','under_review','approved','in_development','in_qa','released','rejected']::text[], s.status::text)`,
  risk: 's.risk_score',
  owner: 'o.name',
  target_date: 's.target_date',
  age: 's.created_at',
};

export async function listChanges(db: Queryable, q: z.output<typeof changeListQuerySchema>): Promise<ChangePage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.status) add((p) => `s.status = ${p}`, q.status);
  if (q.priority) add((p) => `s.priority = ${p}`, q.priority);
  if (q.companyId) add((p) => `s.company_id = ${p}`, q.companyId);
  if (q.ownerId) add((p) => `s.owner_id = ${p}`, q.ownerId);
  if (q.q) add((p) => `(s.title ILIKE ${p} OR c.name ILIKE ${p})`, containing(q.q));
  if (q.needsReview !== undefined) add((p) => `s.needs_review = ${p}`, q.needsReview);
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Age sorts oldest first when descending (the oldest request has the greatest age).
  const dir = q.sort === 'age' ? (q.dir === 'desc' ? 'ASC' : 'DESC') : q.dir.toUpperCase();
  return listPage<ChangeRow>(
    db,
    {
      select: `SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} ${filter} ORDER BY ${SORT_SQL[q.sort]} ${dir} NULLS LAST, s.id`,
      count: `SELECT count(*) AS n FROM ${ROW_FROM} ${filter}`,
      params,
    },
    q,
  );
}

type ViewRow = Omit<ChangeView, 'next' | 'history' | 'comments' | 'attachments'>;

export async function loadChange(db: Queryable, id: number): Promise<{ row: ViewRow; history: HistoryItem[]; comments: CommentItem[]; attachments: Attachment[] } | null> {
  const { rows } = await db.query<ViewRow>(
    `SELECT ${ROW_COLUMNS}, s.description, s.business_reason, s.owner_id, COALESCE(cu.name, su.name) AS requested_by,
            s.estimate_hours::float8 AS estimate_hours, s.implementation_plan, s.rollback_plan, s.release_note, s.rejection_reason,
            s.risk_inputs, s.billable, s.emergency_justification, s.approval_request_id, a.state AS approval_state,
            s.quote_id, qt.status AS quote_status, qt.number AS quote_number, NULLIF(qt.title, '') AS quote_title, s.project_id, p.name AS project_name,
            s.ticket_id, t.title AS ticket_subject, qa.id AS qa_item_id, qa.status AS qa_status,
            s.template_id, tp.name AS template_name, COALESCE(tp.pre_approved AND tp.retired_at IS NULL, false) AS template_pre_approved, s.version
       FROM ${ROW_FROM}
       LEFT JOIN change_templates tp ON tp.id = s.template_id
       LEFT JOIN client_users cu ON cu.id = s.requested_by_client
       LEFT JOIN staff_users su ON su.id = s.requested_by_staff
       LEFT JOIN approval_requests a ON a.id = s.approval_request_id
       LEFT JOIN quotes qt ON qt.id = s.quote_id
       LEFT JOIN projects p ON p.id = s.project_id
       LEFT JOIN tickets t ON t.id = s.ticket_id
       LEFT JOIN LATERAL (SELECT id, status FROM qa_items WHERE scr_id = s.id ORDER BY id DESC LIMIT 1) qa ON true
      WHERE s.id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  const { rows: history } = await db.query<HistoryItem>(
    `SELECT h.id, h.from_status, h.to_status, h.action, COALESCE(su.name, cu.name) AS by, h.note, ${iso('h.at')}
       FROM scr_history h LEFT JOIN staff_users su ON su.id = h.staff_id LEFT JOIN client_users cu ON cu.id = h.client_id
      WHERE h.scr_id = $1 ORDER BY h.id`,
    [id],
  );
  return { row: rows[0], history, comments: await commentsOf(db, id, false), attachments: await attachmentsOf(db, id) };
}

async function commentsOf(db: Queryable, id: number, clientOnly: boolean): Promise<CommentItem[]> {
  const { rows } = await db.query<CommentItem>(
    `SELECT m.id, COALESCE(su.name, cu.name, 'Someone') AS author, m.body, m.client_visible, ${iso('m.created_at')}
       FROM scr_comments m LEFT JOIN staff_users su ON su.id = m.staff_id LEFT JOIN client_users cu ON cu.id = m.client_id
      WHERE m.scr_id = $1 ${clientOnly ? 'AND m.client_visible' : ''} ORDER BY m.id`,
    [id],
  );
  return rows;
}

/** A client's view of its company's SCR: the stages it entered and the comments meant for the client. */
export async function clientTimeline(db: Queryable, id: number, companyId: number): Promise<ClientTimeline | null> {
  const { rows } = await db.query<{ id: number; status: ScrStatus; rejection_reason: string | null; release_note: string | null }>(
    'SELECT id, status, rejection_reason, release_note FROM software_change_requests WHERE id = $1 AND company_id = $2',
    [id, companyId],
  );
  if (!rows[0]) return null;
  const { rows: stages } = await db.query<ClientTimeline['stages'][number]>(
    `SELECT to_status AS status, ${iso('at')}, CASE WHEN to_status IN ('rejected', 'released') THEN note END AS note
       FROM scr_history WHERE scr_id = $1 AND (from_status IS NULL OR from_status <> to_status) ORDER BY id`,
    [id],
  );
  const comments = (await commentsOf(db, id, true)).map(({ client_visible: _, ...c }) => c);
  return { ...rows[0], stages, comments, attachments: await attachmentsOf(db, id) };
}

export async function scrOfCompany(db: Queryable, id: number, companyId: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM software_change_requests WHERE id = $1 AND company_id = $2', [id, companyId])).rows.length > 0;
}

// --- Files -----------------------------------------------------------------------------------------

export async function insertAttachments(db: Queryable, scrId: number, staffId: number, files: readonly StoredFile[], now: Date): Promise<void> {
  for (const f of files) {
    await db.query(
      `INSERT INTO scr_attachments (scr_id, staff_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [scrId, staffId, f.storageKey, f.thumbnailKey, f.name, f.mimeType, f.sizeBytes, f.sha256, now],
    );
  }
}

export async function attachmentsOf(db: Queryable, scrId: number): Promise<Attachment[]> {
  return (await db.query<Attachment>(`SELECT ${ATTACHMENT_COLUMNS} FROM scr_attachments WHERE scr_id = $1 ORDER BY id`, [scrId])).rows;
}

/** One file of an SCR; with `companyId`, only when the SCR is that company's (a client's download). */
export async function attachmentFile(db: Queryable, scrId: number, attachmentId: number, companyId?: number): Promise<ServedFile | null> {
  const { rows } = await db.query<ServedFile>(
    `SELECT a.original_name AS "name", a.mime_type AS "mimeType", a.storage_key AS "storageKey", a.thumbnail_key AS "thumbnailKey"
       FROM scr_attachments a JOIN software_change_requests s ON s.id = a.scr_id
      WHERE a.id = $1 AND a.scr_id = $2 AND ($3::int IS NULL OR s.company_id = $3)`,
    [attachmentId, scrId, companyId ?? null],
  );
  return rows[0] ?? null;
}

/** The keys among `keys` an SCR's files name (the upload sweep keeps them). */
export const referencedKeys = (db: Queryable, keys: readonly string[]): Promise<Set<string>> => keysNamedIn(db, 'scr_attachments', keys);

// --- The change calendar and its feeds --------------------------------------------------------------

/** SCRs with a target date between two days (inclusive), rejected ones left out, by date then number. */
export async function plannedBetween(db: Queryable, from: string, to: string | null): Promise<CalendarItem[]> {
  const { rows } = await db.query<CalendarItem>(
    `SELECT s.id, s.title, c.name AS company, s.status, s.priority, s.emergency, to_char(s.target_date, 'YYYY-MM-DD') AS target_date
       FROM software_change_requests s JOIN companies c ON c.id = s.company_id
      WHERE s.target_date >= $1::date AND ($2::date IS NULL OR s.target_date <= $2::date) AND s.status <> 'rejected'
      ORDER BY s.target_date, s.id`,
    [from, to],
  );
  return rows;
}

export async function feedsOf(db: Queryable, ownerId: number): Promise<ChangeFeed[]> {
  const { rows } = await db.query<ChangeFeed>(`SELECT id, ${iso('created_at', '"createdAt"')} FROM change_feeds WHERE owner_id = $1 AND revoked_at IS NULL ORDER BY id`, [ownerId]);
  return rows;
}

export async function insertFeed(db: Queryable, ownerId: number, tokenHash: Buffer, now: Date): Promise<ChangeFeed> {
  const { rows } = await db.query<ChangeFeed>(`INSERT INTO change_feeds (owner_id, token_hash, created_at) VALUES ($1, $2, $3) RETURNING id, ${iso('created_at', '"createdAt"')}`, [ownerId, tokenHash, now]);
  return rows[0]!;
}

/** Revokes one of the owner's live feeds; false when there is none by that id (another person's included). */
export async function revokeFeed(db: Queryable, ownerId: number, id: number, now: Date): Promise<boolean> {
  return Boolean((await db.query('UPDATE change_feeds SET revoked_at = $3 WHERE id = $1 AND owner_id = $2 AND revoked_at IS NULL', [id, ownerId, now])).rowCount);
}

/** Whether a token's hash names a live feed of a person still active. */
export async function liveFeed(db: Queryable, tokenHash: Buffer): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM change_feeds f JOIN staff_users u ON u.id = f.owner_id WHERE f.token_hash = $1 AND f.revoked_at IS NULL AND u.active', [tokenHash]);
  return rows.length > 0;
}
