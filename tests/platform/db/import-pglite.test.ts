/**
 * `npm run db:import-pglite` copies a DATA_DIR of the previous version (PGlite) into the embedded
 * PostgreSQL server: every row, the sequences, the search columns its triggers keep, and the
 * migrations newer than that version; the app then starts on it as usual.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/platform/db/database';
import { EmbeddedStartError } from '@server/platform/db/embedded';
import { importPglite } from '@server/platform/db/import-pglite';
import { readMigrations } from '@server/platform/db/migrate';
import { sqlOf } from '@tests/support/sql';


/** The last migration the previous version (PGlite) shipped. */
const PREVIOUS_VERSION_LAST_MIGRATION = '0005_ticket_search_columns.sql';

type Run = { code: number | null; out: string; err: string };

/** Runs a TypeScript entry point in a Node process of its own (PGlite's WebAssembly blocks the event loop while it works). */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    // The import fills the embedded server; a test run's DATABASE_URL must not reach it.
    delete childEnv.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, out, err }));
  });
}

/** A database folder as the previous version (PGlite) left it. */
async function makePreviousVersionFolder(dir: string): Promise<void> {
  const made = await run('tests/platform/db/fixtures/make-pglite-folder.ts', [dir, PREVIOUS_VERSION_LAST_MIGRATION]);
  expect(made, made.err).toMatchObject({ code: 0, out: 'written\n' });
}

/** `npm run db:import-pglite` on DATA_DIR, as a user runs it. */
function importCommand(dataDir: string): Promise<Run> {
  return run('server/platform/db/import-pglite.ts', [], { DATA_DIR: dataDir });
}

describe('importing a database of the previous version (PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-import-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a DATA_DIR without one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cc-import-none-'));
    await expect(importPglite(empty)).rejects.toBeInstanceOf(EmbeddedStartError);
    rmSync(empty, { recursive: true, force: true });
  });

  // Builds a PGlite folder, starts a PostgreSQL server, copies and migrates: minutes on a busy 2-core machine.
  it('copies every row, keeps the sequences and search columns, applies newer migrations, and keeps the old folder aside', { timeout: 180_000 }, async () => {
    await makePreviousVersionFolder(join(dataDir, 'pglite'));
    await expect(openDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow('npm run db:import-pglite');

    const imported = await importCommand(dataDir);
    expect(imported, imported.err).toMatchObject({ code: 0 });
    expect(imported.out).toMatch(/^ {2}tickets: 2000$/m);
    expect(imported.out).toMatch(/^ {2}ticket_notes: 4000$/m);
    expect(imported.out).toMatch(/^ {2}companies: 20$/m);
    expect(imported.out).toMatch(/^ {2}contacts: 60$/m);
    expect(imported.out).toMatch(/^ {2}client_users: 10$/m);
    expect(imported.out).toMatch(/^ {2}survey_responses: 1$/m);
    const migrationsBefore = readMigrations().filter((m) => m.name <= PREVIOUS_VERSION_LAST_MIGRATION).length;
    expect(imported.out).toMatch(new RegExp(`^ {2}schema_migrations: ${migrationsBefore}$`, 'm'));
    const kept = readdirSync(dataDir).filter((n) => n.startsWith('pglite.imported-'));
    expect(kept).toHaveLength(1);
    expect(imported.out).toContain(`The PGlite folder is kept at ${join(dataDir, kept[0]!)}`);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);

    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const pool = database.pool;
      const { one } = sqlOf(pool);
      expect(await one('SELECT count(*)::int AS n FROM tickets')).toEqual({ n: 2000 });
      expect((await pool.query('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));
      // The identity sequences continue after the copied rows.
      expect(await one(`INSERT INTO tickets (title) VALUES ('After the import') RETURNING id`)).toEqual({ id: 2001 });
      // Columns kept by triggers came across, and the triggers work on the new server.
      expect(await one(`SELECT company_name FROM tickets WHERE id = 7`)).toEqual({ company_name: 'Company 8' });
      expect(await one(`SELECT count(*)::int AS n FROM tickets WHERE search_vector @@ plainto_tsquery('english', 'firewall')`)).toEqual({ n: 2000 });
      await pool.query(`INSERT INTO ticket_notes (ticket_id, staff_user_id, body) VALUES (2001, 1, 'quasar')`);
      expect(await one(`SELECT id FROM tickets WHERE search_vector @@ plainto_tsquery('english', 'quasar')`)).toEqual({ id: 2001 });
      expect(await one(`SELECT description FROM tickets WHERE id = 1`)).toEqual({ description: 'The tray 1 refuses paper with accents: café' });
    } finally {
      await database.close();
    }
  });

  it('will not import over a database that already holds data', async () => {
    // The folder above was imported; bring back a PGlite folder beside the filled server.
    await makePreviousVersionFolder(join(dataDir, 'pglite'));
    const refused = await importCommand(dataDir);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^The import did not run: .*already holds tables/);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
  });
});
