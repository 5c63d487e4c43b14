/** The accounts a sign-in looks up, and the staff profiles the session reads. */
import type { StaffUser } from '@contracts/auth';
import type { ProfileTheme } from '@contracts/people';
import type { Queryable } from '@server/platform/sql';

export type StaffCredentials = { id: number; name: string; role: StaffUser['role']; password_hash: string; landing_page: string | null; theme: ProfileTheme | null; time_zone: string | null };
export type ClientCredentials = { id: number; name: string; email: string; company_id: number; company_name: string; password_hash: string };

/** An active staff user by email, with the password hash. */
export async function staffCredentials(db: Queryable, email: string): Promise<StaffCredentials | undefined> {
  const { rows } = await db.query<StaffCredentials>(
    `SELECT u.id, u.name, u.role, u.password_hash, p.landing_page, p.theme, p.time_zone
       FROM staff_users u LEFT JOIN staff_profiles p ON p.staff_id = u.id
      WHERE u.email = $1 AND u.active`,
    [email],
  );
  return rows[0];
}

/** An active client user by email, with the company and the password hash. */
export async function clientCredentials(db: Queryable, email: string): Promise<ClientCredentials | undefined> {
  const { rows } = await db.query<ClientCredentials>(
    `SELECT u.id, u.name, u.email, u.company_id, c.name AS company_name, u.password_hash
       FROM client_users u JOIN companies c ON c.id = u.company_id
      WHERE u.email = $1 AND u.status = 'active'`,
    [email],
  );
  return rows[0];
}

/** An active staff user's profile. */
export async function staffProfile(db: Queryable, id: number): Promise<StaffUser | null> {
  const { rows } = await db.query<StaffUser>(
    `SELECT u.id AS userid, u.name, u.email, u.role, u.title, u.department, p.time_zone AS "timeZone", a.version AS "avatarVersion"
       FROM staff_users u LEFT JOIN staff_profiles p ON p.staff_id = u.id LEFT JOIN staff_avatars a ON a.staff_id = u.id
      WHERE u.id = $1 AND u.active`,
    [id],
  );
  return rows[0] ?? null;
}
