/**
 * Thumbnails of image attachments: the API answers them only with the session's bearer token, so
 * an <img> cannot fetch them; this machine fetches each image's thumbnail as a Blob, keeps an
 * object URL per file id for the list to show, and revokes them when it stops. A thumbnail that
 * cannot be fetched is left out (the list shows the file's icon). Each screen provides `fetch`.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** An image of a record, by the record's id and the file's. */
export type ThumbnailTarget = { recordId: number; id: number };
export type ThumbnailsEvent = { type: 'thumbnails.show'; files: readonly ThumbnailTarget[] };
type Context = { urls: Readonly<Record<number, string>>; wanted: ThumbnailTarget[]; inFlight: number[] };

/** Fetches each thumbnail in turn with `fetch`; answers an object URL per file fetched (one that fails is left out). */
export async function objectUrlsOf(files: readonly ThumbnailTarget[], fetch: (file: ThumbnailTarget) => Promise<Blob>): Promise<Record<number, string>> {
  const urls: Record<number, string> = {};
  for (const file of files) {
    try {
      urls[file.id] = URL.createObjectURL(await fetch(file));
    } catch {
      // Left out: the list shows the file's icon instead.
    }
  }
  return urls;
}

/** Asked for, not fetched, and not being fetched now. */
const waiting = (context: Context, fetched: Readonly<Record<number, string>> = {}) =>
  context.wanted.filter((f) => !(f.id in context.urls) && !(f.id in fetched) && !context.inFlight.includes(f.id));

export const thumbnailsMachine = setup({
  types: { context: {} as Context, events: {} as ThumbnailsEvent },
  actors: {
    /** Provided by each screen, with `objectUrlsOf` over its thumbnail call. */
    fetchAll: fromPromise<Record<number, string>, ThumbnailTarget[]>(() => Promise.reject(new Error('No thumbnail service was provided'))),
  },
  actions: {
    want: assign({ wanted: ({ context, event }) => [...context.wanted, ...event.files.filter((f) => !context.wanted.some((w) => w.id === f.id))] }),
    startBatch: assign({ inFlight: ({ context }) => waiting(context).map((f) => f.id) }),
    /** What was fetched is kept; a file that could not be fetched is not asked for again. */
    takeBatch: assign(({ context }, fetched: Readonly<Record<number, string>>) => ({
      urls: { ...context.urls, ...fetched },
      wanted: context.wanted.filter((f) => !context.inFlight.includes(f.id) || f.id in fetched),
      inFlight: [],
    })),
    revokeAll: ({ context }) => Object.values(context.urls).forEach((url) => URL.revokeObjectURL(url)),
  },
  guards: {
    hasNew: ({ context, event }) => event.files.some((f) => !(f.id in context.urls) && !context.wanted.some((w) => w.id === f.id)),
  },
}).createMachine({
  id: 'thumbnails',
  description: "Fetches image attachments' thumbnails with the session and keeps an object URL for each.",
  context: { urls: {}, wanted: [], inFlight: [] },
  exit: 'revokeAll',
  initial: 'idle',
  states: {
    idle: {
      description: 'Every thumbnail asked for is fetched (or could not be).',
      on: { 'thumbnails.show': { guard: 'hasNew', target: 'fetching', actions: 'want', description: 'An image without its thumbnail yet.' } },
    },
    fetching: {
      description: 'Thumbnails are being fetched; more asked for meanwhile are fetched next.',
      entry: 'startBatch',
      on: { 'thumbnails.show': { actions: 'want' } },
      invoke: {
        src: 'fetchAll',
        input: ({ context }) => context.wanted.filter((f) => context.inFlight.includes(f.id)),
        onDone: [
          {
            guard: ({ context, event }) => waiting(context, event.output).length > 0,
            target: 'fetching',
            reenter: true,
            actions: { type: 'takeBatch', params: ({ event }) => event.output },
            description: 'More were asked for while these were fetched.',
          },
          { target: 'idle', actions: { type: 'takeBatch', params: ({ event }) => event.output } },
        ],
        onError: { target: 'idle', actions: { type: 'takeBatch', params: {} } },
      },
    },
  },
});

export type ThumbnailsActor = ActorRefFrom<typeof thumbnailsMachine>;
const NONE: Readonly<Record<number, string>> = {};
export const selectThumbnails = (s: SnapshotFrom<typeof thumbnailsMachine> | undefined) => s?.context.urls ?? NONE;
