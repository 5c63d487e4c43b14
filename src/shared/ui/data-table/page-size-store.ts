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

export function serverPageSizeStore(table: string): PageSizeStore {
  return {
    async read() {
      const key = keyOf(table);
      if (known.has(key)) return known.get(key)!;
      const { size } = await call(STAFF_PREFERENCES.pageSize, { params: { table } });
      known.set(key, size);
      return size;
    },
    write(size) {
      known.set(keyOf(table), size);
      call(STAFF_PREFERENCES.rememberPageSize, { params: { table }, body: { size } }).catch(() => undefined);
    },
  };
}

/** Forgets what this tab read (tests). */
export const forgetPageSizes = () => known.clear();
