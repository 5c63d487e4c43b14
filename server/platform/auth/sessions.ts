/**
 * Sessions: created, checked and ended here only (no feature writes the sessions table). A session that
 * ends (sign-out, a password changed or reset, a disabled account) is named in an `auth.sessions-ended`
 * event in the same transaction, so every app server ends that session's open streams when it commits
 * (docs/adr/0259).
 */
import type { Pool } from 'pg';
import type { Role } from '@contracts/common/constants';
import { inTransaction } from '@server/platform/db/database';
import type { Queryable } from '@server/platform/sql';
import { publishSessionsEnded } from './session-ends';
import { hashToken, newToken } from './tokens';

export type SessionLifetimes = { sessionIdleMs: number; sessionAbsoluteMs: number };

export type StaffPrincipal = { audience: 'staff'; sessionId: number; userId: number; name: string; email: string; role: Role };
export type ClientPrincipal = {
  audience: 'client';
  sessionId: number;
  userId: number;
  name: string;
  email: string;
  companyId: number;
  companyName: string;
};
export type Principal = StaffPrincipal | ClientPrincipal;

export async function createSession(
  pool: Pool,
  lifetimes: SessionLifetimes,
  who: { audience: 'staff' | 'client'; userId: number },
  now: Date = new Date(),
): Promise<string> {
  const token = newToken();
  await pool.query(
    `INSERT INTO sessions (token_hash, audience, staff_user_id, client_user_id, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $6, $6, $6::timestamptz + make_interval(secs => $5))`,
    [
      hashToken(token),
      who.audience,
      who.audience === 'staff' ? who.userId : null,
      who.audience === 'client' ? who.userId : null,
      lifetimes.sessionAbsoluteMs / 1000,
      now,
    ],
  );
  return token;
}

/**
 * A session's use is written when it is at least this long after the recorded one (docs/adr/0149):
 * a burst of requests writes once, so a read costs no write (and no wait for the disk) per request.
 * The idle check allows for it, so a session is never ended early; it ends at most this late.
 */
export const SESSION_TOUCH_SECONDS = 1;

/**
 * A live session at $3: not revoked, within its absolute lifetime, and used within the idle time
 * ($2 seconds; the recorded use may be up to SESSION_TOUCH_SECONDS older than the latest).
 */
const LIVE = `s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $3::timestamptz
  AND s.last_seen_at > $3::timestamptz - make_interval(secs => $2 + ${SESSION_TOUCH_SECONDS})`;

/**
 * The session check is one fixed statement an audience, sent on every request: named, so each
 * pooled connection parses it once and then only executes it (docs/adr/0263). It looks one token
 * up in its unique index whatever the token, so the plan PostgreSQL keeps for every value after
 * the first few is the right one; tests/features/tickets/prepared-statements.api.test.ts holds its
 * prepared use to the same answers.
 */
export const SESSION_STATEMENTS = { staff: 'session-check-staff', client: 'session-check-client' } as const;

/** Records the use at $3 of the live session found by `live`, unless its recorded use is more recent than SESSION_TOUCH_SECONDS. */
const TOUCH = `UPDATE sessions SET last_seen_at = $3
   FROM live WHERE sessions.id = live.session_id AND sessions.last_seen_at < $3::timestamptz
    AND live.last_seen_at <= $3::timestamptz - make_interval(secs => ${SESSION_TOUCH_SECONDS})`;

/**
 * The principal a token stands for, or null when the token is unknown, revoked, expired (idle
 * or absolute), of the other audience, or its user is disabled. The statement that checks the
 * session also records the use when the last recorded one is a second old or more, so the idle
 * time counts from the latest request and a session is never ended early (docs/adr/0002,
 * docs/adr/0149).
 */
export async function authenticate(
  pool: Pool,
  lifetimes: SessionLifetimes,
  token: string,
  audience: 'staff' | 'client',
  now: Date = new Date(),
): Promise<Principal | null> {
  const params = [hashToken(token), lifetimes.sessionIdleMs / 1000, now];
  if (audience === 'staff') {
    const { rows } = await pool.query({
      name: SESSION_STATEMENTS.staff,
      text: `WITH live AS (
         SELECT s.id AS session_id, s.last_seen_at, u.id, u.name, u.email, u.role
           FROM sessions s JOIN staff_users u ON u.id = s.staff_user_id
          WHERE ${LIVE} AND s.audience = 'staff' AND u.active),
       touched AS (${TOUCH})
       SELECT session_id, id, name, email, role FROM live`,
      values: params,
    });
    const r = rows[0];
    return r ? { audience, sessionId: Number(r.session_id), userId: r.id, name: r.name, email: r.email, role: r.role } : null;
  }
  const { rows } = await pool.query({
    name: SESSION_STATEMENTS.client,
    text: `WITH live AS (
       SELECT s.id AS session_id, s.last_seen_at, u.id, u.name, u.email, u.company_id, c.name AS company_name
         FROM sessions s JOIN client_users u ON u.id = s.client_user_id JOIN companies c ON c.id = u.company_id
        WHERE ${LIVE} AND s.audience = 'client' AND u.status = 'active'),
     touched AS (${TOUCH})
     SELECT session_id, id, name, email, company_id, company_name FROM live`,
    values: params,
  });
  const r = rows[0];
  return r
    ? { audience, sessionId: Number(r.session_id), userId: r.id, name: r.name, email: r.email, companyId: r.company_id, companyName: r.company_name }
    : null;
}

/** The ids of the sessions an `UPDATE … RETURNING id` ended. */
const endedIds = (rows: { id: string | number }[]): number[] => rows.map((r) => Number(r.id));

/** Revokes the session of this token, whatever its audience; answers whether one was live. */
export async function revokeToken(pool: Pool, token: string): Promise<boolean> {
  return inTransaction(pool, async (db) => {
    const { rows } = await db.query<{ id: string }>('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING id', [
      hashToken(token),
    ]);
    await publishSessionsEnded(db, endedIds(rows));
    return rows.length > 0;
  });
}

/** Revokes every session of a user (password reset, disabled account), inside the caller's transaction. */
export async function revokeAllSessions(db: Queryable, who: { audience: 'staff' | 'client'; userId: number }): Promise<void> {
  const column = who.audience === 'staff' ? 'staff_user_id' : 'client_user_id';
  const { rows } = await db.query<{ id: string }>(`UPDATE sessions SET revoked_at = now() WHERE ${column} = $1 AND revoked_at IS NULL RETURNING id`, [who.userId]);
  await publishSessionsEnded(db, endedIds(rows));
}

/** Revokes every session of a staff member but the one given (their password changed there); answers how many ended. */
export async function revokeOtherSessions(db: Queryable, staffUserId: number, keepSessionId: number, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $3 WHERE staff_user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id`,
    [staffUserId, keepSessionId, now],
  );
  await publishSessionsEnded(db, endedIds(rows));
  return rows.length;
}
