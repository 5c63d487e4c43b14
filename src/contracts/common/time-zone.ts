/**
 * The one check of a time-zone name, for every input that takes one (the timeclock, the timer,
 * reports). The browser checks a name against its Intl. The server checks it against the zones its
 * PostgreSQL knows as well (`pg_timezone_names`, read once when the database opens): Intl still
 * accepts names the tz database has dropped (US/Pacific-New, Canada/East-Saskatchewan), which
 * PostgreSQL refuses, so such a name would reach SQL and fail there.
 */

/** The longest zone name taken. */
export const TIME_ZONE_MAX = 64;
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The zone names the database accepts, lower-cased (PostgreSQL reads names without regard to case); null until the server says. */
let databaseZones: ReadonlySet<string> | null = null;

/** A time-zone name such as Europe/Berlin: its shape, Intl knows it, and on the server so does the database. */
export function isTimeZone(value: string): boolean {
  if (value.length > TIME_ZONE_MAX || !TIME_ZONE_NAME.test(value)) return false;
  if (databaseZones && !databaseZones.has(value.toLowerCase())) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The server: from now on only zones the database knows pass `isTimeZone`. A process that opens
 * several databases (the tests open one per backend) accepts the zones all of them know.
 */
export function acceptDatabaseTimeZones(names: Iterable<string>): void {
  const known = new Set([...names].map((n) => n.toLowerCase()));
  databaseZones = databaseZones ? new Set([...databaseZones].filter((n) => known.has(n))) : known;
}
