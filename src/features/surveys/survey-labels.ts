import { SURVEY_TYPE_CLIENT_CARE, SURVEY_TYPE_SUPPORT } from '@contracts/common/constants';
import type { SurveyType } from '@contracts/surveys';

/** Short names staff screens give the survey types and the free-text questions of each. */
export const SURVEY_TYPE_NAMES: Record<SurveyType, string> = {
  [SURVEY_TYPE_CLIENT_CARE]: 'Client care',
  [SURVEY_TYPE_SUPPORT]: 'Support',
};

const QUESTION_NAMES: Record<SurveyType, Record<string, string>> = {
  [SURVEY_TYPE_CLIENT_CARE]: {
    Q2: 'Comments',
    Q3: 'In their words',
    Q4: 'Improve',
    Q5: 'Comments',
    Q6: 'Favourite tool',
    Q7: 'Most valuable',
    Q8: 'Feature idea',
  },
  [SURVEY_TYPE_SUPPORT]: { Q2: 'Comments', Q3: 'Answered promptly', Q4: 'Could improve' },
};

/** The name of a question of a survey type, or its code when it has none. */
export const surveyQuestionName = (type: SurveyType, question: string) => QUESTION_NAMES[type][question] ?? question;
