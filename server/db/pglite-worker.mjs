// Runs PGlite in a worker thread and serves it over the PostgreSQL wire protocol on a unix
// socket, so that the HTTP thread never executes a query itself (PGlite runs queries
// synchronously inside WASM). Plain JavaScript: worker threads load it without a TS loader.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, maxConnections } = workerData;

const options = { extensions: { pg_trgm } };

/**
 * Opens the database in `dir`. A new one is made in a scratch folder beside it and moved into
 * place once complete, so a process killed during its very first start leaves nothing half-made:
 * the next start removes the scratch folder and makes the database again.
 */
async function openOrCreate(dir) {
  if (existsSync(join(dir, 'PG_VERSION'))) return PGlite.create(dir, options);
  const parent = dirname(dir);
  const prefix = `${basename(dir)}.new-`;
  for (const name of readdirSync(parent)) if (name.startsWith(prefix)) rmSync(join(parent, name), { recursive: true, force: true });
  const scratch = join(parent, `${prefix}${process.pid}`);
  const fresh = await PGlite.create(scratch, options);
  await fresh.close();
  // Without PG_VERSION a folder holds no database (an empty folder, or one from an interrupted start).
  rmSync(dir, { recursive: true, force: true });
  renameSync(scratch, dir);
  return PGlite.create(dir, options);
}

let db;
let server;
try {
  db = await openOrCreate(dataDir);
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

parentPort.on('message', async (message) => {
  if (message?.type !== 'stop') return;
  try {
    await server?.stop();
    await db?.close();
  } finally {
    parentPort.postMessage({ type: 'stopped' });
  }
});
