import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DB_DEFAULTS, TRANSACTION_RETRY, type Config } from '@server/config';
import { onceASecond, watchPool } from './connections';
import { EmbeddedServer, EmbeddedStartError, embeddedPaths } from './embedded';
import { migrate } from './migrate';
import { loadDatabaseTimeZones } from './time-zones';

export type Database = {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /** The supervised server when the database is the embedded one. */
  embedded?: EmbeddedServer;
  close(): Promise<void>;
};

export type DatabaseSettings = Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'db'>>;

/**
 * The pool every request uses: bounded, and no wait without an end. A statement runs at most
 * `statementTimeoutMs` (the server cancels it), a transaction left idle is ended by the server,
 * a request that finds every connection busy waits at most `acquireTimeoutMs`, and a server that
 * answers nothing is given up on by the client a little after the statement timeout. Each of
 * these answers 503 with Retry-After (see isUnavailable).
 */
export function poolOptions(settings: DatabaseSettings): pg.PoolConfig {
  const db = { ...DB_DEFAULTS, ...settings.db };
  return {
    max: db.poolSize,
    connectionTimeoutMillis: db.acquireTimeoutMs,
    statement_timeout: db.statementTimeoutMs,
    idle_in_transaction_session_timeout: db.idleInTransactionTimeoutMs,
    query_timeout: db.statementTimeoutMs + 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'client-care',
  };
}

/** A database folder of the previous version (PGlite) that has not been copied yet. */
export function previousVersionDatabase(dataDir: string): string | undefined {
  const paths = embeddedPaths(dataDir);
  return existsSync(join(paths.pglite, 'PG_VERSION')) && !existsSync(join(paths.pgData, 'PG_VERSION')) ? paths.pglite : undefined;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL server in DATA_DIR; migrates either, and reads the time zones it accepts. */
export async function openDatabase(settings: DatabaseSettings, log: (message: string) => void = () => undefined): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let connection: pg.PoolConfig;
  if (settings.databaseUrl) {
    connection = { connectionString: settings.databaseUrl };
  } else {
    const old = previousVersionDatabase(settings.dataDir);
    if (old) {
      throw new EmbeddedStartError(
        `${old} holds a database of the previous version (PGlite), which this version no longer runs.\n` +
          'Copy it into the new embedded PostgreSQL server with `npm run db:import-pglite` (same DATA_DIR), then start again.',
      );
    }
    embedded = new EmbeddedServer(settings.dataDir, log);
    await embedded.start();
    connection = embedded.connection;
  }
  // Every connection of these pools listens for its errors (see connections.ts): a server that
  // dies under a checked-out connection fails that request, never the process.
  const report = onceASecond(log);
  // Migrations run on their own connection without the request timeouts: rewriting a large
  // table may take minutes, once.
  const migrator = watchPool(new pg.Pool({ ...connection, max: 1 }), report);
  try {
    await migrate(migrator);
    await loadDatabaseTimeZones(migrator);
  } catch (error) {
    await embedded?.stop();
    throw error;
  } finally {
    await migrator.end().catch(() => undefined);
  }
  const pool = watchPool(new pg.Pool({ ...connection, ...poolOptions(settings) }), report);
  let closing: Promise<void> | undefined;
  return {
    kind: embedded ? 'embedded' : 'postgres',
    pool,
    embedded,
    close() {
      closing ??= (async () => {
        await pool.end();
        await embedded?.stop();
      })();
      return closing;
    },
  };
}

/**
 * Runs `work` in one transaction on one connection; rolls back on any error. A transaction that
 * fails on a serialization failure or a deadlock runs again from the start, at most
 * TRANSACTION_RETRY.attempts times in all, after a short random wait; what still fails then is
 * thrown (and answered 409). So `work` may run more than once: it must do nothing outside the
 * transaction (mail goes to the outbox table, events through pg_notify, jobs with `client`).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transactionOnce(pool, work);
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= TRANSACTION_RETRY.attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** The wait before another try: doubling from the base, each a random 50–150 % of it. */
export function retryDelayMs(attempt: number): number {
  return TRANSACTION_RETRY.baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random());
}

async function transactionOnce<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection whose rollback failed is in an unknown state: it is closed, not reused.
    client.release(broken);
  }
}

/** SQLSTATEs of a transaction that lost a race with another and may simply run again. */
export const TRANSIENT_CONFLICT_STATES = {
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;
/** SQLSTATEs of a write that collides with a row already there. */
export const COLLISION_STATES = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
} as const;

/** The SQLSTATE of a database error (undefined for anything else). */
export const sqlState = (error: unknown): string | undefined => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** A serialization failure or a deadlock: the transaction may run again. */
export function isTransientConflict(error: unknown): boolean {
  return (Object.values(TRANSIENT_CONFLICT_STATES) as string[]).includes(sqlState(error) ?? '');
}

/** SQLSTATE classes and codes meaning "the database cannot serve this now; try again". */
const UNAVAILABLE_STATES = new Set([
  '57014', // query_canceled: the statement timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
]);
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** True when an error means the database is unreachable, busy or timed out (answered 503). */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNAVAILABLE_NODE_CODES.has(code))) {
    // ENOENT from fs calls would look the same; only those raised while connecting count.
    return code !== 'ENOENT' || (error as { syscall?: string }).syscall === 'connect';
  }
  return UNAVAILABLE_MESSAGES.some((m) => error.message.includes(m));
}
