import { assertEvent, assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { ClientLoginResponse, ClientUser, LoginRequest } from '@contracts/auth';
import { AUTH_FLAG_TRUE, CLIENT_PATHS, SESSION_EXPIRED_FLAG_RESET_MS } from '@contracts/common/constants';
import { clientAuthApi } from './api';
import { onClientUnauthorized } from '@/shared/http/client-http';
import type { ClientSessionStore } from '@/shared/storage';

export type ClientSessionContext = {
  store: ClientSessionStore;
  user: ClientUser | null;
  loginError: string | null;
  /**
   * The 401 dialog flag: set when the Session Expired dialog opens, reset one second after the
   * redirect to the login page. While it is set, further 401s open no other dialog.
   */
  expiredDialogFlag: boolean;
};

export type ClientSessionEvent =
  | { type: 'session.logIn'; credentials: LoginRequest }
  | { type: 'session.logOut' }
  /** A client-page request answered 401; `path` is the page it happened on. */
  | { type: 'session.unauthorized'; path: string }
  /** The "Log In" button of the Session Expired dialog. */
  | { type: 'session.expiredAcknowledged' }
  | { type: 'session.expiredFlagReset' };

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
    /** Reports every 401 of a client-page request as `session.unauthorized`. */
    unauthorizedNotices: fromCallback(({ sendBack }) =>
      onClientUnauthorized(({ path }) => sendBack({ type: 'session.unauthorized', path })),
    ),
  },
  delays: {
    SESSION_EXPIRED_FLAG_RESET: SESSION_EXPIRED_FLAG_RESET_MS,
  },
  guards: {
    /** A token with the auth flag in this tab, or a stored token and client user (a new tab). */
    hasStoredSession: ({ context }) => {
      const s = context.store.read();
      return Boolean(s.token) && (s.auth === AUTH_FLAG_TRUE || s.user !== null);
    },
    isUnauthorized: ({ event }) => (event as { error?: ErrorLike }).error?.status === 401,
    /** A 401 that opens the dialog: not on the login page, and no dialog already shown or just closed. */
    isExpiryToShow: ({ context, event }) =>
      !context.expiredDialogFlag && (event as { path?: string }).path !== CLIENT_PATHS.login,
  },
  actions: {
    clearStore: ({ context }) => context.store.clear(),
    forgetUser: assign({ user: null }),
    raiseFlagReset: raise({ type: 'session.expiredFlagReset' }, { delay: 'SESSION_EXPIRED_FLAG_RESET' }),
  },
}).createMachine({
  id: 'clientSession',
  description: 'The client-portal session: logged out or logged in (spec 4), with the Session Expired dialog of spec 8.',
  context: ({ input }) => ({ store: input.store, user: null, loginError: null, expiredDialogFlag: false }),
  invoke: { id: 'unauthorizedNotices', src: 'unauthorizedNotices' },
  on: {
    'session.expiredFlagReset': {
      actions: assign({ expiredDialogFlag: false }),
      description: 'One second after the redirect to the login page, a new 401 may show the dialog again.',
    },
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'A stored token (with the auth flag, or a stored client user in a new tab) is checked with verify-token; otherwise logged out.',
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
          { guard: 'isUnauthorized', target: 'loggedOut', actions: ['clearStore', 'forgetUser'], description: 'The token is dead: forget it.' },
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
        input: ({ event }) => {
          assertEvent(event, 'session.logIn');
          return event.credentials;
        },
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
      on: {
        'session.logOut': 'loggingOut',
        'session.unauthorized': {
          guard: 'isExpiryToShow',
          target: 'expired',
          actions: ['clearStore', 'forgetUser', assign({ expiredDialogFlag: true })],
          description: 'A 401 on a client page other than login: clear the session and show the dialog.',
        },
      },
    },
    expired: {
      description: 'The non-dismissable Session Expired dialog is shown; further 401s are absorbed (one dialog at a time).',
      tags: ['sessionExpired'],
      on: {
        'session.expiredFlagReset': {
          description: 'The dialog is still up: the flag stays set until one second after the redirect.',
        },
        'session.expiredAcknowledged': {
          target: 'loggedOut',
          actions: 'raiseFlagReset',
          description: '"Log In" goes to /client/login; the dialog flag resets one second later.',
        },
      },
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
