import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDatabase, type BackupHeader, type BackupResult } from '@server/platform/db/backup';
import { restoreDatabase } from '@server/platform/db/restore';
import { expireQuoteJob } from '@server/features/quotes/jobs';
import { withDatabaseUrl } from '../../support/database-urls';
import { BACKENDS, startTestApp, type Backend, type TestApp } from '../../support/test-app';

/** Row count and an md5 of every row (in its text form, sorted) of each table, by SQL alone. */
async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET TimeZone = 'UTC'`);
    const { rows: tables } = await client.query<{ name: string; sequence: boolean }>(
      `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, c.relkind = 'S' AS sequence FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p', 'S') ORDER BY 1`,
    );
    const out: Record<string, string> = {};
    for (const { name, sequence } of tables) {
      const { rows } = await client.query<{ n: string; md5: string }>(
        sequence
          ? `SELECT last_value AS n, is_called::text AS md5 FROM ${name}`
          : `SELECT count(*) AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS md5 FROM ${name} x`,
      );
      out[name] = `${rows[0]!.n} ${rows[0]!.md5}`;
    }
    return out;
  } finally {
    await client.end();
  }
}

function adminUrl(backend: Backend): string {
  return backend === 'postgres' ? process.env.TEST_DATABASE_URL! : inject('embeddedAdminUrl');
}

async function adminQuery(backend: Backend, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(backend) });
  await admin.connect();
  await admin.query(sql);
  await admin.end();
}

/** Rewrites a backup's header (the file's first line); the rows stay as they are. */
function editHeader(file: string, to: string, edit: (header: BackupHeader) => void): string {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  const cut = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, cut)) as BackupHeader;
  edit(header);
  writeFileSync(to, gzipSync(JSON.stringify(header) + text.slice(cut)));
  return to;
}

describe.each(BACKENDS)('backup and restore on %s', (backend) => {
  let t: TestApp;
  let folder: string;
  let backup: BackupResult;
  let target: { name: string; url: string };
  let n = 0;

  async function emptyDatabase(): Promise<{ name: string; url: string }> {
    const name = `cc_restore_${process.pid}_${Date.now()}_${n++}`;
    await adminQuery(backend, `CREATE DATABASE ${name} TEMPLATE template0`);
    return { name, url: withDatabaseUrl(adminUrl(backend), name) };
  }

  async function tablesIn(url: string): Promise<number> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE schemaname IN ('public', 'pgboss')`);
    await client.end();
    return Number(rows[0]!.n);
  }

  beforeAll(async () => {
    // The demo data, and the job queue with a job waiting for its time.
    t = await startTestApp(backend, { seed: true, jobs: 'manual' });
    await t.ctx.jobs.send(expireQuoteJob, { quoteId: 1 }, { startAfter: new Date(Date.UTC(2099, 0, 1)) });
    folder = mkdtempSync(join(tmpdir(), 'cc-backup-'));
    backup = await backupDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }, folder);
    target = await emptyDatabase();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    for (const db of [target, ...extra]) if (db) await adminQuery(backend, `DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
    rmSync(folder, { recursive: true, force: true });
  });
  const extra: { name: string; url: string }[] = [];

  it('writes one timestamped file whose header has the schema version and every table with its rows and checksum', () => {
    expect(backup.file).toMatch(/client-care-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.ccbackup$/);
    const { header } = backup;
    expect(header.format).toBe('client-care-backup');
    expect(header.schemaVersion.at(-1)).toMatch(/^\d{4}_/);
    const tickets = header.tables.find((x) => x.schema === 'public' && x.name === 'tickets');
    expect(tickets?.rows).toBeGreaterThan(0);
    expect(tickets?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(header.tables.find((x) => x.schema === 'pgboss' && x.name === 'job')?.rows).toBeGreaterThan(0);
  });

  it('restores a seeded database with every table and sequence equal, row for row', async () => {
    const result = await restoreDatabase({ databaseUrl: target.url, dataDir: folder }, backup.file);
    expect(result.rows).toBeGreaterThan(100);
    const [source, restored] = await Promise.all([fingerprint(t.config.databaseUrl!), fingerprint(target.url)]);
    expect(Object.keys(source).length).toBeGreaterThan(30);
    expect(restored).toEqual(source);
  });

  it('refuses a database that already holds tables, naming it, and changes nothing', async () => {
    const before = await fingerprint(target.url);
    await expect(restoreDatabase({ databaseUrl: target.url, dataDir: folder }, backup.file)).rejects.toThrow(
      /the database of DATABASE_URL already holds tables; a backup is restored only into an empty database/,
    );
    expect(await fingerprint(target.url)).toEqual(before);
  });

  it('refuses a backup of a newer schema, naming the migrations it does not know', async () => {
    const newer = editHeader(backup.file, join(folder, 'newer.ccbackup'), (h) => h.schemaVersion.push('9999_from_the_future.sql'));
    const db = await emptyDatabase();
    extra.push(db);
    await expect(restoreDatabase({ databaseUrl: db.url, dataDir: folder }, newer)).rejects.toThrow(/newer version .*9999_from_the_future\.sql/);
    expect(await tablesIn(db.url)).toBe(0);
  });

  it('rolls everything back when a table does not match its checksum', async () => {
    const damaged = editHeader(backup.file, join(folder, 'damaged.ccbackup'), (h) => {
      h.tables.find((x) => x.name === 'tickets')!.sha256 = '0'.repeat(64);
    });
    const db = await emptyDatabase();
    extra.push(db);
    await expect(restoreDatabase({ databaseUrl: db.url, dataDir: folder }, damaged)).rejects.toThrow(
      /differs from the backup in public\.tickets \(\d+ rows in the backup, \d+ restored, contents differ\)/,
    );
    expect(await tablesIn(db.url)).toBe(0);
  });

  it.runIf(backend === 'embedded')(
    'restores into an empty data folder (a new embedded server), backs that up unchanged, and refuses a folder in use',
    async () => {
      const dataDir = join(folder, 'data');
      const restored = await restoreDatabase({ databaseUrl: undefined, dataDir }, backup.file);
      expect(restored.rows).toBe(backup.header.tables.reduce((s, x) => s + x.rows, 0));
      // The embedded server is not running now: the backup starts it, reads, and stops it.
      const again = await backupDatabase({ databaseUrl: undefined, dataDir }, join(folder, 'again'), () => undefined);
      expect(again.header.tables.map((x) => [x.schema, x.name, x.rows, x.sha256])).toEqual(
        backup.header.tables.map((x) => [x.schema, x.name, x.rows, x.sha256]),
      );
      await expect(restoreDatabase({ databaseUrl: undefined, dataDir }, backup.file)).rejects.toThrow(
        new RegExp(`The data folder ${dataDir} is not empty \\(it holds .*postgres`),
      );
    },
    120_000,
  );
});
