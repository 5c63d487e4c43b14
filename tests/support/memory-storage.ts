import type { StorageAreas } from '@/shared/storage';

/** A Storage kept in memory, for machine tests that must not touch the page's storage. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  toJSON() {
    return Object.fromEntries(this.items);
  }
}

export const memoryAreas = (session: Record<string, string> = {}, persistent: Record<string, string> = {}): StorageAreas => {
  const areas = { session: new MemoryStorage(), persistent: new MemoryStorage() };
  for (const [k, v] of Object.entries(session)) areas.session.setItem(k, v);
  for (const [k, v] of Object.entries(persistent)) areas.persistent.setItem(k, v);
  return areas;
};
