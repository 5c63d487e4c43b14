import { assertEvent, assign, fromCallback, sendParent, setup } from 'xstate';
import { AUTH_MESSAGE_TYPE } from '@contracts/common/constants';
import type { StaffSessionStore } from '@/shared/storage';
import { AUTH_REQUEST_TYPE, isAcceptedAuthMessage, isAuthRequest, type AuthMessage } from './auth-message';

/** A window the app can talk to: the browser's Window, or a stand-in in tests. */
export type MessageTarget = { postMessage(message: unknown, targetOrigin: string): void };

export type CrossTabEvent =
  | { type: 'crossTab.message'; origin: string; data: unknown; source: MessageTarget | null }
  | { type: 'crossTab.openWindow'; url: string; name: string; features: string };

export type CrossTabInput = {
  store: StaffSessionStore;
  origin: string;
  /** Sets the default bearer header of the HTTP client. */
  applyBearer: (token: string | null) => void;
  /** Subscribes to window messages; answers the unsubscribe. */
  listen: (onMessage: (event: { origin: string; data: unknown; source: MessageTarget | null }) => void) => () => void;
  /** Opens a window of the app's own (window.open). */
  open: (url: string, name: string, features: string) => MessageTarget | null;
  /** The window that opened this one, if any. */
  opener: MessageTarget | null;
};

export const crossTabMachine = setup({
  types: {
    context: {} as CrossTabInput & { opened: MessageTarget[] },
    events: {} as CrossTabEvent,
    input: {} as CrossTabInput,
  },
  actors: {
    messages: fromCallback<CrossTabEvent, { listen: CrossTabInput['listen'] }>(({ sendBack, input }) =>
      input.listen((e) => sendBack({ type: 'crossTab.message', origin: e.origin, data: e.data, source: e.source })),
    ),
  },
  guards: {
    isAcceptedAuthMessage: ({ context, event }) =>
      event.type === 'crossTab.message' && isAcceptedAuthMessage(event.origin, context.origin, event.data),
    isRequestFromOpenedWindow: ({ context, event }) =>
      event.type === 'crossTab.message' &&
      isAuthRequest(event.origin, context.origin, event.data) &&
      event.source !== null &&
      context.opened.includes(event.source) &&
      Boolean(context.store.read().token),
  },
  actions: {
    storeHandOver: ({ context, event }) => {
      assertEvent(event, 'crossTab.message');
      // The guard isAcceptedAuthMessage checked the message's shape.
      const m = event.data as AuthMessage;
      context.store.save({
        token: m.token,
        userid: m.userid === undefined ? '' : String(m.userid),
        username: m.username ?? '',
        role: m.role ?? '',
      });
      context.applyBearer(m.token);
    },
    postHandOver: ({ context, event }) => {
      const s = context.store.read();
      assertEvent(event, 'crossTab.message');
      const target = event.source;
      const message: AuthMessage = {
        type: AUTH_MESSAGE_TYPE,
        token: s.token ?? '',
        auth: s.auth ?? '',
        userid: s.userid ?? '',
        username: s.username ?? '',
        role: s.role ?? '',
      };
      target?.postMessage(message, context.origin);
    },
    openWindow: assign({
      opened: ({ context, event }) => {
        assertEvent(event, 'crossTab.openWindow');
        const w = context.open(event.url, event.name, event.features);
        return w ? [...context.opened, w] : context.opened;
      },
    }),
    askOpener: ({ context }) => context.opener?.postMessage({ type: AUTH_REQUEST_TYPE }, context.origin),
  },
}).createMachine({
  id: 'crossTab',
  description:
    'The cross-tab hand-over: a window opened by the app asks its opener for the session, and the opener posts AUTH_DATA back.',
  context: ({ input }) => ({ ...input, opened: [] }),
  invoke: { src: 'messages', input: ({ context }) => ({ listen: context.listen }) },
  entry: 'askOpener',
  initial: 'listening',
  states: {
    listening: {
      description: 'Receives window messages; only accepted ones act, everything else is ignored.',
      on: {
        'crossTab.message': [
          {
            guard: 'isAcceptedAuthMessage',
            actions: [
              'storeHandOver',
              sendParent(({ event }) => {
                assertEvent(event, 'crossTab.message');
                const m = event.data as AuthMessage;
                return {
                  type: 'session.handedOver',
                  user: { userid: m.userid === undefined ? '' : String(m.userid), username: m.username ?? '' },
                  role: m.role ?? '',
                };
              }),
            ],
            description: 'Same origin, type AUTH_DATA, token and auth present: store the keys and set the bearer.',
          },
          {
            guard: 'isRequestFromOpenedWindow',
            actions: 'postHandOver',
            description: 'A window this tab opened is ready: post AUTH_DATA to it.',
          },
        ],
        'crossTab.openWindow': { actions: 'openWindow' },
      },
    },
  },
});
