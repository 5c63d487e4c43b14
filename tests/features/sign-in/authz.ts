import { SIGN_IN } from '@contracts/auth';
import { endpointKey } from '@contracts/common/endpoint';
import { all, clientOnly, endpointRows, staffOnly, type Row } from '@tests/support/authz';

/** Sign-in for both audiences, sign-out, the staff profile and the client session's check. */
export const ROWS: Record<string, Row> = {
  ...endpointRows([
    // Sign-in endpoints answer the same to everyone: a wrong password is 401 whoever asks.
    [SIGN_IN.staffLogin, { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) }],
    [SIGN_IN.clientLogin, { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) }],
    [SIGN_IN.logout, { expect: { anonymous: 401, client: 200, user: 200, manager: 200, admin: 200 } }],
    [SIGN_IN.whoAmI, { body: ({ self }: { self: number }) => ({ userid: self }), expect: staffOnly() }],
    [SIGN_IN.profileMe, { body: ({ self }: { self: number }) => ({ user: self }), expect: staffOnly() }],
    [SIGN_IN.learningCenterUrl, { body: { dtcUser: true }, expect: staffOnly() }],
    [SIGN_IN.verifyToken, { expect: clientOnly() }],
  ]),
};

/** Further cases of routes above: looking up another staff user needs manager or admin. */
export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  { route: endpointKey(SIGN_IN.whoAmI), label: 'another user', row: { body: ({ other }: { other: number }) => ({ userid: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } } },
  { route: endpointKey(SIGN_IN.profileMe), label: 'another user', row: { body: ({ other }: { other: number }) => ({ user: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } } },
];
