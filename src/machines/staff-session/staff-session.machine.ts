import { assign, fromPromise, setup } from 'xstate';
import type { LoginRequest, StaffLoginResponse } from '../../contracts/auth';
import { AUTH_FLAG_TRUE } from '../../contracts/constants';
import { staffAuthApi } from '../../services/api';
import type { StaffSessionStore } from '../../services/storage';

export type StaffSessionUser = { userid: string; username: string; role: string };

export type StaffSessionContext = {
  store: StaffSessionStore;
  user: StaffSessionUser | null;
  /** Why the last sign-in failed, shown in the form. */
  signInError: string | null;
  /** Why the last sign-out failed (only logged; the user stays signed in). */
  signOutError: string | null;
};

export type StaffSessionEvent =
  | { type: 'session.signIn'; credentials: LoginRequest }
  | { type: 'session.signOut' };

type ErrorLike = { status?: number; message?: string };
const messageOf = (error: unknown) => (error as ErrorLike)?.message ?? String(error);

export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    input: {} as { store: StaffSessionStore },
  },
  actors: {
    login: fromPromise<StaffLoginResponse, LoginRequest>(({ input }) => staffAuthApi.login(input)),
    logout: fromPromise<void, void>(() => staffAuthApi.logout()),
  },
  guards: {
    hasStoredSession: ({ context }) => {
      const s = context.store.read();
      return Boolean(s.token) && s.auth === AUTH_FLAG_TRUE;
    },
    hasFlagWithoutToken: ({ context }) => {
      const s = context.store.read();
      return !s.token && s.auth !== null;
    },
    /** A 401 on sign-out means the server already ended the session. */
    isSessionGone: ({ event }) => (event as { error?: ErrorLike }).error?.status === 401,
  },
  actions: {
    restoreUser: assign({
      user: ({ context }) => {
        const s = context.store.read();
        return { userid: s.userid ?? '', username: s.username ?? '', role: s.role ?? '' };
      },
    }),
    clearStore: assign({
      user: ({ context }) => {
        context.store.clear();
        return null;
      },
    }),
    rememberSignInError: assign({ signInError: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    forgetSignInError: assign({ signInError: null }),
    rememberSignOutError: assign({ signOutError: ({ event }) => messageOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'staffSession',
  description: 'The staff sign-in session of one browser tab, kept in per-tab storage.',
  context: ({ input }) => ({ store: input.store, user: null, signInError: null, signOutError: null }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Reads the per-tab storage: a token and the auth flag mean signed in (spec 2.5).',
      always: [
        { guard: 'hasStoredSession', target: 'signedIn', actions: 'restoreUser' },
        {
          guard: 'hasFlagWithoutToken',
          target: 'signedOut',
          actions: 'clearStore',
          description: 'Only the auth flag is present: the per-tab storage is cleared.',
        },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      description: 'No session in this tab; the sign-in screen is shown.',
      on: { 'session.signIn': { target: 'signingIn', actions: 'forgetSignInError' } },
    },
    signingIn: {
      description: 'Sends the email and password; success stores token, auth, userid, username and role.',
      invoke: {
        src: 'login',
        input: ({ event }) => (event as Extract<StaffSessionEvent, { type: 'session.signIn' }>).credentials,
        onDone: {
          target: 'signedIn',
          actions: [
            ({ context, event }) =>
              context.store.save({
                token: event.output.token,
                userid: String(event.output.userid),
                username: event.output.username,
                role: event.output.role,
              }),
            'restoreUser',
          ],
        },
        onError: { target: 'signedOut', actions: 'rememberSignInError' },
      },
    },
    signedIn: {
      description: 'The tab holds a session; staff routes are allowed.',
      on: { 'session.signOut': 'signingOut' },
    },
    signingOut: {
      description: 'GET /logout revokes the session on the server.',
      invoke: {
        src: 'logout',
        onDone: { target: 'signedOut', actions: 'clearStore' },
        onError: [
          { guard: 'isSessionGone', target: 'signedOut', actions: 'clearStore' },
          {
            target: 'signedIn',
            actions: 'rememberSignOutError',
            description: 'A failed sign-out is only logged; the session stays.',
          },
        ],
      },
    },
  },
});
