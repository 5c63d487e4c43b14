import { caller, createHttp } from './http';
import { browserStorage } from '@/shared/storage';

/** What the client session hears when a client-page request answers 401: the page it happened on. */
export type UnauthorizedNotice = { path: string };
type Listener = (notice: UnauthorizedNotice) => void;

const listeners = new Set<Listener>();

/** Subscribes to 401 answers of client-page requests; answers the unsubscribe function. */
export function onClientUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The client pages' HTTP client: the bearer rule of section 7, and every 401 reported to the
 * client session (which decides whether to show the Session Expired dialog). Every error,
 * 401 included, is still passed to the caller.
 */
export const clientHttp = createHttp(browserStorage);
clientHttp.interceptors.response.use(undefined, (error: unknown) => {
  if ((error as { status?: number })?.status === 401) {
    const path = typeof window === 'undefined' ? '' : window.location.pathname;
    for (const listener of [...listeners]) listener({ path });
  }
  return Promise.reject(error);
});

/** Calls the portal's own API with the client portal's bearer rule and 401 notices. */
export const clientCall = caller(clientHttp);
