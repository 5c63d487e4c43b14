/**
 * The embedded PostgreSQL server: made atomically on first start, found and stopped when a killed
 * process left it running, restarted when it dies, never two on one folder, and never answering
 * from a database of the previous version.
 */
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { createContext } from '@server/context';
import { openDatabase } from '@server/platform/db/database';
import { EmbeddedServer, EmbeddedStartError, embeddedPaths, isAlive, restoreLibraryLinks } from '@server/platform/db/embedded';

const dirs: string[] = [];
const newDir = (prefix = 'cc-embedded-') => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});


async function query<R extends pg.QueryResultRow>(server: EmbeddedServer, text: string): Promise<R[]> {
  const client = new pg.Client(server.connection);
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Starts the embedded database in a separate Node process; answers its pid and postgres's. */
async function startInChild(dataDir: string): Promise<{ nodePid: number; postgresPid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/platform/db/fixtures/hold-embedded.ts'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const postgresPid = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`the child exited with ${code} before it was ready`)));
  });
  child.stdout!.destroy();
  child.unref();
  return { nodePid: child.pid!, postgresPid };
}

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the embedded PostgreSQL server', () => {
  it('is made over the leftovers of an interrupted first start, listens only on its socket, and keeps its data', async () => {
    const dataDir = newDir();
    const paths = embeddedPaths(dataDir);
    mkdirSync(join(dataDir, 'postgres.new-99999', 'data'), { recursive: true });
    mkdirSync(join(paths.pgData, 'base'), { recursive: true });
    writeFileSync(join(paths.pgData, 'base', 'half-written'), 'x');

    const first = new EmbeddedServer(dataDir);
    await first.start();
    expect(await query(first, `SELECT current_setting('listen_addresses') AS l, version() AS v`)).toEqual([
      { l: '', v: expect.stringMatching(/^PostgreSQL 18\./) },
    ]);
    expect(await query(first, `SELECT name FROM pg_available_extensions WHERE name = 'pg_trgm'`)).toEqual([{ name: 'pg_trgm' }]);
    await query(first, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    expect(statSync(paths.password).mode & 0o777).toBe(0o600);
    await first.stop();
    expect(existsSync(join(paths.pgData, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir).filter((n) => n.startsWith('postgres.new-'))).toEqual([]);
    expect(existsSync(paths.lock)).toBe(false);

    const second = new EmbeddedServer(dataDir);
    await second.start();
    expect(await query(second, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    // A wrong password is refused: the socket is not open to anyone who finds it.
    const intruder = new pg.Client({ ...second.connection, password: 'guess' });
    await expect(intruder.connect()).rejects.toThrow(/password authentication failed/);
    await second.stop();
  });

  it('stops a server that a killed app left running, and starts cleanly with every committed write', async () => {
    const dataDir = newDir();
    const { nodePid, postgresPid } = await startInChild(dataDir);
    process.kill(nodePid, 'SIGKILL');
    await waitFor(() => !isAlive(nodePid));
    expect(isAlive(postgresPid)).toBe(true); // its own process group: it outlives the app

    const server = new EmbeddedServer(dataDir);
    await server.start();
    expect(isAlive(postgresPid)).toBe(false);
    expect(server.pid).not.toBe(postgresPid);
    expect(await query(server, `SELECT title FROM knowledge_articles WHERE title = 'Written before the kill'`)).toHaveLength(1);
    await server.stop();
  });

  it('starts after the app and its server were both killed (a stale postmaster.pid)', async () => {
    const dataDir = newDir();
    const { nodePid, postgresPid } = await startInChild(dataDir);
    process.kill(nodePid, 'SIGKILL');
    process.kill(postgresPid, 'SIGKILL');
    await waitFor(() => !isAlive(nodePid) && !isAlive(postgresPid));
    expect(existsSync(join(embeddedPaths(dataDir).pgData, 'postmaster.pid'))).toBe(true);

    const server = new EmbeddedServer(dataDir);
    await server.start();
    expect(await query(server, `SELECT count(*)::int AS n FROM knowledge_articles WHERE title = 'Written before the kill'`)).toEqual([{ n: 1 }]);
    await server.stop();
  });

  it('refuses a folder another running app server holds, naming it', async () => {
    const dataDir = newDir();
    const first = new EmbeddedServer(dataDir);
    await first.start();
    const { pid } = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    writeFileSync(embeddedPaths(dataDir).lock, `${pid}\n`);
    try {
      await expect(new EmbeddedServer(dataDir).start()).rejects.toThrow(`Another Client Care server (pid ${pid}) is using ${dataDir}`);
      expect(isAlive(first.pid!)).toBe(true);
    } finally {
      process.kill(pid!, 'SIGKILL');
      writeFileSync(embeddedPaths(dataDir).lock, `${process.pid}\n`);
      await first.stop();
    }
  });

  it('is started again when it dies; meanwhile requests answer 503 with Retry-After', async () => {
    const dataDir = newDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: join(dataDir, 'none') });
    const database = await openDatabase(config);
    const app = await buildApp(createContext(config, database), { logger: false, serveStatic: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const events: string[] = [];
      database.embedded!.on('down', () => events.push('down'));
      database.embedded!.on('up', () => events.push('up'));
      process.kill(database.embedded!.pid!, 'SIGKILL');
      await waitFor(() => events.includes('down'));

      const during = await app.inject({ method: 'GET', url: '/api/health' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(during.json().error.code).toBe('unavailable');

      await waitFor(() => events.includes('up'), 30_000);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.runIf(process.getuid?.() === 0)('takes back a database folder that another account owns or others may read (restored, moved, or its user made again)', async () => {
    const dataDir = newDir();
    const first = new EmbeddedServer(dataDir);
    await first.start();
    await query(first, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    await first.stop();
    const { pgData } = embeddedPaths(dataDir);
    const owner = statSync(pgData).uid;
    chownSync(pgData, 54321, 54321);
    chownSync(join(pgData, 'postgresql.conf'), 54321, 54321);
    chmodSync(pgData, 0o755);

    const second = new EmbeddedServer(dataDir);
    await second.start();
    try {
      expect(statSync(join(pgData, 'postgresql.conf')).uid).toBe(owner);
      expect(statSync(pgData).mode & 0o777).toBe(0o700);
      expect(await query(second, 'SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      await second.stop();
    }
  });

  it('puts its socket in a short folder when DATA_DIR is too long for a socket name', async () => {
    const dataDir = join(newDir(), 'a-rather-long-folder-name-'.repeat(3));
    const server = new EmbeddedServer(dataDir);
    expect(server.paths.socketDir.startsWith(dataDir)).toBe(false);
    expect(join(server.paths.socketDir, '.s.PGSQL.5432').length).toBeLessThanOrEqual(107);
    await server.start();
    try {
      expect(await query(server, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
      rmSync(server.paths.socketDir, { recursive: true, force: true });
    }
  });

  it('will not open a DATA_DIR holding a database of the previous version, and says what to run', async () => {
    const dataDir = newDir();
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    const opening = openDatabase({ dataDir, databaseUrl: undefined });
    await expect(opening).rejects.toBeInstanceOf(EmbeddedStartError);
    await expect(opening).rejects.toThrow('npm run db:import-pglite');
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  });

  it('restores the library links of its binaries when the install script did not run', () => {
    const pkg = newDir();
    mkdirSync(join(pkg, 'native', 'lib'), { recursive: true });
    writeFileSync(join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'library');
    symlinkSync('missing-target', join(pkg, 'native', 'lib', 'libpq.so')); // dangling
    writeFileSync(
      join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
      ]),
    );
    expect(restoreLibraryLinks(pkg)).toBe(2);
    expect(readFileSync(join(pkg, 'native', 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
    expect(readFileSync(join(pkg, 'native', 'lib', 'libpq.so'), 'utf8')).toBe('library');
    expect(restoreLibraryLinks(pkg)).toBe(0);
  });
});
