import type { Config } from './config';
import type { Database } from './db/database';
import { RateLimiter } from './auth/rate-limit';
import { createEventBus, type EventBus, type EventBusOptions } from './platform/events';
import { createJobs, type Jobs, type JobsOptions } from './platform/jobs';
import { poolConnection } from './platform/pool-connection';

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
  /** The job queue: features define handlers while the app is built; server.ts starts and stops it. */
  jobs: Jobs;
  /** The after-commit event bus; server.ts starts and stops its listening connection. */
  events: EventBus;
};

/** Both platform services open no connection until started, so an unstarted context costs nothing. */
export function createContext(config: Config, database: Database, platform: { jobs?: JobsOptions; events?: EventBusOptions } = {}): AppContext {
  return {
    config,
    database,
    limits: {
      signInByAddress: new RateLimiter(SIGN_IN_PER_ADDRESS, SIGN_IN_WINDOW_MS),
      signInByAccount: new RateLimiter(SIGN_IN_PER_ACCOUNT, SIGN_IN_WINDOW_MS),
    },
    jobs: createJobs({ connection: poolConnection(database.pool, 'client-care-jobs') }, platform.jobs),
    events: createEventBus({ connection: poolConnection(database.pool, 'client-care-events') }, platform.events),
  };
}
