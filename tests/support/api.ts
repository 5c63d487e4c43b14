/**
 * Calls to a test app's API as one caller: a demo account (`apiAs(t, 'agent')`), a token of the
 * test's own making, or nobody (`apiWith(t, null)`). Each call answers fastify's inject response.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { bearer, type DemoAccount, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call may add: headers (merged over the caller's, so `authorization` can be replaced) and the caller's address. */
export type CallOptions = { headers?: Record<string, string>; remoteAddress?: string };

/** The body of a call: an object is sent as JSON, a string or a buffer as it is. */
export type Body = InjectOptions['payload'];

export type Api<Token extends string | null = string | null> = {
  /** The session token the calls carry, or null for an anonymous caller. */
  readonly token: Token;
  /** The headers the calls carry (`Authorization: Bearer …`; none for an anonymous caller). */
  readonly headers: Record<string, string>;
  /** A call whose method the test chooses. */
  request(method: Method, url: string, body?: Body, options?: CallOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body, options?: CallOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body, options?: CallOptions): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body, options?: CallOptions): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body, options?: CallOptions): Promise<LightMyRequestResponse>;
};

/** Calls carrying `token` (a session of the test's own: one from signing in, one made at a moved clock), or none when null. */
export function apiWith<Token extends string | null>(t: Pick<TestApp, 'app'>, token: Token): Api<Token> {
  const headers: Record<string, string> = token === null ? {} : bearer(token);
  const request = (method: Method, url: string, body?: Body, options: CallOptions = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...options.headers },
      ...(body === undefined ? {} : { payload: body }),
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    });
  return {
    token,
    headers,
    request,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
    delete: (url, body, options) => request('DELETE', url, body, options),
  };
}

/** The session of each demo account, made once per test app (at the app's clock when first asked for). */
const sessions = new WeakMap<Pick<TestApp, 'tokenFor'>, Map<DemoAccount, Promise<string>>>();

/**
 * Calls as a demo account. Its session is made the first time the app is asked for that account
 * and shared by every later `apiAs` of the same app and account. `{ fresh: true }` makes a new one
 * at the app's clock now, which later calls share in turn: after moving the clock (a jump of days
 * would end the older session as idle). A test that ends a session (signs out, disables the user)
 * makes its own with `t.tokenFor` and calls through `apiWith`, so no other test is handed a dead one.
 */
export async function apiAs(t: Pick<TestApp, 'app' | 'tokenFor'>, who: DemoAccount, options: { fresh?: boolean } = {}): Promise<Api<string>> {
  const made = sessions.get(t) ?? new Map<DemoAccount, Promise<string>>();
  sessions.set(t, made);
  let token = options.fresh ? undefined : made.get(who);
  if (!token) {
    const making = t.tokenFor(who);
    made.set(who, making);
    // A failed attempt is not remembered: the next caller tries again.
    making.catch(() => made.get(who) === making && made.delete(who));
    token = making;
  }
  return apiWith(t, await token);
}
