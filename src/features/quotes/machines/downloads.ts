/**
 * The files a quotes screen offers for download (a quote's PDF, the catalog's CSV), fetched by one
 * child its machine spawns at start (with a `systemId`): the machine sends it what to fetch, the
 * child offers the file to the browser and tells its parent how it went with the parent's own
 * events, so the machine decides what the person is told.
 */
import { fromCallback, type EventObject } from 'xstate';
import { toApiError } from '@/shared/http/http';
import { downloadBlob, downloadText } from '@/shared/ui/download';
import { catalogApi, quotesApi } from '../api';

/** What a screen machine asks its downloads child for. */
export type DownloadRequest = { type: 'download.pdf'; id: number; number: string } | { type: 'download.catalog' };
/** What the downloads child tells its parent. */
export type DownloadEvent = { type: 'download.done' } | { type: 'download.failed'; error: string };

/** Fetches and offers one file. */
function offer(request: DownloadRequest): Promise<void> {
  if (request.type === 'download.pdf') return quotesApi.pdf(request.id).then((blob) => downloadBlob(`quote-${request.number}.pdf`, blob));
  return catalogApi.exportCsv().then((text) => downloadText('catalog.csv', text));
}

/** The downloads child: each request fetched, offered, and reported (nothing once it was stopped). */
export const downloads = fromCallback<DownloadRequest, unknown, EventObject>(({ receive, sendBack }) => {
  let live = true;
  receive((request) => {
    offer(request).then(
      () => {
        if (live) sendBack({ type: 'download.done' } satisfies DownloadEvent);
      },
      (error: unknown) => {
        if (live) sendBack({ type: 'download.failed', error: toApiError(error).message } satisfies DownloadEvent);
      },
    );
  });
  return () => {
    live = false;
  };
});
