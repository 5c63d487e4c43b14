import type { RequestSummary, RequestView } from '@contracts/approvals';
import { correctionPayloadSchema, kudoPayloadSchema, type KudoPayload } from '@contracts/forms';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { formsApi, type CorrectionSubmission } from '../api';

/** A kudo sent: checked against the contract first, each problem beside its field. */
export const sendKudoMachine = createSubmitMachine('kudo-send', (payload: KudoPayload): Promise<RequestView> => formsApi.sendKudo(payload), { schema: kudoPayloadSchema });
/** The company values a kudo names. */
export const kudoValuesMachine = createQueryMachine('kudo-values', (): Promise<string[]> => formsApi.kudoValues());
/** My submissions of a form, with their status. */
export const mySubmissionsMachine = createQueryMachine('forms-mine', (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => formsApi.mine(formType));
/** What of a form waits for my review. */
export const toReviewMachine = createQueryMachine('forms-review', (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => formsApi.toReview(formType));
/** A correction submitted (or submitted again after changes were requested), checked against the contract first. */
export const submitCorrectionMachine = createSubmitMachine('correction-submit', (s: CorrectionSubmission): Promise<RequestView> => formsApi.submitCorrection(s), {
  schema: { safeParse: (input: unknown) => correctionPayloadSchema.safeParse((input as CorrectionSubmission | undefined)?.payload) },
});
