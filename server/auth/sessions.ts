import type { Pool } from 'pg';
import type { Role } from '../../src/contracts/constants';
import { hashToken, newToken } from './tokens';

/** last_seen_at is written at most this often per session: enough precision for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

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
): Promise<string> {
  const token = newToken();
  await pool.query(
    `INSERT INTO sessions (token_hash, audience, staff_user_id, client_user_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [
      hashToken(token),
      who.audience,
      who.audience === 'staff' ? who.userId : null,
      who.audience === 'client' ? who.userId : null,
      lifetimes.sessionAbsoluteMs / 1000,
    ],
  );
  return token;
}

const LIVE = `s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
  AND s.last_seen_at > now() - make_interval(secs => $2)`;

/**
 * The principal a token stands for, or null when the token is unknown, revoked, expired (idle
 * or absolute), of the other audience, or its user is disabled.
 */
export async function authenticate(
  pool: Pool,
  lifetimes: SessionLifetimes,
  token: string,
  audience: 'staff' | 'client',
): Promise<Principal | null> {
  const params = [hashToken(token), lifetimes.sessionIdleMs / 1000];
  let principal: Principal | null = null;
  let lastSeen: Date | undefined;
  if (audience === 'staff') {
    const { rows } = await pool.query(
      `SELECT s.id AS session_id, s.last_seen_at, u.id, u.name, u.email, u.role
         FROM sessions s JOIN staff_users u ON u.id = s.staff_user_id
        WHERE ${LIVE} AND s.audience = 'staff' AND u.active`,
      params,
    );
    const r = rows[0];
    if (r) {
      principal = { audience, sessionId: Number(r.session_id), userId: r.id, name: r.name, email: r.email, role: r.role };
      lastSeen = r.last_seen_at;
    }
  } else {
    const { rows } = await pool.query(
      `SELECT s.id AS session_id, s.last_seen_at, u.id, u.name, u.email, u.company_id, c.name AS company_name
         FROM sessions s JOIN client_users u ON u.id = s.client_user_id JOIN companies c ON c.id = u.company_id
        WHERE ${LIVE} AND s.audience = 'client' AND u.status = 'active'`,
      params,
    );
    const r = rows[0];
    if (r) {
      principal = {
        audience,
        sessionId: Number(r.session_id),
        userId: r.id,
        name: r.name,
        email: r.email,
        companyId: r.company_id,
        companyName: r.company_name,
      };
      lastSeen = r.last_seen_at;
    }
  }
  if (principal && lastSeen && Date.now() - lastSeen.getTime() > TOUCH_INTERVAL_MS) {
    await pool.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [principal.sessionId]);
  }
  return principal;
}

/** Revokes the session of this token, whatever its audience; answers whether one was live. */
export async function revokeToken(pool: Pool, token: string): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [
    hashToken(token),
  ]);
  return (rowCount ?? 0) > 0;
}

/** Revokes every session of a user (password change or reset, disabled account). */
export async function revokeAllSessions(
  db: Pick<Pool, 'query'>,
  who: { audience: 'staff' | 'client'; userId: number },
): Promise<void> {
  const column = who.audience === 'staff' ? 'staff_user_id' : 'client_user_id';
  await db.query(`UPDATE sessions SET revoked_at = now() WHERE ${column} = $1 AND revoked_at IS NULL`, [who.userId]);
}
