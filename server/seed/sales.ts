/**
 * A year of sales for the demo: three reps with monthly targets, territories with owners, calls,
 * letters, leads and closed sales on working days up to today, marketing spend per channel and
 * month, and "how did you hear about us" answers (confirmed, as staff would have) that bring each
 * customer in before its first sale. Deterministic (its own seeded generator, so the rest of the demo data stay as they were);
 * dates are relative to today like the tickets'.
 */
import type { PoolClient } from 'pg';
import { columnTable } from './columns';
import { seededRandom } from './random';

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Reps, their monthly targets (revenue in cents) and how busy a working day is. */
export const DEMO_REPS = [
  { email: 'sam.sales@demo.test', targets: { call: 60, letter: 20, lead: 8, sale: 4, revenue: 3_000_000 }, calls: 5, letters: 2, leadChance: 0.35, saleChance: 0.2 },
  { email: 'manager@demo.test', targets: { call: 30, letter: 10, lead: 4, sale: 2, revenue: 1_500_000 }, calls: 3, letters: 1, leadChance: 0.18, saleChance: 0.1 },
  { email: 'admin@demo.test', targets: { call: 12, letter: 4, lead: 2, sale: 1, revenue: 800_000 }, calls: 1, letters: 1, leadChance: 0.08, saleChance: 0.05 },
] as const;

const TERRITORY_OWNERS: Record<string, string> = { North: 'sam.sales@demo.test', South: 'manager@demo.test', East: 'sam.sales@demo.test', West: 'admin@demo.test' };

/** Monthly spend per channel name in dollars: [low, high], or null for none. */
const SPEND: Record<string, [number, number] | null> = {
  'Search engine': [1200, 2200],
  'Referral from a customer': null,
  'Trade show': [0, 6000],
  'Social media': [300, 900],
  'Direct mail': [400, 800],
  'Industry magazine': [600, 1000],
  Other: null,
};

const DETAILS = ['Saw your booth at the utilities expo', 'A neighbouring co-op recommended you', 'Found you searching for billing software', 'Your postcard about paper stock', 'An article in Utility Billing Monthly', ''];

export async function seedSales(client: PoolClient, now = new Date()): Promise<void> {
  const rnd = seededRandom(1913);
  const { rows: staff } = await client.query<{ id: number; email: string }>('SELECT id, email FROM staff_users');
  const idOf = (email: string) => staff.find((s) => s.email === email)!.id;
  const { rows: companies } = await client.query<{ id: number; name: string; territory: string | null }>('SELECT id, name, territory FROM companies ORDER BY id');
  const { rows: channels } = await client.query<{ id: number; name: string }>('SELECT id, name FROM sales_channels ORDER BY position, id');

  for (const [name, owner] of Object.entries(TERRITORY_OWNERS)) {
    await client.query(
      `INSERT INTO sales_territories (name, owner_id) VALUES ($1, $2) ON CONFLICT ((lower(name))) DO UPDATE SET owner_id = EXCLUDED.owner_id`,
      [name, idOf(owner)],
    );
  }
  for (const rep of DEMO_REPS) {
    for (const [kind, monthly] of Object.entries(rep.targets)) {
      await client.query('INSERT INTO sales_targets (staff_id, kind, monthly) VALUES ($1, $2, $3)', [idOf(rep.email), kind, monthly]);
    }
  }

  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const monthIndex = (d: Date) => (d.getUTCFullYear() - start.getUTCFullYear()) * 12 + d.getUTCMonth() - start.getUTCMonth();

  // Each company joins in one month of the year through a channel (the "how did you hear about us" answer), then buys.
  const attributed = channels.filter((c) => c.name !== 'Other');
  const joins = companies.map((c, i) => ({ ...c, month: (i * 5) % 12, channel: attributed[(i * 3 + 1) % attributed.length]! }));
  for (const j of joins) {
    const when = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + j.month, 1 + rnd.int(0, 6), 9 + rnd.int(0, 8)));
    if (when > now) continue;
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO huhy_answers (company_name, company_id, contact_name, email, channel_id, detail, created_at, status, reviewed_at)
       SELECT $1, $2, name, coalesce(email, 'info@example.com'), $3, $4, $5, 'confirmed', $5 FROM contacts WHERE company_id = $2 ORDER BY id LIMIT 1 RETURNING id`,
      [j.name, j.id, j.channel.id, rnd.pick(DETAILS), when],
    );
    await client.query(
      `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, channel_id, huhy_id, notes, created_at) VALUES ('lead', $1, NULL, $2, $3, $4, '', $5)`,
      [j.id, day(when), j.channel.id, rows[0]!.id, when],
    );
  }

  const activities = columnTable('kind', 'company_id', 'staff_id', 'occurred_on', 'amount_cents');
  const add = (kind: string, companyId: number, staffId: number, on: string, amount: number | null = null) =>
    activities.push({ kind, company_id: companyId, staff_id: staffId, occurred_on: on, amount_cents: amount });
  const firstSale = new Set<number>();
  for (let d = start; d <= today; d = new Date(d.getTime() + DAY_MS)) {
    const weekday = d.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const m = monthIndex(d);
    const joined = joins.filter((j) => j.month <= m && (j.month < m || d.getUTCDate() > 7));
    const anyCompany = () => rnd.pick(companies).id;
    for (const rep of DEMO_REPS) {
      const staffId = idOf(rep.email);
      for (let c = rnd.int(0, rep.calls); c > 0; c--) add('call', anyCompany(), staffId, day(d));
      for (let c = rnd.int(0, rep.letters); c > 0; c--) if (rnd.next() < 0.5) add('letter', anyCompany(), staffId, day(d));
      if (rnd.next() < rep.leadChance) add('lead', anyCompany(), staffId, day(d));
      if (joined.length && rnd.next() < rep.saleChance) {
        // A company that joined this month and has not bought yet comes first.
        const fresh = joined.find((j) => j.month === m && !firstSale.has(j.id));
        const buyer = fresh ?? rnd.pick(joined.filter((j) => firstSale.has(j.id)).length ? joined.filter((j) => firstSale.has(j.id)) : joined);
        firstSale.add(buyer.id);
        add('sale', buyer.id, staffId, day(d), rnd.int(15, 450) * 10_000 + rnd.pick([0, 2500, 5000, 9900]));
      }
    }
  }
  await client.query(
    `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, amount_cents, notes, created_at)
     SELECT k, c, s, d::date, a, '', d::date + time '10:00' FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::bigint[]) AS x(k, c, s, d, a)`,
    activities.values(),
  );

  for (let m = 0; m < 12; m++) {
    const month = day(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + m, 1)));
    for (const c of channels) {
      const range = SPEND[c.name];
      if (!range) continue;
      const dollars = c.name === 'Trade show' ? (m % 4 === 1 ? rnd.int(4000, 6000) : 0) : rnd.int(range[0], range[1]);
      if (dollars) await client.query('INSERT INTO sales_spend (channel_id, month, cents) VALUES ($1, $2, $3)', [c.id, month, dollars * 100]);
    }
  }
}
