import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedDatabase } from './embedded';
import { startMaintenance } from './maintenance';
import { migrate } from './migrate';
import { schema } from './schema';

/** PGlite runs one transaction at a time, so a small pool is all it can use. */
const EMBEDDED_POOL_SIZE = 4;
const SERVER_POOL_SIZE = 20;

export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
};

/** Connects to DATABASE_URL, or starts the embedded database in DATA_DIR; migrates either. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  let pool: pg.Pool;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let kind: Database['kind'];
  if (config.databaseUrl) {
    kind = 'postgres';
    pool = new pg.Pool({ connectionString: config.databaseUrl, max: SERVER_POOL_SIZE });
  } else {
    kind = 'embedded';
    const embedded = await startEmbeddedDatabase(config.dataDir);
    stopEmbedded = () => embedded.stop();
    pool = new pg.Pool({ ...embedded.connection, max: EMBEDDED_POOL_SIZE });
  }
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await stopEmbedded?.();
    throw error;
  }
  const db = drizzle(pool, { schema });
  const maintenance = kind === 'embedded' ? startMaintenance(pool) : undefined;
  let closing: Promise<void> | undefined;
  return {
    kind,
    pool,
    db,
    close() {
      closing ??= (async () => {
        await maintenance?.stop();
        await pool.end();
        await stopEmbedded?.();
      })();
      return closing;
    },
  };
}

/** Runs `work` in one transaction on one connection; rolls back on any error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
