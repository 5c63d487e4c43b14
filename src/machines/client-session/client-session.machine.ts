import { assign, fromPromise, setup } from 'xstate';
import type { ClientLoginResponse, ClientUser, LoginRequest } from '../../contracts/auth';
import { AUTH_FLAG_TRUE } from '../../contracts/constants';
import { clientAuthApi } from '../../services/api';
import type { ClientSessionStore } from '../../services/storage';

export type ClientSessionContext = {
  store: ClientSessionStore;
  user: ClientUser | null;
  loginError: string | null;
};

export type ClientSessionEvent =
  | { type: 'session.logIn'; credentials: LoginRequest }
  | { type: 'session.logOut' };

type ErrorLike = { status?: number; message?: string };

export const clientSessionMachine = setup({
  types: {
    context: {} as ClientSessionContext,
    events: {} as ClientSessionEvent,
    input: {} as { store: ClientSessionStore },
  },
  actors: {
    login: fromPromise<ClientLoginResponse, LoginRequest>(({ input }) => clientAuthApi.login(input)),
    verifyToken: fromPromise<ClientUser, void>(() => clientAuthApi.verifyToken()),
    logout: fromPromise<void, void>(() => clientAuthApi.logout()),
  },
  guards: {
    hasStoredSession: ({ context }) => {
      const s = context.store.read();
      return Boolean(s.token) && s.auth === AUTH_FLAG_TRUE;
    },
    isUnauthorized: ({ event }) => (event as { error?: ErrorLike }).error?.status === 401,
  },
  actions: {
    clearStore: ({ context }) => context.store.clear(),
    forgetUser: assign({ user: null }),
  },
}).createMachine({
  id: 'clientSession',
  description: 'The client-portal session: logged out or logged in (spec 4).',
  context: ({ input }) => ({ store: input.store, user: null, loginError: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A stored token with the auth flag is checked with verify-token; otherwise logged out.',
      always: [{ guard: 'hasStoredSession', target: 'verifying' }, { target: 'loggedOut' }],
    },
    verifying: {
      description: 'POST /api/v2/client/verify-token: success means valid, 401 clears the session.',
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ user: ({ event }) => event.output }),
            ({ context, event }) => {
              const token = context.store.read().token;
              if (token) context.store.restore(token, event.output);
            },
          ],
        },
        onError: [
          { guard: 'isUnauthorized', target: 'loggedOut', actions: ['clearStore', 'forgetUser'] },
          {
            target: 'loggedIn',
            actions: assign({ user: ({ context }) => context.store.read().user }),
            description: 'The check could not be made (network): keep the stored session.',
          },
        ],
      },
    },
    loggedOut: {
      description: 'The login screen is shown.',
      on: { 'session.logIn': { target: 'loggingIn', actions: assign({ loginError: null }) } },
    },
    loggingIn: {
      description: 'Login stores the token, sets the auth flag and saves the client user.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => (event as Extract<ClientSessionEvent, { type: 'session.logIn' }>).credentials,
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ user: ({ event }) => event.output.user }),
            ({ context, event }) => context.store.save(event.output.token, event.output.user),
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ loginError: ({ event }) => (event.error as Error)?.message ?? String(event.error) }),
        },
      },
    },
    loggedIn: {
      description: 'Client routes are allowed.',
      on: { 'session.logOut': 'loggingOut' },
    },
    loggingOut: {
      description: 'GET /logout revokes the session on the server; the tab forgets it either way.',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'loggedOut', actions: ['clearStore', 'forgetUser'] },
        onError: { target: 'loggedOut', actions: ['clearStore', 'forgetUser'] },
      },
    },
  },
});
