import type { StorageAreas } from '@/shared/storage';

/** In-memory storage areas, so each generated path starts from its own storage. */
export function memoryAreas(session: Record<string, string> = {}, persistent: Record<string, string> = {}): StorageAreas {
  const area = (init: Record<string, string>): Storage => {
    const map = new Map(Object.entries(init));
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (k) => map.get(k) ?? null,
      key: (i) => [...map.keys()][i] ?? null,
      removeItem: (k) => void map.delete(k),
      setItem: (k, v) => void map.set(k, String(v)),
    };
  };
  return { session: area(session), persistent: area(persistent) };
}
