import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  SURVEY_Q1_DEFAULT,
  SURVEY_Q1_MAX,
  SURVEY_Q1_MIN,
  SURVEY_Q2_DEFAULT,
  SURVEY_Q2_MAX,
  SURVEY_Q2_MIN,
  SURVEY_TEXT_MAX,
  SURVEY_TYPE_CLIENT_CARE,
  surveyFailureAlert,
} from '@contracts/common/constants';
import {
  isWellFormedSurveyKey,
  SURVEY_TEXT_QUESTIONS,
  surveyTypeForKind,
  type SurveyKeyStatus,
  type SurveyTypeCode,
  type TextQuestion,
} from '@contracts/survey-form';
import { checkSurveyKey, submitSurvey, type SurveyPayload } from '../api';

export type SurveyInput = {
  /** The kind flag of the link: -1 thank-you view, 1 support survey, anything else client care. */
  kind: number;
  /** The ticket value of the link (a survey key). */
  ticket: string;
  /** The configured support phone, for the failure alert. */
  supportPhone: string;
};

export type SurveyContext = {
  type: SurveyTypeCode | null;
  ticket: string;
  supportPhone: string;
  /** Q1: face rating 1-5. */
  rating: number;
  /** Q2 of the client care survey: 0-10. */
  recommend: number;
  texts: Partial<Record<TextQuestion, string>>;
  /** The alert shown after a failed submission, or null. */
  alert: string | null;
  /** When the link's key was last answered (ISO 8601), or null when it has no answer yet. */
  answeredAt: string | null;
};

export type SurveyEvent =
  | { type: 'survey.rate'; value: number }
  | { type: 'survey.recommend'; value: number }
  | { type: 'survey.write'; question: TextQuestion; text: string }
  | { type: 'survey.submit' }
  | { type: 'survey.alertDismissed' };

/** The request body of POST /api/submitsurvey for the answers so far (spec 7). */
export function submissionOf(context: SurveyContext): SurveyPayload {
  const type = context.type ?? SURVEY_TYPE_CLIENT_CARE;
  const payload: SurveyPayload = { Q1: context.rating, ticket: context.ticket, type };
  if (type === SURVEY_TYPE_CLIENT_CARE) payload.Q2 = context.recommend;
  for (const q of SURVEY_TEXT_QUESTIONS[type]) payload[q] = context.texts[q] ?? '';
  return payload;
}

const inRange = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;

export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
    input: {} as SurveyInput,
  },
  actors: {
    submitSurvey: fromPromise<void, SurveyPayload>(({ input }) => submitSurvey(input)),
    checkKey: fromPromise<SurveyKeyStatus, { key: string; type: SurveyTypeCode }>(({ input }) => checkSurveyKey(input.key, input.type)),
  },
  guards: {
    isCompleted: ({ context }) => context.type === null,
    isMalformedKey: ({ context }) => !isWellFormedSurveyKey(context.ticket),
    isValidKey: (_, params: { status: SurveyKeyStatus }) => params.status.valid,
    isClientCare: ({ context }) => context.type === SURVEY_TYPE_CLIENT_CARE,
    isRating: ({ event }) => event.type === 'survey.rate' && inRange(event.value, SURVEY_Q1_MIN, SURVEY_Q1_MAX),
    isRecommendation: ({ context, event }) =>
      context.type === SURVEY_TYPE_CLIENT_CARE && event.type === 'survey.recommend' && inRange(event.value, SURVEY_Q2_MIN, SURVEY_Q2_MAX),
    isTextQuestion: ({ context, event }) =>
      event.type === 'survey.write' && context.type !== null && SURVEY_TEXT_QUESTIONS[context.type].includes(event.question),
  },
  actions: {
    setRating: assign({
      rating: ({ event }) => {
        assertEvent(event, 'survey.rate');
        return event.value;
      },
    }),
    setRecommendation: assign({
      recommend: ({ event }) => {
        assertEvent(event, 'survey.recommend');
        return event.value;
      },
    }),
    setText: assign({
      texts: ({ context, event }) => {
        assertEvent(event, 'survey.write');
        return { ...context.texts, [event.question]: event.text.slice(0, SURVEY_TEXT_MAX) };
      },
    }),
    logError: (_, params: { error: unknown }) => {
      console.error('Survey submission failed', params.error);
    },
    logCheckError: (_, params: { error: unknown }) => {
      console.warn('Survey link check failed; showing the survey', params.error);
    },
    rememberAnswer: assign({ answeredAt: (_, params: { status: SurveyKeyStatus }) => (params.status.answered ? params.status.answeredAt : null) }),
    showAlert: assign({ alert: ({ context }) => surveyFailureAlert(context.supportPhone) }),
    clearAlert: assign({ alert: null }),
  },
}).createMachine({
  id: 'survey',
  description:
    'The survey view (spec 4): the link is checked, then not submitted, then submitted; a kind flag of -1 starts submitted, and a link whose key is not valid says so at once.',
  context: ({ input }) => ({
    type: surveyTypeForKind(input.kind),
    ticket: input.ticket,
    supportPhone: input.supportPhone,
    rating: SURVEY_Q1_DEFAULT,
    recommend: SURVEY_Q2_DEFAULT,
    texts: {},
    alert: null,
    answeredAt: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Chooses the view from the kind flag.',
      always: [
        { guard: 'isCompleted', target: 'submitted', description: 'Kind -1: the survey was already completed.' },
        { guard: 'isMalformedKey', target: 'invalidLink', description: 'A key that can never be one: no need to ask the server.' },
        { target: 'checking' },
      ],
    },
    checking: {
      description: 'Asks the server whether the link is a survey key of this kind, and whether it was answered before.',
      tags: ['checking'],
      invoke: {
        id: 'checkKey',
        src: 'checkKey',
        input: ({ context }) => ({ key: context.ticket, type: context.type ?? SURVEY_TYPE_CLIENT_CARE }),
        onDone: [
          {
            guard: { type: 'isValidKey', params: ({ event }) => ({ status: event.output }) },
            target: 'notSubmitted',
            actions: { type: 'rememberAnswer', params: ({ event }) => ({ status: event.output }) },
            description: 'A valid key: the form, saying so when it was answered before (the latest answer counts).',
          },
          { target: 'invalidLink', description: 'No such survey key of this kind.' },
        ],
        onError: {
          target: 'notSubmitted',
          actions: { type: 'logCheckError', params: ({ event }) => ({ error: event.error }) },
          description: 'The check could not be made (offline, rate limited): the form as before; Save says if the link is bad.',
        },
      },
    },
    invalidLink: {
      type: 'final',
      description: 'The link is not a survey link: a page that says so, with no form to fill in vain.',
    },
    notSubmitted: {
      description: 'The client care or support survey form; no field is required.',
      initial: 'editing',
      on: {
        'survey.rate': { guard: 'isRating', actions: 'setRating' },
        'survey.recommend': { guard: 'isRecommendation', actions: 'setRecommendation', description: 'Q2 0-10, client care only.' },
        'survey.write': { guard: 'isTextQuestion', actions: 'setText', description: 'Free text, cut at 1500 characters.' },
        'survey.alertDismissed': { actions: 'clearAlert' },
      },
      states: {
        editing: {
          description: 'The respondent answers; Save sends the answers.',
          on: {
            'survey.submit': [
              {
                guard: 'isClientCare',
                target: '#survey.submitted.delivering',
                actions: 'clearAlert',
                description: 'Client care: submitted as soon as the request is sent, without waiting for the reply.',
              },
              { target: 'sending', actions: 'clearAlert', description: 'Support: submitted only after a successful reply.' },
            ],
          },
        },
        sending: {
          description: 'Support survey: waiting for the reply; the form stays filled.',
          tags: ['busy'],
          invoke: {
            id: 'submitSupport',
            src: 'submitSurvey',
            input: ({ context }) => submissionOf(context),
            onDone: { target: '#survey.submitted' },
            onError: {
              target: 'editing',
              actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'showAlert'],
              description: 'A failed save keeps the answers and alerts with the support phone.',
            },
          },
        },
      },
    },
    submitted: {
      description: 'The thank-you view.',
      initial: 'settled',
      on: { 'survey.alertDismissed': { actions: 'clearAlert' } },
      states: {
        settled: { description: 'Nothing in flight.' },
        delivering: {
          description: 'Client care: the request is in flight while the thank-you view already shows.',
          invoke: {
            id: 'deliverClientCare',
            src: 'submitSurvey',
            input: ({ context }) => submissionOf(context),
            onDone: { target: 'settled' },
            onError: {
              target: 'settled',
              actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'showAlert'],
              description: 'The failure is still logged and alerted, over the thank-you view.',
            },
          },
        },
      },
    },
  },
});
