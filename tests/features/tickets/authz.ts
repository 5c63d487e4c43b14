import { staffOnly, type Row } from '@tests/support/authz';

/** The staff ticket desk: staff of every role; a client session is refused (401), as is no session. */
export const ROWS: Record<string, Row> = {
  'GET /api/v2/tickets': { url: '/api/v2/tickets?q=billing&status=A,WOC&sort=duedate:asc', expect: staffOnly() },
  'GET /api/v2/tickets/options': { expect: staffOnly() },
  'GET /api/v2/tickets/stats': { expect: staffOnly() },
  'POST /api/v2/tickets': {
    body: { title: 'Matrix ticket', description: 'Created by the authorization matrix', company_id: 1, severity: 'M', queue: 'Support' },
    expect: staffOnly(201),
  },
  'GET /api/v2/tickets/:id': { url: '/api/v2/tickets/1', expect: staffOnly() },
  'PATCH /api/v2/tickets/:id': { url: '/api/v2/tickets/2', body: { severity: 'H' }, expect: staffOnly() },
  'POST /api/v2/tickets/:id/notes': { url: '/api/v2/tickets/2/notes', body: { body: 'Matrix note', internal: true, minutes: 5 }, expect: staffOnly(201) },
  'POST /api/v2/tickets/:id/time': { url: '/api/v2/tickets/2/time', body: { minutes: 15 }, expect: staffOnly(201) },
};

export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  { route: 'GET /api/v2/tickets/:id', label: 'a ticket that does not exist', row: { url: '/api/v2/tickets/999999', expect: staffOnly(404) } },
];
