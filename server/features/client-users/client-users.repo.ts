/** Client portal users: the SQL, with typed rows. */
import type { z } from 'zod';
import type { ClientUser, clientUserQuerySchema, Paged } from '@contracts/companies';
import { revokeAllSessions } from '@server/platform/auth/sessions';
import { containing, iso, isoOf, offsetOf, type Queryable } from '@server/platform/sql';

/** When the user was last sent an invitation (or an activation link). */
const LAST_INVITED = `(SELECT max(i.created_at) FROM password_tokens i WHERE i.client_user_id = u.id AND i.purpose = 'invite')`;

/** Sort columns of the list; a sort always ends with the id so pages do not overlap. */
const SORT_SQL: Record<string, string> = {
  name: 'lower(u.name)',
  email: 'u.email',
  company: 'lower(c.name)',
  status: 'u.status',
  last_invited_at: LAST_INVITED,
  created_at: 'u.created_at',
};
const DEFAULT_ORDER = 'lower(c.name), lower(u.name)';

const USER_COLUMNS = `u.id, u.company_id, c.name AS company_name, u.contact_id, u.name, u.email, u.status, ${iso('u.created_at')},
  ${isoOf(LAST_INVITED)} AS last_invited_at`;
const FROM = 'client_users u JOIN companies c ON c.id = u.company_id';

/** One client user with its company; `lock` holds the row for a change. */
export async function loadClientUser(db: Queryable, id: number, lock = false): Promise<ClientUser | null> {
  const { rows } = await db.query<ClientUser>(`SELECT ${USER_COLUMNS} FROM ${FROM} WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`, [id]);
  return rows[0] ?? null;
}

/** The client users of one company (its page lists them). */
export async function clientUsersOfCompany(db: Queryable, companyId: number): Promise<ClientUser[]> {
  const { rows } = await db.query<ClientUser>(`SELECT ${USER_COLUMNS} FROM ${FROM} WHERE u.company_id = $1 ORDER BY u.name, u.id LIMIT 1000`, [companyId]);
  return rows;
}

export async function searchClientUsers(db: Queryable, query: z.output<typeof clientUserQuerySchema>): Promise<Paged<ClientUser>> {
  const values: unknown[] = [];
  const conds: string[] = [];
  if (query.q) {
    values.push(containing(query.q));
    conds.push(`(u.name ILIKE $${values.length} OR u.email ILIKE $${values.length})`);
  }
  if (query.company) {
    values.push(query.company);
    conds.push(`u.company_id = $${values.length}`);
  }
  if (query.status) {
    values.push(query.status);
    conds.push(`u.status = $${values.length}`);
  }
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  const order = query.sort?.length ? query.sort.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()} NULLS LAST`).join(', ') : DEFAULT_ORDER;
  const { rows: count } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM client_users u ${where}`, values);
  const { rows } = await db.query<ClientUser>(
    `SELECT ${USER_COLUMNS} FROM ${FROM} ${where}
      ORDER BY ${order}, u.id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.size, offsetOf(query.page, query.size)],
  );
  return { rows, page: query.page, size: query.size, total: count[0]!.n, totalExact: true };
}

/** A company's name, or null when there is no such company. */
export async function companyName(db: Queryable, companyId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]);
  return rows[0]?.name ?? null;
}

export async function isContactAt(db: Queryable, contactId: number, companyId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM contacts WHERE id = $1 AND company_id = $2', [contactId, companyId]);
  return rows.length > 0;
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM client_users WHERE email = $1', [email]);
  return rows.length > 0;
}

export async function insertInvitedUser(db: Queryable, u: { companyId: number; contactId: number | null; email: string; name: string }): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO client_users (company_id, contact_id, email, name, status) VALUES ($1, $2, $3, $4, 'invited') RETURNING id`,
    [u.companyId, u.contactId, u.email, u.name],
  );
  return rows[0]!.id;
}

export async function setStatus(db: Queryable, id: number, status: 'invited' | 'disabled'): Promise<void> {
  await db.query('UPDATE client_users SET status = $2 WHERE id = $1', [id, status]);
}

export async function deleteClientUser(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM client_users WHERE id = $1', [id]);
}

/** A disabled user keeps no unused password link and no session. */
export async function disableClientUser(db: Queryable, id: number): Promise<void> {
  await setStatus(db, id, 'disabled');
  await db.query('UPDATE password_tokens SET used_at = now() WHERE client_user_id = $1 AND used_at IS NULL', [id]);
  await revokeAllSessions(db, { audience: 'client', userId: id });
}

/** A user who may ask for a password-reset link, by email. */
export async function resettableUser(db: Queryable, email: string): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM client_users WHERE email = $1 AND status IN ('invited', 'active')`, [email]);
  return rows[0];
}

/**
 * Sets a new password and activates the account; false when the account can no longer use one. A
 * new key for the account's unsubscribe links ends every link it was sent (docs/adr/0214).
 */
export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE client_users SET password_hash = $2, status = 'active', mail_key = gen_random_uuid() WHERE id = $1 AND status IN ('invited', 'active')`, [
    userId,
    passwordHash,
  ]);
  return Boolean(rowCount);
}
