import type { RequestSummary, RequestView } from '@contracts/approvals';
import { kudoPayloadSchema, type KudoPayload } from '@contracts/forms';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { formsApi } from '../api';

/** A kudo sent: checked against the contract first, each problem beside its field. */
export const sendKudoMachine = createSubmitMachine('kudo-send', (payload: KudoPayload): Promise<RequestView> => formsApi.sendKudo(payload), { schema: kudoPayloadSchema });
/** The company values a kudo names. */
export const kudoValuesMachine = createQueryMachine('kudo-values', (): Promise<string[]> => formsApi.kudoValues());
/** My submissions of a form, with their status. */
export const mySubmissionsMachine = createQueryMachine('forms-mine', (formType: 'kudo' | 'correction'): Promise<RequestSummary[]> => formsApi.mine(formType));
