/**
 * A client's change request page: its timeline loads as a child, and each load decides which
 * thumbnails to fetch (its image files'); files download and images open in the viewer with the
 * client session. Its own file, so the machine registry loads no more of the client portal.
 */
import { fromPromise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ClientTimeline } from '@contracts/changes';
import { clientPortalApi } from '../api';
import { fileDownloadMachine, type FileDownloadActor } from '@/shared/machines/file-download.machine';
import { createQueryMachine, queryChild } from '@/shared/machines/query.machine';
import { objectUrlsOf, thumbnailsMachine, type ThumbnailsActor } from '@/shared/machines/thumbnails.machine';

/** Where one of the company's change requests stands. */
export const scrTimelineMachine = createQueryMachine('clientScrTimeline', (id: number) => clientPortalApi.scrTimeline(id));
/** Downloads of a change request's files with the client session. */
export const clientScrDownloadMachine = fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => clientPortalApi.scrAttachment(input.recordId, input.id)) } });
/** Thumbnails of a change request's images with the client session (its company's only, as the server checks). */
export const clientScrThumbnailsMachine = thumbnailsMachine.provide({
  actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => clientPortalApi.scrThumbnail(file.recordId, file.id))) },
});

export type ClientScrEvent = { type: 'scr.loaded'; data: ClientTimeline } | { type: 'scr.failed'; error: string };

export const clientScrMachine = setup({
  types: { context: {} as { id: number }, events: {} as ClientScrEvent, input: {} as { id: number } },
  actors: {
    timeline: queryChild(scrTimelineMachine, { loaded: 'scr.loaded', failed: 'scr.failed' }),
    downloads: clientScrDownloadMachine,
    thumbnails: clientScrThumbnailsMachine,
  },
}).createMachine({
  id: 'client-scr',
  description: 'A client’s change request: its timeline loads, and each load fetches the thumbnails of its images.',
  context: ({ input }) => ({ id: input.id }),
  entry: [
    spawnChild('timeline', { id: 'timeline', input: ({ context }) => ({ query: context.id }) }),
    spawnChild('downloads', { id: 'downloads' }),
    spawnChild('thumbnails', { id: 'thumbnails' }),
  ],
  on: {
    'scr.loaded': {
      description: 'The change request loaded: its images get their thumbnails, fetched once each.',
      actions: sendTo('thumbnails', ({ event }) => ({ type: 'thumbnails.show' as const, files: event.data.attachments.filter((a) => a.image).map((a) => ({ recordId: event.data.id, id: a.id })) })),
    },
  },
});

export type ClientScrActor = ActorRefFrom<typeof clientScrMachine>;
type Snapshot = SnapshotFrom<typeof clientScrMachine>;
export const selectTimeline = (s: Snapshot) => s.children.timeline as ActorRefFrom<typeof scrTimelineMachine>;
export const selectDownloads = (s: Snapshot) => s.children.downloads as FileDownloadActor | undefined;
export const selectThumbnailsOf = (s: Snapshot) => s.children.thumbnails as ThumbnailsActor | undefined;
