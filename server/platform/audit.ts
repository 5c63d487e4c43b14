import type { PoolClient } from 'pg';

/** One audit-log row: who (a staff user) changed what. */
export async function auditStaff(
  client: Pick<PoolClient, 'query'>,
  staffId: number,
  entity: string,
  entityId: number,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail) VALUES ('staff', $1, $2, $3, $4, $5)`,
    [staffId, entity, entityId, action, JSON.stringify(detail)],
  );
}
