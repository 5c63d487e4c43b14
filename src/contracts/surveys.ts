import { z } from './common/zod';
import {
  SURVEY_Q1_MAX,
  SURVEY_Q1_MIN,
  SURVEY_Q2_MAX,
  SURVEY_Q2_MIN,
  MANAGER_ROLES,
  PERCENT_DECIMALS,
  SURVEY_KEY_CHECK_PATH,
  SURVEY_SUBMIT_PATH,
  SURVEY_TEXT_MAX,
  SURVEY_TICKET_MAX,
  SURVEY_TYPE_CLIENT_CARE,
  SURVEY_TYPE_SUPPORT,
} from './common/constants';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, pageQuery, safeText } from './common/input';

export const SURVEY_TYPES = [SURVEY_TYPE_CLIENT_CARE, SURVEY_TYPE_SUPPORT] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

const scale = (min: number, max: number) =>
  z
    .number({ error: `Must be a whole number from ${min} to ${max}` })
    .int(`Must be a whole number from ${min} to ${max}`)
    .min(min, `Must be a whole number from ${min} to ${max}`)
    .max(max, `Must be a whole number from ${min} to ${max}`);

const freeText = safeText('Must be text', 'The answer', 'long')
  .max(SURVEY_TEXT_MAX, `Must be at most ${SURVEY_TEXT_MAX} characters`)
  .default('');

const ticket = safeText('The survey link is required', 'The survey link')
  .trim()
  .min(1, 'The survey link is required')
  .max(SURVEY_TICKET_MAX, `Must be at most ${SURVEY_TICKET_MAX} characters`);

/** Client care survey (spec 3): Q1 1-5, Q2 0-10, Q3 to Q8 free text, type CSS. */
export const clientCareSubmissionSchema = z.strictObject({
  type: z.literal(SURVEY_TYPE_CLIENT_CARE),
  ticket,
  Q1: scale(SURVEY_Q1_MIN, SURVEY_Q1_MAX),
  Q2: scale(SURVEY_Q2_MIN, SURVEY_Q2_MAX),
  Q3: freeText,
  Q4: freeText,
  Q5: freeText,
  Q6: freeText,
  Q7: freeText,
  Q8: freeText,
});

/** Support survey (spec 3): Q1 1-5, Q2 to Q4 free text, type TCS. */
export const supportSubmissionSchema = z.strictObject({
  type: z.literal(SURVEY_TYPE_SUPPORT),
  ticket,
  Q1: scale(SURVEY_Q1_MIN, SURVEY_Q1_MAX),
  Q2: freeText,
  Q3: freeText,
  Q4: freeText,
});

/** POST /api/submitsurvey: either survey, told apart by type (CSS or TCS). */
export const surveySubmissionSchema = z.discriminatedUnion('type', [clientCareSubmissionSchema, supportSubmissionSchema], {
  error: 'Must be CSS or TCS',
});
export type SurveySubmission = z.input<typeof surveySubmissionSchema>;
export type ClientCareSubmission = z.input<typeof clientCareSubmissionSchema>;
export type SupportSubmission = z.input<typeof supportSubmissionSchema>;

const id = idInput();

/** GET /api/survey-keys/{key}?type=CSS|TCS: the link's key is the question, so any text is a fair key. */
export const surveyKeyParamsSchema = z.strictObject({
  key: safeText('The survey link is required', 'The survey link').max(1024, 'The survey link is too long'),
});
export const surveyKeyQuerySchema = z.strictObject({
  type: z.enum(SURVEY_TYPES, { error: 'Must be CSS or TCS' }),
});

/** Contacts one client care send may go to at most (a company's contacts are listed for the manager to confirm). */
export const CLIENT_CARE_RECIPIENTS_MAX = 500;
/** GET /api/v2/surveys/client-care/recipients?companyId=: who a client care send can go to (the contacts with an email address). */
export const clientCareRecipientsQuerySchema = z.strictObject({ companyId: id });
export const clientCareRecipientSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type ClientCareRecipient = z.infer<typeof clientCareRecipientSchema>;
export const clientCareRecipientsSchema = z.object({ rows: z.array(clientCareRecipientSchema) });
/**
 * POST /api/v2/surveys/client-care/send: email a client care survey link to the contacts the
 * manager confirmed (each a contact of the company with an email address).
 */
export const sendClientCareSurveySchema = z.strictObject({
  companyId: id,
  contactIds: z
    .array(id, { error: 'The recipients must be a list of contact ids' })
    .min(1, 'Choose at least one contact to send the survey to')
    .max(CLIENT_CARE_RECIPIENTS_MAX, `At most ${CLIENT_CARE_RECIPIENTS_MAX} contacts at once`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each contact at most once'),
});
export type SendClientCareSurvey = z.infer<typeof sendClientCareSurveySchema>;
/** POST /api/v2/surveys/support/send: (re)send the support survey of a closed ticket. */
export const sendSupportSurveySchema = z.strictObject({ ticketId: id });
export const sendSurveyResponseSchema = z.object({ queued: z.number().int() });
export type SendSurveyResponse = z.infer<typeof sendSurveyResponseSchema>;

const isoDate = calendarDay('The date');

/** Filters of the survey results (query string). */
/** Responses per page of the results' comments. */
export const SURVEY_RESULTS_PAGE_SIZE = 20;

export const surveyResultsQuerySchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  companyId: id.optional(),
  type: z.enum(SURVEY_TYPES, { error: 'Must be CSS or TCS' }).optional(),
  ...pageQuery(SURVEY_RESULTS_PAGE_SIZE),
});
export type SurveyResultsQuery = z.input<typeof surveyResultsQuerySchema>;

/** One counted response (the latest per survey key) with its free text. */
export const surveyCommentSchema = z.object({
  id: z.number().int(),
  type: z.enum(SURVEY_TYPES),
  receivedAt: z.string(),
  q1: z.number().int(),
  q2: z.number().int().nullable(),
  /** The free-text answers, by question ("Q3": "…"); empty answers left out. */
  texts: z.record(z.string(), z.string()),
  ticketId: z.number().int().nullable(),
  ticketTitle: z.string().nullable(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  contactName: z.string().nullable(),
});
export type SurveyComment = z.infer<typeof surveyCommentSchema>;

export const surveyResultsSchema = z.object({
  /** Counted responses: the latest per survey key. */
  responses: z.number().int(),
  /** Share of Q1 at 4-5, in percent with two decimals; null with no responses. */
  csat: z.number().nullable(),
  /** Share of Q2 at 9-10 minus share at 0-6, in points with two decimals (client care only); null with none. */
  nps: z.number().nullable(),
  /** Counts of Q1 = 1..5 (index 0 is 1). */
  q1Distribution: z.array(z.number().int()),
  /** Counts of Q2 = 0..10 (client care). */
  q2Distribution: z.array(z.number().int()),
  comments: z.object({ rows: z.array(surveyCommentSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
  /** Companies that have been sent a survey (for the company filter). */
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;

/**
 * Whether a survey link's key is a survey key of that type, and whether it already has an answer
 * (answeredAt: the latest answer's time, ISO 8601, or null). The survey page reads this type
 * through ./survey-form, which stays free of zod.
 */
export const surveyKeyStatusSchema = z.object({ valid: z.boolean(), answered: z.boolean(), answeredAt: z.string().nullable() });
export type SurveyKeyStatus = z.infer<typeof surveyKeyStatusSchema>;

/** What a stored submission answers. */
export const surveyStoredSchema = z.object({ ok: z.literal(true) });

/** Outbox kinds of the survey emails. */
export const OUTBOX_KIND_SUPPORT_SURVEY = 'survey.support';
export const OUTBOX_KIND_CLIENT_CARE_SURVEY = 'survey.client_care';

/** Surveys: the respondents' answers and link check (public), the staff results, export and sends. */
export const SURVEYS = {
  submit: endpoint({
    method: 'POST',
    path: SURVEY_SUBMIT_PATH,
    audience: 'public',
    tag: 'Surveys',
    summary: "Store a respondent's answers to the client care (CSS) or support (TCS) survey of their link's key",
    body: surveySubmissionSchema,
    status: 201,
    response: surveyStoredSchema,
  }),
  checkKey: endpoint({
    method: 'GET',
    path: `${SURVEY_KEY_CHECK_PATH}/:key`,
    audience: 'public',
    tag: 'Surveys',
    summary: "Whether a survey link's key is a key of that survey type, and when it was last answered",
    params: surveyKeyParamsSchema,
    query: surveyKeyQuerySchema,
    response: surveyKeyStatusSchema,
  }),
  clientCareRecipients: endpoint({
    method: 'GET',
    path: '/api/v2/surveys/client-care/recipients',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: 'Surveys',
    summary: "The contacts of a company a client care survey can go to (those with an email address), for the manager to confirm",
    query: clientCareRecipientsQuerySchema,
    response: clientCareRecipientsSchema,
  }),
  sendClientCare: endpoint({
    method: 'POST',
    path: '/api/v2/surveys/client-care/send',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: 'Surveys',
    summary: 'Email the client care survey to the contacts of a company the manager confirmed',
    body: sendClientCareSurveySchema,
    response: sendSurveyResponseSchema,
  }),
  sendSupport: endpoint({
    method: 'POST',
    path: '/api/v2/surveys/support/send',
    audience: 'staff',
    tag: 'Surveys',
    summary: 'Email the support survey of a closed ticket again',
    body: sendSupportSurveySchema,
    response: sendSurveyResponseSchema,
  }),
  results: endpoint({
    method: 'GET',
    path: '/api/v2/surveys/results',
    audience: 'staff',
    tag: 'Surveys',
    summary: 'CSAT, NPS, distributions and a page of the counted responses (the latest per key)',
    query: surveyResultsQuerySchema,
    response: surveyResultsSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/v2/surveys/results/export',
    audience: 'staff',
    tag: 'Surveys',
    summary: 'The counted responses as CSV, with the same filters',
    query: surveyResultsQuerySchema,
    produces: 'text/csv',
  }),
} as const;

/** Net Promoter Score runs from −100 (every answer a detractor) to +100 (every answer a promoter). */
export const NPS_SCALE = { min: -100, max: 100 } as const;

/**
 * The Net Promoter Score of a set of answers to the 0–10 question: the share of promoters minus the
 * share of detractors, in points (two decimals kept; `formatNps` shows it whole). Null without answers.
 * The survey results and the CSAT and NPS report both count with this.
 */
export function npsScore(promoters: number, detractors: number, responses: number): number | null {
  if (!responses) return null;
  return Number((((promoters - detractors) / responses) * 100).toFixed(PERCENT_DECIMALS));
}

/** NPS as it is reported everywhere: a whole, signed score ("+33", "0", "−12"); null reads as an em dash. */
export function formatNps(value: number | null, locale = 'en-US'): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(Math.round(value)).replace('-', '−');
}

/** "−100 to +100", the scale beside a score. */
export const NPS_SCALE_TEXT = `${formatNps(NPS_SCALE.min)} to ${formatNps(NPS_SCALE.max)}`;
