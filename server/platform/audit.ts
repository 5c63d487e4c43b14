import type { Queryable } from './sql';

/** Who made a change: a staff user, a client user, or the system (signups, password links). */
export type AuditActor = { type: 'staff' | 'client'; id: number } | { type: 'system' };

export type AuditEntry = {
  actor: AuditActor;
  entity: string;
  entityId: number | null;
  action: string;
  detail?: object;
};

/** The one audit writer: one audit-log row, inside the caller's transaction. */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_type, actor_id, entity, entity_id, action, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.actor.type,
    entry.actor.type === 'system' ? null : entry.actor.id,
    entry.entity,
    entry.entityId,
    entry.action,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

export const staffActor = (id: number): AuditActor => ({ type: 'staff', id });
export const clientActor = (id: number): AuditActor => ({ type: 'client', id });
export const SYSTEM: AuditActor = { type: 'system' };
