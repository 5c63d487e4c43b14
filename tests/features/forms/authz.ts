import { FORMS } from '@contracts/forms';
import { endpointRows, staffOnly } from '@tests/support/authz';

/** The forms' reads: every staff member; clients nothing. */
export const ROWS = endpointRows([
  [FORMS.kudoValues, { expect: staffOnly() }],
  [FORMS.recentKudos, { expect: staffOnly() }],
]);
