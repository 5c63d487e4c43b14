/**
 * Idempotent creates (docs/adr/0103). A create endpoint (`idempotent: true` in its definition)
 * runs its work through `createOnce`:
 *
 *   route(app, THINGS.create, async ({ body }, request, reply) =>
 *     createOnce(request, reply, pool, async (db) => ({ status: 201, body: await insertThing(db, body) })),
 *   );
 *
 * Without an `Idempotency-Key` header that is one transaction, as before. With one, the key is
 * claimed (a row of `idempotency_keys`) in the same transaction as the write, and the answer is
 * computed on that connection and stored there too: the key, the record and the answer commit
 * together or not at all. A retry with the key gets the stored answer (same status, same body,
 * header `Idempotent-Replayed: true`), also after a crash that lost the first answer. A concurrent
 * request with the key waits on the key's primary key until the first commits, then replays it.
 * The same key with another body or on another address answers 422; a malformed key 400.
 *
 * Only answers of committed work are stored: a request that fails (400, 404, 409, 503) leaves no
 * key behind, and its retry runs again.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ERROR_CODES } from '@contracts/common/errors';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '@contracts/common/idempotency';
import { z } from '@contracts/common/zod';
import { IDEMPOTENCY_RETENTION } from '@server/config';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { ApiError } from '@server/platform/http/errors';
import { defineJob } from '@server/platform/jobs';
import type { Queryable } from '@server/platform/sql';
import { stagedFiles } from '@server/platform/uploads';

/** What a create's work answers: its status and body, and what to do once it committed (not on a replay). */
export type Created<T> = { status: number; body: T; afterCommit?: () => void };

type Stored = { request: string; fingerprint: string; status: number; body: unknown };

const KEY_RULE = `must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters`;

/** The request's Idempotency-Key; undefined without one; 400 naming the header when malformed. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid header: ${IDEMPOTENCY_KEY_HEADER} (${KEY_RULE})`, { [IDEMPOTENCY_KEY_HEADER]: KEY_RULE });
  }
  return value;
}

/** JSON with every object's keys in order: equal bodies give equal text, whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the body in canonical JSON. */
export const fingerprint = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

/** Whose key it is: the audience and the principal's id. */
function scopeOf(request: FastifyRequest): string {
  if (request.staff) return `staff:${request.staff.userId}`;
  if (request.client) return `client:${request.client.userId}`;
  throw new Error(`${request.method} ${request.url}: idempotent creates need a signed-in caller`);
}

const keyUsedFor = (what: string) =>
  new ApiError(422, ERROR_CODES.invalidInput, `This ${IDEMPOTENCY_KEY_HEADER} was already used ${what}; send a new key with a new request`, {
    [IDEMPOTENCY_KEY_HEADER]: `Already used ${what}`,
  });

/**
 * Runs a create once per Idempotency-Key (see the top of this file): `work` runs in a
 * transaction and answers the status and body, computed on its connection. Sets the reply's
 * status (and the replay header) and answers the body to send.
 */
export async function createOnce<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  pool: pg.Pool,
  work: (db: pg.PoolClient) => Promise<Created<T>>,
): Promise<T> {
  const key = idempotencyKey(request);
  if (key === undefined) {
    const created = await inTransaction(pool, work);
    created.afterCommit?.();
    reply.status(created.status);
    return created.body;
  }
  // Files sent with the body (an upload) count as the body: the same key with other files is another request.
  const files = stagedFiles(request).map((f) => f.sha256);
  const claim = [scopeOf(request), key, `${request.method} ${request.url.split('?')[0]}`, fingerprint(files.length ? { body: request.body, files } : request.body)] as const;
  const outcome = await inTransaction(pool, async (db): Promise<{ created: Created<T> } | { stored: Stored }> => {
    // Under the primary key, a second request with the key waits here until the first commits
    // (then finds its row) or rolls back (then claims the key itself).
    const claimed = await db.query(
      'INSERT INTO idempotency_keys (scope, key, request, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT (scope, key) DO NOTHING',
      [...claim],
    );
    if (claimed.rowCount === 0) {
      const { rows } = await db.query<Stored>('SELECT request, fingerprint, status, body FROM idempotency_keys WHERE scope = $1 AND key = $2', [claim[0], key]);
      // Gone in between (deleted by the retention job the moment it expired): the caller may send again.
      if (!rows[0]) throw new ApiError(409, ERROR_CODES.conflict, `This ${IDEMPOTENCY_KEY_HEADER} expired just now; send the request again`);
      return { stored: rows[0] };
    }
    const created = await work(db);
    await db.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE scope = $1 AND key = $2', [
      claim[0],
      key,
      created.status,
      JSON.stringify(created.body ?? null),
    ]);
    return { created };
  });
  if ('created' in outcome) {
    outcome.created.afterCommit?.();
    reply.status(outcome.created.status);
    return outcome.created.body;
  }
  const { stored } = outcome;
  if (stored.request !== claim[2]) throw keyUsedFor(`for another request (${stored.request})`);
  if (stored.fingerprint !== claim[3]) throw keyUsedFor('with a different body');
  reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(stored.status);
  // The stored answer is the JSON of the first one (a T); the endpoint's schema checks it again as it is sent.
  return stored.body as T;
}

/** Deletes the keys older than the retention; answers how many. */
export async function deleteExpiredKeys(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM idempotency_keys WHERE created_at < $1::timestamptz - make_interval(hours => $2)`, [
    now,
    IDEMPOTENCY_RETENTION.hours,
  ]);
  return rowCount ?? 0;
}

/** The job that deletes expired keys, hourly. */
export const expireIdempotencyKeys = defineJob('idempotency.expire-keys', z.object({}));

/** Registers the retention job's handler, and its schedule once the app is ready with the queue running. */
export async function registerIdempotency(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await ctx.jobs.define(expireIdempotencyKeys, async () => void (await deleteExpiredKeys(ctx.database.pool, ctx.now())), { policy: 'singleton' });
  app.addHook('onReady', async () => {
    if (ctx.jobs.started) await ctx.jobs.schedule(expireIdempotencyKeys, IDEMPOTENCY_RETENTION.sweepCron, {});
  });
}
