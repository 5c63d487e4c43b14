import { EXPENSES } from '@contracts/expenses';
import { FORMS } from '@contracts/forms';
import { endpointRows, staffOnly } from '@tests/support/authz';

/** The forms' reads and the travel expenses' receipts and exports: every staff member (what they see is their own); clients nothing. */
export const ROWS = endpointRows([
  [FORMS.kudoValues, { expect: staffOnly() }],
  [FORMS.recentKudos, { expect: staffOnly() }],
  [FORMS.receivedKudos, { url: '/api/v2/forms/kudos/received/1', expect: staffOnly() }],
  [FORMS.myTimeEntries, { expect: staffOnly() }],
  [FORMS.myPunches, { expect: staffOnly() }],
  [EXPENSES.rates, { expect: staffOnly() }],
  // No file sent: the body is accepted, the missing receipt is named.
  [EXPENSES.upload, { body: {}, expect: staffOnly(400) }],
  [EXPENSES.receipt, { url: '/api/v2/forms/expenses/receipts/999999', expect: staffOnly(404) }],
  [EXPENSES.csv, { expect: staffOnly() }],
  [EXPENSES.pdf, { url: '/api/v2/forms/expenses/999999/pdf', expect: staffOnly(404) }],
]);
