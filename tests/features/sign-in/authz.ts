import { all, clientOnly, staffOnly, type Row } from '@tests/support/authz';

/** The skeleton's routes: health, sign-in for both audiences, profile (the home screen's tickets: the tickets feature's rows). */
export const ROWS: Record<string, Row> = {
  // Sign-in endpoints answer the same to everyone: a wrong password is 401 whoever asks.
  'POST /api/v2/auth/login': { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) },
  'POST /api/v2/client/login': { body: { email: 'nobody@demo.test', password: 'wrong-password' }, expect: all(401) },
  'GET /logout': { expect: { anonymous: 401, client: 200, user: 200, manager: 200, admin: 200 } },
  'POST /api/v2/profile/who/am/i': { body: ({ self }: { self: number }) => ({ userid: self }), expect: staffOnly() },
  'POST /api/v2/profile/me': { body: ({ self }: { self: number }) => ({ user: self }), expect: staffOnly() },
  'POST /api/v2/client/verify-token': { expect: clientOnly() },
};

/** Further cases of routes above: looking up another staff user needs manager or admin. */
export const EXTRA_CASES: { route: string; label: string; row: Row }[] = [
  { route: 'POST /api/v2/profile/who/am/i', label: 'another user', row: { body: ({ other }: { other: number }) => ({ userid: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } } },
  { route: 'POST /api/v2/profile/me', label: 'another user', row: { body: ({ other }: { other: number }) => ({ user: other }), expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } } },
];
