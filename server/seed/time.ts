import type { PoolClient } from 'pg';

/** Managed-services contracts of the demo companies that have a plan: 20 included hours, $150 an hour over, 15-minute rounding. */
export async function seedTime(client: PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO ms_contracts (company_id, plan, included_minutes, overage_rate_cents, rounding_minutes, rollover, rollover_cap_minutes)
     SELECT id, ms_plan, 20 * 60, 15000, 15, true, 5 * 60 FROM companies WHERE ms_plan IS NOT NULL ORDER BY id`,
  );
}
