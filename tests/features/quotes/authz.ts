import type { Pool } from 'pg';
import { QUOTES } from '@contracts/quotes';
import { all, endpointRows, staffOnly } from '@tests/support/authz';

let n = 0;
const sku = () => `MATRIX-${Date.now()}-${n++}`;
const draft = { type: 'support', validUntil: '2099-01-31', lines: [{ kind: 'item', description: 'Matrix hours', quantity: 2, unitPriceCents: 10000 }] };
const quoteUrl = (suffix = '') => (ids: { extra: Record<string, number> }) => `/api/v2/quotes/${ids.extra.quoteDraft}${suffix}`;
/** A key of the right shape that no link has. */
const NO_KEY = 'A'.repeat(32);

/** A draft quote every audience may read, save and print. */
export async function prepare(pool: Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO quotes (number, type, valid_until, tax_rate_bp, owner_id) VALUES ('Q-MATRIX', 'support', current_date + 30, 825, (SELECT min(id) FROM staff_users)) RETURNING id`,
  );
  return { quoteDraft: rows[0]!.id };
}

/** Quotes and the catalog: staff of every role; the client's link page is public by its key (404 for a wrong one). */
export const ROWS = endpointRows([
  [QUOTES.catalogSearch, { url: '/api/v2/catalog?q=paper', expect: staffOnly() }],
  [QUOTES.catalogExport, { expect: staffOnly() }],
  [QUOTES.catalogImport, { body: { csv: 'sku,name,category,unit_price\nMX-1,Matrix,paper,1.00\n' }, expect: staffOnly() }],
  [QUOTES.catalogCreate, { body: () => ({ sku: sku(), name: 'Matrix item', category: 'service', unitPriceCents: 100, unitCostCents: 50 }), expect: staffOnly(201) }],
  [QUOTES.catalogUpdate, { url: '/api/v2/catalog/999999', body: { name: 'x' }, expect: staffOnly(404) }],
  [QUOTES.catalogDelete, { url: '/api/v2/catalog/999999', expect: staffOnly(404) }],
  [QUOTES.search, { url: '/api/v2/quotes?status=draft', expect: staffOnly() }],
  [QUOTES.pipeline, { expect: staffOnly() }],
  [QUOTES.sample, { url: '/api/v2/quotes/sample?type=paper', expect: staffOnly() }],
  [QUOTES.samplePdf, { url: '/api/v2/quotes/sample-pdf?type=support', expect: staffOnly() }],
  [QUOTES.create, { body: draft, expect: staffOnly(201) }],
  [QUOTES.view, { url: quoteUrl(), expect: staffOnly() }],
  [QUOTES.save, { url: quoteUrl(), body: draft, expect: staffOnly() }],
  [QUOTES.pdf, { url: quoteUrl('/pdf'), expect: staffOnly() }],
  // Discarding deletes a draft: checked on the matrix's numbered draft, which is kept (409).
  [QUOTES.discard, { url: quoteUrl(), expect: staffOnly(409) }],
  // Sending, revising and deciding change the quote: checked on one that does not exist.
  [QUOTES.send, { url: '/api/v2/quotes/999999/send', body: { version: 1 }, expect: staffOnly(404) }],
  [QUOTES.revise, { url: '/api/v2/quotes/999999/revise', expect: staffOnly(404) }],
  [QUOTES.decide, { url: '/api/v2/quotes/999999/status', body: { status: 'accepted' }, expect: staffOnly(404) }],
  [QUOTES.publicView, { url: `/api/v2/public/quotes/${NO_KEY}`, expect: all(404) }],
  [QUOTES.publicAccept, { url: `/api/v2/public/quotes/${NO_KEY}/accept`, body: { name: 'Pat' }, expect: all(404) }],
  [QUOTES.publicDecline, { url: `/api/v2/public/quotes/${NO_KEY}/decline`, body: { name: 'Pat', reason: 'No' }, expect: all(404) }],
]);
