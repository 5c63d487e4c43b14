import { OUTBOX } from '@contracts/outbox';
import { adminOnly, endpointRows } from '@tests/support/authz';

/** The outbox: admins only. */
export const ROWS = endpointRows([[OUTBOX.page, { expect: adminOnly() }]]);
