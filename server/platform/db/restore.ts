/**
 * Restores a backup (backup.ts) into an empty database, in one transaction: the schema up to the
 * backup's schema version (the migrations it lists), the job queue's schema when the backup has
 * one, every table's rows with triggers and foreign-key checks off (session_replication_role =
 * replica), the sequences, and then every table read back and compared with the backup's row
 * count and checksum. Any failure rolls everything back.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import {
  BACKUP_SCHEMAS,
  BackupError,
  listTables,
  openBackup,
  withDatabaseClient,
  type DatabaseTarget,
  qualified, readRowLines, setStableTextForms, type BackupHeader, type BackupTable } from './backup';
import { JOBS_SCHEMA } from '@server/platform/jobs/jobs';
import { applyMigrations, readMigrations, type Migration } from './migrate';

/** Rows per INSERT. */
const INSERT_ROWS = 500;

export type RestoreResult = { header: BackupHeader; rows: number; applied: string[] };

/** The migrations of this code matching a backup's schema version; refuses a backup newer than the code. */
export function migrationsFor(header: BackupHeader, migrations: Migration[]): Migration[] {
  const known = new Set(migrations.map((m) => m.name));
  const unknown = header.schemaVersion.filter((name) => !known.has(name));
  if (unknown.length) {
    throw new BackupError(
      `The backup was made by a newer version (its schema has ${unknown.join(', ')}, which this code does not know). Restore it with that version or a later one.`,
    );
  }
  const wanted = new Set(header.schemaVersion);
  return migrations.filter((m) => wanted.has(m.name));
}

/** Refuses a database that already holds tables of the app or the job queue. */
export async function assertEmptyDatabase(client: pg.ClientBase, where: string): Promise<void> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM pg_tables WHERE schemaname = ANY($1)`, [BACKUP_SCHEMAS],
  );
  if (Number(rows[0]!.n) > 0) {
    throw new BackupError(`${where} already holds tables; a backup is restored only into an empty database. Nothing was changed.`);
  }
}

/** pg-boss's schema as its own construction script makes it, without that script's BEGIN/COMMIT. */
function jobQueueSchemaSql(): string {
  return PgBoss.getConstructionPlans(JOBS_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
}

async function insertBatch(client: pg.ClientBase, table: BackupTable, batch: (string | null)[][]): Promise<void> {
  const cols = table.columns.map((c) => `"${c.name.replaceAll('"', '""')}"`);
  const values = table.columns.map((c, i) => `u.c${i}::${c.type}`);
  const arrays = table.columns.map((_, i) => `$${i + 1}::text[]`);
  const names = table.columns.map((_, i) => `c${i}`);
  await client.query(
    `INSERT INTO ${qualified(table)} (${cols.join(', ')}) OVERRIDING SYSTEM VALUE
     SELECT ${values.join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')})`,
    table.columns.map((_, i) => batch.map((row) => row[i] ?? null)),
  );
}

/**
 * The job queue keeps each queue's jobs in a partition made with the queue; making the queues
 * first lets the jobs' rows land in them. The queue rows themselves are then the backup's.
 */
async function makeQueues(client: pg.ClientBase, batch: (string | null)[][], table: BackupTable): Promise<void> {
  const nameAt = table.columns.findIndex((c) => c.name === 'name');
  const names = batch.map((row) => row[nameAt]!);
  await client.query(`SELECT ${JOBS_SCHEMA}.create_queue(n, '{}'::json) FROM unnest($1::text[]) AS n`, [names]);
  await client.query(`DELETE FROM ${JOBS_SCHEMA}.queue WHERE name = ANY($1)`, [names]);
}

/**
 * Restores `file` into the empty database `client` is connected to. `where` names that database
 * in messages.
 */
export async function restoreBackup(
  client: pg.ClientBase,
  file: string,
  where: string,
  options: { migrations?: Migration[]; log?: (message: string) => void } = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const backup = await openBackup(file);
  const { header } = backup;
  try {
    const migrations = migrationsFor(header, options.migrations ?? readMigrations());
    await assertEmptyDatabase(client, where);
    await client.query('BEGIN');
    try {
      await setStableTextForms(client);
      const applied = await applyMigrations(client, migrations);
      log(`made the schema (${applied.length} migrations)`);
      const hasJobQueue = header.tables.some((t) => t.schema === JOBS_SCHEMA);
      if (hasJobQueue) await client.query(jobQueueSchemaSql());
      const present = new Map((await listTables(client)).map((t) => [`${t.schema}.${t.name}`, t]));
      const missing = header.tables.filter((t) => !present.has(`${t.schema}.${t.name}`));
      if (missing.length) {
        throw new BackupError(`The backup has tables its schema version does not make: ${missing.map((t) => `${t.schema}.${t.name}`).join(', ')}.`);
      }

      // Triggers and foreign-key checks stay off while rows go in, in any order.
      await client.query('SET LOCAL session_replication_role = replica');
      let total = 0;
      for await (const { table, lines } of backup.tables()) {
        // What making the schema wrote (the list of migrations, the job queue's version) is replaced.
        await client.query(`DELETE FROM ${qualified(table)}`);
        const isQueues = table.schema === JOBS_SCHEMA && table.name === 'queue';
        let batch: (string | null)[][] = [];
        const flush = async () => {
          if (!batch.length) return;
          if (isQueues) await makeQueues(client, batch, table);
          await insertBatch(client, table, batch);
          batch = [];
        };
        for await (const line of lines) {
          const row = JSON.parse(line) as (string | null)[];
          if (!Array.isArray(row) || row.length !== table.columns.length) {
            throw new BackupError(`${file} is damaged: a row of ${table.schema}.${table.name} does not have its ${table.columns.length} columns.`);
          }
          batch.push(row);
          if (batch.length >= INSERT_ROWS) await flush();
        }
        await flush();
        total += table.rows;
      }
      for (const s of header.sequences) {
        await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [qualified(s), s.value, s.isCalled]);
      }

      // Every table read back must match the backup, row for row.
      const differences: string[] = [];
      for (const table of header.tables) {
        const now = await readRowLines(client, table);
        if (now.rows !== table.rows || now.sha256 !== table.sha256) {
          differences.push(`${table.schema}.${table.name} (${table.rows} rows in the backup, ${now.rows} restored${now.rows === table.rows ? ', contents differ' : ''})`);
        }
      }
      if (differences.length) throw new BackupError(`The restored data differs from the backup in ${differences.join(', ')}. Nothing was changed.`);
      await client.query('COMMIT');
      log(`restored ${total} rows in ${header.tables.length} tables`);
      return { header, rows: total, applied: header.schemaVersion };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    backup.close();
  }
}

/** What a data folder may hold before a restore: the attachments, copied in first or after. */
const KEPT_IN_EMPTY_FOLDER = new Set(['uploads']);

/**
 * `npm run restore FILE`: into the empty database of DATABASE_URL, or into an empty DATA_DIR (a
 * new embedded server is made there). A restore that fails leaves DATA_DIR as it found it.
 */
export async function restoreDatabase(target: DatabaseTarget, file: string, log: (message: string) => void = () => undefined): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  if (target.databaseUrl) {
    return withDatabaseClient(target, (client, where) => restoreBackup(client, file, where, { log }));
  }
  const root = resolve(target.dataDir);
  const before = existsSync(root) ? readdirSync(root) : [];
  const other = before.filter((name) => !KEPT_IN_EMPTY_FOLDER.has(name));
  if (other.length) {
    throw new BackupError(
      `The data folder ${root} is not empty (it holds ${other.slice(0, 5).join(', ')}${other.length > 5 ? ', …' : ''}); a backup is restored only into an empty one. Give DATA_DIR a new folder.`,
    );
  }
  // Read the header first: a file that is no backup, or one too new, changes nothing.
  const backup = await openBackup(file);
  try {
    migrationsFor(backup.header, readMigrations());
  } finally {
    backup.close();
  }
  try {
    return await withDatabaseClient(target, (client, where) => restoreBackup(client, file, where, { log }), log, true);
  } catch (error) {
    for (const name of existsSync(root) ? readdirSync(root) : []) {
      if (!before.includes(name)) rmSync(join(root, name), { recursive: true, force: true });
    }
    throw error;
  }
}
