/**
 * Health for load balancers and orchestrators, beside the API's own /api/health:
 * - `GET /healthz`: the process is alive (no database call): 200 `{"status":"alive"}`.
 * - `GET /readyz`: send me requests: the database answers, it has every migration this version
 *   knows, and the server is not draining (SIGTERM). 200 `{"status":"ready"}`, else 503 with
 *   Retry-After and the reason. Either carries a `warning` while writes find the disk full
 *   (server/platform/ops/storage.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@server/context';
import { readMigrations } from '@server/platform/db/migrate';

export const HEALTH_PATHS = { alive: '/healthz', ready: '/readyz' } as const;
/** A readiness check gives the database this long to answer; then the server is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;
/** The Retry-After of a 503 readiness answer. */
export const NOT_READY_RETRY_AFTER_SECONDS = 1;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether this server should be sent requests now. */
export async function readiness(ctx: AppContext, known = readMigrations().map((m) => m.name)): Promise<Readiness> {
  if (ctx.lifecycle.draining) return { ready: false, reason: 'The server is shutting down' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
  });
  try {
    const { rows } = await Promise.race([
      ctx.database.pool.query<{ applied: number }>('SELECT count(*)::int AS applied FROM schema_migrations WHERE name = ANY($1::text[])', [known]),
      timeout,
    ]);
    if ((rows[0]?.applied ?? 0) < known.length) return { ready: false, reason: 'The database has not been migrated yet' };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `The database does not answer: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** Registers /healthz and /readyz (outside /api: no session, no endpoint definition, not in the API reference). */
export function registerHealth(app: FastifyInstance, ctx: AppContext): void {
  const known = readMigrations().map((m) => m.name);
  app.get(HEALTH_PATHS.alive, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'alive' }));
  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const state = await readiness(ctx, known);
    reply.header('cache-control', 'no-store');
    // A full disk leaves the server ready (reads still work, and every server shares the disk),
    // with the administrator's warning beside it.
    const warning = ctx.storage.warning(ctx.now());
    if (state.ready) return reply.send({ status: 'ready', ...(warning ? { warning } : {}) });
    return reply
      .status(503)
      .header('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS))
      .send({ status: 'not ready', reason: state.reason, ...(warning ? { warning } : {}) });
  });
}
