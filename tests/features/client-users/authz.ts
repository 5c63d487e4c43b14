import { CLIENT_MAIL } from '@contracts/client-mail';
import { CLIENT_ACCOUNTS } from '@contracts/client-portal';
import { CLIENT_USERS } from '@contracts/client-users';
import { all, clientOnly, endpointRows, staffOnly } from '@tests/support/authz';

let m = 0;
const email = () => `matrix-${Date.now()}-${m++}@invite.test`;
const NEW_PASSWORD = 'a long enough passphrase';

/**
 * Client portal users: staff of every role manage them; their own account calls (signup and the
 * password links) are public and answer everyone the same (an unknown account number too).
 */
export const ROWS = endpointRows([
  [
    CLIENT_ACCOUNTS.signup,
    { body: { accountNumber: 'NO-SUCH-999', name: 'Nobody', email: 'nobody@example.test', password: NEW_PASSWORD }, expect: all(202) },
  ],
  [CLIENT_ACCOUNTS.forgotPassword, { body: { email: 'nobody@example.test' }, expect: all(202) }],
  [CLIENT_ACCOUNTS.setPassword, { body: { token: 'not-a-real-token', password: NEW_PASSWORD }, expect: all(400) }],
  [CLIENT_ACCOUNTS.resetPassword, { body: { token: 'not-a-real-token', password: NEW_PASSWORD }, expect: all(400) }],

  [CLIENT_USERS.list, { url: '/api/v2/client-users?status=active', expect: staffOnly() }],
  [CLIENT_USERS.invite, { body: () => ({ company_id: 3, name: 'Matrix Invitee', email: email() }), expect: staffOnly(201) }],
  // The demo client users are active: a resend answers 409 (only invited users get it again).
  [CLIENT_USERS.resend, { url: '/api/v2/client-users/2/resend', expect: staffOnly(409) }],
  [CLIENT_USERS.disable, { url: '/api/v2/client-users/999999/disable', expect: staffOnly(404) }],
  // Approving or declining is checked on an active demo user (409: only a request awaiting approval),
  // so no row changes what another sees; the approval flow itself is in signup-policy.test.ts.
  [CLIENT_USERS.approve, { url: '/api/v2/client-users/2/approve', expect: staffOnly(409) }],
  [CLIENT_USERS.decline, { url: '/api/v2/client-users/2/decline', expect: staffOnly(409) }],

  // A client user's own mail settings (saved as they are: every event on); unsubscribe links are
  // public: a made-up one shows everyone the page saying so, and its POST is refused for everyone alike.
  [CLIENT_MAIL.settings, { expect: clientOnly() }],
  [CLIENT_MAIL.updateSettings, { body: { staffReply: true, statusChange: true }, expect: clientOnly() }],
  [CLIENT_MAIL.unsubscribePage, { url: '/api/v2/public/unsubscribe/1.staff_reply.not-signed', expect: all(200) }],
  [CLIENT_MAIL.unsubscribe, { url: '/api/v2/public/unsubscribe/1.staff_reply.not-signed', expect: all(404) }],
]);
