/**
 * The avatar on the person's own profile (/user/options, docs/adr/0241): their picture is fetched
 * (the API answers it only with the session's token) and shown; a picture they choose is checked
 * against the same limits the server applies (size, and the type the browser reports; the server
 * judges the bytes) and uploaded; they can remove it. A refused or failed upload says why beside
 * the picture and keeps the previous one; the header follows every change at once (the api
 * announces it to the session).
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AVATAR_UPLOAD } from '@contracts/people-avatar';
import { ACCEPTED_TYPES, UPLOAD_MESSAGES, UPLOAD_PARTS } from '@contracts/common/uploads';
import { notifyActions } from '@/shared/machines/notify';
import { failureOf } from '@/shared/machines/submit.machine';
import { peopleApi } from '../api';

export type ProfileAvatarContext = {
  /** The person (their own profile). */
  id: number;
  /** The version of the person's avatar (null: none, their initials show). */
  version: number | null;
  /** The picture shown, as an object URL, or null. */
  url: string | null;
  /** Why the last picture was refused or not saved, shown beside it, or null. */
  error: string | null;
};
export type ProfileAvatarInput = { id: number; version: number | null };
export type ProfileAvatarEvent =
  | { type: 'avatar.choose'; file: File }
  | { type: 'avatar.remove' }
  /** The picture could not be drawn: the initials show. */
  | { type: 'avatar.imageFailed' };

const FAILED_KEY = 'profileAvatar';

/** What is wrong with a chosen picture before it is sent, in the server's words; null when it may go. */
export function avatarProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size === 0) return UPLOAD_MESSAGES.empty(file.name);
  if (file.size > AVATAR_UPLOAD.fileBytes) return UPLOAD_MESSAGES.tooLarge(file.name, AVATAR_UPLOAD.fileBytes);
  // The browser's word on the type: an empty one is left to the server, which reads the bytes.
  if (file.type && !(AVATAR_UPLOAD.types as readonly string[]).includes(file.type)) {
    const known = ACCEPTED_TYPES[file.type as keyof typeof ACCEPTED_TYPES];
    return UPLOAD_MESSAGES.refusedHere(file.name, known ?? file.type, AVATAR_UPLOAD.accepts);
  }
  return null;
}

/** The server's reason, named on the file when it named one. */
const reasonOf = (error: unknown) => {
  const failure = failureOf(error, false);
  return failure.fieldErrors[UPLOAD_PARTS.files] ?? failure.error ?? 'The picture was not saved';
};

export const profileAvatarMachine = setup({
  types: { context: {} as ProfileAvatarContext, events: {} as ProfileAvatarEvent, input: {} as ProfileAvatarInput },
  actors: {
    fetchImage: fromPromise<string, { id: number; version: number }>(async ({ input }) => URL.createObjectURL(await peopleApi.avatar(input.id, input.version))),
    upload: fromPromise<number | null, File>(({ input }) => peopleApi.uploadAvatar(input)),
    remove: fromPromise<number | null, void>(() => peopleApi.removeAvatar()),
  },
  actions: {
    ...notifyActions,
    /** The picture shown is let go (its object URL revoked). */
    dropImage: enqueueActions(({ context, enqueue }) => {
      const url = context.url;
      if (url) enqueue(() => URL.revokeObjectURL(url));
      enqueue.assign({ url: null });
    }),
  },
  guards: {
    hasVersion: ({ context }) => context.version !== null,
    isRefusedHere: ({ event }) => {
      assertEvent(event, 'avatar.choose');
      return avatarProblem(event.file) !== null;
    },
  },
}).createMachine({
  id: 'profileAvatar',
  description: "The person's avatar on their profile: shown, replaced by a picture they choose, or removed.",
  context: ({ input }) => ({ id: input.id, version: input.version, url: null, error: null }),
  exit: 'dropImage',
  initial: 'deciding',
  states: {
    deciding: {
      description: 'The picture is fetched when there is one; otherwise the initials show.',
      always: [{ guard: 'hasVersion', target: 'fetching' }, { target: 'idle' }],
    },
    fetching: {
      description: 'GET the thumbnail at its version; the initials show until it arrives.',
      invoke: {
        id: 'fetchImage',
        src: 'fetchImage',
        input: ({ context }) => ({ id: context.id, version: context.version! }),
        onDone: { target: 'idle', actions: ['dropImage', assign({ url: ({ event }) => event.output })] },
        onError: { target: 'idle', actions: 'dropImage', description: 'The picture could not be fetched: the initials show.' },
      },
    },
    idle: {
      description: 'The picture (or the initials), "Upload a picture" and, with a picture, "Remove".',
      on: {
        'avatar.choose': [
          {
            guard: 'isRefusedHere',
            actions: [
              assign({ error: ({ event }) => avatarProblem(event.file) }),
              { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The avatar was not saved', description: avatarProblem(event.file) ?? undefined, key: FAILED_KEY }) },
            ],
            description: 'Too large or not a PNG, JPEG or WebP image: said beside the picture, nothing is sent.',
          },
          { target: 'uploading', description: 'A picture chosen: it is sent.' },
        ],
        'avatar.remove': { guard: 'hasVersion', target: 'removing', description: '"Remove" pressed.' },
        'avatar.imageFailed': { actions: 'dropImage', description: 'The picture could not be drawn: the initials show.' },
      },
    },
    uploading: {
      description: 'The picture is being uploaded; the previous one stays until the new one is stored.',
      tags: ['busy'],
      entry: [assign({ error: null }), { type: 'dismissNotice', params: { key: FAILED_KEY } }],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ event }) => {
          assertEvent(event, 'avatar.choose');
          return event.file;
        },
        onDone: {
          target: 'fetching',
          actions: [assign({ version: ({ event }) => event.output }), { type: 'notify', params: { tone: 'success', title: 'Avatar saved' } }],
          description: 'Stored: the new picture is fetched (the header shows it too).',
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => reasonOf(event.error) }),
            { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The avatar was not saved', description: reasonOf(event.error), key: FAILED_KEY }) },
          ],
          description: 'Refused (not an image, too large) or not sent: the reason shows and the previous picture stays.',
        },
      },
    },
    removing: {
      description: 'The avatar is being removed.',
      tags: ['busy'],
      entry: [assign({ error: null }), { type: 'dismissNotice', params: { key: FAILED_KEY } }],
      invoke: {
        id: 'remove',
        src: 'remove',
        onDone: {
          target: 'idle',
          actions: ['dropImage', assign({ version: null }), { type: 'notify', params: { tone: 'success', title: 'Avatar removed' } }],
          description: 'Removed: the initials show (in the header too).',
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => reasonOf(event.error) }),
            { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The avatar was not removed', description: reasonOf(event.error), key: FAILED_KEY }) },
          ],
          description: 'Not removed: the reason shows and the picture stays.',
        },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof profileAvatarMachine>;
export const selectAvatarUrl = (s: Snapshot) => s.context.url;
export const selectAvatarError = (s: Snapshot) => s.context.error;
export const selectHasAvatar = (s: Snapshot) => s.context.version !== null;
export const selectAvatarBusy = (s: Snapshot) => s.hasTag('busy');
