import { all, managersOnly, staffOnly, type Row } from '@tests/support/authz';

/** Surveys: the public submission, sending survey emails, results. */
export const ROWS: Record<string, Row> = {
  // Public: anyone may submit; an unknown survey key is refused the same for everyone.
  'POST /api/submitsurvey': { body: { type: 'TCS', ticket: 'no-such-survey-key', Q1: 3 }, expect: all(400) },
  // Public: whether a link's key is valid; an unknown key is "not valid" for everyone, never an error.
  'GET /api/survey-keys/:key': { url: '/api/survey-keys/no-such-survey-key?type=TCS', expect: all(200) },
  'POST /api/v2/surveys/client-care/send': { body: { companyId: 1 }, expect: managersOnly() },
  // A ticket that does not exist: staff get past authorization and hear 404.
  'POST /api/v2/surveys/support/send': { body: { ticketId: 2_000_000_000 }, expect: staffOnly(404) },
  'GET /api/v2/surveys/results': { expect: staffOnly() },
  'GET /api/v2/surveys/results/export': { expect: staffOnly() },
};
