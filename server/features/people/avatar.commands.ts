/**
 * A staff member's own avatar (docs/adr/0241): set from one checked upload, or removed. Only the
 * person themself changes it (the routes take no one else's id). A replacement is atomic: the row
 * names the old files until the new ones are stored and the row committed; the old files are
 * removed only after that commit.
 */
import type { StoredFile } from '@server/platform/uploads';
import { audit, staffActor } from '@server/platform/audit';
import { notFound } from '@server/platform/http/errors';
import type { Queryable } from '@server/platform/sql';
import { currentAvatar, deleteAvatar, lockActiveStaff, saveAvatar } from './avatar.repo';

/** The files a change left behind: removed once the change committed. */
export type AvatarChange = { version: number | null; spentKeys: string[] };

const keysOf = (row: { storageKey: string; thumbnailKey: string } | null) => (row ? [row.storageKey, row.thumbnailKey] : []);

/** Makes the stored picture the person's avatar; answers its version and the files of the one it replaced. */
export async function setAvatar(db: Queryable, staffId: number, file: StoredFile, now: Date): Promise<AvatarChange> {
  if (!(await lockActiveStaff(db, staffId))) throw notFound('No such staff member');
  const before = await currentAvatar(db, staffId);
  // The upload path made the thumbnail of every image it took; an avatar endpoint takes images only.
  const version = await saveAvatar(db, staffId, { ...file, thumbnailKey: file.thumbnailKey! }, now);
  await audit(db, { actor: staffActor(staffId), entity: 'staff_user', entityId: staffId, action: 'avatar.set', detail: { version, mimeType: file.mimeType, sizeBytes: file.sizeBytes, sha256: file.sha256 } });
  return { version, spentKeys: keysOf(before) };
}

/** Removes the person's avatar (their initials show again); nothing to remove is not an error. */
export async function removeAvatar(db: Queryable, staffId: number): Promise<AvatarChange> {
  if (!(await lockActiveStaff(db, staffId))) throw notFound('No such staff member');
  const removed = await deleteAvatar(db, staffId);
  if (removed) await audit(db, { actor: staffActor(staffId), entity: 'staff_user', entityId: staffId, action: 'avatar.remove', detail: { version: removed.version } });
  return { version: null, spentKeys: keysOf(removed) };
}
