import type { PoolClient } from 'pg';
import { CATALOG_CATEGORY_PAPER } from '@contracts/common/constants';

const PAPER_PRODUCTS = [
  ['PAP-BILL-1UP', 'Pre-printed bill stock, 1-up (case of 2,500)', 'Perforated single bill with return stub, laser compatible.', 8950],
  ['PAP-BILL-2UP', 'Pre-printed bill stock, 2-up (case of 2,500)', 'Two bills per sheet, for high-volume cycles.', 9850],
  ['PAP-ENV-10', '#10 double-window envelopes (box of 500)', 'Matches the 1-up and 2-up bill stock windows.', 4200],
  ['PAP-ENV-RET', 'Return envelopes (box of 500)', 'Pre-addressed to your office.', 3900],
] as const;

/** Acme Utilities (ACME-001) takes sign-ups at its own email domain at once; every other company keeps the default (approval). */
export const DEMO_SIGNUP_DOMAIN = 'acme-001.example.com';

/**
 * Demo data of the client portal: the paper catalog, a few orders and SCRs for the first two
 * companies, and the email-domain sign-up policy of the first.
 */
export async function seedClientPortal(client: PoolClient, companyIds: number[]): Promise<void> {
  await client.query(`UPDATE companies SET signup_policy = 'email_domains', signup_domains = $2 WHERE id = $1`, [companyIds[0], [DEMO_SIGNUP_DOMAIN]]);
  const productIds: number[] = [];
  for (const [sku, name, description, price] of PAPER_PRODUCTS) {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO catalog_items (sku, name, description, category, unit_price_cents, unit_cost_cents, taxable)
       VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
      [sku, name, description, CATALOG_CATEGORY_PAPER, price, Math.round(price * 0.6)],
    );
    productIds.push(rows[0]!.id);
  }
  for (const [i, companyId] of companyIds.slice(0, 2).entries()) {
    await client.query(
      `INSERT INTO paper_orders (company_id, catalog_item_id, quantity, po_number, ship_to, status, created_at) VALUES
         ($1, $2, 4, $3, $4, 'shipped', now() - interval '40 days'),
         ($1, $5, 2, NULL, $4, 'processing', now() - interval '3 days')`,
      [companyId, productIds[0], `PO-${4100 + i}`, `${100 + i} Main Street, Springfield`, productIds[2]],
    );
    await client.query(
      `INSERT INTO software_change_requests (company_id, title, description, business_reason, priority, status, created_at, updated_at) VALUES
         ($1, 'Add autopay date to bill print', 'Show the next autopay draft date under the amount due.', 'Fewer calls about draft dates.', 'medium', 'in_development', now() - interval '20 days', now() - interval '2 days'),
         ($1, 'Export meter reads to CSV', 'A CSV export on the meter read review screen.', NULL, 'low', 'released', now() - interval '90 days', now() - interval '30 days')`,
      [companyId],
    );
  }
}
