import { EXPENSES } from '@contracts/expenses';
import { FORMS } from '@contracts/forms';
import { FORMS_ADMIN } from '@contracts/forms-admin';
import { adminOnly, endpointRows, staffOnly } from '@tests/support/authz';

/**
 * The forms' reads and the travel expenses' receipts and exports: every staff member (what they see
 * is their own); clients nothing. The company values and the rates are kept by admins only.
 */
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
  [FORMS_ADMIN.values, { expect: adminOnly() }],
  // An empty name is refused by name: nothing is written.
  [FORMS_ADMIN.addValue, { body: { name: '' }, expect: adminOnly(400) }],
  [FORMS_ADMIN.changeValue, { url: '/api/v2/forms/kudos/values/999999', body: { active: true }, expect: adminOnly(404) }],
  [FORMS_ADMIN.orderValues, { body: { ids: [999999] }, expect: adminOnly(409) }],
  [FORMS_ADMIN.rates, { expect: adminOnly() }],
  [FORMS_ADMIN.addRate, { body: { kind: 'fx', code: 'EUR', validFrom: '2024-01-01', rateMicros: 1 }, expect: adminOnly(409) }],
  [FORMS_ADMIN.changeRate, { url: '/api/v2/forms/expenses/rates/999999', body: { rateMicros: 1 }, expect: adminOnly(404) }],
]);
