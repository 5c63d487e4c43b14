/**
 * The people feature's SQL: a staff member's profile (their row of staff_users for name, title,
 * phone and manager; staff_profiles for the rest), their notification preferences, and the org
 * chart. Only this feature writes staff_profiles and notification_preferences.
 */
import { DEFAULT_LANDING_PAGE, DEFAULT_WORKING_HOURS, type NotificationChannel, type NotificationEvent, type OrgPerson, type Profile } from '@contracts/people';
import type { Queryable } from '@server/platform/sql';

type ProfileRow = {
  id: number;
  email: string;
  name: string;
  title: string | null;
  phone: string | null;
  department: string | null;
  manager_name: string | null;
  time_zone: string | null;
  work_start: string | null;
  work_end: string | null;
  work_days: number[] | null;
  theme: Profile['theme'] | null;
  landing_page: string | null;
  quiet_from: string | null;
  quiet_to: string | null;
  avatar_version: number | null;
};

/** The profile of an active staff member, or null. */
export async function profileOf(db: Queryable, staffId: number): Promise<Omit<Profile, 'notifications'> | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.id, u.email, u.name, u.title, u.phone, u.department, m.name AS manager_name,
            p.time_zone, to_char(p.work_start, 'HH24:MI') AS work_start, to_char(p.work_end, 'HH24:MI') AS work_end,
            p.work_days::int[] AS work_days, p.theme, p.landing_page,
            to_char(p.quiet_from, 'HH24:MI') AS quiet_from, to_char(p.quiet_to, 'HH24:MI') AS quiet_to, a.version AS avatar_version
       FROM staff_users u
       LEFT JOIN staff_users m ON m.id = u.manager_id
       LEFT JOIN staff_profiles p ON p.staff_id = u.id
       LEFT JOIN staff_avatars a ON a.staff_id = u.id
      WHERE u.id = $1 AND u.active`,
    [staffId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    title: r.title,
    phone: r.phone,
    department: r.department,
    managerName: r.manager_name,
    timeZone: r.time_zone,
    workingHours: {
      start: r.work_start ?? DEFAULT_WORKING_HOURS.start,
      end: r.work_end ?? DEFAULT_WORKING_HOURS.end,
      days: r.work_days ?? [...DEFAULT_WORKING_HOURS.days],
    },
    theme: r.theme ?? 'system',
    landingPage: r.landing_page ?? DEFAULT_LANDING_PAGE,
    quietHours: r.quiet_from && r.quiet_to ? { from: r.quiet_from, to: r.quiet_to } : null,
    avatarVersion: r.avatar_version,
  };
}

/** The events and channels a person set (what is not here is on). */
export async function notificationChoicesOf(db: Queryable, staffId: number): Promise<{ event: string; channel: string; enabled: boolean }[]> {
  const { rows } = await db.query<{ event: string; channel: string; enabled: boolean }>(
    'SELECT event, channel, enabled FROM notification_preferences WHERE staff_id = $1',
    [staffId],
  );
  return rows;
}

export type ProfileFields = {
  name: string;
  title: string | null;
  phone: string | null;
  timeZone: string | null;
  workingHours: { start: string; end: string; days: number[] };
  theme: Profile['theme'];
  landingPage: string;
};

/** Writes a person's own fields; false when they are not an active staff member. */
export async function saveProfile(db: Queryable, staffId: number, f: ProfileFields, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE staff_users SET name = $2, title = $3, phone = $4 WHERE id = $1 AND active', [staffId, f.name, f.title, f.phone]);
  if (!rowCount) return false;
  await db.query(
    `INSERT INTO staff_profiles (staff_id, time_zone, work_start, work_end, work_days, theme, landing_page, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (staff_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, work_start = EXCLUDED.work_start, work_end = EXCLUDED.work_end,
       work_days = EXCLUDED.work_days, theme = EXCLUDED.theme, landing_page = EXCLUDED.landing_page, updated_at = EXCLUDED.updated_at`,
    [staffId, f.timeZone, f.workingHours.start, f.workingHours.end, [...new Set(f.workingHours.days)].sort(), f.theme, f.landingPage, now],
  );
  return true;
}

/** Writes a person's quiet hours and their choices per event and channel. */
export async function saveNotificationSettings(
  db: Queryable,
  staffId: number,
  quiet: { from: string; to: string } | null,
  choices: { event: NotificationEvent; channel: NotificationChannel; enabled: boolean }[],
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO staff_profiles (staff_id, quiet_from, quiet_to, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (staff_id) DO UPDATE SET quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to, updated_at = EXCLUDED.updated_at`,
    [staffId, quiet?.from ?? null, quiet?.to ?? null, now],
  );
  for (const c of choices) {
    await db.query(
      `INSERT INTO notification_preferences (staff_id, event, channel, enabled) VALUES ($1, $2, $3, $4)
       ON CONFLICT (staff_id, event, channel) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [staffId, c.event, c.channel, c.enabled],
    );
  }
}

/** The rule of migration 0033 (`notification_allowed`): may this notice reach this person on this channel now? */
export async function notificationAllowedAt(db: Queryable, userId: number, event: NotificationEvent, channel: NotificationChannel, at: Date): Promise<boolean> {
  const { rows } = await db.query<{ allowed: boolean }>('SELECT notification_allowed($1, $2, $3, $4) AS allowed', [userId, event, channel, at]);
  return rows[0]?.allowed ?? false;
}

/** The password hash of an active staff member. */
export async function passwordHashOf(db: Queryable, staffId: number): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM staff_users WHERE id = $1 AND active FOR UPDATE', [staffId]);
  return rows[0]?.password_hash ?? null;
}

/** Sets a new password hash (the sessions it ends are ended by the platform's sessions module). */
export async function setPasswordHash(db: Queryable, staffId: number, hash: string): Promise<void> {
  await db.query('UPDATE staff_users SET password_hash = $2 WHERE id = $1', [staffId, hash]);
}

/** Every active staff member with their manager (a manager who is not active counts as none). */
export async function orgPeople(db: Queryable): Promise<Omit<OrgPerson, 'status'>[]> {
  const { rows } = await db.query<{ id: number; name: string; title: string | null; department: string | null; manager_id: number | null; avatar_version: number | null }>(
    `SELECT u.id, u.name, u.title, u.department, m.id AS manager_id, a.version AS avatar_version
       FROM staff_users u LEFT JOIN staff_users m ON m.id = u.manager_id AND m.active LEFT JOIN staff_avatars a ON a.staff_id = u.id
      WHERE u.active ORDER BY u.name, u.id`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, title: r.title, department: r.department, managerId: r.manager_id, avatarVersion: r.avatar_version }));
}

/** Serialises changes of the org chart: two changes that would together make a cycle run one after the other. */
export async function lockOrgChart(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('people.orgchart'))`);
}

/** The name of an active staff member, or null. */
export async function activeNameOf(db: Queryable, staffId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1 AND active', [staffId]);
  return rows[0]?.name ?? null;
}

/** Whether `personId` is `managerId` or above them in the chain of managers (then reporting to them would make a cycle). */
export async function isInChainAbove(db: Queryable, managerId: number, personId: number): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `WITH RECURSIVE chain(id, depth) AS (
       SELECT id, 0 FROM staff_users WHERE id = $1
       UNION ALL
       SELECT u.manager_id, c.depth + 1 FROM chain c JOIN staff_users u ON u.id = c.id
        WHERE u.manager_id IS NOT NULL AND c.depth < 10000
     ) CYCLE id SET looped USING path
     SELECT EXISTS (SELECT 1 FROM chain WHERE id = $2) AS found`,
    [managerId, personId],
  );
  return rows[0]?.found ?? false;
}

export async function setManagerOf(db: Queryable, personId: number, managerId: number | null): Promise<{ before: number | null } | null> {
  const { rows } = await db.query<{ before: number | null }>(
    `UPDATE staff_users u SET manager_id = $2 FROM (SELECT manager_id FROM staff_users WHERE id = $1) old
      WHERE u.id = $1 AND u.active RETURNING old.manager_id AS before`,
    [personId, managerId],
  );
  return rows[0] ?? null;
}
