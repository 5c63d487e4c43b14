/**
 * Quotes: the SQL of drafts, lines, links, decisions, revisions and expiry, with typed rows. The
 * rules, audit rows and mails around these statements are the transaction scripts of
 * quotes.commands.ts, which also keep the lock order (the quote's row first).
 */
import type { z } from 'zod';
import {
  QUOTE_STATUSES,
  displayNumber,
  netOf,
  revisionChanges,
  totalsOf,
  type PublicQuote,
  type Quote,
  type QuoteDecision,
  type QuoteDraft,
  type QuoteLine,
  type QuotePage,
  type QuotePipeline,
  type QuoteView,
  type quoteSearchSchema,
} from '@contracts/quotes';
import type { QuoteTotals } from '@contracts/quote-money';
import { allQueries, containing, foldedLike, iso, offsetOf, type Queryable } from '@server/platform/sql';

export type LockedQuote = {
  status: Quote['status'];
  superseded: boolean;
  version: number;
  rootId: number;
  companyId: number | null;
  companyCreated: boolean;
  validUntil: string;
  pastValidity: boolean;
  /** Kept (saved explicitly) or sent: it has its number. */
  numbered: boolean;
};
/** Locks the quote's row for the rest of the transaction: the first lock every writer of a quote takes. */
export async function lockQuote(db: Queryable, id: number): Promise<LockedQuote | null> {
  const { rows } = await db.query<LockedQuote>(
    `SELECT status, superseded, version, COALESCE(root_id, id) AS "rootId", company_id AS "companyId", company_created AS "companyCreated",
            to_char(valid_until, 'YYYY-MM-DD') AS "validUntil", valid_until < current_date AS "pastValidity", number IS NOT NULL AS numbered
       FROM quotes WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

const QUOTE_COLUMNS = `q.id, q.number AS "baseNumber", q.revision, COALESCE(q.root_id, q.id) AS "rootId", q.company_id AS "companyId",
  COALESCE(c.name, q.client_name) AS "companyName", q.company_created AS "companyCreated", q.client_name AS "clientName",
  q.contact_name AS "contactName", q.contact_email AS "contactEmail", q.type, q.status, q.superseded, q.title,
  to_char(q.valid_until, 'YYYY-MM-DD') AS "validUntil", q.notes, q.terms, q.tax_rate_bp AS "taxRateBp",
  q.subtotal_cents::float8 AS "subtotalCents", q.tax_cents::float8 AS "taxCents", q.total_cents::float8 AS "totalCents",
  q.owner_id AS "ownerId", s.name AS "ownerName", q.version, ${iso('q.created_at', '"createdAt"')}, ${iso('q.updated_at', '"updatedAt"')},
  ${iso('q.sent_at', '"sentAt"')}, ${iso('q.decided_at', '"decidedAt"')}`;
const QUOTE_FROM = 'quotes q LEFT JOIN companies c ON c.id = q.company_id JOIN staff_users s ON s.id = q.owner_id';

type QuoteDbRow = Omit<Quote, 'number' | 'baseNumber' | 'taxRatePercent'> & { baseNumber: string | null; taxRateBp: number };
const toQuote = (r: QuoteDbRow): Quote => {
  const { taxRateBp, ...rest } = r;
  return { ...rest, baseNumber: r.baseNumber ?? '', number: displayNumber(r.baseNumber, r.revision), taxRatePercent: taxRateBp / 100 };
};

type LineDbRow = Omit<QuoteLine, 'netCents' | 'discountPercent' | 'quantity'> & { discountBp: number; quantity: string };
const LINE_COLUMNS = `id, position, kind, catalog_item_id AS "catalogItemId", sku, description, quantity::text AS quantity,
  unit_price_cents::float8 AS "unitPriceCents", discount_bp AS "discountBp", taxable, optional, chosen`;
const toLine = (r: LineDbRow): QuoteLine => {
  const { discountBp, quantity, ...rest } = r;
  const line = { ...rest, quantity: Number(quantity), discountPercent: discountBp / 100 };
  return { ...line, netCents: netOf(line) };
};

export async function loadQuote(db: Queryable, id: number): Promise<Quote | null> {
  const { rows } = await db.query<QuoteDbRow>(`SELECT ${QUOTE_COLUMNS} FROM ${QUOTE_FROM} WHERE q.id = $1`, [id]);
  return rows[0] ? toQuote(rows[0]) : null;
}
export async function loadLines(db: Queryable, id: number): Promise<QuoteLine[]> {
  const { rows } = await db.query<LineDbRow>(`SELECT ${LINE_COLUMNS} FROM quote_lines WHERE quote_id = $1 ORDER BY position`, [id]);
  return rows.map(toLine);
}
export async function loadDecision(db: Queryable, id: number): Promise<QuoteDecision | null> {
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
  const [lines, decision, revisions] = await allQueries(db, [
    () => loadLines(db, id),
    () => loadDecision(db, id),
    () => db.query<{ id: number; number: string | null; revision: number; status: Quote['status'] }>(
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

export async function searchQuotes(db: Queryable, s: z.output<typeof quoteSearchSchema>): Promise<QuotePage> {
  const values: unknown[] = [];
  // An unnumbered draft is the editor's autosave of a quote nobody kept yet: not listed.
  const conds = ['NOT q.superseded', 'q.number IS NOT NULL'];
  const add = (sql: (n: number) => string, value: unknown) => {
    values.push(value);
    conds.push(sql(values.length));
  };
  if (s.q) add((n) => `(${['q.number', 'q.title', 'c.name', 'q.client_name'].map((c) => foldedLike(c, `$${n}`)).join(' OR ')})`, containing(s.q));
  if (s.status) add((n) => `q.status = $${n}`, s.status);
  if (s.type) add((n) => `q.type = $${n}`, s.type);
  if (s.company) add((n) => `q.company_id = $${n}`, s.company);
  if (s.companyName) add((n) => foldedLike('COALESCE(c.name, q.client_name)', `$${n}`), containing(s.companyName));
  const where = `WHERE ${conds.join(' AND ')}`;
  const sort = s.sort?.length ? s.sort : [{ field: 'updated_at' as const, dir: 'desc' as const }];
  // "number" sorts by its base number then revision; the direction applies to the base.
  const order = [...sort.map((o) => (o.field === 'number' ? `q.number ${o.dir.toUpperCase()}, q.revision` : `${SORT_SQL[o.field]} ${o.dir.toUpperCase()}`)), 'q.id DESC'].join(', ');
  const [count, rows] = await allQueries(db, [
    () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${QUOTE_FROM} ${where}`, values),
    () => db.query<QuotePage['rows'][number] & { revision: number }>(
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
      WHERE NOT superseded AND number IS NOT NULL AND ($1::int IS NULL OR owner_id = $1) AND ($2::int IS NULL OR company_id = $2) GROUP BY status`,
    [filter.ownerId ?? null, filter.companyId ?? null],
  );
  const byStatus = QUOTE_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, count: r?.count ?? 0, totalCents: r?.total ?? 0 };
  });
  return { byStatus, openCents: byStatus.filter((b) => b.status === 'draft' || b.status === 'sent').reduce((a, b) => a + b.totalCents, 0) };
}

// ---------------------------------------------------------------- drafts

/** The catalog items of these ids that exist. */
export async function existingCatalogItems(db: Queryable, ids: readonly number[]): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM catalog_items WHERE id = ANY($1::int[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Replaces the lines of a quote with the draft's, numbered in their order. */
export async function replaceLines(db: Queryable, id: number, lines: QuoteDraft['lines']): Promise<void> {
  await db.query('DELETE FROM quote_lines WHERE quote_id = $1', [id]);
  if (!lines.length) return;
  const cols = ['kind', 'catalog_item_id', 'sku', 'description', 'quantity', 'unit_price_cents', 'discount_bp', 'taxable', 'optional', 'chosen'];
  await db.query(
    `INSERT INTO quote_lines (quote_id, position, ${cols.join(', ')})
     SELECT $1, ord::int, x.kind, x.catalog_item_id, x.sku, x.description, x.quantity, x.unit_price_cents, x.discount_bp, x.taxable, x.optional, x.chosen
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::numeric[], $7::bigint[], $8::int[], $9::bool[], $10::bool[], $11::bool[])
            WITH ORDINALITY AS x(kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen, ord)`,
    [
      id,
      lines.map((l) => l.kind),
      lines.map((l) => l.catalogItemId),
      lines.map((l) => l.sku),
      lines.map((l) => l.description),
      lines.map((l) => (l.kind === 'heading' ? 0 : l.quantity)),
      lines.map((l) => (l.kind === 'heading' ? 0 : l.unitPriceCents)),
      lines.map((l) => (l.kind === 'heading' ? 0 : Math.round(l.discountPercent * 100))),
      lines.map((l) => l.taxable),
      lines.map((l) => l.optional),
      lines.map((l) => l.optional && l.chosen),
    ],
  );
}

export async function companyExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM companies WHERE id = $1', [id]);
  return rows.length > 0;
}

/** Renames a company while it is still a prospect; false once it became a customer. */
export async function renameProspect(db: Queryable, companyId: number, name: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE companies SET name = $2 WHERE id = $1 AND status = 'prospect'`, [companyId, name]);
  return Boolean(rowCount);
}

/** Sets the name and email of a company's first contact; false when it has none. */
export async function updateFirstContact(db: Queryable, companyId: number, name: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE contacts SET name = $2, email = NULLIF($3, '') WHERE id = (SELECT min(id) FROM contacts WHERE company_id = $1)`, [companyId, name, email]);
  return Boolean(rowCount);
}

export async function insertContact(db: Queryable, companyId: number, name: string, email: string): Promise<void> {
  await db.query(`INSERT INTO contacts (company_id, name, email) VALUES ($1, $2, NULLIF($3, ''))`, [companyId, name, email]);
}

/** A prospect company for a new client named on a quote. */
export async function insertProspect(db: Queryable, name: string, accountNumber: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO companies (name, account_number, status) VALUES ($1, $2, 'prospect') RETURNING id`, [name, accountNumber]);
  return rows[0]!.id;
}

/** Writes a draft's fields and totals; answers the quote's next version. */
export async function writeQuoteFields(db: Queryable, id: number, draft: QuoteDraft, client: { companyId: number | null; created: boolean }, totals: QuoteTotals): Promise<number> {
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

/** A new quote row, unnumbered until it is kept (`numberQuote`); its fields are written by `writeQuoteFields`. */
export async function insertQuote(db: Queryable, draft: QuoteDraft, ownerId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO quotes (number, type, valid_until, tax_rate_bp, owner_id) VALUES (NULL, $1, $2, $3, $4) RETURNING id`,
    [draft.type, draft.validUntil, Math.round(draft.taxRatePercent * 100), ownerId],
  );
  return rows[0]!.id;
}

/** Gives an unnumbered draft the next number (the caller has it locked); answers false when it had one. */
export async function numberQuote(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE quotes SET number = 'Q-' || nextval('quote_number_seq'), updated_at = now() WHERE id = $1 AND number IS NULL`, [id]);
  return Boolean(rowCount);
}

/** Sets the company of a quote (the prospect made for its new client when it is kept). */
export async function setQuoteCompany(db: Queryable, id: number, companyId: number): Promise<void> {
  await db.query('UPDATE quotes SET company_id = $2, company_created = true WHERE id = $1', [id, companyId]);
}

/** Deletes an unnumbered draft (its lines go with it); false when there is none to delete. */
export async function deleteUnnumberedDraft(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM quotes WHERE id = $1 AND number IS NULL AND status = 'draft'`, [id]);
  return Boolean(rowCount);
}

// ---------------------------------------------------------------- sending, revising, deciding

/** Whether a day is today or later (the database's today). */
export async function isTodayOrLater(db: Queryable, day: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>('SELECT $1::date >= current_date AS ok', [day]);
  return rows[0]!.ok;
}

export async function markSent(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE quotes SET status = 'sent', sent_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [id]);
}

/** Stores a link key of the quote (its hash only). */
export async function insertLink(db: Queryable, id: number, keyHash: string): Promise<void> {
  await db.query('INSERT INTO quote_links (quote_id, key_hash) VALUES ($1, $2)', [id, keyHash]);
}

/** Copies a quote and its lines as the next revision of its root (a draft owned by `ownerId`); answers its id. */
export async function insertRevision(db: Queryable, id: number, rootId: number, ownerId: number): Promise<number> {
  const { rows: made } = await db.query<{ id: number }>(
    `INSERT INTO quotes (number, revision, root_id, company_id, company_created, client_name, contact_name, contact_email, type, title, valid_until,
                         notes, terms, tax_rate_bp, subtotal_cents, tax_cents, total_cents, owner_id)
     SELECT number, (SELECT max(revision) + 1 FROM quotes WHERE COALESCE(root_id, id) = $2), $2, company_id, company_created, client_name, contact_name,
            contact_email, type, title, GREATEST(valid_until, current_date + 30), notes, terms, tax_rate_bp, subtotal_cents, tax_cents, total_cents, $3
       FROM quotes WHERE id = $1 RETURNING id`,
    [id, rootId, ownerId],
  );
  const next = made[0]!.id;
  await db.query(
    `INSERT INTO quote_lines (quote_id, position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen)
     SELECT $2, position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen FROM quote_lines WHERE quote_id = $1`,
    [id, next],
  );
  return next;
}

/** Marks a revision as replaced by a newer one; its link keys stop working. */
export async function supersede(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE quotes SET superseded = true, updated_at = now() WHERE id = $1', [id]);
  await db.query('DELETE FROM quote_links WHERE quote_id = $1', [id]);
}

/** Keeps the optional lines chosen on acceptance (the others are left out) and the totals they make. */
export async function keepChosenLines(db: Queryable, id: number, chosen: readonly number[], totals: QuoteTotals): Promise<void> {
  await db.query('UPDATE quote_lines SET chosen = (optional AND id = ANY($2::int[])) WHERE quote_id = $1', [id, [...chosen]]);
  await db.query('UPDATE quotes SET subtotal_cents = $2, tax_cents = $3, total_cents = $4 WHERE id = $1', [id, totals.subtotalCents, totals.taxCents, totals.totalCents]);
}

export async function markDecided(db: Queryable, id: number, decision: 'accepted' | 'declined'): Promise<void> {
  await db.query(`UPDATE quotes SET status = $2, decided_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [id, decision]);
}

/** Stores the one decision of a quote; false when it has one already (its primary key). */
export async function insertDecision(
  db: Queryable,
  d: { quoteId: number; decision: 'accepted' | 'declined'; name: string; reason: string; address: string; contentHash: string | null; chosen: readonly number[]; totalCents: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO quote_decisions (quote_id, decision, name, reason, address, content_hash, chosen_lines, total_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (quote_id) DO NOTHING`,
    [d.quoteId, d.decision, d.name, d.reason, d.address.slice(0, 64), d.contentHash, [...d.chosen], d.totalCents],
  );
  return Boolean(rowCount);
}

/** A sent quote past its valid-until day becomes expired; false when it was not (any more) one. */
export async function markExpired(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE quotes SET status = 'expired', updated_at = now(), version = version + 1 WHERE id = $1 AND status = 'sent' AND valid_until < current_date`,
    [id],
  );
  return Boolean(rowCount);
}

/** The name of a staff user (who recorded a decision). */
export async function staffName(db: Queryable, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1', [userId]);
  return rows[0]?.name ?? null;
}

// ---------------------------------------------------------------- the client's link

/** The quote a link key opens (by the key's hash), or null for a wrong key, a replaced revision or a quote past its day. */
export async function quoteByKeyHash(db: Queryable, keyHash: string, forUpdate = false): Promise<{ quote: Quote; lines: QuoteLine[] } | null> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT q.id FROM quote_links k JOIN quotes q ON q.id = k.quote_id
      WHERE k.key_hash = $1 AND NOT q.superseded AND q.status <> 'expired' AND q.status <> 'draft' AND q.valid_until >= current_date ${forUpdate ? 'FOR UPDATE OF q' : ''}`,
    [keyHash],
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
