import { AUTH_FLAG_TRUE, STORAGE_KEYS } from '@contracts/common/constants';
import type { ClientUser } from '@contracts/auth';

/** The storage areas the portal uses: per-tab (session) and persistent (local). */
export type StorageAreas = { session: Storage; persistent: Storage };

export const browserStorage = (): StorageAreas => ({ session: window.sessionStorage, persistent: window.localStorage });

export type StaffSessionData = { token: string; userid: string; username: string; role: string };

/**
 * The staff session as the specification stores it: token, auth, userid, username and role in
 * per-tab storage; the token also copied to persistent storage.
 */
export function staffSessionStore(areas: StorageAreas) {
  const { session, persistent } = areas;
  return {
    read() {
      return {
        token: session.getItem(STORAGE_KEYS.token),
        auth: session.getItem(STORAGE_KEYS.auth),
        userid: session.getItem(STORAGE_KEYS.userid),
        username: session.getItem(STORAGE_KEYS.username),
        role: session.getItem(STORAGE_KEYS.role),
      };
    },
    save(data: StaffSessionData) {
      session.setItem(STORAGE_KEYS.token, data.token);
      session.setItem(STORAGE_KEYS.auth, AUTH_FLAG_TRUE);
      session.setItem(STORAGE_KEYS.userid, data.userid);
      session.setItem(STORAGE_KEYS.username, data.username);
      session.setItem(STORAGE_KEYS.role, data.role);
      persistent.setItem(STORAGE_KEYS.token, data.token);
    },
    setRole(role: string) {
      session.setItem(STORAGE_KEYS.role, role);
    },
    /** Signing out clears the whole per-tab storage, and the persistent token copy. */
    clear() {
      session.clear();
      persistent.removeItem(STORAGE_KEYS.token);
    },
  };
}
export type StaffSessionStore = ReturnType<typeof staffSessionStore>;

/**
 * The client session: token in per-tab and persistent storage, the auth flag (the string
 * "true") and the user id per tab, the client user object (JSON, with id) persistent.
 */
export function clientSessionStore(areas: StorageAreas) {
  const { session, persistent } = areas;
  return {
    read(): { token: string | null; auth: string | null; user: ClientUser | null } {
      let user: ClientUser | null = null;
      const raw = persistent.getItem(STORAGE_KEYS.clientUser);
      if (raw) {
        try {
          user = JSON.parse(raw) as ClientUser;
        } catch {
          user = null;
        }
      }
      return {
        token: session.getItem(STORAGE_KEYS.token) ?? persistent.getItem(STORAGE_KEYS.token),
        auth: session.getItem(STORAGE_KEYS.auth),
        user,
      };
    },
    save(token: string, user: ClientUser) {
      session.setItem(STORAGE_KEYS.token, token);
      persistent.setItem(STORAGE_KEYS.token, token);
      session.setItem(STORAGE_KEYS.auth, AUTH_FLAG_TRUE);
      session.setItem(STORAGE_KEYS.userid, String(user.id));
      persistent.setItem(STORAGE_KEYS.clientUser, JSON.stringify(user));
    },
    /** Restores the per-tab flag after a stored token was verified in a new tab. */
    restore(token: string, user: ClientUser) {
      this.save(token, user);
    },
    clear() {
      session.removeItem(STORAGE_KEYS.token);
      session.removeItem(STORAGE_KEYS.auth);
      session.removeItem(STORAGE_KEYS.userid);
      persistent.removeItem(STORAGE_KEYS.token);
      persistent.removeItem(STORAGE_KEYS.clientUser);
    },
  };
}
export type ClientSessionStore = ReturnType<typeof clientSessionStore>;
