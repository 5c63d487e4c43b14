/**
 * PGlite runs no autovacuum: without it, the statistics the ticket search chooses its way by go
 * stale and updated rows are never reclaimed. The embedded database does that work itself: every
 * MAINTENANCE_INTERVAL_MS it vacuums and analyzes the tables that have grown by more than
 * MAINTENANCE_GROWTH since they were last vacuumed or analyzed (as autovacuum would on a server).
 */
import type { Pool } from 'pg';

export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
/** A table is maintained once its size has grown by this fraction since its last vacuum or analyze. */
export const MAINTENANCE_GROWTH = 0.2;
/** Tables smaller than this many pages (8 kB each) are left alone. */
const MAINTENANCE_MIN_PAGES = 8;

const GROWN_TABLES_SQL = `
  SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind = 'r'
     AND pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * (1 + $1::float8) + $2::int
   ORDER BY c.relname`;

/** Vacuums and analyzes the tables that grew; answers their names. */
export async function maintainTables(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(GROWN_TABLES_SQL, [MAINTENANCE_GROWTH, MAINTENANCE_MIN_PAGES]);
  for (const { name } of rows) await pool.query(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`);
  return rows.map((r) => r.name);
}

/** Runs `maintainTables` on a timer that does not keep the process alive; `stop` waits for a run in progress. */
export function startMaintenance(pool: Pool, intervalMs = MAINTENANCE_INTERVAL_MS, onError: (error: unknown) => void = () => undefined) {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => maintainTables(pool)).catch(onError);
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
