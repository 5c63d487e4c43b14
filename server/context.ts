import type { Config } from './config';
import type { Database } from './db/database';
import { RateLimiter } from './auth/rate-limit';

/** Failed sign-ins allowed per window, per address and per account. */
const SIGN_IN_PER_ADDRESS = 30;
const SIGN_IN_PER_ACCOUNT = 10;
const SIGN_IN_WINDOW_MS = 15 * 60_000;

export type AppContext = {
  config: Config;
  database: Database;
  /** The time sessions are created and checked at; tests turn it forward. */
  now: () => Date;
  limits: {
    signInByAddress: RateLimiter;
    signInByAccount: RateLimiter;
  };
};

export function createContext(config: Config, database: Database): AppContext {
  return {
    config,
    database,
    now: () => new Date(),
    limits: {
      signInByAddress: new RateLimiter(SIGN_IN_PER_ADDRESS, SIGN_IN_WINDOW_MS),
      signInByAccount: new RateLimiter(SIGN_IN_PER_ACCOUNT, SIGN_IN_WINDOW_MS),
    },
  };
}
