import type { SendSurveyResponse } from '@contracts/surveys';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { surveyResultsApi } from '../api';

/** Managers: the client care survey of one company (its id) to every contact with an email address. */
export const sendClientCareSurveyMachine = createSubmitMachine<number, SendSurveyResponse>('sendClientCareSurvey', (companyId) => surveyResultsApi.sendClientCare(companyId));
