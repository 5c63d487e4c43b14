import { MAIL_CHANNELS } from '@contracts/mail-channels';
import { adminOnly, endpointRows, staffOnly } from '@tests/support/authz';

/**
 * Email in: admins configure channels and company mail domains; every staff user reads received
 * messages and files the review list. The demo data hold no channel or message, so the routes of
 * one (id 1) answer 404 to whoever passes the guard.
 */
export const ROWS = endpointRows([
  [MAIL_CHANNELS.list, { expect: adminOnly() }],
  [
    MAIL_CHANNELS.create,
    { body: { name: 'Matrix listener', kind: 'smtp', address: 'matrix@example.com', queue: 'Support', severity: 'M', listenHost: '127.0.0.1', listenPort: 2525 }, expect: adminOnly(201) },
  ],
  [
    MAIL_CHANNELS.update,
    { url: '/api/v2/admin/mail-channels/999999', body: { name: 'Matrix listener 2', kind: 'smtp', address: 'matrix@example.com', queue: 'Support', severity: 'M', listenHost: '127.0.0.1', listenPort: 2525 }, expect: adminOnly(404) },
  ],
  [MAIL_CHANNELS.messages, { url: '/api/v2/mail-messages?page=1&pageSize=5', expect: staffOnly() }],
  [MAIL_CHANNELS.raw, { url: '/api/v2/mail-messages/999999/raw', expect: staffOnly(404) }],
  [MAIL_CHANNELS.review, { url: '/api/v2/mail-messages/999999/review', body: { action: 'dismiss' }, expect: staffOnly(404) }],
  [MAIL_CHANNELS.domains, { body: { companyId: 1, domains: ['matrix-company.example'] }, expect: adminOnly() }],
]);
