import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { staffAuthApi } from './api';
import { logError } from '@/shared/log';
import { onAvatarChange } from './avatar-changes';

export type AvatarInput = { userid: string; version: number | null };
export type AvatarContext = AvatarInput & {
  /** The picture as an object URL once fetched; null shows the initials. */
  url: string | null;
};
/** The person set or removed their avatar (their profile, or the session learning its version). */
export type AvatarEvent = { type: 'avatarChanged'; version: number | null };

/** A new version, or none: the picture shown is let go and the new one fetched (waiting is re-entered). */
const CHANGED = { target: 'waiting', reenter: true, actions: 'takeVersion' } as const;

/**
 * The signed-in person's picture in the header (its states carry no descriptions: they ship with
 * the first staff screen): fetched at its version (fetching, shown), initials without one (waiting)
 * or on failure (failed, only logged). Invoked by the signed-in staff session; a new version fetches again, and the object URL
 * shown is revoked when it is replaced or the session ends.
 */
export const avatarMachine = setup({
  types: { context: {} as AvatarContext, events: {} as AvatarEvent, input: {} as AvatarInput },
  actors: {
    fetchAvatar: fromPromise<string, { userid: string; version: number }>(({ input }) => staffAuthApi.avatar(input.userid, input.version)),
    /** Changes of the person's avatar made in this tab (their profile). */
    changes: fromCallback<AvatarEvent>(({ sendBack }) => onAvatarChange((version) => sendBack({ type: 'avatarChanged', version }))),
    /** Holds the picture shown: its object URL is revoked when it is replaced or the session stops. */
    holdPicture: fromCallback<AvatarEvent, { url: string }>(({ input }) => () => URL.revokeObjectURL(input.url)),
  },
  actions: { takeVersion: assign({ url: null, version: ({ event }) => event.version }) },
  guards: { hasPicture: ({ context }) => Boolean(context.userid) && context.version !== null },
}).createMachine({
  id: 'avatar',
  context: ({ input }) => ({ ...input, url: null }),
  invoke: { id: 'changes', src: 'changes' },
  initial: 'waiting',
  states: {
    waiting: { always: { guard: 'hasPicture', target: 'fetching' }, on: { avatarChanged: CHANGED } },
    fetching: {
      on: { avatarChanged: CHANGED },
      invoke: {
        id: 'fetchAvatar',
        src: 'fetchAvatar',
        input: ({ context }) => ({ userid: context.userid, version: context.version ?? 0 }),
        onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: ({ event }) => logError('avatar fetch failed', event.error) },
      },
    },
    shown: { on: { avatarChanged: CHANGED }, invoke: { id: 'holdPicture', src: 'holdPicture', input: ({ context }) => ({ url: context.url ?? '' }) } },
    failed: { on: { avatarChanged: CHANGED } },
  },
});
