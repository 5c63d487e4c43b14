import { createActorContext } from '@xstate/react';
import { staffSessionMachine, type StaffSessionInput } from './staff-session.machine';
import { applyBearer } from './api';
import type { StaffSessionStore } from '@/shared/storage';

/** The staff session actor of this tab, shared by every staff screen. */
export const StaffSession = createActorContext(staffSessionMachine);

/** The app's input: the browser's storage, window and HTTP client. */
export function browserSessionInput(store: StaffSessionStore): StaffSessionInput {
  return {
    store,
    origin: window.location.origin,
    applyBearer,
    listen: (onMessage) => {
      const handler = (e: MessageEvent) => onMessage({ origin: e.origin, data: e.data, source: e.source as Window | null });
      window.addEventListener('message', handler);
      return () => window.removeEventListener('message', handler);
    },
    open: (url, name, features) => window.open(url, name, features),
    opener: (window.opener as Window | null) ?? null,
  };
}
