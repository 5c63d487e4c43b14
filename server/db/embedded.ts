import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** pg reaches a unix socket as `<dir>/.s.PGSQL.<port>`; the port is only part of the name. */
const SOCKET_PORT = 5432;
/** Connections the socket server multiplexes onto PGlite's single session. */
const MAX_CONNECTIONS = 8;
const START_TIMEOUT_MS = 60_000;

export type EmbeddedDatabase = {
  /** Connection settings for `pg` (socket directory as host). */
  connection: { host: string; port: number; user: string; database: string };
  stop(): Promise<void>;
};

/**
 * Starts PGlite with its data in `dataDir`, served from a worker thread on a unix socket
 * inside that folder.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  // The worker makes the database folder itself (atomically, see pglite-worker.mjs).
  const pgDir = join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const socketPath = join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
  // A socket file left by a process that was killed would stop the new server from binding.
  if (existsSync(socketPath)) rmSync(socketPath);

  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: pgDir, socketPath, maxConnections: MAX_CONNECTIONS },
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The embedded database did not start in time')), START_TIMEOUT_MS);
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.on('message', (message: { type: string; message?: string }) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else if (message.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`The embedded database could not start: ${message.message}`));
      }
    });
  });

  let stopped: Promise<void> | undefined;
  return {
    connection: { host: dataDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => {
          void worker.terminate().then(() => resolve());
        };
        const timer = setTimeout(done, 10_000);
        worker.on('message', (message: { type: string }) => {
          if (message.type === 'stopped') {
            clearTimeout(timer);
            done();
          }
        });
        worker.postMessage({ type: 'stop' });
      });
      return stopped;
    },
  };
}
