/** An empty database on a backend's test server, for tests of a migration over data made before it. */
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabaseUrl } from '@tests/support/database-urls';
import type { Backend } from '@tests/support/test-app';

let counter = 0;

export async function emptyDatabase(backend: Backend): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = backend === 'postgres' ? process.env.TEST_DATABASE_URL! : inject('embeddedAdminUrl');
  const name = `cc_test_empty_${process.pid}_${Date.now()}_${counter++}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await run(`CREATE DATABASE ${name}`);
  return { url: withDatabaseUrl(admin, name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
