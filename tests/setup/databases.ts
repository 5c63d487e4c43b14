/**
 * Global set-up of the API tests: one embedded PostgreSQL server for the whole run, and on it
 * (and on the PostgreSQL 15 server the test script starts, when TEST_DATABASE_URL is set) two
 * template databases: migrated, and migrated with the demo data. Each test file clones the one it
 * needs (`CREATE DATABASE … TEMPLATE …`, a file copy), so no file pays for migrations or seeding.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { EmbeddedServer } from '@server/platform/db/embedded';
import { migrate } from '@server/platform/db/migrate';
import { seedDemoIfEmpty } from '@server/seed/demo';
import { TEMPLATES, withDatabaseUrl } from '@tests/support/database-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded test server's maintenance database (for CREATE DATABASE). */
    embeddedAdminUrl: string;
  }
}

async function makeTemplates(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of Object.values(TEMPLATES)) {
      await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE false`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${TEMPLATES.migrated}`);
    const migrated = new pg.Pool({ connectionString: withDatabaseUrl(adminUrl, TEMPLATES.migrated), max: 1 });
    await migrate(migrated);
    await migrated.end();
    await admin.query(`CREATE DATABASE ${TEMPLATES.seeded} TEMPLATE ${TEMPLATES.migrated}`);
    const seeded = new pg.Pool({ connectionString: withDatabaseUrl(adminUrl, TEMPLATES.seeded), max: 2 });
    await seedDemoIfEmpty(seeded);
    await seeded.query('VACUUM ANALYZE');
    await seeded.end();
    for (const name of Object.values(TEMPLATES)) await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  // The project's environment (the test run's password work factor) holds for the demo users' hashes too.
  for (const [name, value] of Object.entries(project.config.env)) process.env[name] ??= String(value);
  const dir = mkdtempSync(join(tmpdir(), 'cc-test-pg-'));
  const server = new EmbeddedServer(dir);
  await server.start();
  const embeddedAdminUrl = server.url('postgres');
  await makeTemplates(embeddedAdminUrl);
  if (process.env.TEST_DATABASE_URL) await makeTemplates(process.env.TEST_DATABASE_URL);
  project.provide('embeddedAdminUrl', embeddedAdminUrl);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
