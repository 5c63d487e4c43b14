import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClientBase, Pool } from 'pg';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Serialises migrations when several processes start against one server. */
const MIGRATION_LOCK_KEY = 7_202_611;

export type Migration = { name: string; sql: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}${name}`, 'utf8') }));
}

/**
 * Applies every migration not yet recorded, in order, all inside one transaction: either the
 * database ends at the newest schema or nothing changed. Returns the names applied.
 */
export async function migrate(pool: Pool, migrations = readMigrations()): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const applied = await applyMigrations(client, migrations);
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The work of `migrate` inside the caller's transaction (a restore builds the schema and loads
 * the rows in one): takes the migration lock, records and applies what is missing.
 */
export async function applyMigrations(client: ClientBase, migrations: Migration[]): Promise<string[]> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await client.query(m.sql);
    await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
    applied.push(m.name);
  }
  return applied;
}
