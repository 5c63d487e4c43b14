import type { PoolClient } from 'pg';

/** Managed-services contracts of the demo companies that have a plan: 20 included hours, $150 an hour over, 15-minute rounding. */
export async function seedTime(client: PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO ms_contracts (company_id, plan, included_minutes, overage_rate_cents, rounding_minutes, rollover, rollover_cap_minutes)
     SELECT id, ms_plan, 20 * 60, 15000, 15, true, 5 * 60 FROM companies WHERE ms_plan IS NOT NULL ORDER BY id`,
  );
}

/**
 * Avery Agent's punches of the weekdays 7 to 20 days back (before this week, which the timeclock
 * shows fresh): in around half past eight, out around five, with a lunch break; one day forgot the
 * punch-out until late, which a punch correction puts right.
 */
export async function seedPunches(client: PoolClient): Promise<void> {
  await client.query(
    `INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at, punched_out_at, break_seconds)
     SELECT s.id, 'UTC',
            (d::date + time '08:30' + make_interval(mins => (extract(doy FROM d)::int * 7) % 20)) AT TIME ZONE 'UTC',
            (d::date + CASE WHEN extract(day FROM d)::int % 9 = 0 THEN time '21:40' ELSE time '17:00' + make_interval(mins => (extract(doy FROM d)::int * 11) % 25) END) AT TIME ZONE 'UTC',
            1800
       FROM staff_users s, generate_series(current_date - 20, current_date - 7, interval '1 day') AS d
      WHERE s.email = 'agent@demo.test' AND extract(isodow FROM d) < 6`,
  );
}
