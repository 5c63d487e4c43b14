import { SURVEYS } from '@contracts/surveys';
import { all, endpointRows, managersOnly, staffOnly } from '@tests/support/authz';

/** Surveys: the public submission, sending survey emails, results. */
export const ROWS = endpointRows([
  // Public: anyone may submit; an unknown survey key is refused the same for everyone.
  [SURVEYS.submit, { body: { type: 'TCS', ticket: 'no-such-survey-key', Q1: 3 }, expect: all(400) }],
  // Public: whether a link's key is valid; an unknown key is "not valid" for everyone, never an error.
  [SURVEYS.checkKey, { url: '/api/survey-keys/no-such-survey-key?type=TCS', expect: all(200) }],
  [SURVEYS.clientCareRecipients, { url: '/api/v2/surveys/client-care/recipients?companyId=1', expect: managersOnly() }],
  // A company that does not exist: managers get past authorization and hear 404 (nothing is mailed).
  [SURVEYS.sendClientCare, { body: { companyId: 2_000_000_000, contactIds: [1] }, expect: managersOnly(404) }],
  // A ticket that does not exist: staff get past authorization and hear 404.
  [SURVEYS.sendSupport, { body: { ticketId: 2_000_000_000 }, expect: staffOnly(404) }],
  [SURVEYS.results, { expect: staffOnly() }],
  [SURVEYS.exportCsv, { expect: staffOnly() }],
]);
