import { endpointKey, type EndpointDefinition } from '@contracts/common/endpoint';
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

/** A row of the matrix for an endpoint definition (the row knows its endpoint, so the matrix checks the two agree). */
export type EndpointRow = Row & { endpoint: EndpointDefinition };

/** The rows of a feature, one per endpoint, keyed as the app lists its routes ("GET /api/v2/…"). */
export function endpointRows(entries: readonly (readonly [EndpointDefinition, Row])[]): Record<string, EndpointRow> {
  const rows: Record<string, EndpointRow> = {};
  for (const [endpoint, row] of entries) {
    const key = endpointKey(endpoint);
    if (key in rows) throw new Error(`${key} has two rows`);
    rows[key] = { ...row, endpoint };
  }
  return rows;
}

/**
 * What an endpoint's declaration promises about a row: staff endpoints refuse anonymous callers and
 * client users (401) and, with roles, the staff roles not listed (403); client endpoints refuse
 * anonymous callers and staff users (401). The matrix checks every row keeps these promises.
 */
export function declarationMismatches(row: EndpointRow): string[] {
  const { audience, roles } = row.endpoint;
  const expected: Partial<Record<Audience, number>> = {};
  if (audience === 'staff') {
    expected.anonymous = 401;
    expected.client = 401;
    if (roles) for (const role of ['user', 'manager', 'admin'] as const) if (!roles.includes(role)) expected[role] = 403;
  }
  if (audience === 'client') Object.assign(expected, { anonymous: 401, user: 401, manager: 401, admin: 401 });
  return Object.entries(expected)
    .filter(([who, status]) => row.expect[who as Audience] !== status)
    .map(([who, status]) => `${endpointKey(row.endpoint)} declares ${audience}${roles ? ` (${roles.join(', ')})` : ''}, so ${who} must get ${status}, the row says ${row.expect[who as Audience]}`);
}
