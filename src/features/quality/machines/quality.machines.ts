/** Quality Assurance: the queue, an item with its runs, the figures, the forms of take and result, and evidence files. */
import { LIMITS } from '@contracts/common/constants';
import { QUALITY, type QaCaseResultInput, type QaCases, type QaCasesQuery, type QaFigures, type QaItemView, type QaResultInput, type QaTestCase, type QaTestCaseInput } from '@contracts/quality';
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

// --- The cases of the run under way ---------------------------------------------------------------------

/** A case added to or taken out of the run under way (a row action: the server names a refusal). */
export type RunCaseSubmission = { kind: 'add' | 'remove'; id: number; caseId: number; version: number };
export const runCaseMachine = createSubmitMachine<RunCaseSubmission, QaItemView>('qaRunCase', (c) =>
  c.kind === 'add' ? qualityApi.addRunCase(c.id, c.caseId, c.version) : qualityApi.removeRunCase(c.id, c.caseId, c.version),
);
/** A case's result: the case picked is named `caseId` beside its control; the rest is the contract's schema. */
export type CaseResultSubmission = { id: number; caseId: number | null; input: QaCaseResultInput };
export const CASE_PICK_MESSAGE = 'Pick the case you tested';
const caseResultSchema: FormSchema = {
  safeParse: (value) => {
    const s = value as CaseResultSubmission;
    const parsed = QUALITY.recordCase.body.safeParse(s.input);
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(s.caseId === null ? [{ path: ['caseId'], message: CASE_PICK_MESSAGE }] : [])];
    return issues.length ? { success: false, error: { issues } } : { success: true };
  },
};
export const caseResultMachine = createSubmitMachine<CaseResultSubmission, QaItemView>('qaCaseResult', (r) => qualityApi.recordCase(r.id, r.caseId!, r.input), { schema: caseResultSchema });
/** The active test cases a tester can add to a run. */
export const activeCasesMachine = createQueryMachine('qaActiveCases', (): Promise<QaCases> => qualityApi.cases({ retired: 'false' }));

// --- Test cases ------------------------------------------------------------------------------------------

export const testCasesMachine = createQueryMachine('qaTestCases', (q: QaCasesQuery): Promise<QaCases> => qualityApi.cases(q));
/** A new case (no id) or an edit of one (its id and the version read). */
export type CaseSubmission = { id: number | null; version: number; body: QaTestCaseInput };
const caseSchema: FormSchema = { safeParse: (value) => QUALITY.createCase.body.safeParse((value as CaseSubmission).body) };
export const caseFormMachine = createSubmitMachine<CaseSubmission, QaTestCase>(
  'qaCaseForm',
  (c) => (c.id === null ? qualityApi.createCase(c.body) : qualityApi.editCase(c.id, { ...c.body, version: c.version })),
  { schema: caseSchema },
);
export const retireCaseMachine = createSubmitMachine<{ id: number; version: number; title: string }, QaTestCase>('qaRetireCase', (c) => qualityApi.retireCase(c.id, c.version));
