import { QUALITY, type QaCaseResultInput, type QaCasesQuery, type QaResultInput, type QaTestCaseEdit, type QaTestCaseInput } from '@contracts/quality';
import { call } from '@/shared/http/http';

/** The QA queue for staff: the items waiting and under test, one with its runs, take, result, evidence, figures. */
export const qualityApi = {
  queue: (pageSize: number) => call(QUALITY.queue, { query: { pageSize } }),
  item: (id: number) => call(QUALITY.item, { params: { id } }),
  take: (id: number, version: number) => call(QUALITY.take, { params: { id }, body: { version } }),
  result: (id: number, input: QaResultInput) => call(QUALITY.result, { params: { id }, body: input }),
  figures: () => call(QUALITY.figures, { query: {} }),
  attachEvidence: (id: number, files: readonly File[]) => call(QUALITY.attachEvidence, { params: { id }, body: {}, files }),
  evidence: (id: number, attachmentId: number) => call(QUALITY.evidence, { params: { id, attachmentId }, query: {} }),
  thumbnail: (id: number, attachmentId: number) => call(QUALITY.evidence, { params: { id, attachmentId }, query: { variant: 'thumbnail' } }),
  cases: (query: QaCasesQuery) => call(QUALITY.cases, { query }),
  createCase: (body: QaTestCaseInput) => call(QUALITY.createCase, { body }),
  editCase: (id: number, body: QaTestCaseEdit) => call(QUALITY.editCase, { params: { id }, body }),
  retireCase: (id: number, version: number) => call(QUALITY.retireCase, { params: { id }, body: { version } }),
  addRunCase: (id: number, caseId: number, version: number) => call(QUALITY.addRunCase, { params: { id }, body: { caseId, version } }),
  removeRunCase: (id: number, caseId: number, version: number) => call(QUALITY.removeRunCase, { params: { id, caseId }, body: { version } }),
  recordCase: (id: number, caseId: number, body: QaCaseResultInput) => call(QUALITY.recordCase, { params: { id, caseId }, body }),
};
