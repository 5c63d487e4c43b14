/**
 * The time zones the database accepts. Read once when the database opens and handed to the
 * contracts' zone check, so a zone PostgreSQL refuses (a name the tz database dropped, which Intl
 * still knows) is a 400 naming its field instead of an error in SQL.
 */
import { acceptDatabaseTimeZones } from '@contracts/common/time-zone';
import type { Queryable } from '@server/platform/sql';

export async function loadDatabaseTimeZones(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM pg_timezone_names');
  acceptDatabaseTimeZones(rows.map((r) => r.name));
}
