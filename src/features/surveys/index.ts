/** Survey results for staff, and sending surveys. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { surveyResultsMachine } from './machines/survey-results.machine';

export { routes } from './routes';
/** A company's page sends the client care survey; a ticket's page names the survey questions. */
export { sendClientCareSurveyMachine } from './machines/send-survey.machine';
export { surveyQuestionName, SURVEY_TYPE_NAMES } from './survey-labels';

export const machines: RegisteredMachine[] = [{ id: 'survey-results', machine: surveyResultsMachine, description: 'The survey results report for staff.' }];
