import { staffOnly, type Row } from '@tests/support/authz';

/** Reports: every staff member; a cancel of an unknown run answers cancelled: false. */
export const ROWS: Record<string, Row> = {
  'GET /api/v2/reports': { expect: staffOnly() },
  'GET /api/v2/reports/:id': { url: '/api/v2/reports/tickets-by-status', expect: staffOnly() },
  'GET /api/v2/reports/:id/csv': { url: '/api/v2/reports/tickets-by-status/csv', expect: staffOnly() },
  'GET /api/v2/reports/:id/pdf': { url: '/api/v2/reports/tickets-by-status/pdf', expect: staffOnly() },
  'POST /api/v2/reports/runs/:run/cancel': { url: '/api/v2/reports/runs/no-such-run/cancel', expect: staffOnly() },
};
