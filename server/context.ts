import type { Config } from './config';
import type { Database } from './db/database';
import { createLimits, type Limits } from './auth/limits';
import { BackgroundTasks } from './http/background';

export type AppContext = {
  config: Config;
  database: Database;
  /** The time sessions are created and checked at; tests turn it forward. */
  now: () => Date;
  /** Attempt counters in PostgreSQL (sign-in, password links, signup, surveys). */
  limits: Limits;
  /** Work done after the reply (emails whose existence must not show in the answer's timing). */
  background: BackgroundTasks;
};

export function createContext(config: Config, database: Database): AppContext {
  return {
    config,
    database,
    now: () => new Date(),
    limits: createLimits(database.pool),
    background: new BackgroundTasks(),
  };
}
