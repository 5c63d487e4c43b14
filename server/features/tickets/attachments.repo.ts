/**
 * The files attached to tickets' notes and replies (docs/adr/0116): rows of `ticket_attachments`,
 * written in the transaction of their note; the files themselves are the upload store's.
 */
import type { Attachment } from '@contracts/common/attachments';
import { keysNamedIn, type ServedFile, type StoredFile } from '@server/platform/uploads';
import type { Queryable } from '@server/platform/sql';

/** Records the files of a note, or of the ticket itself (`noteId` null), already moved into place, in the writing transaction. */
export async function insertAttachments(db: Queryable, ticketId: number, noteId: number | null, files: readonly StoredFile[], now: Date): Promise<void> {
  for (const f of files) {
    await db.query(
      `INSERT INTO ticket_attachments (ticket_id, note_id, storage_key, thumbnail_key, original_name, mime_type, size_bytes, sha256, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [ticketId, noteId, f.storageKey, f.thumbnailKey, f.name, f.mimeType, f.sizeBytes, f.sha256, now],
    );
  }
}

/** The files of the ticket itself (sent with its create form), not of any note. */
export async function ticketOwnAttachments(db: Queryable, ticketId: number): Promise<Attachment[]> {
  const { rows } = await db.query<Attachment>(
    `SELECT a.id, a.original_name AS name, a.mime_type, a.size_bytes::int AS size_bytes, a.sha256, (a.thumbnail_key IS NOT NULL) AS image
       FROM ticket_attachments a
      WHERE a.ticket_id = $1 AND a.note_id IS NULL
      ORDER BY a.id`,
    [ticketId],
  );
  return rows;
}

/** A ticket's files with the note each belongs to (null: the ticket's own), as `filesOf` splits them. */
type FileRow = Attachment & { note_id: number | null };

/**
 * The files of the ticket `ticketId` (an SQL expression) with their notes' ids, own files first;
 * `publicOnly` leaves out those of internal notes.
 */
function ticketFilesSql(ticketId: string, publicOnly: boolean): string {
  return `SELECT a.id, a.note_id::int AS note_id, a.original_name AS name, a.mime_type, a.size_bytes::int AS size_bytes, a.sha256,
            (a.thumbnail_key IS NOT NULL) AS image
       FROM ticket_attachments a LEFT JOIN ticket_notes n ON n.id = a.note_id
      WHERE a.ticket_id = ${ticketId} AND (a.note_id IS NULL OR n.id IS NOT NULL${publicOnly ? ' AND NOT n.internal' : ''})
      ORDER BY a.note_id NULLS FIRST, a.id`;
}

/** `ticketFilesSql`'s rows, split: the ticket's own files, and its notes' files by note id. */
export function filesOf(rows: readonly FileRow[]): { own: Attachment[]; byNote: Map<number, Attachment[]> } {
  const own: Attachment[] = [];
  const byNote = new Map<number, Attachment[]>();
  for (const { note_id, ...a } of rows) {
    if (note_id === null) own.push(a);
    else byNote.set(note_id, [...(byNote.get(note_id) ?? []), a]);
  }
  return { own, byNote };
}

/** The same rows as a JSON array, for a statement that selects the ticket's other parts too (`filesOf` splits it). */
export const ticketFilesJson = (ticketId: string, publicOnly: boolean) =>
  `(SELECT COALESCE(json_agg(f ORDER BY f.note_id NULLS FIRST, f.id), '[]') FROM (${ticketFilesSql(ticketId, publicOnly)}) f)`;

/**
 * A ticket's own files and its notes' files by note id, in one statement; `publicOnly` leaves out
 * those of internal notes.
 */
export async function ticketFiles(db: Queryable, ticketId: number, publicOnly: boolean): Promise<{ own: Attachment[]; byNote: Map<number, Attachment[]> }> {
  const { rows } = await db.query<FileRow>(ticketFilesSql('$1', publicOnly), [ticketId]);
  return filesOf(rows);
}

/**
 * One attachment of a ticket as a download needs it. With `companyId` (a client user), only a
 * file of the ticket itself or of a public note, on one of that company's tickets: anything else is not there for them.
 */
export async function findAttachment(db: Queryable, ticketId: number, attachmentId: number, companyId?: number): Promise<ServedFile | null> {
  const { rows } = await db.query<ServedFile>(
    `SELECT a.original_name AS "name", a.mime_type AS "mimeType", a.storage_key AS "storageKey", a.thumbnail_key AS "thumbnailKey"
       FROM ticket_attachments a
       LEFT JOIN ticket_notes n ON n.id = a.note_id
       JOIN tickets t ON t.id = a.ticket_id
      WHERE a.id = $1 AND a.ticket_id = $2
        ${companyId === undefined ? '' : 'AND t.company_id = $3 AND NOT COALESCE(n.internal, false)'}`,
    companyId === undefined ? [attachmentId, ticketId] : [attachmentId, ticketId, companyId],
  );
  return rows[0] ?? null;
}

/** Which of the given storage keys a ticket's file or thumbnail names (the upload sweep keeps those). */
export const referencedKeys = (db: Queryable, keys: readonly string[]): Promise<Set<string>> => keysNamedIn(db, 'ticket_attachments', keys);
