import { APPROVALS, type RequestSummary } from '@contracts/approvals';
import { FORMS, type CorrectionPayload, type KudoPayload } from '@contracts/forms';
import { call } from '@/shared/http/http';

export const formsApi = {
  sendKudo: (payload: KudoPayload) => call(APPROVALS.create, { body: { formType: 'kudo', payload } }),
  submitCorrection: (payload: CorrectionPayload) => call(APPROVALS.create, { body: { formType: 'correction', payload } }),
  kudoValues: () => call(FORMS.kudoValues),
  mine: (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => call(APPROVALS.mine, { query: { formType } }),
};
