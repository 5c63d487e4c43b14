import type { FastifyRequest } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import { deliverOutbox } from './mail/outbox';
import type { AppContext } from '@server/context';

type Db = Pick<Pool | PoolClient, 'query'>;

/** Timestamps as ISO strings in UTC, the way every client list answers them. */
export const iso = (column: string, as = column.split('.').pop()!) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ${as}`;

export async function audit(
  db: Db,
  entry: { actorType: 'staff' | 'client' | 'system'; actorId: number | null; entity: string; entityId: number | null; action: string; detail?: object },
): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.actorType,
    entry.actorId,
    entry.entity,
    entry.entityId,
    entry.action,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

/** The sender of every email. */
export const mailFrom = (ctx: AppContext) => `no-reply@${new URL(ctx.config.publicUrl).hostname}`;

/** Sends committed outbox rows after the answer went out; failures are recorded on the rows. */
export function deliverLater(ctx: AppContext, request: FastifyRequest, ids: number[]): void {
  if (!ctx.config.smtpUrl || ids.length === 0) return;
  deliverOutbox(ctx.database.pool, ctx.config.smtpUrl, ids, mailFrom(ctx)).catch((error: unknown) =>
    request.log.error({ err: error }, 'outbox delivery failed'),
  );
}

/** Paging bounds from a parsed page query. */
export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;
