/**
 * The public pages' fetch-based stand-in for axios (src/shared/http/fetch-client.ts) against axios:
 * the same requests through the portal's HTTP client built on each, and the same answers, headers,
 * errors (ApiError status, code, message, fields) and 401 notices.
 */
import { http as route, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@contracts/common/constants';
import { SIGN_IN } from '@contracts/auth';

type HttpModule = typeof import('@/shared/http/http');
type ClientModule = typeof import('@/shared/http/client-http');

/** The portal's HTTP modules, over axios or over the stand-in (as the public build resolves `axios`). */
async function load(kind: 'axios' | 'fetch'): Promise<HttpModule & ClientModule> {
  vi.resetModules();
  if (kind === 'fetch') vi.doMock('axios', () => import('@/shared/http/fetch-client'));
  else vi.doUnmock('axios');
  const http = await import('@/shared/http/http');
  const client = await import('@/shared/http/client-http');
  return { ...http, ...client };
}

const echo = async ({ request }: { request: Request }) =>
  HttpResponse.json({
    method: request.method,
    search: new URL(request.url).search,
    authorization: request.headers.get('authorization'),
    accept: request.headers.get('accept'),
    contentType: request.headers.get('content-type'),
    body: request.method === 'GET' ? null : await request.text(),
  });

const server = setupServer(
  route.all(`${window.location.origin}/api/echo`, echo),
  route.post(`${window.location.origin}/api/v2/client/login`, echo),
  route.post(`${window.location.origin}/api/bad`, () => HttpResponse.json({ error: { code: 'validation', message: 'Email is not a valid address', fields: { email: 'Email is not a valid address' } } }, { status: 400 })),
  route.post(`${window.location.origin}/api/expired`, () => HttpResponse.json({ error: { code: 'unauthorized', message: 'Your session has expired' } }, { status: 401 })),
  route.get(`${window.location.origin}/api/broken`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })),
  route.get(`${window.location.origin}/api/down`, () => HttpResponse.error()),
  route.get(`${window.location.origin}/api/slow`, () => new Promise<never>(() => undefined)),
  route.get(`${window.location.origin}/api/file`, () => new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterAll(() => server.close());

/** Runs the same scenario over axios and over the stand-in; answers both outcomes. */
async function both<T>(scenario: (m: HttpModule & ClientModule) => Promise<T>): Promise<{ axios: unknown; fetch: unknown }> {
  const settle = async (kind: 'axios' | 'fetch') => {
    const modules = await load(kind);
    try {
      return { ok: await scenario(modules) };
    } catch (error) {
      const e = error as { name?: string; status?: number; code?: string; message?: string; fields?: unknown };
      return { failed: { name: e.name, status: e.status, code: e.code, message: e.message, fields: e.fields } };
    } finally {
      window.sessionStorage.clear();
      window.localStorage.clear();
    }
  };
  return { axios: await settle('axios'), fetch: await settle('fetch') };
}

describe('the public pages’ HTTP client behaves as the portal’s axios client', () => {
  it('sends a typed call with its JSON body, Accept header and the stored bearer token', async () => {
    const outcome = await both(async ({ clientCall }) => {
      window.localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
      return clientCall(SIGN_IN.clientLogin, { body: { email: 'ann@example.com', password: 'secret' } } as never);
    });
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toMatchObject({ ok: { method: 'POST', authorization: 'Bearer stored-token', accept: 'application/json', body: '{"email":"ann@example.com","password":"secret"}' } });
    expect((outcome.fetch as { ok: { contentType: string } }).ok.contentType).toMatch(/^application\/json/);
  });

  it('writes the query string, leaves out empty values and uses the default bearer when no token is stored', async () => {
    const outcome = await both(async ({ http, setDefaultBearer }) => {
      setDefaultBearer(http, 'default-token');
      return (await http.request({ method: 'get', url: '/api/echo', params: { q: 'a b&c', page: 2, gone: undefined, none: null } })).data;
    });
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toMatchObject({ ok: { method: 'GET', search: '?q=a+b%26c&page=2', authorization: 'Bearer default-token' } });
  });

  it('the per-tab token wins over the default bearer', async () => {
    const outcome = await both(async ({ http, setDefaultBearer }) => {
      setDefaultBearer(http, 'default-token');
      window.sessionStorage.setItem(STORAGE_KEYS.token, 'tab-token');
      return (await http.request({ method: 'post', url: '/api/echo' })).data;
    });
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toMatchObject({ ok: { authorization: 'Bearer tab-token', body: '' } });
  });

  it('a 400 rejects with the same ApiError: status, code, message and the field in plain words', async () => {
    const outcome = await both(async ({ http }) => http.request({ method: 'post', url: '/api/bad', data: { email: 'x' } }));
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toEqual({ failed: { name: 'ApiError', status: 400, code: 'validation', message: 'Email is not a valid address', fields: { email: 'Email is not a valid address' } } });
  });

  it('a 401 on a client page is told to the client session and still rejects', async () => {
    const outcome = await both(async ({ clientHttp, onClientUnauthorized }) => {
      const heard: unknown[] = [];
      const stop = onClientUnauthorized((notice) => heard.push(notice));
      try {
        await clientHttp.request({ method: 'post', url: '/api/expired' });
        return { heard };
      } catch (error) {
        return { heard, status: (error as { status: number }).status, message: (error as Error).message };
      } finally {
        stop();
      }
    });
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toEqual({ ok: { heard: [{ path: window.location.pathname }], status: 401, message: 'Your session has expired' } });
  });

  it('an answer that is not JSON rejects with the status and the plain message', async () => {
    const outcome = await both(async ({ http }) => http.request({ method: 'get', url: '/api/broken' }));
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toEqual({ failed: { name: 'ApiError', status: 502, code: 'internal', message: 'The server answered 502', fields: undefined } });
  });

  it('no answer rejects as a network error', async () => {
    const outcome = await both(async ({ http }) => http.request({ method: 'get', url: '/api/down' }));
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toMatchObject({ failed: { name: 'ApiError', status: 0, code: 'network' } });
  });

  it('an aborted call rejects as a network error', async () => {
    const outcome = await both(async ({ http }) => {
      const abort = new AbortController();
      const pending = http.request({ method: 'get', url: '/api/slow', signal: abort.signal });
      abort.abort();
      return pending;
    });
    expect(outcome.fetch).toEqual(outcome.axios);
    expect(outcome.fetch).toMatchObject({ failed: { name: 'ApiError', status: 0, code: 'network' } });
  });

  it('a file answer comes back as a Blob (the stand-in alone: axios over jsdom cannot hand msw a Blob answer)', async () => {
    const { http } = await load('fetch');
    const { data } = await http.request<Blob>({ method: 'get', url: '/api/file', responseType: 'blob' });
    expect(await data.text()).toBe('%PDF-1.7');
  });
});
