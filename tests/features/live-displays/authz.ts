import { LIVE_API } from '@contracts/live-displays';
import { adminOnly, all, endpointRows } from '@tests/support/authz';

/**
 * Live boards: a board's stream is for staff sessions and paired displays (401 before the input
 * is read; a board that does not exist is then a 400, so the row never opens an endless stream);
 * the display's own endpoint answers only to its cookie; pairing needs a live pairing token;
 * displays are managed by admins.
 */
export const ROWS = endpointRows([
  [LIVE_API.stream, { url: '/api/live/boards/nope/stream', expect: { anonymous: 401, client: 401, user: 400, manager: 400, admin: 400 } }],
  [LIVE_API.self, { expect: all(401) }],
  [LIVE_API.pair, { body: { token: 'not-a-pairing-token' }, expect: all(401) }],
  [LIVE_API.list, { expect: adminOnly() }],
  [LIVE_API.create, { body: { name: 'Matrix TV', boards: ['support'] }, expect: adminOnly(201) }],
  [LIVE_API.revoke, { url: '/api/v2/admin/displays/999999/revoke', expect: adminOnly(404) }],
]);
