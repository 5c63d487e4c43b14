/**
 * Every connection the app opens listens for its own errors, for its whole life.
 *
 * pg-pool listens for a client's 'error' only while the client sits idle in the pool; once it is
 * checked out (`pool.connect()`: a transaction, a report's cursor) nobody does. A connection that
 * loses its server then (postgres killed or restarting, `pg_terminate_backend`, the
 * idle-in-transaction timeout) emits 'error' with no listener, and Node ends the process. With the
 * listener below the event is only reported: the statement that was running fails with the error
 * (answered 503 with Retry-After), the next one on that client fails at once, and the client is
 * released as broken. The listener is attached when the pool opens the connection, so no caller
 * can forget it.
 */
import type pg from 'pg';

/** Told about an error of a connection (already failed over to its caller, when one was waiting). */
export type ConnectionErrorReport = (error: Error) => void;

const ignore: ConnectionErrorReport = () => undefined;

/** Gives one client a permanent 'error' listener. */
export function watchClient(client: pg.ClientBase, report: ConnectionErrorReport = ignore): void {
  client.on('error', report);
}

/** Gives every client `pool` opens a permanent 'error' listener; answers the pool. */
export function watchPool(pool: pg.Pool, report: ConnectionErrorReport = ignore): pg.Pool {
  pool.on('connect', (client) => watchClient(client, report));
  // pg-pool re-emits an idle client's error on the pool; the client's own listener reported it.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The same for a pool a library makes from options (pg-boss): pg-pool calls `onConnect` with
 * each new client before anyone uses it.
 */
export function watchedPoolOptions(report: ConnectionErrorReport = ignore): Pick<pg.PoolConfig, 'onConnect'> {
  return { onConnect: (client) => watchClient(client, report) };
}

/**
 * A report that says each distinct failure once a second: a restarted server drops every
 * connection at the same moment, which is one event, not ten.
 */
export function onceASecond(report: (message: string) => void): ConnectionErrorReport {
  let last = '';
  let at = 0;
  return (error) => {
    const now = Date.now();
    if (error.message === last && now - at < 1_000) return;
    last = error.message;
    at = now;
    report(`a database connection failed: ${error.message}`);
  };
}
