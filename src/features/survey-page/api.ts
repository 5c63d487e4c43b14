/**
 * The survey's own HTTP client (spec 7): a tiny fetch wrapper so the survey page needs neither
 * axios nor the portal's client. Sends credentials, a bearer header when a token is in session
 * storage, X-Requested-With: XMLHttpRequest and Accept: application/json; never reads the reply.
 */
import { STORAGE_KEYS, SURVEY_KEY_CHECK_PATH, SURVEY_REQUEST_HEADERS, SURVEY_SUBMIT_PATH } from '@contracts/common/constants';
import type { SurveyKeyStatus, SurveyTypeCode, TextQuestion } from '@contracts/survey-form';

export type SurveyPayload = {
  type: SurveyTypeCode;
  ticket: string;
  Q1: number;
  Q2?: number | string;
} & Partial<Record<Exclude<TextQuestion, 'Q2'>, string>>;

/** A failed submission: the HTTP status (0 when no answer came). */
export class SurveySubmitError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'SurveySubmitError';
  }
}

export type SurveyHttpDeps = {
  fetch: typeof fetch;
  session: Pick<Storage, 'getItem' | 'clear'>;
  /** Goes to the root page. */
  goToRoot: () => void;
};

const browserDeps = (): SurveyHttpDeps => ({
  fetch: (...args) => globalThis.fetch(...args),
  session: window.sessionStorage,
  goToRoot: () => window.location.assign('/'),
});

/**
 * The global 401 rule for surveys (spec 8), as written: on a 401 whose request URL does not
 * contain '/', clear session storage and go to the root page. Every URL contains '/', so it never
 * fires for the survey's own call. Answers whether it fired.
 */
export function applyUnauthorizedRule(status: number, url: string, deps: Pick<SurveyHttpDeps, 'session' | 'goToRoot'>): boolean {
  if (status !== 401 || url.includes('/')) return false;
  deps.session.clear();
  deps.goToRoot();
  return true;
}

/** Sends one request with the survey's request settings; resolves on 2xx without reading the body. */
export async function surveyRequest(url: string, body: unknown, deps: SurveyHttpDeps = browserDeps()): Promise<void> {
  const headers: Record<string, string> = { ...SURVEY_REQUEST_HEADERS, 'Content-Type': 'application/json' };
  const token = deps.session.getItem(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await deps.fetch(url, { method: 'POST', credentials: 'include', headers, body: JSON.stringify(body) });
  } catch (error) {
    throw new SurveySubmitError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    applyUnauthorizedRule(response.status, url, deps);
    throw new SurveySubmitError(response.status, `The survey could not be saved (HTTP ${response.status})`);
  }
}

/** POST /api/submitsurvey */
export const submitSurvey = (payload: SurveyPayload, deps?: SurveyHttpDeps) => surveyRequest(SURVEY_SUBMIT_PATH, payload, deps);

/**
 * GET /api/survey-keys/{key}?type=…: whether the link's key is valid and already answered. Throws
 * a SurveySubmitError when no usable answer comes (the page then shows the form as before).
 */
export async function checkSurveyKey(key: string, type: SurveyTypeCode, deps: Pick<SurveyHttpDeps, 'fetch'> = browserDeps()): Promise<SurveyKeyStatus> {
  const url = `${SURVEY_KEY_CHECK_PATH}/${encodeURIComponent(key)}?type=${type}`;
  let response: Response;
  try {
    response = await deps.fetch(url, { method: 'GET', credentials: 'same-origin', headers: { ...SURVEY_REQUEST_HEADERS } });
  } catch (error) {
    throw new SurveySubmitError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new SurveySubmitError(response.status, `The survey link could not be checked (HTTP ${response.status})`);
  const body = (await response.json()) as Partial<SurveyKeyStatus>;
  if (typeof body.valid !== 'boolean') throw new SurveySubmitError(response.status, 'The survey link check answered nothing usable');
  return { valid: body.valid, answered: body.answered === true, answeredAt: typeof body.answeredAt === 'string' ? body.answeredAt : null };
}
