import type pg from 'pg';

/** A logger as Fastify's (pino) is: an object of fields first, then the message. */
export type PlatformLogger = {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
};

export const silentLogger: PlatformLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * How to reach the database the app's pool reaches, for a platform service that keeps its own
 * connections (the job queue's small pool, the event bus's listening connection): same server,
 * credentials and timeouts, its own application_name so that it can be told apart in
 * pg_stat_activity.
 */
export function poolConnection(pool: pg.Pool, applicationName: string): pg.PoolConfig {
  const options = pool.options as pg.PoolConfig;
  const { max: _max, min: _min, idleTimeoutMillis: _idle, application_name: _name, ...connection } = options;
  // pg keeps the password as a non-enumerable property (out of logs), which a spread leaves behind.
  return { ...connection, ...(options.password !== undefined ? { password: options.password } : {}), application_name: applicationName };
}
