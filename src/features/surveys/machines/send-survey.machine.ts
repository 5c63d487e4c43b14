import type { ClientCareRecipient, SendClientCareSurvey, SendSurveyResponse } from '@contracts/surveys';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { surveyResultsApi } from '../api';

/** Managers: who the client care survey of one company (its id) can go to: its contacts with an email address. */
export const clientCareRecipientsMachine = createQueryMachine<number, ClientCareRecipient[]>('clientCareRecipients', (companyId) => surveyResultsApi.clientCareRecipients(companyId));

/** Managers: the client care survey of one company to the contacts they confirmed. */
export const sendClientCareSurveyMachine = createSubmitMachine<SendClientCareSurvey, SendSurveyResponse>('sendClientCareSurvey', (send) => surveyResultsApi.sendClientCare(send));
