/**
 * Downloads of stored files (attachments): the API answers them only with the session's bearer
 * token, so a link cannot fetch them; this machine fetches the file as a Blob and offers it to the
 * browser, one at a time, and says so when it fails. An image can be opened instead: it is fetched
 * the same way and kept as an object URL for the image viewer until it is closed (then revoked).
 * Each screen provides its `fetch` (the staff or the client endpoint).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toApiError } from '@/shared/http/http';
import { downloadBlob } from '@/shared/ui/download';
import { notifyActions } from './notify';

/** Which file: the record it belongs to, its id and the name to save it under. */
export type DownloadTarget = { recordId: number; id: number; name: string };
export type FileDownloadEvent = { type: 'file.download'; file: DownloadTarget } | { type: 'file.view'; file: DownloadTarget } | { type: 'file.close' };
/** The image open in the viewer: its file and an object URL of its bytes. */
export type ViewedImage = { file: DownloadTarget; url: string; blob: Blob };
type Context = { file: DownloadTarget | null; error: string | null; viewed: ViewedImage | null };

export const fileDownloadMachine = setup({
  types: { context: {} as Context, events: {} as FileDownloadEvent },
  actors: {
    /** Provided by each screen: the file's bytes. */
    fetch: fromPromise<Blob, DownloadTarget>(() => Promise.reject(new Error('No download service was provided'))),
  },
  actions: {
    ...notifyActions,
    offer: (_, params: { name: string; blob: Blob }) => downloadBlob(params.name, params.blob),
    choose: assign({ file: ({ event }) => ('file' in event ? event.file : null) }),
    show: assign({ error: null, viewed: ({ context }, params: { blob: Blob }) => ({ file: context.file!, url: URL.createObjectURL(params.blob), blob: params.blob }) }),
    /** The viewer closed: its object URL is let go. */
    letGo: assign({
      viewed: ({ context }) => {
        if (context.viewed) URL.revokeObjectURL(context.viewed.url);
        return null;
      },
    }),
  },
}).createMachine({
  id: 'fileDownload',
  description: 'Fetches a stored file with the session and offers it as a download, or shows an image in the viewer.',
  context: { file: null, error: null, viewed: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing is being fetched or shown.',
      on: {
        'file.download': { target: 'fetching', actions: 'choose' },
        'file.view': { target: 'opening', actions: 'choose', description: 'An image is opened in the viewer.' },
      },
    },
    fetching: {
      description: 'The file is being fetched; a second request waits for this one.',
      tags: ['busy'],
      invoke: {
        src: 'fetch',
        input: ({ context }) => context.file!,
        onDone: {
          target: 'idle',
          actions: [
            assign({ error: null }),
            { type: 'offer', params: ({ context, event }) => ({ name: context.file?.name ?? 'file', blob: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error).message }),
            { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The file could not be downloaded', description: toApiError(event.error).message, key: 'file-download' }) },
          ],
        },
      },
    },
    opening: {
      description: 'The image is being fetched for the viewer, which shows it loading.',
      tags: ['busy', 'viewer'],
      on: { 'file.close': { target: 'idle', description: 'Closed before the image arrived.' } },
      invoke: {
        src: 'fetch',
        input: ({ context }) => context.file!,
        onDone: { target: 'viewing', actions: { type: 'show', params: ({ event }) => ({ blob: event.output }) } },
        onError: {
          target: 'idle',
          actions: [
            assign({ error: ({ event }) => toApiError(event.error).message }),
            { type: 'notify', params: ({ event }) => ({ tone: 'error' as const, title: 'The image could not be opened', description: toApiError(event.error).message, key: 'file-download' }) },
          ],
        },
      },
    },
    viewing: {
      description: 'The image is shown in the viewer; closing it lets its object URL go.',
      tags: ['viewer'],
      exit: 'letGo',
      on: {
        'file.close': { target: 'idle' },
        'file.download': {
          actions: { type: 'offer', params: ({ context }) => ({ name: context.viewed!.file.name, blob: context.viewed!.blob }) },
          description: 'Saved from the viewer: the bytes already fetched are offered.',
        },
      },
    },
  },
});

export type FileDownloadActor = ActorRefFrom<typeof fileDownloadMachine>;
type Snapshot = SnapshotFrom<typeof fileDownloadMachine> | undefined;
/** What the image viewer shows: closed (null), loading (no URL yet) or the image. */
export const selectViewer = (s: Snapshot): { id: number; name: string; url: string | null } | null => {
  if (!s?.hasTag('viewer') || !s.context.file) return null;
  return { id: s.context.file.id, name: s.context.file.name, url: s.context.viewed?.url ?? null };
};
