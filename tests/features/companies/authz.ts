import { COMPANIES } from '@contracts/companies';
import { endpointRows, staffOnly, type Row } from '@tests/support/authz';

let n = 0;
/** A fresh account number per call, so each audience's create succeeds on its own. */
const account = () => `MATRIX-${Date.now()}-${n++}`;
let m = 0;
const email = () => `matrix-${Date.now()}-${m++}@invite.test`;

/** Companies, contacts and client portal users: staff of every role; client sessions refused. */
export const ROWS: Record<string, Row> = {
  ...endpointRows([
    [COMPANIES.search, { url: '/api/v2/companies?q=acme', expect: staffOnly() }],
    [COMPANIES.create, { body: () => ({ name: 'Matrix Co', account_number: account() }), expect: staffOnly(201) }],
    [COMPANIES.view, { url: '/api/v2/companies/1', expect: staffOnly() }],
    [COMPANIES.update, { url: '/api/v2/companies/3', body: { territory: 'North' }, expect: staffOnly() }],
    [COMPANIES.addContact, { url: '/api/v2/companies/3/contacts', body: { name: 'Matrix Contact' }, expect: staffOnly(201) }],
    [COMPANIES.updateContact, { url: '/api/v2/contacts/7', body: { title: 'IT Lead' }, expect: staffOnly() }],
    // Deleting is checked on a contact that does not exist, so the rows do not depend on each other.
    [COMPANIES.removeContact, { url: '/api/v2/contacts/999999', expect: staffOnly(404) }],
  ]),
  'GET /api/v2/client-users': { url: '/api/v2/client-users?status=active', expect: staffOnly() },
  'POST /api/v2/client-users': { body: () => ({ company_id: 3, name: 'Matrix Invitee', email: email() }), expect: staffOnly(201) },
  // The demo client users are active: a resend answers 409 (only invited users get it again).
  'POST /api/v2/client-users/:id/resend': { url: '/api/v2/client-users/2/resend', expect: staffOnly(409) },
  'POST /api/v2/client-users/:id/disable': { url: '/api/v2/client-users/999999/disable', expect: staffOnly(404) },
  // Approving or declining is checked on an active demo user (409: only a request awaiting approval),
  // so no row changes what another sees; the approval flow itself is in signup-policy.test.ts.
  'POST /api/v2/client-users/:id/approve': { url: '/api/v2/client-users/2/approve', expect: staffOnly(409) },
  'POST /api/v2/client-users/:id/decline': { url: '/api/v2/client-users/2/decline', expect: staffOnly(409) },
};
