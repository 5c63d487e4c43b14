/** Types and helpers of the authorization matrix; each resource has its own rows file here. */
export type Audience = 'anonymous' | 'client' | 'user' | 'manager' | 'admin';
export const AUDIENCES: Audience[] = ['anonymous', 'client', 'user', 'manager', 'admin'];

/**
 * Ids the body and url functions can use: the caller's own staff user id and another's, and the
 * ids a rows file's `prepare` found (own and other company objects, for instance).
 */
export type MatrixIds = { self: number; other: number; extra: Record<string, number> };

export type Row = {
  /** The body to send, or a function of the ids. */
  body?: unknown | ((ids: MatrixIds) => unknown);
  /** The url to call instead of the route pattern (for routes with parameters). */
  url?: string | ((ids: MatrixIds) => string);
  expect: Record<Audience, number>;
};

export const all = (status: number): Record<Audience, number> => ({ anonymous: status, client: status, user: status, manager: status, admin: status });
export const staffOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: 401, user: ok, manager: ok, admin: ok });
export const managersOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: 401, user: 403, manager: ok, admin: ok });
export const adminOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: 401, user: 403, manager: 403, admin: ok });
export const clientOnly = (ok = 200): Record<Audience, number> => ({ anonymous: 401, client: ok, user: 401, manager: 401, admin: 401 });
