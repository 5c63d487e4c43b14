/**
 * Half a year of quotes for the demo: the catalog beyond paper, then quotes of every type by the
 * three sales reps for the active companies, older ones decided (accepted, declined or expired),
 * recent ones still draft or sent, some revised once (the first revision kept, superseded). An
 * accepted quote has its decision recorded (name, address, digest of the accepted content) and
 * the closed sale that references it. Deterministic (its own seeded generator, so the rest of the
 * demo data stay as they were); dates are relative to today like the tickets'.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { DEFAULT_QUOTE_TAX_RATE_PERCENT, QUOTE_LIMITS, acceptedContent, displayNumber, netOf, totalsOf, type QuoteLine, type QuoteStatus, type QuoteType } from '@contracts/quotes';
import { columnTable } from './columns';
import { seededRandom } from './random';
import { CATALOG_ITEMS, QUOTE_DECLINE_REASONS, QUOTE_STORIES } from './story';

/** How many quotes (first revisions) the demo has, and how far back the oldest goes. */
export const DEMO_QUOTE_COUNT = 40;
const DEMO_QUOTE_DAYS = 180;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TAX_BP = Math.round(DEFAULT_QUOTE_TAX_RATE_PERCENT * 100);
const TERMS = 'Payment within 30 days of invoice. Prices exclude freight unless stated.';

/** Who quotes, weighted: the account executive most, the manager and the admin now and then. */
const OWNERS = ['sam.sales@demo.test', 'sam.sales@demo.test', 'sam.sales@demo.test', 'manager@demo.test', 'manager@demo.test', 'admin@demo.test'];
const TYPES: readonly QuoteType[] = ['support', 'hardware', 'paper', 'project', 'support', 'paper', 'hardware'];

type Catalog = Map<string, { id: number; name: string; price: number; taxable: boolean }>;
type Draft = Omit<QuoteLine, 'id' | 'netCents'>;

export async function seedQuotes(client: PoolClient, now = new Date()): Promise<void> {
  const rnd = seededRandom(1801);
  for (const [sku, category, name, description, price, cost, taxable] of CATALOG_ITEMS) {
    await client.query(
      `INSERT INTO catalog_items (sku, name, description, category, unit_price_cents, unit_cost_cents, taxable) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [sku, name, description, category, price, cost, taxable],
    );
  }
  const { rows: items } = await client.query<{ id: number; sku: string; name: string; price: number; taxable: boolean }>(
    'SELECT id, sku, name, unit_price_cents AS price, taxable FROM catalog_items',
  );
  const catalog: Catalog = new Map(items.map((i) => [i.sku, i]));
  const { rows: staff } = await client.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
  const idOf = (email: string) => staff.find((s) => s.email === email)!.id;
  const { rows: companies } = await client.query<{ id: number; contact: string; email: string }>(
    `SELECT c.id, p.name AS contact, p.email FROM companies c
       JOIN LATERAL (SELECT name, email FROM contacts WHERE company_id = c.id ORDER BY id LIMIT 1) p ON true
      WHERE c.status = 'active' ORDER BY c.id`,
  );

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = 0; i < DEMO_QUOTE_COUNT; i++) {
    // Oldest first, so the numbers grow with the dates; busier lately, so the open pipeline has some weight.
    const daysAgo = Math.max(1, Math.round(DEMO_QUOTE_DAYS * (1 - i / DEMO_QUOTE_COUNT) ** 1.5) - rnd.int(0, 3));
    const created = today - daysAgo * DAY_MS + rnd.int(8, 16) * HOUR_MS;
    const type = TYPES[i % TYPES.length]!;
    const story = QUOTE_STORIES[type];
    const company = companies[(i * 7 + rnd.int(0, 2)) % companies.length]!;
    const ownerId = idOf(rnd.pick(OWNERS));
    const decidedAfter = rnd.int(3, 20);
    const r = rnd.next();
    // Past its valid-until day a quote was decided or expired; a recent one may still be open.
    const status: QuoteStatus =
      daysAgo > QUOTE_LIMITS.defaultValidDays
        ? r < 0.5 ? 'accepted' : r < 0.72 ? 'declined' : 'expired'
        : daysAgo <= decidedAfter ? (r < 0.4 ? 'draft' : 'sent') : r < 0.3 ? 'draft' : r < 0.75 ? 'sent' : r < 0.93 ? 'accepted' : 'declined';
    // Only a quote with some history behind it went through a second revision.
    const revised = status !== 'draft' && daysAgo > 14 && rnd.next() < 0.3;
    const base = {
      companyId: company.id,
      contactName: company.contact,
      contactEmail: company.email,
      type,
      title: rnd.pick(story.titles),
      notes: rnd.pick(story.notes),
      ownerId,
    };
    let lines = quoteLines(rnd, story, catalog);
    const { rows } = await client.query<{ number: string }>(`SELECT 'Q-' || nextval('quote_number_seq') AS number`);
    const number = rows[0]!.number;
    let rootId: number | null = null;
    let at = created;
    if (revised) {
      // The first revision was sent, then the client asked for a change: a discount or another quantity.
      const first = await insertQuote(client, { ...base, number, revision: 1, rootId: null, lines, status: 'sent', superseded: true, created: at, sentAt: at + rnd.int(2, 26) * HOUR_MS, decidedAt: null });
      rootId = first.id;
      at += rnd.int(2, 6) * DAY_MS;
      lines = lines.map((l, n) => (n === lines.findIndex((x) => x.kind === 'item') ? { ...l, discountPercent: rnd.pick([5, 7.5, 10]) } : l));
    }
    const sentAt = status === 'draft' ? null : Math.min(now.getTime() - HOUR_MS / 2, at + rnd.int(2, 26) * HOUR_MS);
    const decidedAt = status === 'accepted' || status === 'declined' ? Math.max(sentAt! + HOUR_MS, Math.min(now.getTime() - HOUR_MS, at + decidedAfter * DAY_MS)) : null;
    const chosen = new Set<number>();
    const quote = await insertQuote(client, { ...base, number, revision: revised ? 2 : 1, rootId, lines, status, superseded: false, created: at, sentAt, decidedAt, chosen: (l) => l.optional && status === 'accepted' && rnd.next() < 0.5 });
    for (const l of quote.lines) if (l.optional && l.chosen) chosen.add(l.id);
    if (status === 'accepted' || status === 'declined') {
      const accepted = status === 'accepted';
      const content = acceptedContent({ number: displayNumber(number, quote.revision), revision: quote.revision, taxRatePercent: DEFAULT_QUOTE_TAX_RATE_PERCENT }, quote.lines, chosen);
      await client.query(
        `INSERT INTO quote_decisions (quote_id, decision, name, reason, address, content_hash, chosen_lines, total_cents, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          quote.id,
          status,
          company.contact,
          accepted ? '' : rnd.pick(QUOTE_DECLINE_REASONS),
          rnd.next() < 0.7 ? `203.0.113.${rnd.int(2, 250)}` : 'recorded by staff',
          accepted ? createHash('sha256').update(content).digest('hex') : null,
          [...chosen],
          quote.totalCents,
          new Date(decidedAt!),
        ],
      );
      if (accepted) {
        await client.query(
          `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, amount_cents, quote_id, notes, created_at) VALUES ('sale', $1, $2, $3, $4, $5, $6, $7)`,
          [company.id, ownerId, new Date(decidedAt!).toISOString().slice(0, 10), quote.totalCents, quote.id, `Accepted ${displayNumber(number, quote.revision)}`, new Date(decidedAt!)],
        );
      }
    }
  }
  // An expired quote's valid-until day is behind it; a sent one's still ahead (the expiry job sees to the rest).
  await client.query(`UPDATE quotes SET valid_until = LEAST(valid_until, current_date - 1) WHERE status = 'expired'`);
  await client.query(`UPDATE quotes SET valid_until = GREATEST(valid_until, current_date + 3) WHERE status = 'sent' AND NOT superseded`);
}

/** The lines of a quote of one story: catalog items with quantities in its ranges, headings as they are. */
function quoteLines(rnd: ReturnType<typeof seededRandom>, story: (typeof QUOTE_STORIES)[QuoteType], catalog: Catalog): Draft[] {
  return story.lines.map((spec, position) => {
    if (spec.length === 1) {
      return { position, kind: 'heading', catalogItemId: null, sku: '', description: spec[0], quantity: 0, unitPriceCents: 0, discountPercent: 0, taxable: false, optional: false, chosen: false };
    }
    const [sku, low, high, optional] = spec;
    const item = catalog.get(sku)!;
    return { position, kind: 'item', catalogItemId: item.id, sku, description: item.name, quantity: rnd.int(low, high), unitPriceCents: item.price, discountPercent: 0, taxable: item.taxable, optional, chosen: false };
  });
}

type NewQuote = {
  number: string;
  revision: number;
  rootId: number | null;
  companyId: number;
  contactName: string;
  contactEmail: string;
  type: QuoteType;
  title: string;
  notes: string;
  ownerId: number;
  status: QuoteStatus;
  superseded: boolean;
  lines: Draft[];
  created: number;
  sentAt: number | null;
  decidedAt: number | null;
  chosen?: (line: Draft) => boolean;
};

/** One revision with its lines and totals (computed as the editor computes them); answers its id, lines and total. */
async function insertQuote(client: PoolClient, q: NewQuote): Promise<{ id: number; revision: number; lines: QuoteLine[]; totalCents: number }> {
  const drafts = q.lines.map((l) => ({ ...l, chosen: l.optional && (q.chosen?.(l) ?? false) }));
  const totals = totalsOf(drafts, DEFAULT_QUOTE_TAX_RATE_PERCENT);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const validUntil = new Date((q.sentAt ?? q.created) + QUOTE_LIMITS.defaultValidDays * DAY_MS).toISOString().slice(0, 10);
  const updated = Math.max(q.created, q.sentAt ?? 0, q.decidedAt ?? 0);
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO quotes (number, revision, root_id, company_id, contact_name, contact_email, type, status, superseded, title, valid_until, notes, terms,
                         tax_rate_bp, subtotal_cents, tax_cents, total_cents, owner_id, created_at, updated_at, sent_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) RETURNING id`,
    [
      q.number, q.revision, q.rootId, q.companyId, q.contactName, q.contactEmail, q.type, q.status, q.superseded, q.title, validUntil, q.notes, TERMS,
      TAX_BP, totals.subtotalCents, totals.taxCents, totals.totalCents, q.ownerId, iso(q.created), iso(updated), iso(q.sentAt), iso(q.decidedAt),
    ],
  );
  const id = rows[0]!.id;
  const lineRows = columnTable('position', 'kind', 'catalog_item_id', 'sku', 'description', 'quantity', 'unit_price_cents', 'discount_bp', 'taxable', 'optional', 'chosen');
  for (const l of drafts) {
    lineRows.push({
      position: l.position + 1,
      kind: l.kind,
      catalog_item_id: l.catalogItemId,
      sku: l.sku,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      discount_bp: Math.round(l.discountPercent * 100),
      taxable: l.taxable,
      optional: l.optional,
      chosen: l.chosen,
    });
  }
  const { rows: lineIds } = await client.query<{ id: number; position: number }>(
    `INSERT INTO quote_lines (quote_id, position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen)
     SELECT $1, x.position, x.kind, x.catalog_item_id, x.sku, x.description, x.quantity, x.unit_price_cents, x.discount_bp, x.taxable, x.optional, x.chosen
       FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::numeric[], $8::bigint[], $9::int[], $10::bool[], $11::bool[], $12::bool[])
            AS x(position, kind, catalog_item_id, sku, description, quantity, unit_price_cents, discount_bp, taxable, optional, chosen)
     RETURNING id, position`,
    [id, ...lineRows.values()],
  );
  const lines = drafts.map((l) => {
    const line = { ...l, position: l.position + 1, id: lineIds.find((r) => r.position === l.position + 1)!.id };
    return { ...line, netCents: netOf(line) };
  });
  return { id, revision: q.revision, lines, totalCents: totals.totalCents };
}
