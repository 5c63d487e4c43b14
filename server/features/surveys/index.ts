/** Surveys: the respondents' answers, the staff results and exports, and the emails that ask. */
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { publicSurveyRoutes } from './public.routes';
import { staffSurveyRoutes } from './staff.routes';

export const surveys: Feature = {
  name: 'surveys',
  async register(app, ctx) {
    await publicRoutes(app, ctx, publicSurveyRoutes);
    await staffRoutes(app, ctx, staffSurveyRoutes);
  },
};

export { queueSupportSurvey, queueClientCareSurveys, surveyLink, newSurveyKey, type QueuedSurvey } from './keys';
export { ticketSurveysJson, ticketSurveysOf, csatOf, npsOf } from './surveys.repo';
export { isSurveyPath, SURVEY_ENTRY, surveyPage } from './page';
