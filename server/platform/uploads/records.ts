/**
 * What every table of stored files answers the same way (a ticket's attachments, an SCR's files, QA
 * evidence, receipts, avatars): each of its rows names a stored file by `storage_key` and, for an
 * image, its thumbnail by `thumbnail_key` (docs/adr/0116). The table is the feature's; these are the
 * statements its repository would otherwise write again.
 */
import type { Queryable } from '@server/platform/sql';

/** The columns of a listed file as `Attachment` (src/contracts/common/attachments) reads them: an image is a file with a thumbnail. */
export const ATTACHMENT_COLUMNS = `id, original_name AS name, mime_type, size_bytes::int AS size_bytes, sha256, (thumbnail_key IS NOT NULL) AS image`;

/** A table name written in the code, never one a caller sent. */
const TABLE = /^[a-z_]+$/;

/** Which of the given storage keys (files or thumbnails) a row of `table` names: the upload sweep keeps those (docs/adr/0139). */
export async function keysNamedIn(db: Queryable, table: string, keys: readonly string[]): Promise<Set<string>> {
  if (!TABLE.test(table)) throw new Error(`Not a table of files: ${table}`);
  const { rows } = await db.query<{ key: string }>(
    `SELECT k AS key FROM unnest($1::text[]) AS k WHERE EXISTS (SELECT 1 FROM ${table} f WHERE f.storage_key = k OR f.thumbnail_key = k)`,
    [keys],
  );
  return new Set(rows.map((r) => r.key));
}
