import { MANAGEMENT } from '@contracts/management';
import { endpointRows, managersOnly } from '@tests/support/authz';

/** The management dashboard: managers and admins, figures and their lists alike. */
export const ROWS = endpointRows([
  [MANAGEMENT.dashboard, { expect: managersOnly() }],
  [MANAGEMENT.drill, { url: `${MANAGEMENT.drill.path}?figure=open`, expect: managersOnly() }],
]);
