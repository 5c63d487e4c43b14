/**
 * The transaction scripts of quotes and the item catalog: each command runs in one transaction and
 * holds its rules, its audit rows, its mails (in the outbox, so they exist only if the change was
 * committed, delivered once it was) and its jobs. Routes parse, call a command or a repository
 * read, and answer; the SQL is in the repositories.
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
import { formatDay, MESSAGE_LOCALE } from '@contracts/common/dates';
import {
  acceptedContent,
  quoteDraftSchema,
  quoteMail as quoteMailText,
  totalsOf,
  type CatalogImportResult,
  type CatalogItem,
  type Quote,
  type QuoteDecision,
  type QuoteDraft,
  type QuoteLine,
  type catalogItemInputSchema,
  type catalogUpdateSchema,
} from '@contracts/quotes';
import type { AppContext } from '@server/context';
import { audit, SYSTEM, type AuditActor } from '@server/platform/audit';
import { hashToken, newToken } from '@server/platform/auth/tokens';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, conflict, invalidField, notFound } from '@server/platform/http/errors';
import { deliverLater, queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import * as catalog from './catalog.repo';
import { checkCatalogRows, readCatalogCsv, skusOf } from './catalog-csv';
import { expireQuoteJob, expiryTime } from './jobs';
import * as quotes from './quotes.repo';

/** Where a command's mails are reported when their delivery fails (the request's log). */
type Log = { error(obj: object, msg: string): void };
/** Who runs a staff command: the audit actor, and the staff user (the owner of what they create). */
export type StaffCaller = { actor: AuditActor; userId: number };

/** The path of the client's page for a link key. */
export const acceptPath = (key: string) => `/quote/accept/${key}`;
/** What a link answers when its key opens nothing (wrong, replaced or expired: the same answer). */
export const LINK_NOT_VALID = 'This link is not valid';
/** What a send says when the quote was saved again after the version the sender looked at. */
const STALE_SEND = 'This quote changed after you opened it: review the saved version, then send it';

// ---------------------------------------------------------------- catalog

const duplicateSku = () => conflict('Another item has this SKU', { sku: 'Another item has this SKU' });

/** Runs a write of the catalog; a SKU another item has answers 409 naming the field. */
async function uniqueSku<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (catalog.isUniqueViolation(e)) throw duplicateSku();
    throw e;
  }
}

/** The parts of a bundle: existing items, each once, none a bundle itself, never the bundle. */
async function writeBundle(db: Queryable, id: number, bundle: readonly { itemId: number; quantity: number }[]): Promise<void> {
  await catalog.clearBundle(db, id);
  const seen = new Set<number>();
  for (const part of bundle) {
    if (part.itemId === id) throw invalidField('bundle', 'A bundle cannot contain itself');
    if (seen.has(part.itemId)) throw invalidField('bundle', 'Each item appears once in a bundle');
    seen.add(part.itemId);
    const found = await catalog.bundlePartOf(db, part.itemId);
    if (!found) throw invalidField('bundle', `No catalog item ${part.itemId}`);
    if (found.nested) throw invalidField('bundle', 'A bundle cannot contain another bundle');
    await catalog.insertBundlePart(db, id, part.itemId, part.quantity);
  }
}

async function createItemIn(db: Queryable, input: z.output<typeof catalogItemInputSchema>, actor: AuditActor): Promise<number> {
  return uniqueSku(async () => {
    const id = await catalog.insertItem(db, input);
    if (input.bundle.length) await writeBundle(db, id, input.bundle);
    await audit(db, { actor, entity: 'catalog_item', entityId: id, action: 'create', detail: { sku: input.sku } });
    return id;
  });
}

async function updateItemIn(db: Queryable, id: number, input: z.output<typeof catalogUpdateSchema>, actor: AuditActor): Promise<void> {
  const found = await uniqueSku(() => catalog.updateItemColumns(db, id, input));
  if (!found) throw notFound('No such catalog item');
  if (input.bundle) await writeBundle(db, id, input.bundle);
  const { bundle: _bundle, ...changed } = input;
  await audit(db, { actor, entity: 'catalog_item', entityId: id, action: input.active === false ? 'deactivate' : 'update', detail: changed });
}

/** Adds an item to the catalog, in the caller's transaction (a create runs once per Idempotency-Key). */
export async function createCatalogItem(db: Queryable, input: z.output<typeof catalogItemInputSchema>, by: StaffCaller): Promise<CatalogItem> {
  const id = await createItemIn(db, input, by.actor);
  return (await catalog.loadItem(db, id))!;
}

export async function updateCatalogItem(ctx: AppContext, id: number, input: z.output<typeof catalogUpdateSchema>, by: StaffCaller): Promise<CatalogItem> {
  await inTransaction(ctx.database.pool, (db) => updateItemIn(db, id, input, by.actor));
  return (await catalog.loadItem(ctx.database.pool, id))!;
}

/** Deletes an item no quote, order or bundle ever used; a used one answers 409 (deactivate it instead). */
export async function deleteCatalogItem(ctx: AppContext, id: number, by: StaffCaller): Promise<void> {
  await inTransaction(ctx.database.pool, async (db) => {
    const item = await catalog.loadItem(db, id);
    if (!item) throw notFound('No such catalog item');
    if (item.used) throw conflict('This item is used on a quote or order: deactivate it instead');
    await catalog.deleteItemRow(db, id);
    await audit(db, { actor: by.actor, entity: 'catalog_item', entityId: id, action: 'delete', detail: { sku: item.sku } });
  });
}

/**
 * Checks every row of an import; with `commit`, writes them all in one transaction, or nothing
 * when any row is bad (a 400 then). Existing SKUs are updated, new ones created.
 */
export async function importCatalog(ctx: AppContext, input: { csv: string; commit: boolean }, by: StaffCaller): Promise<CatalogImportResult> {
  const result = await inTransaction(ctx.database.pool, async (db): Promise<CatalogImportResult> => {
    const file = readCatalogCsv(input.csv);
    if (file.fileErrors.length) return { rows: [], valid: false, committed: false, created: 0, updated: 0, fileErrors: file.fileErrors };
    const checked = checkCatalogRows(file, await catalog.itemIdsBySku(db, skusOf(file)));
    let created = 0;
    let updated = 0;
    if (input.commit && checked.valid) {
      for (const write of checked.writes) {
        if ('create' in write) {
          await createItemIn(db, write.create, by.actor);
          created++;
        } else {
          await updateItemIn(db, write.update.id, write.update.input, by.actor);
          updated++;
        }
      }
    }
    return { rows: checked.rows, valid: checked.valid, committed: input.commit && checked.valid, created, updated, fileErrors: checked.fileErrors };
  });
  if (input.commit && !result.valid) throw new ApiError(400, ERROR_CODES.invalidInput, 'Nothing was imported: fix the rows with errors', { csv: 'Some rows have errors' });
  return result;
}

// ---------------------------------------------------------------- drafts

/** Locks a quote's row (the first lock of every writer of a quote); 404 when there is none. */
async function lock(db: Queryable, id: number): Promise<quotes.LockedQuote> {
  const locked = await quotes.lockQuote(db, id);
  if (!locked) throw notFound('No such quote');
  return locked;
}

type Current = { companyId: number | null; companyCreated: boolean; numbered: boolean };

/** A prospect company for the new client named on a quote, with its contact. */
async function createProspect(db: Queryable, id: number, client: { clientName: string; contactName: string; contactEmail: string }, actor: AuditActor): Promise<number> {
  const companyId = await quotes.insertProspect(db, client.clientName, `PROSPECT-Q${id}`);
  if (client.contactName) await quotes.insertContact(db, companyId, client.contactName, client.contactEmail);
  await audit(db, { actor, entity: 'company', entityId: companyId, action: 'create', detail: { status: 'prospect', fromQuote: id } });
  return companyId;
}

/**
 * A new client captured on a kept quote becomes a prospect company (with its contact) on the first
 * save that names it; later saves keep that prospect's name and contact in step with the quote.
 * An unnumbered draft only holds the name: the prospect is made when the draft is kept or sent.
 */
async function applyClient(db: Queryable, id: number, draft: QuoteDraft, current: Current, actor: AuditActor) {
  if (draft.companyId !== null) {
    if (!(await quotes.companyExists(db, draft.companyId))) throw invalidField('companyId', 'No such company');
    return { companyId: draft.companyId, created: draft.companyId === current.companyId && current.companyCreated };
  }
  if (!draft.clientName || !current.numbered) return { companyId: current.companyCreated ? current.companyId : null, created: current.companyCreated };
  if (current.companyCreated && current.companyId) {
    // Only while the company is still a prospect: once it became a customer its name and contacts
    // are its own, and the quote keeps its contact on the quote.
    const prospect = await quotes.renameProspect(db, current.companyId, draft.clientName);
    if (prospect && draft.contactName) {
      const updated = await quotes.updateFirstContact(db, current.companyId, draft.contactName, draft.contactEmail);
      if (!updated) await quotes.insertContact(db, current.companyId, draft.contactName, draft.contactEmail);
    }
    return { companyId: current.companyId, created: true };
  }
  return { companyId: await createProspect(db, id, draft, actor), created: true };
}

/**
 * Keeps a draft: an unnumbered one gets the next number, and the new client it names becomes a
 * prospect company. Run last in its transaction (after every check that can refuse), so a refused
 * save or send takes no number (docs/adr/0124-quote-numbers-on-keep.md). Answers whether it was
 * numbered now.
 */
async function keepQuote(db: Queryable, id: number, actor: AuditActor): Promise<boolean> {
  const quote = (await quotes.loadQuote(db, id))!;
  if (quote.number) return false;
  if (quote.companyId === null && quote.clientName) await quotes.setQuoteCompany(db, id, await createProspect(db, id, quote, actor));
  // No audit row of its own: the save or send that keeps it writes one.
  await quotes.numberQuote(db, id);
  return true;
}

/** Writes a draft (client, lines, fields and totals); answers the quote's next version. */
async function writeDraft(db: Queryable, id: number, draft: QuoteDraft, current: Current, actor: AuditActor): Promise<number> {
  const client = await applyClient(db, id, draft, current, actor);
  await quotes.replaceLines(db, id, draft.lines);
  const ids = [...new Set(draft.lines.map((l) => l.catalogItemId).filter((x): x is number => x !== null))];
  if (ids.length) {
    const found = await quotes.existingCatalogItems(db, ids);
    const missing = draft.lines.findIndex((l) => l.catalogItemId !== null && !found.has(l.catalogItemId));
    if (missing >= 0) throw invalidField(`lines.${missing}.catalogItemId`, 'No such catalog item');
  }
  return quotes.writeQuoteFields(db, id, draft, client, totalsOf(draft.lines, draft.taxRatePercent));
}

/**
 * Makes a quote from its first draft, owned by the caller, in the caller's transaction (a create
 * runs once per Idempotency-Key): unnumbered unless `keep` (an explicit save). Answers its id.
 */
export async function createQuote(db: Queryable, draft: QuoteDraft, keep: boolean, by: StaffCaller): Promise<number> {
  const id = await quotes.insertQuote(db, draft, by.userId);
  await writeDraft(db, id, draft, { companyId: null, companyCreated: false, numbered: false }, by.actor);
  await audit(db, { actor: by.actor, entity: 'quote', entityId: id, action: 'create', detail: { type: draft.type, lines: draft.lines.length } });
  if (keep) await keepQuote(db, id, by.actor);
  return id;
}

/** Saves a draft (autosave, or explicit with `keep`, which numbers it); 409 when the quote is no longer a draft or a newer save won. */
export async function saveQuote(ctx: AppContext, id: number, draft: QuoteDraft, baseVersion: number | undefined, keep: boolean, by: StaffCaller): Promise<void> {
  await inTransaction(ctx.database.pool, async (db) => {
    const row = await lock(db, id);
    if (row.status !== 'draft' || row.superseded) throw conflict('This quote was sent or revised: it is read-only; revise it to change it');
    if (baseVersion !== undefined && baseVersion !== row.version) throw conflict('Someone else saved this quote since you opened it; reload to see their changes', { baseVersion: 'Stale version' });
    const version = await writeDraft(db, id, draft, row, by.actor);
    await audit(db, { actor: by.actor, entity: 'quote', entityId: id, action: 'save', detail: { version, lines: draft.lines.length } });
    if (keep) await keepQuote(db, id, by.actor);
  });
}

/** Discards a draft nobody kept (unnumbered): it and its lines are deleted. A numbered quote answers 409. */
export async function discardQuote(ctx: AppContext, id: number, by: StaffCaller): Promise<void> {
  await inTransaction(ctx.database.pool, async (db) => {
    const row = await lock(db, id);
    if (row.numbered || row.status !== 'draft') throw conflict('This quote has its number and is kept: it can no longer be discarded');
    await quotes.deleteUnnumberedDraft(db, id);
    await audit(db, { actor: by.actor, entity: 'quote', entityId: id, action: 'discard' });
  });
}

// ---------------------------------------------------------------- sending, revising, deciding

/** The client's mail of a sent quote, greeting its contact, with the link to their page. */
const quoteMail = (ctx: AppContext, quote: Quote, key: string) => ({ ...quoteMailText(quote, `${ctx.config.publicUrl}${acceptPath(key)}`), kind: 'quote' });

/**
 * Sends a draft at the version the sender looked at: status sent, a fresh link key (stored
 * hashed), the client's mail with the link and the expiry job, in one transaction. The quote is
 * locked first, so a save or another send waits for this one, and the mail shows the total
 * stored with that version.
 */
export async function sendQuote(ctx: AppContext, id: number, version: number, by: StaffCaller, log: Log): Promise<void> {
  const outboxId = await inTransaction(ctx.database.pool, async (db) => {
    const locked = await lock(db, id);
    if (locked.superseded) throw conflict('A newer revision of this quote exists: send that one');
    if (locked.status !== 'draft') throw conflict(`This quote was already ${locked.status}`);
    if (locked.version !== version) throw conflict(STALE_SEND, { version: `The quote is at version ${locked.version} now` });
    const draft = (await quotes.loadQuote(db, id))!;
    const lines = await quotes.loadLines(db, id);
    const fields: Record<string, string> = {};
    if (!draft.companyId && !draft.clientName) fields.companyId = 'Choose a company or name the new client';
    if (!draft.contactEmail) fields.contactEmail = 'The contact email is needed to send the quote';
    if (!lines.some((l) => l.kind === 'item')) fields.lines = 'Add at least one line';
    if (lines.some((l) => l.kind === 'item' && !l.description.trim())) fields.lines = 'Every line needs a description';
    if (!(await quotes.isTodayOrLater(db, draft.validUntil))) fields.validUntil = 'Valid until must be today or later';
    if (Object.keys(fields).length) throw new ApiError(400, ERROR_CODES.invalidInput, `Cannot send: ${Object.values(fields).join('; ')}`, fields);
    // A draft nobody kept gets its number (and its new client a prospect company) as it is sent.
    const quote = (await keepQuote(db, id, by.actor)) ? (await quotes.loadQuote(db, id))! : draft;
    await quotes.markSent(db, id);
    const key = newToken(24);
    await quotes.insertLink(db, id, hashToken(key));
    await audit(db, { actor: by.actor, entity: 'quote', entityId: id, action: 'send', detail: { to: quote.contactEmail, totalCents: quote.totalCents } });
    const mail = await queueEmail(db, quoteMail(ctx, quote, key));
    await ctx.jobs.send(expireQuoteJob, { quoteId: id }, { startAfter: expiryTime(quote.validUntil), singletonKey: `quote-${id}`, client: db });
    return mail;
  });
  deliverLater(ctx, log, [outboxId]);
}

/** A new revision (draft) copying the quote; the old one is kept, marked superseded, and its link stops working. Answers its id. */
/** Makes the next revision of a sent or decided quote, in the caller's transaction (runs once per Idempotency-Key). */
export async function reviseQuote(db: Queryable, id: number, by: StaffCaller): Promise<number> {
  const row = await lock(db, id);
  if (row.superseded) throw conflict('A newer revision of this quote exists: revise that one');
  if (row.status === 'draft') throw conflict('A draft is edited directly; revise a sent or decided quote');
  const next = await quotes.insertRevision(db, id, row.rootId, by.userId);
  await quotes.supersede(db, id);
  await audit(db, { actor: by.actor, entity: 'quote', entityId: next, action: 'revise', detail: { from: id } });
  return next;
}

type Decision = { decision: 'accepted' | 'declined'; name: string; reason: string; address: string; chosen: ReadonlySet<number> };

/** Records the one decision of a locked quote; an acceptance keeps the chosen optional lines and their totals. */
async function decide(db: Queryable, quote: Quote, lines: QuoteLine[], d: Decision): Promise<QuoteDecision> {
  const content = acceptedContent(quote, lines, d.chosen);
  const effective = lines.map((l) => ({ ...l, chosen: l.optional && d.chosen.has(l.id) }));
  const totals = totalsOf(effective, quote.taxRatePercent);
  if (d.decision === 'accepted') await quotes.keepChosenLines(db, quote.id, [...d.chosen], totals);
  await quotes.markDecided(db, quote.id, d.decision);
  const stored = await quotes.insertDecision(db, {
    quoteId: quote.id,
    decision: d.decision,
    name: d.name,
    reason: d.reason,
    address: d.address,
    contentHash: d.decision === 'accepted' ? createHash('sha256').update(content).digest('hex') : null,
    chosen: [...d.chosen],
    totalCents: totals.totalCents,
  });
  // One decision per quote: a second one means it was decided already.
  if (!stored) throw conflict('This quote was already decided');
  return (await quotes.loadDecision(db, quote.id))!;
}

/** Staff record a decision the client gave another way (phone, signed paper). */
export async function recordDecision(ctx: AppContext, id: number, input: { status: 'accepted' | 'declined'; note: string }, by: StaffCaller): Promise<void> {
  const name = (await quotes.staffName(ctx.database.pool, by.userId)) ?? 'staff';
  await inTransaction(ctx.database.pool, async (db) => {
    const locked = await lock(db, id);
    if (!locked.superseded && (locked.status === 'accepted' || locked.status === 'declined')) throw conflict(`This quote was already ${locked.status}`);
    if (locked.status !== 'sent' || locked.superseded) throw conflict('Only a sent quote can be accepted or declined');
    if (input.status === 'accepted' && locked.pastValidity) {
      throw conflict(`This quote was valid until ${formatDay(locked.validUntil, MESSAGE_LOCALE)}: it can no longer be accepted. Revise it to send a new one.`);
    }
    const quote = (await quotes.loadQuote(db, id))!;
    const lines = await quotes.loadLines(db, id);
    const chosen = new Set(lines.filter((l) => l.optional && l.chosen).map((l) => l.id));
    await decide(db, quote, lines, { decision: input.status, name, reason: input.note, address: 'recorded by staff', chosen });
    await audit(db, { actor: by.actor, entity: 'quote', entityId: id, action: input.status, detail: { note: input.note } });
  });
}

/** The quote a link key opens, or null (a wrong key, a replaced revision or a quote past its day). */
export const quoteByKey = (db: Queryable, key: string, forUpdate = false) => quotes.quoteByKeyHash(db, hashToken(key), forUpdate);

/** The mail that tells a quote's owner what the client decided. */
const decisionMail = (owner: { email: string; number: string }, what: 'accepted' | 'declined', name: string) => ({
  to: owner.email,
  kind: 'quote',
  subject: `Quote ${owner.number} ${what} by ${name}`,
  body: `${name} ${what} quote ${owner.number}.`,
});

/**
 * The client decides through the link: accepts (with the optional lines they chose, at the total
 * they saw) or declines. The decision, its audit row and the mail to the quote's owner are written
 * in one transaction.
 */
export async function decideByLink(
  ctx: AppContext,
  key: string,
  d: { decision: 'accepted' | 'declined'; name: string; reason: string; address: string; chosenLineIds: number[]; expectedTotalCents?: number | undefined },
  log: Log,
): Promise<QuoteDecision> {
  const { decision, mails } = await inTransaction(ctx.database.pool, async (db) => {
    const found = await quoteByKey(db, key, true);
    if (!found) throw notFound(LINK_NOT_VALID);
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
    await audit(db, { actor: SYSTEM, entity: 'quote', entityId: quote.id, action: `client_${d.decision}`, detail: { name: d.name, address: d.address } });
    const owner = await quotes.ownerEmailOf(db, quote.id);
    return { decision, mails: owner ? [await queueEmail(db, decisionMail(owner, d.decision, d.name))] : [] };
  });
  deliverLater(ctx, log, mails);
  return decision;
}

/** The expiry job's work: a sent quote past its valid-until day becomes expired. Idempotent. */
export async function expireQuote(ctx: AppContext, id: number): Promise<boolean> {
  return inTransaction(ctx.database.pool, async (db) => {
    const expired = await quotes.markExpired(db, id);
    if (expired) await audit(db, { actor: SYSTEM, entity: 'quote', entityId: id, action: 'expire' });
    return expired;
  });
}

/** How long a quote made from billable expenses stays valid. */
const BILLED_EXPENSES_VALID_DAYS = 30;

/**
 * A kept draft quote for a company with approved billable expense lines (each line at its home
 * amount, not taxed), owned by the person who spent it, in the caller's transaction. Answers its id.
 */
export async function quoteBilledExpenses(
  db: Queryable,
  input: { companyId: number; title: string; lines: readonly { description: string; amountCents: number }[]; now: Date },
  by: StaffCaller,
): Promise<number> {
  const validUntil = new Date(input.now.getTime() + BILLED_EXPENSES_VALID_DAYS * 86_400_000).toISOString().slice(0, 10);
  const draft = quoteDraftSchema.parse({
    type: 'support',
    companyId: input.companyId,
    title: input.title,
    validUntil,
    lines: input.lines.map((l) => ({ kind: 'item', description: l.description, quantity: 1, unitPriceCents: l.amountCents, taxable: false })),
  });
  return createQuote(db, draft, true, by);
}
