import { MANAGEMENT } from '@contracts/management';
import { endpointRows, managersOnly } from '@tests/support/authz';

/** The management dashboard: managers and admins. */
export const ROWS = endpointRows([[MANAGEMENT.dashboard, { expect: managersOnly() }]]);
