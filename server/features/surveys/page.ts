import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SURVEY_ROUTE_PREFIX, SUPPORT_PHONE_PLACEHOLDER } from '@contracts/common/constants';
import type { Config } from '@server/config';

/** The survey's own HTML entry in the build. */
export const SURVEY_ENTRY = 'survey.html';

/**
 * /survey and /survey/... are answered with the survey entry, and so is /survey.html itself: the
 * file as built still holds the support-phone placeholder, so it is never served as it is.
 */
export const isSurveyPath = (path: string) =>
  path === SURVEY_ROUTE_PREFIX || path.startsWith(`${SURVEY_ROUTE_PREFIX}/`) || path === `/${SURVEY_ENTRY}`;

const escapeAttribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const cache = new Map<string, { mtimeMs: number; html: string }>();

/** survey.html with the configured support phone put into its meta element (re-read after a rebuild). */
export function surveyPage(config: Pick<Config, 'staticDir' | 'supportPhone'>): string {
  const file = join(config.staticDir, SURVEY_ENTRY);
  const { mtimeMs } = statSync(file);
  let entry = cache.get(file);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, html: readFileSync(file, 'utf8') };
    cache.set(file, entry);
  }
  return entry.html.split(SUPPORT_PHONE_PLACEHOLDER).join(escapeAttribute(config.supportPhone));
}
