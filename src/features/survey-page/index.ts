/** The satisfaction survey respondents open from an email (its own light entry, survey.html). */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { surveyMachine } from './machines/survey.machine';

export const machines: RegisteredMachine[] = [{ id: 'survey', machine: surveyMachine, description: 'A satisfaction survey page, from loading to thank-you.' }];

export { SurveyApp } from './screens/SurveyPage';
