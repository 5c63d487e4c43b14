/**
 * The rows per page a table remembers for the signed-in user on the server (docs/adr/0137), so the
 * choice follows them to another browser. Read once per table in a tab (then from memory); a
 * choice is written in the background, and a failed write only loses the remembering.
 */
import { STAFF_PREFERENCES } from '@contracts/staff-preferences';
import type { PageSizeStore } from '@/shared/machines/table/table.machine';
import { call } from '@/shared/http/http';
import { browserStorage, staffSessionStore } from '@/shared/storage';

/** What this tab knows already, by user and table. */
const known = new Map<string, number | null>();
const keyOf = (table: string) => `${staffSessionStore(browserStorage()).read().userid ?? ''}:${table}`;

/** The size the user chose for a table (null: never chosen), read once per tab. */
export async function readPageSize(table: string): Promise<number | null> {
  const key = keyOf(table);
  if (known.has(key)) return known.get(key)!;
  const { size } = await call(STAFF_PREFERENCES.pageSize, { params: { table } });
  known.set(key, size);
  return size;
}

/** Remembers a size for a table on the server and in this tab (the profile waits for it; a table does not). */
export async function savePageSize(table: string, size: number): Promise<void> {
  known.set(keyOf(table), size);
  await call(STAFF_PREFERENCES.rememberPageSize, { params: { table }, body: { size } });
}

export function serverPageSizeStore(table: string): PageSizeStore {
  return {
    read: () => readPageSize(table),
    write(size) {
      savePageSize(table, size).catch(() => undefined);
    },
  };
}

/** Forgets what this tab read (tests). */
export const forgetPageSizes = () => known.clear();
