import { PEOPLE } from '@contracts/people';
import { adminOnly, endpointRows, staffOnly, type MatrixIds } from '@tests/support/authz';

/**
 * People: every staff member reads and changes their own profile and reads the org chart; only
 * admins change who reports to whom. The calls that would change the demo accounts send a body the
 * rules refuse (400), so the matrix proves who gets past the guard without changing anyone.
 */
export const ROWS = endpointRows([
  [PEOPLE.profile, { expect: staffOnly() }],
  [PEOPLE.updateProfile, { body: {}, expect: staffOnly(400) }],
  [PEOPLE.updateNotifications, { body: { quietHours: null, notifications: [] }, expect: staffOnly() }],
  [PEOPLE.changePassword, { body: { current: 'not the password', next: 'a new long passphrase' }, expect: staffOnly(400) }],
  [PEOPLE.orgChart, { expect: staffOnly() }],
  [PEOPLE.orgChartPdf, { expect: staffOnly() }],
  [PEOPLE.setManager, { url: ({ self }: MatrixIds) => `/api/v2/orgchart/${self}/manager`, body: ({ self }: MatrixIds) => ({ managerId: self }), expect: adminOnly(400) }],
]);
