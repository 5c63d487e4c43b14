/**
 * Attempt counters shared by every app server on one database: rate-limiter-flexible's
 * PostgreSQL store over the `rate_limits` table that migration 0006 creates. Keys are SHA-256
 * hashes, so the table holds no email address. docs/adr/0044-sign-in-limits-in-postgresql.md.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  PASSWORD_RESET_LIMITS,
  SIGNUP_LIMITS,
  SURVEY_CHECK_PER_ADDRESS,
  SURVEY_SUBMIT_PER_ADDRESS,
  SURVEY_SUBMIT_WINDOW_MS,
} from '@contracts/common/constants';
import { tooManyRequests } from '@server/platform/http/errors';

export const RATE_LIMIT_TABLE = 'rate_limits';
const MINUTE_MS = 60_000;

/** Sign-in: failures allowed per account and address pair, and per address, in a window. */
export const SIGN_IN_LIMITS = {
  perPair: 5,
  perAddress: 30,
  windowMinutes: 15,
  /** Failures on one account (from anywhere) before its attempts start to wait, */
  accountFreeFailures: 5,
  /** then the first wait, doubling with each further failure, */
  accountDelayBaseMs: 500,
  /** up to this. Never a lock: the right password always gets in after the wait. */
  accountDelayMaxMs: 5_000,
} as const;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * The pool as the store sees it: every query unnamed. The library names its statements, and a
 * name prepared on one pooled connection is unknown on another behind a pooler or the embedded
 * server's socket; unnamed statements work everywhere for the same cost here.
 */
const unnamed = (pool: Pool) => ({
  query: (q: { text: string; values?: unknown[] }) => pool.query(q.text, q.values),
});

/** One kind of counter: `points` per window, keyed by an address, an account or both. */
export class Counter {
  private readonly store: RateLimiterPostgres;

  constructor(pool: Pool, prefix: string, readonly points: number, windowMs: number, clearExpired = false) {
    this.store = new RateLimiterPostgres({
      storeClient: unnamed(pool),
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // One counter per app deletes expired rows (every 5 minutes, an hour after they expired).
      clearExpiredByTimeout: clearExpired,
      keyPrefix: prefix,
      points,
      duration: windowMs / 1000,
    });
  }

  /** Counts one attempt; throws 429 with Retry-After when it goes over the limit. */
  async hit(key: string): Promise<void> {
    try {
      await this.store.consume(hashKey(key));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(seconds(error.msBeforeNext));
      throw error;
    }
  }

  /** Counts one failure without refusing anything. */
  async fail(key: string): Promise<void> {
    await this.store.penalty(hashKey(key));
  }

  /** Attempts counted in the current window. */
  async count(key: string): Promise<number> {
    return (await this.store.get(hashKey(key)))?.consumedPoints ?? 0;
  }

  /** Throws 429 with Retry-After while the key has used up its window, without counting. */
  async check(key: string): Promise<void> {
    const res = await this.store.get(hashKey(key));
    if (res && res.consumedPoints >= this.points) throw tooManyRequests(seconds(res.msBeforeNext));
  }

  async reset(key: string): Promise<void> {
    await this.store.delete(hashKey(key));
  }
}

/** The wait before an attempt on an account with this many recent failures. */
export function accountDelayMs(failures: number): number {
  const over = failures - SIGN_IN_LIMITS.accountFreeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_LIMITS.accountDelayBaseMs * 2 ** (over - 1), SIGN_IN_LIMITS.accountDelayMaxMs);
}

/**
 * Sign-in for both audiences. Failures are counted per account and address pair (5: that pair
 * waits for the window), per address (30: the address waits), and per account, where they only
 * slow every attempt down (accountDelayMs). Someone guessing from many addresses therefore
 * cannot lock the owner out: from their own address the owner answers one short wait and is in.
 */
export class SignInLimits {
  readonly pair: Counter;
  readonly address: Counter;
  readonly account: Counter;
  /** How an attempt waits; tests put a recorder here. */
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  constructor(pool: Pool) {
    const window = SIGN_IN_LIMITS.windowMinutes * MINUTE_MS;
    this.pair = new Counter(pool, 'sign-in-pair', SIGN_IN_LIMITS.perPair, window, true);
    this.address = new Counter(pool, 'sign-in-address', SIGN_IN_LIMITS.perAddress, window);
    // The account counter never refuses; its points only bound what it counts.
    this.account = new Counter(pool, 'sign-in-account', Number.MAX_SAFE_INTEGER, window);
  }

  /** Before the password is checked: 429 for a pair or address over its limit, else the account's wait. */
  async before(account: string, address: string): Promise<void> {
    await this.pair.check(`${account}|${address}`);
    await this.address.check(address);
    const wait = accountDelayMs(await this.account.count(account));
    if (wait > 0) await this.sleep(wait);
  }

  async failed(account: string, address: string): Promise<void> {
    await this.pair.fail(`${account}|${address}`);
    await this.address.fail(address);
    await this.account.fail(account);
  }

  /** The owner's own mistakes from this address are forgiven; the account's count runs out with its window. */
  async passed(account: string, address: string): Promise<void> {
    await this.pair.reset(`${account}|${address}`);
  }
}

export type Limits = {
  signIn: SignInLimits;
  /** Forgot-password requests and redeemed password links per address; forgot-password per email. */
  resetByAddress: Counter;
  resetByAccount: Counter;
  signupByAddress: Counter;
  surveyByAddress: Counter;
  /** Survey link checks (opening a link) per address: their own count, so opening never uses up saving. */
  surveyCheckByAddress: Counter;
};

export function createLimits(pool: Pool): Limits {
  const resetWindow = PASSWORD_RESET_LIMITS.windowMinutes * MINUTE_MS;
  return {
    signIn: new SignInLimits(pool),
    resetByAddress: new Counter(pool, 'reset-address', PASSWORD_RESET_LIMITS.perAddress, resetWindow),
    resetByAccount: new Counter(pool, 'reset-account', PASSWORD_RESET_LIMITS.perAccount, resetWindow),
    signupByAddress: new Counter(pool, 'signup-address', SIGNUP_LIMITS.perAddress, SIGNUP_LIMITS.windowMinutes * MINUTE_MS),
    surveyByAddress: new Counter(pool, 'survey-address', SURVEY_SUBMIT_PER_ADDRESS, SURVEY_SUBMIT_WINDOW_MS),
    surveyCheckByAddress: new Counter(pool, 'survey-check-address', SURVEY_CHECK_PER_ADDRESS, SURVEY_SUBMIT_WINDOW_MS),
  };
}
