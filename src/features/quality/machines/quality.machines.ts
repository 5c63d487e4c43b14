/** Quality Assurance: the queue, an item with its runs, the figures, the forms of take and result, and evidence files. */
import { LIMITS } from '@contracts/common/constants';
import { QUALITY, type QaFigures, type QaItemView, type QaResultInput } from '@contracts/quality';
import { fromPromise } from 'xstate';
import type { Attachment } from '@contracts/common/attachments';
import { fileDownloadMachine } from '@/shared/machines/file-download.machine';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { objectUrlsOf, thumbnailsMachine } from '@/shared/machines/thumbnails.machine';
import { createSubmitMachine, type FormSchema } from '@/shared/machines/submit.machine';
import { qualityApi } from '../api';

/** The queue: every item waiting, under test or blocked (oldest first), in one page as large as the endpoint serves. */
export const qaQueueMachine = createQueryMachine('qaQueue', () => qualityApi.queue(LIMITS.pageSizeMax));
export const qaItemMachine = createQueryMachine('qaItem', (id: number): Promise<QaItemView> => qualityApi.item(id));
export const qaFiguresMachine = createQueryMachine('qaFigures', (): Promise<QaFigures> => qualityApi.figures());

export type TakeSubmission = { id: number; version: number };
export const takeMachine = createSubmitMachine<TakeSubmission, QaItemView>('qaTake', (t) => qualityApi.take(t.id, t.version));

export type ResultSubmission = { id: number; input: QaResultInput };
const resultSchema: FormSchema = { safeParse: (value) => QUALITY.result.body.safeParse((value as ResultSubmission).input) };
export const resultMachine = createSubmitMachine<ResultSubmission, QaItemView>('qaResult', (r) => qualityApi.result(r.id, r.input), { schema: resultSchema });

/** Evidence sent to an item (the server checks each file by its bytes and names a refused one). */
export type EvidenceSubmission = { id: number; files: readonly File[] };
export const evidenceMachine = createSubmitMachine<EvidenceSubmission, { evidence: Attachment[] }>('qaEvidence', (e) => qualityApi.attachEvidence(e.id, e.files));
/** Downloads of an item's evidence, and an image opened in the viewer. */
export const evidenceDownloadsMachine = fileDownloadMachine.provide({ actors: { fetch: fromPromise(({ input }) => qualityApi.evidence(input.recordId, input.id)) } });
/** Thumbnails of an item's evidence images. */
export const evidenceThumbnailsMachine = thumbnailsMachine.provide({
  actors: { fetchAll: fromPromise(({ input }) => objectUrlsOf(input, (file) => qualityApi.thumbnail(file.recordId, file.id))) },
});
