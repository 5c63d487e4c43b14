import type { TextQuestion } from '@contracts/survey-form';
import { pageTitleText } from '@/shared/page-title';

/** Question texts of the two surveys (spec 2.6). */
export const CLIENT_CARE = {
  intro:
    'Thank you for taking a few minutes to tell us how we are doing. Your answers go straight to our client care team and help us improve the billing system and the service around it.',
  q1: 'How would you rate your overall experience with us?',
  q2: 'How likely are you to recommend us to a friend or colleague?',
  texts: {
    Q3: 'Describe how you feel about our service, in your own words.',
    Q4: 'How could we improve your experience?',
    Q5: 'Additional comments',
    Q6: 'What is your favourite tool in the system?',
    Q7: 'Which features do you find most valuable?',
    Q8: 'If you could suggest one new feature, what would it be?',
  } as Partial<Record<TextQuestion, string>>,
};

export const SUPPORT = {
  intro:
    'Your support ticket was recently closed. Please tell us how our team handled it: every answer is read by the support manager.',
  q1: 'How satisfied are you with our team in resolving your issue?',
  texts: {
    Q2: 'Additional comments',
    Q3: 'Did our team answer your questions promptly?',
    Q4: 'What could we have done better?',
  } as Partial<Record<TextQuestion, string>>,
};

/** Accessible names of the five faces, 1 to 5. */
export const FACE_LABELS = ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'];
export const RECOMMEND_LOW = 'Not at all likely';
export const RECOMMEND_HIGH = 'Extremely likely';
export const SURVEY_FOOTER = 'Diversified · Client Care. Your answers are used only to improve our service.';

/** A link whose key is not a survey key (issue 15). */
export const INVALID_LINK = {
  title: 'This survey link is not valid',
  text: 'The link may be incomplete, or it may belong to another survey. Please open it again from the email we sent you, or copy the whole address into your browser.',
  phone: (phone: string) => `If it still does not open, call Diversified Support at ${phone}, Option 1, M-F 8:00am to 5:00pm.`,
};
/** A key that was answered before: it may be answered again, and the latest answer counts. */
export const ANSWERED_BEFORE = (date: string) =>
  `You already answered this survey on ${date}. You may answer it again: your latest answer is the one that counts.`;
export const CHECKING_LINK = 'Checking your survey link…';

/** What the tab says in each view of the survey page, before the app's suffix. */
export const SURVEY_TAB_NAMES = {
  clientCare: 'Client care survey',
  support: 'Support survey',
  thanks: 'Thank you',
  invalid: 'Survey link not valid',
  checking: 'Survey',
};
/** The tab titles of the survey page's views, as `usePageTitle` writes them ("Support survey · Client Care"). */
export const SURVEY_TAB_TITLES = /* @__PURE__ */ titlesOf(SURVEY_TAB_NAMES);
function titlesOf<K extends string>(names: Record<K, string>): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(names).map(([view, name]) => [view, pageTitleText(name)])) as Record<K, string>;
}
