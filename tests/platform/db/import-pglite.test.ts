/**
 * `npm run db:import-pglite` copies a DATA_DIR of the previous version (PGlite) into the embedded
 * PostgreSQL server: every row, the sequences, the search columns its triggers keep, and the
 * migrations newer than that version; the app then starts on it as usual.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/platform/db/database';
import { EmbeddedStartError } from '@server/platform/db/embedded';
import { importPglite } from '@server/platform/db/import-pglite';
import { readMigrations } from '@server/platform/db/migrate';

/** The last migration the previous version (PGlite) shipped. */
const PREVIOUS_VERSION_LAST_MIGRATION = '0005_ticket_search_columns.sql';

/**
 * A database folder as the previous version left it: PGlite with pg_trgm (as its worker opened
 * it), that version's migrations, and data in every kind of table.
 */
async function makePreviousVersionFolder(dir: string): Promise<void> {
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  await db.exec('CREATE TABLE schema_migrations (name varchar(200) PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const m of readMigrations().filter((m) => m.name <= PREVIOUS_VERSION_LAST_MIGRATION)) {
    await db.exec(m.sql);
    await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
  }
  await db.exec(`
    INSERT INTO staff_users (email, name, role, password_hash)
      SELECT 'staff' || g || '@old.test', 'Staff ' || g, (ARRAY['user','manager','admin'])[1 + g % 3], 'scrypt$x' FROM generate_series(1, 6) g;
    INSERT INTO companies (name, account_number, status, website)
      SELECT 'Company ' || g, 'OLD-' || lpad(g::text, 3, '0'), 'active', 'https://c' || g || '.example' FROM generate_series(1, 20) g;
    INSERT INTO contacts (company_id, name, email) SELECT 1 + g % 20, 'Contact ' || g, 'contact' || g || '@old.test' FROM generate_series(1, 60) g;
    INSERT INTO client_users (company_id, email, name, status, password_hash)
      SELECT 1 + g % 20, 'client' || g || '@old.test', 'Client ' || g, 'active', 'scrypt$y' FROM generate_series(1, 10) g;
    INSERT INTO tickets (title, description, status, severity, company_id, queue, assignee_id, duedate)
      SELECT 'Printer jam number ' || g, 'The tray ' || g || ' refuses paper with accents: café', (ARRAY['A','C','WOP','WOC','WOT'])[1 + g % 5],
             (ARRAY['C','H','M','L'])[1 + g % 4], 1 + g % 20, 'Support', 1 + g % 6, now() + make_interval(hours => g - 1000)
        FROM generate_series(1, 2000) g;
    INSERT INTO ticket_notes (ticket_id, staff_user_id, body, internal)
      SELECT 1 + g % 2000, 1 + g % 6, 'Checked the firewall rule ' || g, g % 3 = 0 FROM generate_series(1, 4000) g;
    INSERT INTO knowledge_articles (title, category, body) VALUES ('Resetting a meter', 'Meters', '# Steps');
    INSERT INTO catalog_items (sku, name, category, unit_price_cents) VALUES ('PAPER-1', 'Bill paper', 'paper', 4500);
    INSERT INTO paper_orders (company_id, catalog_item_id, quantity, ship_to) VALUES (1, 1, 3, '1 Main St');
    INSERT INTO survey_keys (key, type, ticket_id, email) VALUES ('k-old-1', 'TCS', 1, 'contact1@old.test');
    INSERT INTO survey_responses (survey_key_id, type, q1, answers) VALUES (1, 'TCS', 4, '{"Q2":"Quick"}');
  `);
  await db.close();
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

    const result = await importPglite(dataDir);
    expect(result.rows).toMatchObject({ tickets: 2000, ticket_notes: 4000, companies: 20, contacts: 60, client_users: 10, survey_responses: 1 });
    expect(result.rows.schema_migrations).toBe(readMigrations().filter((m) => m.name <= PREVIOUS_VERSION_LAST_MIGRATION).length);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(result.keptAt)).toBe(true);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite.imported-'))).toHaveLength(1);

    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const pool = database.pool;
      const one = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows[0];
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
    await expect(importPglite(dataDir)).rejects.toThrow(/already holds tables/);
    expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
  });
});
