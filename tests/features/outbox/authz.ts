import { adminOnly, type Row } from '@tests/support/authz';

/** The outbox: admins only. */
export const ROWS: Record<string, Row> = {
  'GET /api/v2/admin/outbox': { expect: adminOnly() },
};
