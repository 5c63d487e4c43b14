/**
 * The shape of the two survey forms, without zod: the survey page imports this (and constants)
 * only, so its bundle stays light. The server validates with src/contracts/surveys.ts.
 */
import {
  SURVEY_TICKET_MAX,
  SURVEY_KIND_COMPLETED,
  SURVEY_KIND_SUPPORT,
  SURVEY_TYPE_CLIENT_CARE,
  SURVEY_TYPE_SUPPORT,
} from './common/constants';

export type SurveyTypeCode = typeof SURVEY_TYPE_CLIENT_CARE | typeof SURVEY_TYPE_SUPPORT;
export type TextQuestion = 'Q2' | 'Q3' | 'Q4' | 'Q5' | 'Q6' | 'Q7' | 'Q8';

/** The free-text questions of each survey (spec 2.6). */
export const SURVEY_TEXT_QUESTIONS: Record<SurveyTypeCode, readonly TextQuestion[]> = {
  [SURVEY_TYPE_CLIENT_CARE]: ['Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'],
  [SURVEY_TYPE_SUPPORT]: ['Q2', 'Q3', 'Q4'],
};

/** The survey a kind flag selects (spec 2.6): -1 none (thank-you view), 1 support, other client care. */
export function surveyTypeForKind(kind: number): SurveyTypeCode | null {
  if (kind === SURVEY_KIND_COMPLETED) return null;
  return kind === SURVEY_KIND_SUPPORT ? SURVEY_TYPE_SUPPORT : SURVEY_TYPE_CLIENT_CARE;
}

/**
 * The kind flag and ticket value of a survey address: /survey/{kind}/{ticket}, or
 * /survey?kind=…&ticket=… (product.md). A missing or unreadable kind is "any other value".
 */
export function parseSurveyLocation(pathname: string, search: string): { kind: number; ticket: string } {
  const params = new URLSearchParams(search);
  const parts = pathname.split('/').filter(Boolean);
  const decode = (v: string) => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  const rawKind = parts[1] ?? params.get('kind') ?? '';
  const ticket = parts[2] !== undefined ? decode(parts[2]) : (params.get('ticket') ?? '');
  const kind = /^-?\d+$/.test(rawKind.trim()) ? Number(rawKind) : Number.NaN;
  return { kind, ticket };
}

/** Characters a survey key is made of (base64url); anything else can never be a key. */
const SURVEY_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Whether a ticket value could be a survey key at all (checked before asking the server). */
export const isWellFormedSurveyKey = (key: string) => key.length > 0 && key.length <= SURVEY_TICKET_MAX && SURVEY_KEY_PATTERN.test(key);

/**
 * GET /api/survey-keys/{key}?type=…: whether the link's key is a survey key of that type, and
 * whether it already has an answer. A type only: the page's bundle takes none of the schema.
 */
export type { SurveyKeyStatus } from './surveys';
