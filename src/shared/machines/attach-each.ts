/**
 * Files chosen in a create form go once the record exists (docs/adr/0138): one request per file,
 * so a refused file leaves the record and the other files; what was refused is said by name.
 */
import { toApiError } from '@/shared/http/http';

/** A chosen file that was not attached, and the server's reason (which names it). */
export type FileRefusal = { name: string; reason: string };

/** Sends each file in turn with `send`; answers the files refused, in order. */
export async function attachEach(files: readonly File[], send: (file: File) => Promise<unknown>): Promise<FileRefusal[]> {
  const refused: FileRefusal[] = [];
  for (const file of files) {
    try {
      await send(file);
    } catch (error) {
      refused.push({ name: file.name, reason: toApiError(error).message });
    }
  }
  return refused;
}

/** "2 files were not attached: a.html is … b.exe is …", or null when every file went. */
export function refusalSummary(refused: readonly FileRefusal[]): string | null {
  if (!refused.length) return null;
  const head = refused.length === 1 ? `${refused[0]!.name} was not attached` : `${refused.length} files were not attached`;
  return `${head}: ${refused.map((r) => r.reason.replace(/\.?$/, '.')).join(' ')}`;
}
