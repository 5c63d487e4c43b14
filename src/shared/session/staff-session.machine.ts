import { assertEvent, assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { LoginRequest, StaffLoginResponse, StaffUser } from '@contracts/auth';
import { AUTH_FLAG_TRUE, DEFAULT_ROLE, ROLES, UNKNOWN_INITIALS, type Role } from '@contracts/common/constants';
import { learningCenterApi, staffAuthApi } from './api';
import { logError } from '@/shared/log';
import { expectReaderTimeZone, setReaderTimeZone, settleReaderTimeZone } from '@/shared/ui/tokens/format';
import { theme, type ThemeChoice } from '@/shared/ui/tokens/theme';
import type { StaffSessionStore } from '@/shared/storage';
import { crossTabMachine, type CrossTabInput } from './cross-tab/cross-tab.machine';
import { overdueMachine } from './overdue.machine';
import { initialsOf } from './initials';
import { avatarMachine } from './avatar.machine';

export type StaffSessionUser = { userid: string; username: string };

/** What the per-tab storage holds, as read by whoever sends `session.check`. */
export type StoredStaffSession = ReturnType<StaffSessionStore['read']>;

export type StaffSessionInput = Omit<CrossTabInput, 'store'> & { store: StaffSessionStore };

export type StaffSessionContext = {
  input: StaffSessionInput;
  store: StaffSessionStore;
  /** The storage as it was when the tab started (decides the first state). */
  initial: StoredStaffSession;
  user: StaffSessionUser | null;
  /** From who/am/i; `user` until known, and when missing or the lookup fails. */
  role: Role;
  /** From profile/me; 'UN' on failure or without a user id. */
  initials: string;
  /** Why the last sign-in failed, shown in the form. */
  signInError: string | null;
  /** Where the person chose to land after signing in (from the sign-in answer); null: Home. */
  landingPage: string | null;
};

export type StaffSessionEvent =
  | { type: 'session.signIn'; credentials: LoginRequest }
  | { type: 'session.signOut' }
  /** A guarded staff route is being entered: the rules of spec 2.5 are applied to the storage read now. */
  | { type: 'session.check'; stored: StoredStaffSession }
  /** The cross-tab child stored an accepted hand-over. */
  | { type: 'session.handedOver'; user: StaffSessionUser; role: string }
  /** Opens the learning-center site, whose address comes from a call, in a new tab. */
  | { type: 'session.openLearningCenter' };

type ErrorLike = { status?: number; message?: string };
const messageOf = (error: unknown) => (error as ErrorLike)?.message ?? String(error);
const asRole = (value: unknown): Role => ((ROLES as readonly unknown[]).includes(value) ? (value as Role) : DEFAULT_ROLE);

/** Spec 2.5: a token and the auth flag. */
const isSignedInStorage = (s: StoredStaffSession) => Boolean(s.token) && s.auth === AUTH_FLAG_TRUE;
/** Spec 2.5: the flag without a token (the storage is then cleared). */
const isFlagWithoutToken = (s: StoredStaffSession) => !s.token && s.auth !== null;
const storedOf = (event: StaffSessionEvent) => {
  assertEvent(event, 'session.check');
  return event.stored;
};
const userFrom = (s: StoredStaffSession) => ({ user: { userid: s.userid ?? '', username: s.username ?? '' }, role: asRole(s.role) });

export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    input: {} as StaffSessionInput,
    children: {} as { overdue: 'overdue'; crossTab: 'crossTab'; avatar: 'avatar' },
  },
  actors: {
    login: fromPromise<StaffLoginResponse, LoginRequest>(({ input }) => staffAuthApi.login(input)),
    logout: fromPromise<void, void>(() => staffAuthApi.logout()),
    whoAmI: fromPromise<StaffUser[], { userid: string }>(({ input }) => staffAuthApi.whoAmI(input.userid)),
    profileMe: fromPromise<StaffUser, { userid: string }>(({ input }) => staffAuthApi.me(input.userid)),
    avatar: avatarMachine,
    learningCenterUrl: fromPromise<string, void>(() => learningCenterApi.url()),
    overdue: overdueMachine,
    crossTab: crossTabMachine,
  },
  guards: {
    hasStoredSession: ({ context }) => isSignedInStorage(context.initial),
    hasFlagWithoutToken: ({ context }) => isFlagWithoutToken(context.initial),
    isCheckSignedIn: ({ event }) => isSignedInStorage(storedOf(event)),
    isCheckFlagWithoutToken: ({ event }) => isFlagWithoutToken(storedOf(event)),
    hasUserId: ({ context }) => Boolean(context.user?.userid),
    /** A 401 on sign-out means the server already ended the session. */
    isSessionGone: ({ event }) => (event as { error?: ErrorLike }).error?.status === 401,
  },
  actions: {
    restoreInitialUser: assign(({ context }) => userFrom(context.initial)),
    restoreCheckedUser: assign(({ event }) => userFrom(storedOf(event))),
    clearStore: ({ context }) => {
      context.store.clear();
      context.input.applyBearer(null);
    },
    forgetUser: enqueueActions(({ enqueue }) => {
      enqueue.assign({ user: null, role: DEFAULT_ROLE, initials: UNKNOWN_INITIALS, landingPage: null });
      enqueue(() => setReaderTimeZone(null));
    }),
    /** The profile's time zone becomes the one every date and the timesheet and reports read (docs/adr/0163). */
    applyTimeZone: (_, params: { timeZone: string | null | undefined }) => setReaderTimeZone(params.timeZone),
    /** While profile/me loads after a reload, requests that count days wait for the person's zone; its answer or failure settles it. */
    awaitTimeZone: (_, params: { loading: boolean }) => (params.loading ? expectReaderTimeZone() : settleReaderTimeZone()),
    /** At sign-in the profile's theme applies on this device too. */
    applyTheme: (_, params: { theme: ThemeChoice | undefined }) => {
      if (params.theme) theme().setChoice(params.theme);
    },
    applyStoredBearer: ({ context }) => context.input.applyBearer(context.store.read().token),
    storeRole: ({ context }) => context.store.setRole(context.role),
    logFailure: (_, params: { what: string; error: unknown }) => logError(params.what, params.error),
  },
}).createMachine({
  id: 'staffSession',
  description: 'The staff session of one browser tab, kept in per-tab storage (spec 2.5, 4, 6, 7).',
  context: ({ input }) => ({
    input,
    store: input.store,
    initial: input.store.read(),
    user: null,
    role: DEFAULT_ROLE,
    initials: UNKNOWN_INITIALS,
    signInError: null,
    landingPage: null,
  }),
  invoke: {
    id: 'crossTab',
    src: 'crossTab',
    input: ({ context }) => ({ ...context.input, store: context.store }),
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'The guard rules of spec 2.5 on the storage the tab starts with: a token and the auth flag mean signed in.',
      always: [
        { guard: 'hasStoredSession', target: 'signedIn', actions: 'restoreInitialUser' },
        {
          guard: 'hasFlagWithoutToken',
          target: 'signedOut',
          actions: ['clearStore', 'forgetUser'],
          description: 'Only the auth flag is present: the per-tab storage is cleared.',
        },
        { target: 'signedOut', description: 'Otherwise the user goes to the sign-in screen.' },
      ],
    },
    signedOut: {
      description: 'No session in this tab; staff routes lead to the sign-in screen.',
      on: {
        'session.signIn': { target: 'signingIn', actions: assign({ signInError: null }) },
        'session.check': [
          { guard: 'isCheckSignedIn', target: 'signedIn', actions: 'restoreCheckedUser' },
          { guard: 'isCheckFlagWithoutToken', actions: 'clearStore', description: 'Only the auth flag: the per-tab storage is cleared.' },
        ],
        'session.handedOver': {
          target: 'signedIn',
          actions: assign(({ event }) => ({ user: event.user, role: asRole(event.role) })),
          description: 'An accepted AUTH_DATA message signs the tab in (cross-tab sign-in).',
        },
      },
    },
    signingIn: {
      description: 'Sends the email and password; success stores token, auth, userid, username and role.',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          assertEvent(event, 'session.signIn');
          return event.credentials;
        },
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
            assign(({ event }) => ({
              user: { userid: String(event.output.userid), username: event.output.username },
              role: asRole(event.output.role),
              landingPage: event.output.landingPage ?? null,
            })),
            { type: 'applyTimeZone', params: ({ event }) => ({ timeZone: event.output.timeZone }) },
            { type: 'applyTheme', params: ({ event }) => ({ theme: event.output.theme }) },
          ],
        },
        onError: { target: 'signedOut', actions: assign({ signInError: ({ event }) => messageOf(event.error) }) },
      },
    },
    signedIn: {
      description: 'The tab holds a session: staff routes are allowed and the overdue check runs.',
      entry: 'applyStoredBearer',
      invoke: [
        { id: 'overdue', src: 'overdue', input: ({ context }) => ({ userId: context.user?.userid ?? '' }) },
        { id: 'avatar', src: 'avatar', input: ({ context }) => ({ userid: context.user?.userid ?? '', version: null }) },
      ],
      on: {
        'session.signOut': 'signingOut',
        'session.check': [
          {
            guard: 'isCheckSignedIn',
            actions: 'applyStoredBearer',
            description: 'Allowed navigation: the stored token becomes the bearer credential.',
          },
          { guard: 'isCheckFlagWithoutToken', target: 'signedOut', actions: ['clearStore', 'forgetUser'] },
          { target: 'signedOut', actions: 'forgetUser', description: 'The token is gone: to the sign-in screen.' },
        ],
      },
      type: 'parallel',
      states: {
        role: {
          description: 'The role comes from the first record of who/am/i; missing or failed becomes user.',
          initial: 'loading',
          states: {
            loading: {
              description: 'POST /api/v2/profile/who/am/i with the user id.',
              invoke: {
                id: 'whoAmI',
                src: 'whoAmI',
                input: ({ context }) => ({ userid: context.user?.userid ?? '' }),
                onDone: {
                  target: 'known',
                  actions: [assign({ role: ({ event }) => asRole(event.output[0]?.role) }), 'storeRole'],
                },
                onError: {
                  target: 'known',
                  actions: [
                    assign({ role: DEFAULT_ROLE }),
                    'storeRole',
                    { type: 'logFailure', params: ({ event }) => ({ what: 'role lookup failed', error: event.error }) },
                  ],
                },
              },
            },
            known: { description: 'The role decides the manager-only menu entry.' },
          },
        },
        initials: {
          description: "The initials circle: from profile/me's name, 'UN' on failure or without a user id.",
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasUserId', target: 'loading' }, { target: 'known', actions: assign({ initials: UNKNOWN_INITIALS }) }],
            },
            loading: {
              description: "POST /api/v2/profile/me with the user id; until it answers, requests that count days wait for the person's zone.",
              entry: { type: 'awaitTimeZone', params: { loading: true } },
              exit: { type: 'awaitTimeZone', params: { loading: false } },
              invoke: {
                id: 'profileMe',
                src: 'profileMe',
                input: ({ context }) => ({ userid: context.user?.userid ?? '' }),
                onDone: {
                  target: 'known',
                  actions: [
                    assign({ initials: ({ event }) => initialsOf(event.output?.name) }),
                    sendTo('avatar', ({ event }) => ({ type: 'avatarChanged' as const, version: event.output?.avatarVersion ?? null })),
                    { type: 'applyTimeZone', params: ({ event }) => ({ timeZone: event.output?.timeZone }) },
                  ],
                },
                onError: {
                  target: 'known',
                  actions: [
                    assign({ initials: UNKNOWN_INITIALS }),
                    { type: 'logFailure', params: ({ event }) => ({ what: 'profile lookup failed', error: event.error }) },
                  ],
                },
              },
            },
            known: { description: 'The initials are shown.' },
          },
        },
        learningCenter: {
          description: 'The Learning Center menu entry: POST /api/v2/moodleurl, then the url opens in a new tab.',
          initial: 'idle',
          states: {
            idle: { on: { 'session.openLearningCenter': 'fetching' } },
            fetching: {
              invoke: {
                id: 'learningCenterUrl',
                src: 'learningCenterUrl',
                onDone: { target: 'idle', actions: ({ context, event }) => context.input.open(event.output, '_blank', 'noopener') },
                onError: {
                  target: 'idle',
                  actions: { type: 'logFailure', params: ({ event }) => ({ what: 'learning-center link failed', error: event.error }) },
                  description: 'A failure does nothing visible; it is only logged.',
                },
              },
            },
          },
        },
      },
    },
    signingOut: {
      description: 'GET /logout revokes the session on the server.',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: ['clearStore', 'forgetUser'] },
        onError: [
          { guard: 'isSessionGone', target: 'signedOut', actions: ['clearStore', 'forgetUser'] },
          {
            target: 'signedIn',
            actions: { type: 'logFailure', params: ({ event }) => ({ what: 'sign-out failed', error: event.error }) },
            description: 'A failed sign-out is only logged; the session stays.',
          },
        ],
      },
    },
  },
});
