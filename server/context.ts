import type { Config } from './config';
import type { Database } from './platform/db/database';
import { ExportCap } from './platform/db/exports';
import { createLimits, type Limits } from './platform/auth/limits';
import { BackgroundTasks } from './platform/http/background';
import { createEventBus, type EventBus, type EventBusOptions } from './platform/events';
import { createJobs, type Jobs, type JobsOptions } from './platform/jobs';
import { renderPool, type RenderPool } from './platform/pdf';
import { poolConnection } from './platform/pool-connection';
import { StorageHealth } from './platform/ops/storage';
import { UploadStore } from './platform/uploads';

export type AppContext = {
  config: Config;
  database: Database;
  /** The time sessions are created and checked at; tests turn it forward. */
  now: () => Date;
  /** Attempt counters in PostgreSQL (sign-in, password links, signup, surveys). */
  limits: Limits;
  /** Work done after the reply (emails whose existence must not show in the answer's timing). */
  background: BackgroundTasks;
  /** The job queue: features define handlers while the app is built; server.ts starts and stops it. */
  jobs: Jobs;
  /** Set when the server is stopping: readiness answers 503 so load balancers send requests elsewhere. */
  lifecycle: { draining: boolean };
  /** The after-commit event bus; server.ts starts and stops its listening connection. */
  events: EventBus;
  /** The export cap: every CSV export runs in one of its few slots, so exports cannot hold the whole pool. */
  exports: ExportCap;
  /** The PDF and chart render workers (one pool per process, started on first use); server.ts closes it. */
  render: RenderPool;
  /** Where uploaded files are stored (the one upload path, server/platform/uploads). */
  uploads: UploadStore;
  /** Writes that found the disk full, for /readyz and the metrics (server/platform/ops/storage.ts). */
  storage: StorageHealth;
};

/** Both platform services open no connection until started, so an unstarted context costs nothing. */
export function createContext(config: Config, database: Database, platform: { jobs?: JobsOptions; events?: EventBusOptions } = {}): AppContext {
  const events = createEventBus({ connection: poolConnection(database.pool, 'client-care-events') }, platform.events);
  return {
    config,
    database,
    now: () => new Date(),
    limits: createLimits(database.pool),
    background: new BackgroundTasks(),
    // A job sent on one app server wakes the workers of every server through the bus.
    jobs: createJobs({ connection: poolConnection(database.pool, 'client-care-jobs') }, { bus: events, ...platform.jobs }),
    events,
    lifecycle: { draining: false },
    exports: new ExportCap(config.db),
    render: renderPool(config.render),
    uploads: new UploadStore(config.uploadDir),
    storage: new StorageHealth(),
  };
}
