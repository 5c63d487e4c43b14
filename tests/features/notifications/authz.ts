import { NOTIFICATIONS } from '@contracts/notifications';
import { endpointRows, staffOnly } from '@tests/support/authz';

/**
 * Notifications: staff of every role, each their own only. The demo data hold none, so marking
 * notification 1 read answers 404 to every staff user (nobody reaches another's: the API test).
 */
export const ROWS = endpointRows([
  [NOTIFICATIONS.list, { url: '/api/v2/notifications?page=1&pageSize=5', expect: staffOnly() }],
  [NOTIFICATIONS.unreadCount, { expect: staffOnly() }],
  [NOTIFICATIONS.markRead, { url: '/api/v2/notifications/1/read', expect: staffOnly(404) }],
  [NOTIFICATIONS.markAllRead, { body: {}, expect: staffOnly() }],
]);
