/**
 * The files a request's payload names (a travel expense line's receipts) in its details: their
 * thumbnails fetched with the session when the details show, an image opened in the viewer, any
 * other file (a PDF) fetched and offered to the browser. Every fetch goes through the form's own
 * access-checked file endpoint, which answers only who may see the request.
 */
import { assertEvent, fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { fileDownloadMachine, type FileDownloadActor } from '@/shared/machines/file-download.machine';
import { objectUrlsOf, thumbnailsMachine, type ThumbnailsActor } from '@/shared/machines/thumbnails.machine';
import { approvalsApi } from '../api';

/** A file a payload names, as its details list it. */
export type RequestFile = { id: number; name: string; size_bytes: number; mime_type: string; image: boolean };
export type RequestFilesInput = { requestId: number; files: readonly RequestFile[] };
export type RequestFilesEvent = { type: 'file.open'; file: RequestFile } | { type: 'file.close' };

export const requestFilesMachine = setup({
  types: { context: {} as RequestFilesInput, events: {} as RequestFilesEvent, input: {} as RequestFilesInput },
  actors: {
    thumbnails: thumbnailsMachine.provide({ actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => approvalsApi.receipt(file.id, 'thumbnail'))) } }),
    downloads: fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => approvalsApi.receipt(input.id, 'original')) } }),
  },
}).createMachine({
  id: 'request-files',
  description: "A request's files in its details: thumbnails fetched on show; an image opens in the viewer, a PDF is offered to the browser.",
  context: ({ input }) => input,
  entry: [
    spawnChild('thumbnails', { id: 'thumbnails' }),
    spawnChild('downloads', { id: 'downloads' }),
    sendTo('thumbnails', ({ context }) => ({ type: 'thumbnails.show' as const, files: context.files.filter((f) => f.image).map((f) => ({ recordId: context.requestId, id: f.id })) })),
  ],
  on: {
    'file.open': {
      actions: sendTo('downloads', ({ context, event }) => {
        assertEvent(event, 'file.open');
        const file = { recordId: context.requestId, id: event.file.id, name: event.file.name };
        return event.file.image ? { type: 'file.view' as const, file } : { type: 'file.download' as const, file };
      }),
      description: 'A file is opened: an image in the viewer, any other file (a PDF) fetched and offered to the browser.',
    },
    'file.close': { actions: sendTo('downloads', { type: 'file.close' as const }), description: 'The image viewer closes.' },
  },
});

export type RequestFilesActor = ActorRefFrom<typeof requestFilesMachine>;
type Snapshot = SnapshotFrom<typeof requestFilesMachine>;
export const selectFileThumbnails = (s: Snapshot) => s.children.thumbnails as ThumbnailsActor | undefined;
export const selectFileDownloads = (s: Snapshot) => s.children.downloads as FileDownloadActor | undefined;
