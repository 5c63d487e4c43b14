import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Only this hash of a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
