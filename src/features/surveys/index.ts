/** Survey results for staff, and sending surveys. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { clientCareSurveyMachine } from './machines/client-care-survey.machine';
import { surveyResultsMachine } from './machines/survey-results.machine';

export { routes } from './routes';
/** A ticket's page names the survey questions. */
export { surveyQuestionName, SURVEY_TYPE_NAMES } from './survey-labels';

export const machines: RegisteredMachine[] = [
  { id: 'survey-results', machine: surveyResultsMachine, description: 'The survey results report for staff.' },
  { id: 'client-care-survey', machine: clientCareSurveyMachine, description: "The Survey tab of a company's page: the client care survey's send as a child, what it answered, notices." },
];
