/**
 * Quotes: drafts, revisions, sending, decisions and expiry; the SQL, with typed rows.
 *
 * One lock order for every writer of a quote: the quote's row first (`lockQuote`, or the link
 * lookup `FOR UPDATE OF q`), then what hangs off it (its lines, link keys, decision, and the
 * prospect company it created). Writers of the same quote therefore queue on one row and never
 * deadlock, and each one checks the status it found under the lock: a second send or decision
 * answers 409, never a duplicate.
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { ERROR_CODES } from '@contracts/common/errors';
import {
  QUOTE_STATUSES,
  acceptedContent,
  displayNumber,
  netOf,
  revisionChanges,
  totalsOf,
  type Paged,
  type PublicQuote,
  type Quote,
  type QuoteDecision,
  type QuoteDraft,
  type QuoteLine,
  type QuotePipeline,
  type QuoteRow,
  type QuoteView,
  type quoteSearchSchema,
} from '@contracts/quotes';
import { audit, type AuditActor } from '@server/platform/audit';
import { hashToken, newToken } from '@server/platform/auth/tokens';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import { containing, iso, offsetOf, type Queryable } from '@server/platform/sql';

const conflict = (message: string, fields?: Record<string, string>) => new ApiError(409, ERROR_CODES.conflict, message, fields);
const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** What a send says when the quote was saved again after the version the sender looked at. */
const STALE_SEND = 'This quote changed after you opened it: review the saved version, then send it';

type LockedQuote = { status: Quote['status']; superseded: boolean; version: number; rootId: number; companyId: number | null; companyCreated: boolean; validUntil: string; pastValidity: boolean };
/** Locks the quote's row for the rest of the transaction: the first lock every writer of a quote takes. */
async function lockQuote(db: Queryable, id: number): Promise<LockedQuote> {
  const { rows } = await db.query<LockedQuote>(
    `SELECT status, superseded, version, COALESCE(root_id, id) AS "rootId", company_id AS "companyId", company_created AS "companyCreated",
            to_char(valid_until, 'YYYY-MM-DD') AS "validUntil", valid_until < current_date AS "pastValidity"
       FROM quotes WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!rows[0]) throw notFound('No such quote');
  return rows[0];
}

const QUOTE_COLUMNS = `q.id, q.number AS "baseNumber", q.revision, COALESCE(q.root_id, q.id) AS "rootId", q.company_id AS "companyId",
  COALESCE(c.name, q.client_name) AS "companyName", q.company_created AS "companyCreated", q.client_name AS "clientName",
  q.contact_name AS "contactName", q.contact_email AS "contactEmail", q.type, q.status, q.superseded, q.title,
  to_char(q.valid_until, 'YYYY-MM-DD') AS "validUntil", q.notes, q.terms, q.tax_rate_bp AS "taxRateBp",
  q.subtotal_cents::float8 AS "subtotalCents", q.tax_cents::float8 AS "taxCents", q.total_cents::float8 AS "totalCents",
  q.owner_id AS "ownerId", s.name AS "ownerName", q.version, ${iso('q.created_at', '"createdAt"')}, ${iso('q.updated_at', '"updatedAt"')},
  ${iso('q.sent_at', '"sentAt"')}, ${iso('q.decided_at', '"decidedAt"')}`;
const QUOTE_FROM = 'quotes q LEFT JOIN companies c ON c.id = q.company_id JOIN staff_users s ON s.id = q.owner_id';

type QuoteDbRow = Omit<Quote, 'number' | 'taxRatePercent'> & { taxRateBp: number };
const toQuote = (r: QuoteDbRow): Quote => {
  const { taxRateBp, ...rest } = r;
  return { ...rest, number: displayNumber(r.baseNumber, r.revision), taxRatePercent: taxRateBp / 100 };
};

type LineDbRow = Omit<QuoteLine, 'netCents' | 'discountPercent' | 'quantity'> & { discountBp: number; quantity: string };
const LINE_COLUMNS = `id, position, kind, catalog_item_id AS "catalogItemId", sku, description, quantity::text AS quantity,
  unit_price_cents::float8 AS "unitPriceCents", discount_bp AS "discountBp", taxable, optional, chosen`;
const toLine = (r: LineDbRow): QuoteLine => {
  const { discountBp, quantity, ...rest } = r;
  const line = { ...rest, quantity: Number(quantity), discountPercent: discountBp / 100 };
  return { ...line, netCents: netOf(line) };
};

async function loadQuote(db: Queryable, id: number): Promise<Quote | null> {
  const { rows } = await db.query<QuoteDbRow>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1`, [id]);
  return rows[0] ? toQuote(rows[0]) : null;
}
export async function loadLines(db: Queryable, id: number): Promise<QuoteLine[]> {
  const { rows } = await db.query<LineDbRow>(`SELECT ${LINE_COLUMNS} FROM quote_lines WHERE quote_id = $1 ORDER BY position`, [id]);
  return rows.map(toLine);
}
async function loadDecision(db: Queryable, id: number): Promise<QuoteDecision | null> {
  const { rows } = await db.query<QuoteDecision>(
    `SELECT decision, name, reason, address, content_hash AS "contentHash", chosen_lines AS "chosenLines", total_cents::float8 AS "totalCents",
            ${iso('decided_at', '"decidedAt"')} FROM quote_decisions WHERE quote_id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export const isReadOnly = (q: Pick<Quote, 'status' | 'superseded'>) => q.status !== 'draft' || q.superseded;

export async function loadQuoteView(db: Queryable, id: number): Promise<QuoteView | null> {
  const quote = await loadQuote(db, id);
  if (!quote) return null;
  const [lines, decision, revisions] = await Promise.all([
    loadLines(db, id),
    loadDecision(db, id),
    db.query<{ id: number; number: string; revision: number; status: Quote['status'] }>(
      'SELECT id, number, revision, status FROM quotes WHERE COALESCE(root_id, id) = $1 ORDER BY revision',
      [quote.rootId],
    ),
  ]);
  let changes: string[] = [];
  const previous = revisions.rows.find((r) => r.revision === quote.revision - 1);
  if (previous) {
    const before = (await loadQuote(db, previous.id))!;
    changes = revisionChanges({ ...before, lines: await loadLines(db, previous.id) }, { ...quote, lines });
  }
  return {
    quote,
    lines,
    totals: totalsOf(lines, quote.taxRatePercent),
    decision,
    revisions: revisions.rows.map((r) => ({ id: r.id, revision: r.revision, status: r.status, number: displayNumber(r.number, r.revision) })),
    changes,
    readOnly: isReadOnly(quote),
  };
}

// ---------------------------------------------------------------- list and pipeline

const SORT_SQL: Record<string, string> = {
  number: 'q.number DESC, q.revision',
  company: 'lower(COALESCE(c.name, q.client_name))',
  type: 'q.type',
  status: 'q.status',
  total_cents: 'q.total_cents',
  valid_until: 'q.valid_until',
  owner: 'lower(s.name)',
  updated_at: 'q.updated_at',
};

export async function searchQuotes(db: Queryable, s: z.output<typeof quoteSearchSchema>): Promise<Paged<QuoteRow>> {
  const values: unknown[] = [];
  const conds = ['NOT q.superseded'];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    conds.push(sql(values.length));
  };
  if (s.q) add((n) => `(q.number ILIKE $${n} OR q.title ILIKE $${n} OR COALESCE(c.name, q.client_name) ILIKE $${n})`, containing(s.q));
  if (s.status) add((n) => `q.status = $${n}`, s.status);
  if (s.type) add((n) => `q.type = $${n}`, s.type);
  if (s.company) add((n) => `q.company_id = $${n}`, s.company);
  if (s.companyName) add((n) => `COALESCE(c.name, q.client_name) ILIKE $${n}`, containing(s.companyName));
  const where = `WHERE ${conds.join(' AND ')}`;
  const sort = s.sort?.length ? s.sort : [{ field: 'updated_at' as const, dir: 'desc' as const }];
  // "number" sorts by its base number then revision; the direction applies to the base.
  const order = [...sort.map((o) => (o.field === 'number' ? `q.number ${o.dir.toUpperCase()}, q.revision` : `${SORT_SQL[o.field]} ${o.dir.toUpperCase()}`)), 'q.id DESC'].join(', ');
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${QUOTE_FROM} ${where}`, values),
    db.query<QuoteRow & { revision: number }>(
      `SELECT q.id, q.number, q.revision, COALESCE(c.name, q.client_name) AS company, q.company_id, q.type, q.status, q.total_cents::float8 AS total_cents,
              to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, s.name AS owner, ${iso('q.updated_at')}
         FROM ${QUOTE_FROM} ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, s.size, offsetOf(s.page, s.size)],
    ),
  ]);
  return {
    rows: rows.rows.map(({ revision, ...r }) => ({ ...r, number: displayNumber(r.number, revision) })),
    page: s.page,
    size: s.size,
    total: count.rows[0]!.n,
    totalExact: true,
  };
}

/** Quotes by status (the latest revision of each), with their value: what sales reads as its pipeline. */
export async function quotePipeline(db: Queryable, filter: { ownerId?: number; companyId?: number } = {}): Promise<QuotePipeline> {
  const { rows } = await db.query<{ status: Quote['status']; count: number; total: number }>(
    `SELECT status, count(*)::int AS count, COALESCE(sum(total_cents), 0)::float8 AS total FROM quotes
      WHERE NOT superseded AND ($1::int IS NULL OR owner_id = $1) AND ($2::int IS NULL OR company_id = $2) GROUP BY status`,
    [filter.ownerId ?? null, filter.companyId ?? null],
  );
  const byStatus = QUOTE_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, count: r?.count ?? 0, totalCents: r?.total ?? 0 };
  });
  return { byStatus, openCents: byStatus.filter((b) => b.status === 'draft' || b.status === 'sent').reduce((a, b) => a + b.totalCents, 0) };
}

// ---------------------------------------------------------------- drafts

async function writeLines(db: Queryable, id: number, draft: QuoteDraft): Promise<void> {
  await db.query('DELETE FROM quote_lines WHERE quote_id = $1', [id]);
  if (!draft.lines.length) return;
  const ids = [...new Set(draft.lines.map((l) => l.catalogItemId).filter((x): x is number => x !== null))];
  if (ids.length) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM catalog_items WHERE id = ANY($1::int[])', [ids]);
    const found = new Set(rows.map((r) => r.id));
    const missing = draft.lines.findIndex((l) => l.catalogItemId !== null && !found.has(l.catalogItemId));
    if (missing >= 0) throw invalidField(`lines.${missing}.catalogItemId`, 'No such catalog item');
  }
  const cols = ['kind', 'catalog_item_id', 'sku', 'description', 'quantity', 'unit_price_cents', 'discount_bp', 'taxable', 'optional', 'chosen'];
  await db.query(
    `INSERT INTO quote_lines (quote_id, position, ${cols.join(', ')})
     SELECT $1, ord::int, x.kind, x.catalog_item_id, x.sku, x.description, x.quantity, x.unit_price_cents, x.discount_bp, x.taxable, x.optional, x.chosen
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::bigint[], $8::int[], $9::bool[], $10::bool[], $11::bool[])
            WITH ORDINALITY AS x(kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen, ord)`,
    [
      id,
      draft.lines.map((l) => l.kind),
      draft.lines.map((l) => l.catalogItemId),
      draft.lines.map((l) => l.sku),
      draft.lines.map((l) => l.description),
      draft.lines.map((l) => (l.kind === 'heading' ? 0 : l.quantity)),
      draft.lines.map((l) => (l.kind === 'heading' ? 0 : l.unitPriceCents)),
      draft.lines.map((l) => (l.kind === 'heading' ? 0 : Math.round(l.discountPercent * 100))),
      draft.lines.map((l) => l.taxable),
      draft.lines.map((l) => l.optional),
      draft.lines.map((l) => l.optional && l.chosen),
    ],
  );
}

/**
 * A new client captured on the quote becomes a prospect company (with its contact) on the first
 * save that names it; later saves keep that prospect's name and contact in step with the quote.
 */
async function applyClient(db: Queryable, id: number, draft: QuoteDraft, current: { companyId: number | null; companyCreated: boolean }, actor: AuditActor) {
  if (draft.companyId !== null) {
    const { rows } = await db.query('SELECT 1 FROM companies WHERE id = $1', [draft.companyId]);
    if (!rows.length) throw invalidField('companyId', 'No such company');
    return { companyId: draft.companyId, created: draft.companyId === current.companyId && current.companyCreated };
  }
  if (!draft.clientName) return { companyId: current.companyCreated ? current.companyId : null, created: current.companyCreated };
  if (current.companyCreated && current.companyId) {
    // Only while the company is still a prospect: once it became a customer its name and contacts
    // are its own, and the quote keeps its contact on the quote.
    const { rowCount: prospect } = await db.query(`UPDATE companies SET name = $2 WHERE id = $1 AND status = 'prospect'`, [current.companyId, draft.clientName]);
    if (prospect && draft.contactName) {
      const { rowCount } = await db.query('UPDATE contacts SET name = $2, email = NULLIF($3, \'\') WHERE id = (SELECT min(id) FROM contacts WHERE company_id = $1)', [
        current.companyId,
        draft.contactName,
        draft.contactEmail,
      ]);
      if (!rowCount) await db.query(`INSERT INTO contacts (company_id, name, email) VALUES ($1, $2, NULLIF($3, ''))`, [current.companyId, draft.contactName, draft.contactEmail]);
    }
    return { companyId: current.companyId, created: true };
  }
  const { rows } = await db.query<{ id: number }>(`INSERT INTO companies (name, account_number, status) VALUES ($1, $2, 'prospect') RETURNING id`, [
    draft.clientName,
    `PROSPECT-Q${id}`,
  ]);
  const companyId = rows[0]!.id;
  if (draft.contactName) await db.query(`INSERT INTO contacts (company_id, name, email) VALUES ($1, $2, NULLIF($3, ''))`, [companyId, draft.contactName, draft.contactEmail]);
  await audit(db, { actor, entity: 'company', entityId: companyId, action: 'create', detail: { status: 'prospect', fromQuote: id } });
  return { companyId, created: true };
}

async function writeDraft(db: Queryable, id: number, draft: QuoteDraft, current: { companyId: number | null; companyCreated: boolean }, actor: AuditActor): Promise<number> {
  const client = await applyClient(db, id, draft, current, actor);
  await writeLines(db, id, draft);
  const totals = totalsOf(draft.lines, draft.taxRatePercent);
  const { rows } = await db.query<{ version: number }>(
    `UPDATE quotes SET company_id = $2, company_created = $3, client_name = $4, contact_name = $5, contact_email = $6, type = $7, title = $8,
            valid_until = $9, notes = $10, terms = $11, tax_rate_bp = $12, subtotal_cents = $13, tax_cents = $14, total_cents = $15,
            version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING version`,
    [
      id,
      client.companyId,
      client.created,
      draft.clientName,
      draft.contactName,
      draft.contactEmail,
      draft.type,
      draft.title,
      draft.validUntil,
      draft.notes,
      draft.terms,
      Math.round(draft.taxRatePercent * 100),
      totals.subtotalCents,
      totals.taxCents,
      totals.totalCents,
    ],
  );
  return rows[0]!.version;
}

export async function createQuote(db: Queryable, draft: QuoteDraft, ownerId: number, actor: AuditActor): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO quotes (number, type, valid_until, tax_rate_bp, owner_id) VALUES ('Q-' || nextval('quote_number_seq'), $1, $2, $3, $4) RETURNING id`,
    [draft.type, draft.validUntil, Math.round(draft.taxRatePercent * 100), ownerId],
  );
  const id = rows[0]!.id;
  await writeDraft(db, id, draft, { companyId: null, companyCreated: false }, actor);
  await audit(db, { actor, entity: 'quote', entityId: id, action: 'create', detail: { type: draft.type, lines: draft.lines.length } });
  return id;
}

/** Saves a draft (autosave and explicit); 409 when the quote is no longer a draft or a newer save won. */
export async function saveDraft(db: Queryable, id: number, draft: QuoteDraft, baseVersion: number | undefined, actor: AuditActor): Promise<number> {
  const row = await lockQuote(db, id);
  if (row.status !== 'draft' || row.superseded) throw conflict('This quote was sent or revised: it is read-only; revise it to change it');
  if (baseVersion !== undefined && baseVersion !== row.version) throw conflict('Someone else saved this quote since you opened it; reload to see their changes', { baseVersion: 'Stale version' });
  const version = await writeDraft(db, id, draft, { companyId: row.companyId, companyCreated: row.companyCreated }, actor);
  await audit(db, { actor, entity: 'quote', entityId: id, action: 'save', detail: { version, lines: draft.lines.length } });
  return version;
}

// ---------------------------------------------------------------- sending, revising, deciding

export type SentQuote = { key: string; to: string; number: string; companyName: string; validUntil: string; totalCents: number };

/**
 * Sends a draft at the version the sender looked at: status sent, a fresh link key (stored
 * hashed); the caller emails it and schedules expiry. The quote is locked first, so a save or
 * another send waits for this one, and the mail shows the total stored with that version.
 */
export async function sendQuote(db: Queryable, id: number, version: number, actor: AuditActor): Promise<SentQuote> {
  const locked = await lockQuote(db, id);
  if (locked.superseded) throw conflict('A newer revision of this quote exists: send that one');
  if (locked.status !== 'draft') throw conflict(`This quote was already ${locked.status}`);
  if (locked.version !== version) throw conflict(STALE_SEND, { version: `The quote is at version ${locked.version} now` });
  const quote = (await loadQuote(db, id))!;
  const lines = await loadLines(db, id);
  const fields: Record<string, string> = {};
  if (!quote.companyId) fields.companyId = 'Choose a company or name the new client';
  if (!quote.contactEmail) fields.contactEmail = 'The contact email is needed to send the quote';
  if (!lines.some((l) => l.kind === 'item')) fields.lines = 'Add at least one line';
  if (lines.some((l) => l.kind === 'item' && !l.description.trim())) fields.lines = 'Every line needs a description';
  const { rows: today } = await db.query<{ ok: boolean }>('SELECT $1::date >= current_date AS ok', [quote.validUntil]);
  if (!today[0]!.ok) fields.validUntil = 'Valid until must be today or later';
  if (Object.keys(fields).length) throw new ApiError(400, ERROR_CODES.invalidInput, `Cannot send: ${Object.values(fields).join('; ')}`, fields);
  await db.query(`UPDATE quotes SET status = 'sent', sent_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [id]);
  const key = newToken(24);
  await db.query('INSERT INTO quote_links (quote_id, key_hash) VALUES ($1, $2)', [id, hashToken(key)]);
  await audit(db, { actor, entity: 'quote', entityId: id, action: 'send', detail: { to: quote.contactEmail, totalCents: quote.totalCents } });
  return { key, to: quote.contactEmail, number: quote.number, companyName: quote.companyName, validUntil: quote.validUntil, totalCents: quote.totalCents };
}

/** A new revision (draft) copying the quote; the old one is kept, marked superseded, and its link stops working. */
export async function reviseQuote(db: Queryable, id: number, ownerId: number, actor: AuditActor): Promise<number> {
  const row = await lockQuote(db, id);
  if (row.superseded) throw conflict('A newer revision of this quote exists: revise that one');
  if (row.status === 'draft') throw conflict('A draft is edited directly; revise a sent or decided quote');
  const { rows: made } = await db.query<{ id: number }>(
    `INSERT INTO quotes (number, revision, root_id, company_id, company_created, client_name, contact_name, contact_email, type, title, valid_until,
                         notes, terms, tax_rate_bp, subtotal_cents, tax_cents, total_cents, owner_id)
     SELECT number, (SELECT max(revision) + 1 FROM quotes WHERE COALESCE(root_id, id) = $2), $2, company_id, company_created, client_name, contact_name,
            contact_email, type, title, GREATEST(valid_until, current_date + 30), notes, terms, tax_rate_bp, subtotal_cents, tax_cents, total_cents, $3
       FROM quotes WHERE id = $1 RETURNING id`,
    [id, row.rootId, ownerId],
  );
  const next = made[0]!.id;
  await db.query(
    `INSERT INTO quote_lines (quote_id, position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen)
     SELECT $2, position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen FROM quote_lines WHERE quote_id = $1`,
    [id, next],
  );
  await db.query('UPDATE quotes SET superseded = true, updated_at = now() WHERE id = $1', [id]);
  await db.query('DELETE FROM quote_links WHERE quote_id = $1', [id]);
  await audit(db, { actor, entity: 'quote', entityId: next, action: 'revise', detail: { from: id } });
  return next;
}

/** Staff record a decision the client gave another way (phone, signed paper). */
export async function recordDecision(db: Queryable, id: number, status: 'accepted' | 'declined', note: string, staffName: string, actor: AuditActor): Promise<void> {
  const locked = await lockQuote(db, id);
  if (!locked.superseded && (locked.status === 'accepted' || locked.status === 'declined')) throw conflict(`This quote was already ${locked.status}`);
  if (locked.status !== 'sent' || locked.superseded) throw conflict('Only a sent quote can be accepted or declined');
  if (status === 'accepted' && locked.pastValidity) {
    throw conflict(`This quote was valid until ${locked.validUntil}: it can no longer be accepted. Revise it to send a new one.`);
  }
  const quote = (await loadQuote(db, id))!;
  const lines = await loadLines(db, id);
  const chosen = new Set(lines.filter((l) => l.optional && l.chosen).map((l) => l.id));
  await decide(db, quote, lines, { decision: status, name: staffName, reason: note, address: 'recorded by staff', chosen });
  await audit(db, { actor, entity: 'quote', entityId: id, action: status, detail: { note } });
}

async function decide(
  db: Queryable,
  quote: Quote,
  lines: QuoteLine[],
  d: { decision: 'accepted' | 'declined'; name: string; reason: string; address: string; chosen: ReadonlySet<number> },
): Promise<QuoteDecision> {
  const content = acceptedContent(quote, lines, d.chosen);
  const effective = lines.map((l) => ({ ...l, chosen: l.optional && d.chosen.has(l.id) }));
  const totals = totalsOf(effective, quote.taxRatePercent);
  if (d.decision === 'accepted') {
    await db.query('UPDATE quote_lines SET chosen = (optional AND id = ANY($2::int[])) WHERE quote_id = $1', [quote.id, [...d.chosen]]);
    await db.query('UPDATE quotes SET subtotal_cents = $2, tax_cents = $3, total_cents = $4 WHERE id = $1', [quote.id, totals.subtotalCents, totals.taxCents, totals.totalCents]);
  }
  await db.query(`UPDATE quotes SET status = $2, decided_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [quote.id, d.decision]);
  try {
    await db.query(
      `INSERT INTO quote_decisions (quote_id, decision, name, reason, address, content_hash, chosen_lines, total_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [quote.id, d.decision, d.name, d.reason, d.address.slice(0, 64), d.decision === 'accepted' ? createHash('sha256').update(content).digest('hex') : null, [...d.chosen], totals.totalCents],
    );
  } catch (e) {
    // One decision per quote (its primary key): a second one means it was decided already.
    if (isUniqueViolation(e)) throw conflict('This quote was already decided');
    throw e;
  }
  return (await loadDecision(db, quote.id))!;
}

/** The expiry job's work: a sent quote past its valid-until day becomes expired. Idempotent. */
export async function expireQuote(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE quotes SET status = 'expired', updated_at = now(), version = version + 1 WHERE id = $1 AND status = 'sent' AND valid_until < current_date`,
    [id],
  );
  if (rowCount) await audit(db, { actor: { type: 'system' }, entity: 'quote', entityId: id, action: 'expire' });
  return Boolean(rowCount);
}

// ---------------------------------------------------------------- the client's link

/** The quote a link key opens, or null for a wrong key, a replaced revision or a quote past its day. */
export async function quoteByKey(db: Queryable, key: string, forUpdate = false): Promise<{ quote: Quote; lines: QuoteLine[] } | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT q.id FROM quote_links k JOIN quotes q ON q.id = k.quote_id
      WHERE k.key_hash = $1 AND NOT q.superseded AND q.status <> 'expired' AND q.status <> 'draft' AND q.valid_until >= current_date ${forUpdate ? 'FOR UPDATE OF q' : ''}`,
    [hashToken(key)],
  );
  if (!rows[0]) return null;
  const quote = (await loadQuote(db, rows[0].id))!;
  return { quote, lines: await loadLines(db, quote.id) };
}

export async function publicQuote(db: Queryable, found: { quote: Quote; lines: QuoteLine[] }): Promise<PublicQuote> {
  const { quote, lines } = found;
  const decision = await loadDecision(db, quote.id);
  return {
    number: quote.number,
    type: quote.type,
    title: quote.title,
    companyName: quote.companyName,
    contactName: quote.contactName,
    validUntil: quote.validUntil,
    notes: quote.notes,
    terms: quote.terms,
    taxRatePercent: quote.taxRatePercent,
    status: quote.status,
    lines,
    totals: totalsOf(lines, quote.taxRatePercent),
    decision: decision ? { decision: decision.decision, name: decision.name, decidedAt: decision.decidedAt, totalCents: decision.totalCents } : null,
  };
}

export async function decideByKey(
  db: Queryable,
  key: string,
  d: { decision: 'accepted' | 'declined'; name: string; reason: string; address: string; chosenLineIds: number[]; expectedTotalCents?: number | undefined },
): Promise<QuoteDecision> {
  const found = await quoteByKey(db, key, true);
  if (!found) throw notFound('This link is not valid');
  const { quote, lines } = found;
  if (quote.status !== 'sent') throw conflict(`This quote was already ${quote.status}`);
  const optional = new Set(lines.filter((l) => l.optional).map((l) => l.id));
  const bad = d.chosenLineIds.find((x) => !optional.has(x));
  if (bad !== undefined) throw invalidField('chosenLineIds', 'Only optional lines of this quote can be chosen');
  const chosen = new Set(d.chosenLineIds);
  if (d.decision === 'accepted' && d.expectedTotalCents !== undefined) {
    const totals = totalsOf(lines.map((l) => ({ ...l, chosen: l.optional && chosen.has(l.id) })), quote.taxRatePercent);
    if (totals.totalCents !== d.expectedTotalCents) throw invalidField('expectedTotalCents', 'The total changed; reload the quote');
  }
  const decision = await decide(db, quote, lines, { ...d, chosen });
  await audit(db, { actor: { type: 'system' }, entity: 'quote', entityId: quote.id, action: `client_${d.decision}`, detail: { name: d.name, address: d.address } });
  return decision;
}

export async function ownerEmailOf(db: Queryable, id: number): Promise<{ email: string; name: string; number: string } | null> {
  const { rows } = await db.query<{ email: string; name: string; number: string; revision: number }>(
    'SELECT s.email, s.name, q.number, q.revision FROM quotes q JOIN staff_users s ON s.id = q.owner_id WHERE q.id = $1',
    [id],
  );
  return rows[0] ? { ...rows[0], number: displayNumber(rows[0].number, rows[0].revision) } : null;
}

/** Accepted quotes (latest revisions) of a company, newest first: what a closed sale references (issue 19). */
export async function acceptedQuotesOf(db: Queryable, companyId: number): Promise<{ id: number; number: string; totalCents: number; decidedAt: string }[]> {
  const { rows } = await db.query<{ id: number; number: string; revision: number; totalCents: number; decidedAt: string }>(
    `SELECT id, number, revision, total_cents::float8 AS "totalCents", ${iso('decided_at', '"decidedAt"')}
       FROM quotes WHERE company_id = $1 AND status = 'accepted' AND NOT superseded ORDER BY decided_at DESC, id DESC`,
    [companyId],
  );
  return rows.map((r) => ({ id: r.id, number: displayNumber(r.number, r.revision), totalCents: r.totalCents, decidedAt: r.decidedAt }));
}
