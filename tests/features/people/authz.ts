import { AVATAR, PEOPLE } from '@contracts/people';
import { PTO, SCHEDULE } from '@contracts/people-schedule';
import { adminOnly, all, endpointRows, managersOnly, staffOnly, type MatrixIds } from '@tests/support/authz';

const NONE = 2_147_483_000;

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
  // Avatars: each staff member sets and removes their own (no picture sent: 400; removing none is fine), reads anyone's.
  [AVATAR.upload, { body: {}, expect: staffOnly(400) }],
  [AVATAR.remove, { expect: staffOnly() }],
  [AVATAR.read, { url: `/api/v2/people/${NONE}/avatar`, expect: staffOnly(404) }],
  [PEOPLE.setManager, { url: ({ self }: MatrixIds) => `/api/v2/orgchart/${self}/manager`, body: ({ self }: MatrixIds) => ({ managerId: self }), expect: adminOnly(400) }],
  // The schedule: everyone reads; edits are checked against the team's owner after the body (a body the rules refuse: 400).
  [SCHEDULE.teams, { expect: staffOnly() }],
  [SCHEDULE.week, { url: '/api/v2/schedule?team=1&from=2026-11-23', expect: staffOnly() }],
  [SCHEDULE.addShift, { body: {}, expect: staffOnly(400) }],
  [SCHEDULE.updateShift, { url: `/api/v2/schedule/shifts/${NONE}`, body: {}, expect: staffOnly(400) }],
  [SCHEDULE.removeShift, { url: `/api/v2/schedule/shifts/${NONE}`, expect: staffOnly(404) }],
  [SCHEDULE.setRotation, { url: '/api/v2/schedule/teams/1/rotation', body: {}, expect: staffOnly(400) }],
  [SCHEDULE.addOverride, { url: '/api/v2/schedule/teams/1/overrides', body: {}, expect: staffOnly(400) }],
  [SCHEDULE.removeOverride, { url: `/api/v2/schedule/overrides/${NONE}`, expect: staffOnly(404) }],
  [SCHEDULE.feeds, { expect: staffOnly() }],
  [SCHEDULE.addFeed, { body: { teamId: 'none' }, expect: staffOnly(400) }],
  [SCHEDULE.revokeFeed, { url: `/api/v2/schedule/feeds/${NONE}`, expect: staffOnly(404) }],
  [SCHEDULE.feed, { url: `/api/v2/schedule/feed/${'A'.repeat(43)}.ics`, expect: all(404) }],
  // PTO: my own balance and certifications; the team view for managers; a request's conflicts for who may see it.
  [PTO.mine, { expect: staffOnly() }],
  [PTO.team, { expect: managersOnly() }],
  [PTO.conflicts, { url: `/api/v2/pto/requests/${NONE}/conflicts`, expect: staffOnly(404) }],
  [PTO.addCertification, { body: {}, expect: staffOnly(400) }],
  [PTO.removeCertification, { url: `/api/v2/certifications/${NONE}`, expect: staffOnly(404) }],
  // Which queue requires which certification: everyone reads, only an admin sets (a body the rules refuse: 400).
  [PTO.queueRules, { expect: staffOnly() }],
  [PTO.certificationNames, { expect: staffOnly() }],
  [PTO.queueAssignees, { url: '/api/v2/queue-certifications/assignees?queue=Programming', expect: staffOnly() }],
  [PTO.setQueueRule, { body: {}, expect: adminOnly(400) }],
]);
