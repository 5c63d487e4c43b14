/** The SQL of the forms: kudos and the company values they name. */
import type { KudoValue } from '@contracts/forms-admin';
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

/** The latest kudos (of one person), newest first; with `before`, those older than that kudo (keyset: its time, then its id). */
export async function recentKudos(db: Queryable, person: number | undefined, limit: number, before?: number): Promise<Kudo[]> {
  const { rows } = await db.query<Kudo>(
    `SELECT k.id, f.name AS "from", t.name AS "to", k.to_id AS "toId", k.message, k.value, k.ticket_id AS "ticketId", k.project_id AS "projectId", ${iso('k.created_at', '"createdAt"')}
       FROM kudos k JOIN staff_users f ON f.id = k.from_id JOIN staff_users t ON t.id = k.to_id
      WHERE ($1::int IS NULL OR k.to_id = $1)
        AND ($3::int IS NULL OR (k.created_at, k.id) < (SELECT b.created_at, b.id FROM kudos b WHERE b.id = $3))
      ORDER BY k.created_at DESC, k.id DESC LIMIT $2`,
    [person ?? null, limit, before ?? null],
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

// --- Company values as admins keep them (docs/adr/0229) ------------------------------------------

const VALUE_COLUMNS = `v.id, v.name, v.position, v.active, (SELECT count(*)::int FROM kudos k WHERE k.value = v.name) AS kudos`;

/** Serialises the changes of the values list (the one-active-value rule and the order read whole). */
export async function lockKudoValues(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['kudo-values']);
}

/** Held by a kudo being sent: the values it checked stay as they are until it is written. */
export async function lockKudoValuesShared(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', ['kudo-values']);
}

/** Every value, active and retired, in order. */
export async function allKudoValues(db: Queryable): Promise<KudoValue[]> {
  const { rows } = await db.query<KudoValue>(`SELECT ${VALUE_COLUMNS} FROM kudo_values v ORDER BY v.position, v.name`);
  return rows;
}

export async function kudoValueById(db: Queryable, id: number): Promise<KudoValue | undefined> {
  const { rows } = await db.query<KudoValue>(`SELECT ${VALUE_COLUMNS} FROM kudo_values v WHERE v.id = $1`, [id]);
  return rows[0];
}

/** The value with this name whatever its case, if any. */
export async function kudoValueNamed(db: Queryable, name: string): Promise<KudoValue | undefined> {
  const { rows } = await db.query<KudoValue>(`SELECT ${VALUE_COLUMNS} FROM kudo_values v WHERE lower(v.name) = lower($1)`, [name]);
  return rows[0];
}

export async function activeKudoValueCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM kudo_values WHERE active');
  return rows[0]!.n;
}

/** Adds a value last in the order; its id. */
export async function insertKudoValue(db: Queryable, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`INSERT INTO kudo_values (name, position) SELECT $1, coalesce(max(position), 0) + 1 FROM kudo_values RETURNING id`, [name]);
  return rows[0]!.id;
}

/** Renames (the kudos that name it follow, by the foreign key) and retires or restores a value. */
export async function updateKudoValue(db: Queryable, id: number, change: { name?: string | undefined; active?: boolean | undefined }): Promise<void> {
  await db.query('UPDATE kudo_values SET name = coalesce($2, name), active = coalesce($3, active) WHERE id = $1', [id, change.name ?? null, change.active ?? null]);
}

/** Numbers the values 1, 2, … in the order of `ids`. */
export async function setKudoValueOrder(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.query('UPDATE kudo_values v SET position = o.n FROM unnest($1::int[]) WITH ORDINALITY AS o(id, n) WHERE v.id = o.id', [ids]);
}
