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
  limits: {
    signInByAddress: RateLimiter;
    signInByAccount: RateLimiter;
  };
};

export function createContext(config: Config, database: Database): AppContext {
  return {
    config,
    database,
    limits: {
      signInByAddress: new RateLimiter(SIGN_IN_PER_ADDRESS, SIGN_IN_WINDOW_MS),
      signInByAccount: new RateLimiter(SIGN_IN_PER_ACCOUNT, SIGN_IN_WINDOW_MS),
    },
  };
}
