import { APPROVALS, type RequestSummary } from '@contracts/approvals';
import { FORMS, type CorrectionPayload, type KudoPayload } from '@contracts/forms';
import { call } from '@/shared/http/http';

/** A correction as submitted: a new one, or one sent back and submitted again. */
export type CorrectionSubmission = { payload: CorrectionPayload; resubmit?: { id: number; version: number } };

export const formsApi = {
  sendKudo: (payload: KudoPayload) => call(APPROVALS.create, { body: { formType: 'kudo', payload } }),
  submitCorrection: ({ payload, resubmit }: CorrectionSubmission) =>
    resubmit
      ? call(APPROVALS.resubmit, { params: { id: resubmit.id }, body: { version: resubmit.version, payload } })
      : call(APPROVALS.create, { body: { formType: 'correction', payload } }),
  kudoValues: () => call(FORMS.kudoValues),
  mine: (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => call(APPROVALS.mine, { query: { formType } }),
  toReview: (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => call(APPROVALS.inbox, { query: { formType } }),
};
