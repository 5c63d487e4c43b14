/**
 * Downloads of stored files (attachments): the API answers them only with the session's bearer
 * token, so a link cannot fetch them; this machine fetches the file as a Blob and offers it to the
 * browser, one at a time, and says so when it fails. Each screen provides its `fetch` (the staff
 * or the client endpoint).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { toApiError } from '@/shared/http/http';
import { downloadBlob } from '@/shared/ui/download';
import { notifyActions } from './notify';

/** Which file: the record it belongs to, its id and the name to save it under. */
export type DownloadTarget = { recordId: number; id: number; name: string };
export type FileDownloadEvent = { type: 'file.download'; file: DownloadTarget };

export const fileDownloadMachine = setup({
  types: { context: {} as { file: DownloadTarget | null; error: string | null }, events: {} as FileDownloadEvent },
  actors: {
    /** Provided by each screen: the file's bytes. */
    fetch: fromPromise<Blob, DownloadTarget>(() => Promise.reject(new Error('No download service was provided'))),
  },
  actions: {
    ...notifyActions,
    offer: (_, params: { name: string; blob: Blob }) => downloadBlob(params.name, params.blob),
  },
}).createMachine({
  id: 'fileDownload',
  description: 'Fetches a stored file with the session and offers it as a download.',
  context: { file: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing is being fetched.',
      on: { 'file.download': { target: 'fetching', actions: assign({ file: ({ event }) => event.file }) } },
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
  },
});

export type FileDownloadActor = ActorRefFrom<typeof fileDownloadMachine>;
