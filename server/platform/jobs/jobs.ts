/**
 * The product's one job queue: pg-boss 10 in its own schema (`pgboss`) of the app's database,
 * on the embedded server or any PostgreSQL ≥ 15. Jobs are rows, so they survive restarts; a
 * recurring job is a cron schedule kept in the same schema; several app servers share the work
 * (SKIP LOCKED). Features declare a job type with a zod schema for its payload (`defineJob`),
 * register its handler (`jobs.define`) and send jobs (`jobs.send`), typed end to end.
 */
import PgBoss from 'pg-boss';
import pg from 'pg';
import { z } from 'zod';
import { TRANSACTION_RETRY } from '@server/config';
import { watchedPoolOptions } from '@server/platform/db/connections';
import { isTransientConflict, retryDelayMs } from '@server/platform/db/database';
import { defineTopic, type EventBus } from '@server/platform/events';
import { silentLogger, type PlatformLogger } from '@server/platform/pool-connection';

/** The schema pg-boss keeps its tables in (made and migrated by pg-boss on start). */
export const JOBS_SCHEMA = 'pgboss';
const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

/**
 * "A job of this type is due now": published on the event bus by the sender (inside its
 * transaction when it sends in one, so delivered on commit) and heard by every app server, whose
 * idle workers of that type then fetch at once instead of at their next poll.
 */
export const JOB_WAKE = defineTopic('jobs.wake', z.object({ name: z.string().max(200) }));

/** Jobs waiting to start, per type: how many, and how long the oldest has waited. */
export type QueueStats = { name: string; waiting: number; oldestSeconds: number }[];

/** A kind of job: its queue name and the schema of its payload. */
export type JobType<S extends z.ZodType = z.ZodType> = { readonly name: string; readonly schema: S };

/** Declares a job type, e.g. `defineJob('quotes.expire', z.object({ quoteId: z.number().int() }))`. */
export function defineJob<S extends z.ZodType>(name: string, schema: S): JobType<S> {
  if (!NAME.test(name)) throw new Error(`Job name "${name}" must look like "feature.verb" (lower case, dots, hyphens)`);
  return { name, schema };
}

export type JobContext = {
  id: string;
  name: string;
  /** How many times this job failed before (0 on the first try). */
  retryCount: number;
  /** Aborted when the queue stops: a long handler should stop at the next safe point. */
  signal: AbortSignal;
};
export type JobHandler<S extends z.ZodType> = (payload: z.output<S>, job: JobContext) => Promise<void>;

export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

export type DefineOptions = {
  /** Tries after the first failure (default 2), waiting retryDelaySeconds (default 30), doubling if retryBackoff (default true). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A running job is failed (and retried) after this long (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * pg-boss queue policy: `short` keeps at most one waiting job per singletonKey (sending a
   * second answers null), `singleton` runs at most one per key at a time, `stately` both.
   */
  policy?: QueuePolicy;
  /** Jobs of this type run at once in this process (default 1). */
  concurrency?: number;
};

export type SendOptions = {
  /** Run at (Date) or after this many seconds (number). */
  startAfter?: Date | number;
  /** Deduplication key (see DefineOptions.policy), or with singletonSeconds a throttle. */
  singletonKey?: string;
  singletonSeconds?: number;
  /**
   * Send inside the caller's transaction: the job exists only if that transaction commits
   * (e.g. "quote sent" and "expire it on its valid-until date" together).
   */
  client?: pg.ClientBase;
};

export type JobsSource = { connection: pg.PoolConfig } | { pool: pg.Pool };

export type JobsOptions = {
  logger?: PlatformLogger;
  /** Connections of the queue's own pool (default 3); ignored with `{ pool }`. */
  maxConnections?: number;
  /** false: no polling workers; jobs run only through runDue() (tests). Default true. */
  workers?: boolean;
  /** How often an idle worker looks for due jobs (default 2 s; a send in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** stop() waits this long for running handlers (default 10 s), then fails them for a retry. */
  stopTimeoutMs?: number;
  /** The event bus that wakes workers on every app server when a job is sent (without it, only this process's). */
  bus?: EventBus;
  /** Further pg-boss settings (cron and maintenance intervals, retention). */
  boss?: Partial<PgBoss.ConstructorOptions>;
};

export type RunDueOptions = {
  /** Also run jobs whose startAfter is still ahead. */
  includeFuture?: boolean;
  /** Only these job types (default: every defined one). */
  only?: JobType[];
  /** Stop after this many jobs (default 1,000; a job that keeps failing is retried until its limit). */
  max?: number;
};

export type Jobs = {
  define<S extends z.ZodType>(job: JobType<S>, handler: JobHandler<S>, options?: DefineOptions): Promise<void>;
  send<S extends z.ZodType>(job: JobType<S>, payload: z.input<S>, options?: SendOptions): Promise<string | null>;
  /** A recurring job (cron in `tz`, default UTC); one schedule per job type, kept in the database. */
  schedule<S extends z.ZodType>(job: JobType<S>, cron: string, payload?: z.input<S>, options?: { tz?: string }): Promise<void>;
  unschedule(job: JobType): Promise<void>;
  start(logger?: PlatformLogger): Promise<void>;
  /** Graceful: no new jobs, waits for running handlers up to stopTimeoutMs, closes its connections. */
  stop(): Promise<void>;
  /** Jobs due and not started, per type (for /metrics). */
  queueStats(): Promise<QueueStats>;
  /** Test helper: runs every due job of the defined types now, in this process, one by one. */
  runDue(options?: RunDueOptions): Promise<{ ran: number; failed: number }>;
  readonly started: boolean;
  /** The pg-boss instance, for what this module does not wrap (inspecting a job, queue sizes). */
  readonly boss: PgBoss;
};

type Definition = { job: JobType; handler: JobHandler<z.ZodType>; options: DefineOptions };

/** The advisory lock key under which a starting server makes its queues. */
const QUEUE_LOCK_KEY = 7_202_612;

/** Runs `work` holding the queue-making lock, on a connection of its own. */
async function underQueueLock(source: JobsSource, work: () => Promise<void>): Promise<void> {
  const pooled = 'pool' in source ? await source.pool.connect() : undefined;
  const own = 'pool' in source ? undefined : new pg.Client(source.connection);
  if (own) await own.connect();
  const client: pg.ClientBase = pooled ?? own!;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_LOCK_KEY]);
    }
  } finally {
    pooled?.release();
    await own?.end();
  }
}

/** Runs `work` again after a deadlock or serialization failure, as inTransaction does. */
async function retryConflicts(work: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= TRANSACTION_RETRY.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** pg-boss runs its SQL through this: a pool, or a client inside the caller's transaction. */
const executor = (client: pg.ClientBase | pg.Pool): PgBoss.Db => ({
  executeSql: (text, values) => client.query(text, values),
});

export function createJobs(source: JobsSource, options: JobsOptions = {}): Jobs {
  let logger = options.logger ?? silentLogger;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const bossOptions: PgBoss.ConstructorOptions = {
    schema: JOBS_SCHEMA,
    pollingIntervalSeconds,
    ...('pool' in source
      ? { db: executor(source.pool) }
      : {
          // pg-boss hands these to its own pg.Pool as they are. Each connection it opens listens
          // for its own errors for good (pg-boss listens only on the pool, and reports the failures
          // as 'error' events or failed queries, logged below).
          ...(source.connection as PgBoss.DatabaseOptions),
          ...(watchedPoolOptions() as object),
          max: options.maxConnections ?? 3,
          application_name: source.connection.application_name ?? 'client-care-jobs',
        }),
    ...options.boss,
  };
  const boss = new PgBoss(bossOptions);
  // pg-boss reports connection trouble and failed maintenance as 'error' events; unhandled, an
  // EventEmitter 'error' would end the process.
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));

  const definitions = new Map<string, Definition>();
  const workerIds = new Map<string, string[]>();
  const queues = new Map<string, Promise<void>>();
  // Queue making, one at a time in this process (so at most one connection waits for the lock)
  // and one server at a time across servers; `holdingLock` while start() holds it for them all.
  let making: Promise<unknown> = Promise.resolve();
  let holdingLock = false;
  let stopping = new AbortController();
  let started = false;
  let startPromise: Promise<void> | undefined;
  const wakeLocal = (name: string) => {
    for (const worker of workerIds.get(name) ?? []) boss.notifyWorker(worker);
  };
  options.bus?.subscribe(JOB_WAKE, ({ name }) => wakeLocal(name));

  const ensureQueue = (name: string, define?: DefineOptions) => {
    let made = queues.get(name);
    if (!made) {
      const settings = {
        name,
        policy: define?.policy ?? 'standard',
        retryLimit: define?.retryLimit ?? 2,
        retryDelay: define?.retryDelaySeconds ?? 30,
        retryBackoff: define?.retryBackoff ?? true,
        expireInSeconds: define?.expireInSeconds ?? 15 * 60,
      };
      // The process that runs a job type owns its settings: a queue first made by a sender
      // (with the defaults) takes the handler's policy and retries when the handler is defined.
      // pg-boss's create_queue (a row in its queue table, then a partition with foreign keys to
      // it) deadlocks with any other create_queue running at the same time, so every queue is
      // made under one database lock shared by all app servers; a conflict that still happens
      // (a pg-boss version making its own queues outside the lock) is rolled back whole and
      // simply tried again.
      const create = () =>
        retryConflicts(async () => {
          await boss.createQueue(name, settings);
          if (define) await boss.updateQueue(name, settings);
        });
      if (holdingLock) made = create();
      else {
        made = making.then(() => underQueueLock(source, create));
        making = made.catch(() => undefined);
      }
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    return made;
  };

  /** Runs one job through its handler: payload checked against the job type's schema. */
  const run = async (definition: Definition, job: { id: string; name: string; data: unknown; retryCount?: number }) => {
    const parsed = definition.job.schema.safeParse(job.data);
    if (!parsed.success) {
      logger.error({ job: job.name, id: job.id, issues: parsed.error.issues }, 'job payload does not match its schema');
      throw new Error(`Payload of job ${job.name} ${job.id} does not match its schema`);
    }
    const started = performance.now();
    try {
      await definition.handler(parsed.data, { id: job.id, name: job.name, retryCount: job.retryCount ?? 0, signal: stopping.signal });
      logger.info({ job: job.name, id: job.id, ms: Math.round(performance.now() - started) }, 'job done');
    } catch (error) {
      logger.warn({ job: job.name, id: job.id, err: error }, 'job failed');
      throw error;
    }
  };

  const startWorkers = async (definition: Definition) => {
    await ensureQueue(definition.job.name, definition.options);
    if (options.workers === false) return;
    const ids: string[] = [];
    for (let i = 0; i < Math.max(1, definition.options.concurrency ?? 1); i++) {
      let id = '';
      id = await boss.work(definition.job.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async ([job]) => {
        if (!job) return;
        try {
          await run(definition, job);
        } finally {
          // A worker that just ran a job looks for the next at once: a backlog drains at the
          // handlers' pace, not one job per worker per polling interval.
          boss.notifyWorker(id);
        }
      });
      ids.push(id);
    }
    workerIds.set(definition.job.name, ids);
  };

  const jobs: Jobs = {
    get started() {
      return started;
    },
    boss,

    async define(job, handler, defineOptions = {}) {
      const existing = definitions.get(job.name);
      if (existing && existing.job !== job) throw new Error(`Job ${job.name} already has a handler`);
      if (existing) {
        // The same feature registered again (a second app on one context, as tests build): the
        // newest handler serves the workers already started.
        existing.handler = handler as JobHandler<z.ZodType>;
        return;
      }
      const definition = { job, handler: handler as JobHandler<z.ZodType>, options: defineOptions };
      definitions.set(job.name, definition);
      if (started) await startWorkers(definition);
    },

    async send(job, payload, sendOptions = {}) {
      if (!started) throw new Error(`The job queue is not started (sending ${job.name})`);
      const data = job.schema.parse(payload) as object;
      await ensureQueue(job.name, definitions.get(job.name)?.options);
      const id = await boss.send(job.name, data, {
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
        singletonSeconds: sendOptions.singletonSeconds,
        ...(sendOptions.client ? { db: executor(sendOptions.client) } : {}),
      });
      const later = sendOptions.startAfter instanceof Date ? sendOptions.startAfter.getTime() > Date.now() : (sendOptions.startAfter ?? 0) > 0;
      // A job for now wakes the idle workers of every app server instead of waiting for their next
      // poll: this process's at once, the others' through the bus (inside the caller's transaction
      // the wake goes out on commit, when the job is visible).
      if (id && !later) {
        if (!sendOptions.client) wakeLocal(job.name);
        if (options.bus) await options.bus.publish(sendOptions.client ?? { query: (text, values) => boss.getDb().executeSql(text, values ?? []) }, JOB_WAKE, { name: job.name });
      }
      return id;
    },

    async schedule(job, cron, payload, scheduleOptions = {}) {
      if (!started) throw new Error(`The job queue is not started (scheduling ${job.name})`);
      const data = job.schema.parse(payload ?? {}) as object;
      await ensureQueue(job.name, definitions.get(job.name)?.options);
      await boss.schedule(job.name, cron, data, { tz: scheduleOptions.tz ?? 'UTC' });
    },

    async unschedule(job) {
      await boss.unschedule(job.name);
    },

    start(startLogger) {
      if (startLogger) logger = startLogger;
      startPromise ??= (async () => {
        const began = performance.now();
        stopping = new AbortController();
        // Servers starting together start pg-boss (which makes its own queue for schedules) and
        // make their queues one server after another, under one short lock: two create_queue
        // running at once deadlock.
        await underQueueLock(source, async () => {
          holdingLock = true;
          try {
            await boss.start();
            for (const definition of definitions.values()) await ensureQueue(definition.job.name, definition.options);
          } finally {
            holdingLock = false;
          }
        });
        started = true;
        for (const definition of definitions.values()) await startWorkers(definition);
        logger.info({ ms: Math.round(performance.now() - began), types: [...definitions.keys()] }, 'job queue started');
      })().catch((error) => {
        startPromise = undefined;
        throw error;
      });
      return startPromise;
    },

    async stop() {
      if (!startPromise) return;
      await startPromise.catch(() => undefined);
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, close: true, timeout: options.stopTimeoutMs ?? 10_000 });
      started = false;
      startPromise = undefined;
      queues.clear();
      workerIds.clear();
    },

    async queueStats() {
      const { rows } = await boss.getDb().executeSql(
        `SELECT name, count(*)::int AS waiting, coalesce(extract(epoch FROM now() - min(created_on)), 0)::float8 AS "oldestSeconds"
           FROM ${JOBS_SCHEMA}.job WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY name ORDER BY name`,
        [],
      );
      return rows as QueueStats;
    },

    async runDue(runOptions = {}) {
      if (!started) throw new Error('The job queue is not started');
      const names = runOptions.only?.map((j) => j.name) ?? [...definitions.keys()];
      const max = runOptions.max ?? 1000;
      let ran = 0;
      let failed = 0;
      for (const name of names) {
        const definition = definitions.get(name);
        if (!definition) throw new Error(`Job ${name} has no handler in this process`);
        await ensureQueue(name, definition.options);
        while (ran < max) {
          const [job] = await boss.fetch<unknown>(name, { batchSize: 1, includeMetadata: true, ignoreStartAfter: runOptions.includeFuture ?? false });
          if (!job) break;
          ran++;
          try {
            await run(definition, job);
            await boss.complete(name, job.id);
          } catch (error) {
            failed++;
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      }
      return { ran, failed };
    },
  };
  return jobs;
}
