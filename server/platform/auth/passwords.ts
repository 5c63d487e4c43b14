import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { LIMITS } from '@contracts/common/constants';
import { passwordScryptN } from '@server/config';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * scrypt with N=2^17, r=8, p=1 (QUALITY.md); stored as `scrypt$N$r$p$salt$hash` (base64). N comes
 * from the server config, read once: lower only in a test run (PASSWORD_SCRYPT, docs/adr/0252).
 */
let params: { N: number; r: 8; p: 1 } | undefined;
function hashParams(): { N: number; r: 8; p: 1 } {
  params ??= { N: passwordScryptN(), r: 8, p: 1 };
  return params;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; leave headroom above that. */
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = hashParams();
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, expected);
}

/**
 * A hash of a random password, made with the same work factor as every new hash: verifying
 * against it costs as much as a real one.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Why a new password is refused, or null when it is acceptable: 8 to 128 characters, no
 * composition rules, and not one of the most common passwords.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < LIMITS.passwordMin) return `Password must be at least ${LIMITS.passwordMin} characters`;
  if (length > LIMITS.passwordMax) return `Password must be at most ${LIMITS.passwordMax} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'This password is too common; choose another';
  return null;
}
