import type { Pool, PoolClient } from 'pg';
import { PASSWORD_TOKEN_TTL_MINUTES } from '@contracts/common/constants';
import { hashToken, newToken } from './tokens';

export type PasswordTokenPurpose = 'invite' | 'reset';
type Db = Pick<Pool | PoolClient, 'query'>;

/** Bytes of randomness in a set/reset-password token (QUALITY.md asks for at least 128 bits). */
const TOKEN_BYTES = 32;

/**
 * Issues a single-use set-password (invite) or reset-password token for a client user. Only its
 * SHA-256 is stored; earlier unused tokens of the same purpose stop working.
 */
export async function issuePasswordToken(db: Db, clientUserId: number, purpose: PasswordTokenPurpose): Promise<string> {
  const token = newToken(TOKEN_BYTES);
  await db.query(`UPDATE password_tokens SET used_at = now() WHERE client_user_id = $1 AND purpose = $2 AND used_at IS NULL`, [
    clientUserId,
    purpose,
  ]);
  await db.query(
    `INSERT INTO password_tokens (client_user_id, purpose, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [clientUserId, purpose, hashToken(token), PASSWORD_TOKEN_TTL_MINUTES],
  );
  return token;
}

/**
 * Uses a token up: answers the client user id when the token is known, of this purpose, unused
 * and not expired, and marks it used in the same statement (so it works once, even when two
 * requests race). Answers null otherwise.
 */
export async function consumePasswordToken(db: Db, token: string, purpose: PasswordTokenPurpose): Promise<number | null> {
  const { rows } = await db.query<{ client_user_id: number }>(
    `UPDATE password_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING client_user_id`,
    [hashToken(token), purpose],
  );
  return rows[0]?.client_user_id ?? null;
}
