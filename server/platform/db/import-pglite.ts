/**
 * `npm run db:import-pglite`: copies the database of the previous version (PGlite, in
 * DATA_DIR/pglite) into the embedded PostgreSQL server, through PGlite's own pg_dump.
 *
 * The dump is loaded into a scratch database in one transaction, every table's row count is
 * compared with the source, and only then does it become the app's database; the PGlite folder
 * is renamed to `pglite.imported-<time>` (kept, not deleted). Run it with the server stopped.
 */
import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfigOrExit } from '@server/config';
import { watchPool } from './connections';
import { EMBEDDED_DATABASE, EmbeddedServer, EmbeddedStartError, embeddedPaths } from './embedded';
import { migrate } from './migrate';

const SCRATCH_DATABASE = `${EMBEDDED_DATABASE}_import`;

export type ImportResult = {
  /** Rows per table, equal in the source and in the new database. */
  rows: Record<string, number>;
  /** Where the PGlite folder was moved once copied. */
  keptAt: string;
  dumpBytes: number;
};

type Queryable = { query<R>(sql: string): Promise<{ rows: R[] }> };

async function countRows(db: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM public."${name.replaceAll('"', '""')}"`);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

async function withClient<T>(server: EmbeddedServer, database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...server.connection, database });
  // A connection lost while idle fails the next query; the event itself must not end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function importPglite(dataDir: string, log: (message: string) => void = () => undefined): Promise<ImportResult> {
  const paths = embeddedPaths(dataDir);
  if (!existsSync(join(paths.pglite, 'PG_VERSION'))) {
    throw new EmbeddedStartError(`There is no database of the previous version (PGlite) in ${paths.pglite}: nothing to import.`);
  }

  log(`reading ${paths.pglite}`);
  // Loaded only here: the running app never needs PGlite.
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const source = await PGlite.create(paths.pglite, { extensions: { pg_trgm } });
  let sourceRows: Record<string, number>;
  let dump: string;
  try {
    sourceRows = await countRows(source);
    const file = await pgDump({ pg: source, args: ['--no-owner', '--no-privileges'] });
    // psql meta-commands (\restrict and the like) are not SQL; the rest runs as one script.
    dump = (await file.text())
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
  } finally {
    await source.close();
  }
  log(`dumped ${Object.keys(sourceRows).length} tables (${(dump.length / 1e6).toFixed(1)} MB)`);

  const server = new EmbeddedServer(dataDir, log);
  await server.start();
  try {
    await withClient(server, 'postgres', async (admin) => {
      const existing = await withClient(server, EMBEDDED_DATABASE, (c) =>
        c.query<{ n: string }>(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`),
      );
      if (Number(existing.rows[0]!.n) > 0) {
        throw new EmbeddedStartError(
          `The embedded PostgreSQL database in ${paths.pgData} already holds tables; the import only fills a new one. Move ${paths.pgData} away to import again.`,
        );
      }
      await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE}`);
      await admin.query(`CREATE DATABASE ${SCRATCH_DATABASE}`);
    });

    await withClient(server, SCRATCH_DATABASE, async (client) => {
      // A script of several statements sent at once runs as one transaction: all or nothing.
      await client.query(dump);
      await client.query('ANALYZE');
      const copied = await countRows(client);
      const differences = Object.keys({ ...sourceRows, ...copied }).filter((t) => sourceRows[t] !== copied[t]);
      if (differences.length) {
        throw new EmbeddedStartError(
          `The copy differs from the source in ${differences.map((t) => `${t} (${sourceRows[t] ?? 0} → ${copied[t] ?? 0})`).join(', ')}; nothing was changed.`,
        );
      }
    });

    await withClient(server, 'postgres', async (admin) => {
      await admin.query(`DROP DATABASE ${EMBEDDED_DATABASE}`);
      await admin.query(`ALTER DATABASE ${SCRATCH_DATABASE} RENAME TO ${EMBEDDED_DATABASE}`);
    });
    // Migrations newer than the previous version apply now, as on any start.
    // pool.end() resolves before its idle connection has closed; the server's shutdown just after
    // may reach that connection first ("terminating connection due to administrator command"),
    // which the pool re-emits as an 'error' event: without a listener that ends the process. Its
    // connections listen for their own errors too, as every pool's (connections.ts).
    const pool = watchPool(new pg.Pool({ ...server.connection, max: 1 }));
    try {
      const applied = await migrate(pool);
      if (applied.length) log(`applied ${applied.join(', ')}`);
    } finally {
      await pool.end();
    }
  } catch (error) {
    await withClient(server, 'postgres', (admin) => admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE}`)).catch(() => undefined);
    throw error;
  } finally {
    await server.stop();
  }

  const keptAt = `${paths.pglite}.imported-${new Date().toISOString().replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}`;
  renameSync(paths.pglite, keptAt);
  return { rows: sourceRows, keptAt, dumpBytes: dump.length };
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    process.stderr.write('DATABASE_URL is set: the import fills the embedded server in DATA_DIR; unset DATABASE_URL to run it.\n');
    process.exit(2);
  }
  try {
    const result = await importPglite(config.dataDir, (m) => process.stdout.write(`${m}\n`));
    const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
    process.stdout.write(
      [
        `Copied ${total} rows in ${Object.keys(result.rows).length} tables into the embedded PostgreSQL server:`,
        ...Object.entries(result.rows)
          .filter(([, n]) => n > 0)
          .map(([t, n]) => `  ${t}: ${n}`),
        `The PGlite folder is kept at ${result.keptAt}; remove it once you are satisfied.`,
        'Start the portal with `npm start`.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    if (error instanceof EmbeddedStartError) {
      process.stderr.write(`The import did not run: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
