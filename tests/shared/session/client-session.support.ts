import type { ClientUser } from '@contracts/auth';
import { clientSessionStore, type StorageAreas } from '@/shared/storage';

/** A Storage kept in a Map, so each replay starts from its own storage. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => (map.has(k) ? map.get(k)! : null),
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

export const DEMO_USER: ClientUser = { id: 7, name: 'Casey Client', email: 'client@acme.demo.test', companyId: 1, companyName: 'Acme Utilities' };

/** Storage areas and the client session store over them, optionally holding a signed-in session. */
export function memorySession(signedIn: boolean) {
  const areas: StorageAreas = { session: memoryStorage(), persistent: memoryStorage() };
  const store = clientSessionStore(areas);
  if (signedIn) store.save('stored-token', DEMO_USER);
  return { areas, store };
}
