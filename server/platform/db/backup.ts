/**
 * Backups of the database as one gzip file, written by Node over the pg driver (the embedded
 * PostgreSQL 18 package ships no pg_dump, and an older pg_dump refuses a newer server).
 *
 * The file (`client-care-<UTC time>.ccbackup`) is two gzip members read as one text stream:
 * - line 1: the header (JSON): format and app version, the schema version (the migrations
 *   applied), every table with its columns, row count and SHA-256, every sequence's value;
 * - then per table a line `#table <schema>.<name>` followed by one line per row: a JSON array of
 *   the columns' text forms (null for NULL), in primary-key order.
 * Everything is read in one REPEATABLE READ, READ ONLY transaction (one snapshot), streamed
 * through a server-side cursor, so memory stays flat however large a table is. The checksum of a
 * table is the SHA-256 of its row lines, each followed by a newline; a restore reads the restored
 * table back the same way and compares.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import type { Config } from '@server/config';
import { JOBS_SCHEMA } from '@server/platform/jobs/jobs';
import { EmbeddedServer, embeddedConnection, embeddedPaths } from './embedded';

/** What the first line of a backup says it is. */
export const BACKUP_FORMAT = 'client-care-backup';
/** The layout version this code writes and reads. */
export const BACKUP_FORMAT_VERSION = 1;
/** A backup's file name ends so. */
export const BACKUP_EXTENSION = '.ccbackup';
/** The schemas backed up: the app's tables, and the job queue's (pending and scheduled jobs). */
export const BACKUP_SCHEMAS = ['public', JOBS_SCHEMA];
/** Rows fetched from the cursor at a time. */
const BATCH_ROWS = 1_000;
const SECTION_PREFIX = '#table ';

export type BackupColumn = { name: string; type: string };
export type BackupTable = { schema: string; name: string; columns: BackupColumn[]; primaryKey: string[]; rows: number; sha256: string };
export type BackupSequence = { schema: string; name: string; value: string; isCalled: boolean };
export type BackupHeader = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** The migrations applied to the database, in order: its schema version. */
  schemaVersion: string[];
  tables: BackupTable[];
  sequences: BackupSequence[];
};

export class BackupError extends Error {}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

export function appVersion(): string {
  const file = fileURLToPath(new URL('../../../package.json', import.meta.url));
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Session settings under which every type's text form reads back as the same value: ISO dates in
 * UTC, hex bytea, floats with every digit.
 */
export async function setStableTextForms(client: pg.ClientBase): Promise<void> {
  await client.query(
    "SET LOCAL TimeZone = 'UTC'; SET LOCAL DateStyle = 'ISO, YMD'; SET LOCAL IntervalStyle = 'postgres'; SET LOCAL bytea_output = 'hex'; SET LOCAL extra_float_digits = 3; SET LOCAL statement_timeout = 0",
  );
}

/** The tables (not partitions: their rows come through the partitioned table) and their columns. */
export async function listTables(client: pg.ClientBase): Promise<Omit<BackupTable, 'rows' | 'sha256'>[]> {
  const { rows } = await client.query<{ schema: string; name: string; columns: BackupColumn[]; primary_key: string[] | null }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            (SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) ORDER BY a.attnum)
               FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
            (SELECT array_agg(a.attname::text ORDER BY k.ord)
               FROM pg_index i
               CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS primary_key
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      -- Partitioned tables last: a restore makes their partitions from rows loaded before.
      ORDER BY c.relkind = 'p', n.nspname, c.relname`,
    [BACKUP_SCHEMAS],
  );
  return rows.map((r) => ({ schema: r.schema, name: r.name, columns: r.columns ?? [], primaryKey: r.primary_key ?? [] }));
}

/** The statement giving a table's row lines in a stable order (the same for backup and check). */
export function rowLinesQuery(table: Pick<BackupTable, 'schema' | 'name' | 'columns' | 'primaryKey'>): string {
  const values = table.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ');
  const order = table.primaryKey.length ? table.primaryKey.map(quoteIdent).join(', ') : '1';
  return `SELECT array_to_json(ARRAY[${values}]::text[])::text AS line FROM ${qualified(table)} ORDER BY ${order}`;
}

/** Streams a table's row lines to `each`; answers the count and checksum. */
export async function readRowLines(
  client: pg.ClientBase,
  table: Pick<BackupTable, 'schema' | 'name' | 'columns' | 'primaryKey'>,
  each: (line: string) => void | Promise<void> = () => undefined,
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  const stream = client.query(new QueryStream(rowLinesQuery(table), [], { batchSize: BATCH_ROWS }));
  for await (const row of stream as AsyncIterable<{ line: string }>) {
    hash.update(row.line);
    hash.update('\n');
    rows++;
    await each(row.line);
  }
  return { rows, sha256: hash.digest('hex') };
}

async function write(out: Writable, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

export const backupFileName = (at: Date) =>
  `client-care-${at.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}${BACKUP_EXTENSION}`;

export type BackupResult = { file: string; header: BackupHeader; bytes: number };

/**
 * Writes a backup of the database `client` is connected to into `folder`, from one snapshot.
 * The file appears under its final name only once complete.
 */
export async function writeBackup(client: pg.ClientBase, folder: string, now = new Date()): Promise<BackupResult> {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, backupFileName(now));
  const bodyFile = `${file}.body.partial`;
  const partial = `${file}.partial`;
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    await setStableTextForms(client);
    const { rows: applied } = await client
      .query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      .catch(() => {
        throw new BackupError('The database has no schema_migrations table: it is not a Client Care database.');
      });
    const tables: BackupTable[] = [];
    const gzip = createGzip();
    const done = pipeline(gzip, createWriteStream(bodyFile, { mode: 0o600 }));
    for (const table of await listTables(client)) {
      await write(gzip, `${SECTION_PREFIX}${table.schema}.${table.name}\n`);
      const sum = await readRowLines(client, table, (line) => write(gzip, `${line}\n`));
      tables.push({ ...table, ...sum });
    }
    gzip.end();
    await done;
    const { rows: sequences } = await client.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind = 'S' ORDER BY n.nspname, c.relname`,
      [BACKUP_SCHEMAS],
    );
    const values: BackupSequence[] = [];
    for (const s of sequences) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${qualified(s)}`);
      values.push({ ...s, value: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    await client.query('COMMIT');
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      schemaVersion: applied.map((r) => r.name),
      tables,
      sequences: values,
    };
    const out = createWriteStream(partial, { mode: 0o600 });
    await write(out, gzipSync(`${JSON.stringify(header)}\n`));
    await pipeline(createReadStream(bodyFile), out);
    renameSync(partial, file);
    const bytes = statSync(file).size;
    return { file, header, bytes };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(bodyFile, { force: true });
  }
}

/** A backup opened for reading: its header, then its tables' row lines in order. */
export type BackupReader = {
  header: BackupHeader;
  /** Each table in the file's order with its row lines; a table must be read fully before the next. */
  tables(): AsyncGenerator<{ table: BackupTable; lines: AsyncGenerator<string> }>;
  close(): void;
};

export async function openBackup(file: string): Promise<BackupReader> {
  const input = createReadStream(file);
  const text = input.pipe(createGunzip());
  const fail = (message: string) => new BackupError(`${file} is not a readable Client Care backup: ${message}`);
  // Errors of the file or the decompression end the line reader with the error.
  input.on('error', (e) => text.destroy(e));
  const lines = createInterface({ input: text as Readable, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<string | undefined> => {
    try {
      const r = await lines.next();
      return r.done ? undefined : r.value;
    } catch (error) {
      throw fail((error as Error).message);
    }
  };
  let header: BackupHeader;
  try {
    header = JSON.parse((await next()) ?? '') as BackupHeader;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw fail('its header is not JSON');
  }
  if (header?.format !== BACKUP_FORMAT) throw fail('its header does not name the format');
  if (header.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${file} is a backup of format ${header.formatVersion}; this version reads up to format ${BACKUP_FORMAT_VERSION}.`);
  }
  return {
    header,
    async *tables() {
      for (const table of header.tables) {
        const section = await next();
        if (section !== `${SECTION_PREFIX}${table.schema}.${table.name}`) throw fail(`expected the rows of ${table.schema}.${table.name}`);
        async function* rows(): AsyncGenerator<string> {
          for (let i = 0; i < table.rows; i++) {
            const line = await next();
            if (line === undefined || line.startsWith(SECTION_PREFIX)) throw fail(`${table.schema}.${table.name} ends early`);
            yield line;
          }
        }
        yield { table, lines: rows() };
      }
      if ((await next()) !== undefined) throw fail('it goes on after its last table');
    },
    close() {
      input.destroy();
    },
  };
}

/** Where `npm run backup` writes when given no folder (relative to the working directory). */
export const BACKUP_DEFAULT_FOLDER = 'backups';

export type DatabaseTarget = Pick<Config, 'databaseUrl' | 'dataDir'>;

/**
 * A client on the app's database: DATABASE_URL, or the embedded server of DATA_DIR: the running
 * app's when one runs (a backup does not stop it), else one started here for the work.
 */
export async function withDatabaseClient<T>(
  target: DatabaseTarget,
  work: (client: pg.Client, where: string) => Promise<T>,
  log: (message: string) => void = () => undefined,
  /** Make a new embedded database when DATA_DIR holds none (a restore). */
  create = false,
): Promise<T> {
  const run = async (connection: pg.ClientConfig, where: string) => {
    const client = new pg.Client(connection);
    // A connection lost while idle fails the next query; the event itself must not end the process.
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client, where);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  if (target.databaseUrl) return run({ connectionString: target.databaseUrl }, 'the database of DATABASE_URL');
  const paths = embeddedPaths(target.dataDir);
  if (!create && !existsSync(join(paths.pgData, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${paths.pgData}.`);
  const where = `the embedded database in ${paths.pgData}`;
  const running = !create && (await (async () => {
    const probe = new pg.Client({ ...embeddedConnection(target.dataDir), connectionTimeoutMillis: 2_000 });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return true;
    } catch {
      return false;
    } finally {
      await probe.end().catch(() => undefined);
    }
  })());
  if (running) return run(embeddedConnection(target.dataDir), where);
  const server = new EmbeddedServer(target.dataDir, log);
  await server.start();
  try {
    return await run(server.connection, where);
  } finally {
    await server.stop();
  }
}

/** `npm run backup`: a backup of the app's database into `folder`. */
export function backupDatabase(target: DatabaseTarget, folder: string, log?: (message: string) => void): Promise<BackupResult> {
  return withDatabaseClient(target, (client) => writeBackup(client, folder), log);
}
