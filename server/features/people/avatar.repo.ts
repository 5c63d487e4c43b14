/**
 * The SQL of staff members' avatars (docs/adr/0241): one row a person in staff_avatars, written only
 * by this feature. The files themselves are the upload store's (server/platform/uploads).
 */
import type { Queryable } from '@server/platform/sql';
import { keysNamedIn } from '@server/platform/uploads';

/** A stored avatar as the download and a replacement need it. */
export type AvatarRow = { storageKey: string; thumbnailKey: string; mimeType: string; version: number };

const COLUMNS = `storage_key AS "storageKey", thumbnail_key AS "thumbnailKey", mime_type AS "mimeType", version`;

/** The avatar of an active staff member, or null. */
export async function avatarOf(db: Queryable, staffId: number): Promise<AvatarRow | null> {
  const { rows } = await db.query<AvatarRow>(
    `SELECT ${COLUMNS} FROM staff_avatars a JOIN staff_users u ON u.id = a.staff_id AND u.active WHERE a.staff_id = $1`,
    [staffId],
  );
  return rows[0] ?? null;
}

/** Whether the person is an active staff member; locks their row, so two changes of their avatar run one after the other. */
export async function lockActiveStaff(db: Queryable, staffId: number): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM staff_users WHERE id = $1 AND active FOR UPDATE', [staffId]);
  return Boolean(rowCount);
}

/** The person's avatar now, before a change (read under the lock of `lockActiveStaff`). */
export async function currentAvatar(db: Queryable, staffId: number): Promise<AvatarRow | null> {
  const { rows } = await db.query<AvatarRow>(`SELECT ${COLUMNS} FROM staff_avatars WHERE staff_id = $1`, [staffId]);
  return rows[0] ?? null;
}

/** Puts a new avatar in place of the person's (one statement: the row names the old files or the new ones); answers its version. */
export async function saveAvatar(
  db: Queryable,
  staffId: number,
  file: { storageKey: string; thumbnailKey: string; mimeType: string; sizeBytes: number; sha256: string },
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ version: number }>(
    `INSERT INTO staff_avatars (staff_id, storage_key, thumbnail_key, mime_type, size_bytes, sha256, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (staff_id) DO UPDATE SET storage_key = EXCLUDED.storage_key, thumbnail_key = EXCLUDED.thumbnail_key,
       mime_type = EXCLUDED.mime_type, size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256,
       version = nextval('staff_avatar_versions'), updated_at = EXCLUDED.updated_at
     RETURNING version`,
    [staffId, file.storageKey, file.thumbnailKey, file.mimeType, file.sizeBytes, file.sha256, now],
  );
  return rows[0]!.version;
}

/** Removes the person's avatar row; answers its files, or null when they had none. */
export async function deleteAvatar(db: Queryable, staffId: number): Promise<AvatarRow | null> {
  const { rows } = await db.query<AvatarRow>(`DELETE FROM staff_avatars WHERE staff_id = $1 RETURNING ${COLUMNS}`, [staffId]);
  return rows[0] ?? null;
}

/** Which of the given storage keys an avatar names (the upload sweep keeps those, docs/adr/0139). */
export const referencedAvatarKeys = (db: Queryable, keys: readonly string[]): Promise<Set<string>> => keysNamedIn(db, 'staff_avatars', keys);
