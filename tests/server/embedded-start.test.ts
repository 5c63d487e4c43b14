/**
 * The embedded database is made atomically on its first start: what a start killed half-way
 * leaves behind (a scratch folder, a database folder without PG_VERSION) does not stop the next.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '../../server/db/embedded';

describe('first start of the embedded database', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const query = async (connection: pg.ClientConfig, text: string) => {
    const client = new pg.Client(connection);
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('makes the database over the leftovers of an interrupted first start, and keeps it on the next', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-embedded-'));
    dirs.push(dataDir);
    mkdirSync(join(dataDir, 'pglite.new-99999', 'base'), { recursive: true });
    mkdirSync(join(dataDir, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'base', 'half-written'), 'x');

    const first = await startEmbeddedDatabase(dataDir);
    await query(first.connection, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    await first.stop();
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('pglite.new-'))).toEqual([]);

    const second = await startEmbeddedDatabase(dataDir);
    expect(await query(second.connection, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await second.stop();
  }, 120_000);
});
