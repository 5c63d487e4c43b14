/** The SQL of the forms: kudos and the company values they name. */
import type { Kudo } from '@contracts/forms';
import { iso, type Queryable } from '@server/platform/sql';

export async function kudoValues(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM kudo_values WHERE active ORDER BY position, name');
  return rows.map((r) => r.name);
}

/** Kudos a person sent since an instant (the daily limit). */
export async function kudosSentSince(db: Queryable, from: number, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM approval_requests WHERE form_type = 'kudo' AND requester_id = $1 AND created_at > $2`,
    [from, since],
  );
  return rows[0]!.n;
}

export async function insertKudo(db: Queryable, k: { requestId: number; fromId: number; toId: number; message: string; value: string; ticketId: number | null; projectId: number | null; at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO kudos (request_id, from_id, to_id, message, value, ticket_id, project_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [k.requestId, k.fromId, k.toId, k.message, k.value, k.ticketId, k.projectId, k.at],
  );
}

export async function recentKudos(db: Queryable, person: number | undefined, limit: number): Promise<Kudo[]> {
  const { rows } = await db.query<Kudo>(
    `SELECT k.id, f.name AS "from", t.name AS "to", k.to_id AS "toId", k.message, k.value, k.ticket_id AS "ticketId", k.project_id AS "projectId", ${iso('k.created_at', '"createdAt"')}
       FROM kudos k JOIN staff_users f ON f.id = k.from_id JOIN staff_users t ON t.id = k.to_id
      WHERE $1::int IS NULL OR k.to_id = $1 ORDER BY k.created_at DESC, k.id DESC LIMIT $2`,
    [person ?? null, limit],
  );
  return rows;
}

export async function exists(db: Queryable, table: 'tickets' | 'projects', id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length > 0;
}

export async function staffPerson(db: Queryable, id: number): Promise<{ id: number; name: string; email: string; manager_id: number | null } | undefined> {
  const { rows } = await db.query<{ id: number; name: string; email: string; manager_id: number | null }>('SELECT id, name, email, manager_id FROM staff_users WHERE id = $1 AND active', [id]);
  return rows[0];
}
