// Runs PGlite in a worker thread and serves it over the PostgreSQL wire protocol on a unix
// socket, so that the HTTP thread never executes a query itself (PGlite runs queries
// synchronously inside WASM). Plain JavaScript: worker threads load it without a TS loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, maxConnections } = workerData;

let db;
let server;
try {
  db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
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
