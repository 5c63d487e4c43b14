import { COMPANIES } from '@contracts/companies';
import { endpointRows, staffOnly, type Row } from '@tests/support/authz';

let n = 0;
/** A fresh account number per call, so each audience's create succeeds on its own. */
const account = () => `MATRIX-${Date.now()}-${n++}`;

/** Companies and contacts: staff of every role; client sessions refused (client portal users: tests/features/client-users/authz.ts). */
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
};
