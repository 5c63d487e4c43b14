import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { SESSION_EXPIRED_FLAG_RESET_MS } from '@contracts/common/constants';
import { clientSessionMachine } from '@/shared/session/client-session.machine';
import { clientHttp, onClientUnauthorized } from '@/shared/http/client-http';
import type { ApiError } from '@/shared/http/http';
import { DEMO_USER, memorySession } from './client-session.support';

function signedInActor() {
  const { store, areas } = memorySession(true);
  let notify: (path: string) => void = () => undefined;
  const machine = clientSessionMachine.provide({
    actors: {
      verifyToken: fromPromise(async () => DEMO_USER),
      login: fromPromise(async () => ({ token: 'fresh', user: DEMO_USER })),
      unauthorizedNotices: fromCallback(({ sendBack }) => {
        notify = (path) => sendBack({ type: 'session.unauthorized', path });
      }),
    },
  });
  const actor = createActor(machine, { input: { store } }).start();
  return { actor, areas, notify: (path: string) => notify(path) };
}

describe('client session: the 401 dialog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one dialog for several 401s at once, and clears the stored session', async () => {
    const s = signedInActor();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    const transitions: string[] = [];
    s.actor.subscribe((snap) => {
      if (transitions.at(-1) !== snap.value) transitions.push(String(snap.value));
    });
    s.notify('/client/tickets');
    s.notify('/client/tickets');
    s.notify('/client/paper');
    expect(transitions.filter((v) => v === 'expired')).toHaveLength(1);
    expect(s.actor.getSnapshot().hasTag('sessionExpired')).toBe(true);
    expect(s.areas.session.getItem('token')).toBeNull();
    expect(s.areas.persistent.getItem('token')).toBeNull();
    expect(s.areas.persistent.getItem('client_user')).toBeNull();
  });

  it('ignores a 401 on the login page', async () => {
    const s = signedInActor();
    await vi.advanceTimersByTimeAsync(0);
    s.notify('/client/login');
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
  });

  it('keeps the flag set until 1 second after the redirect, then a new 401 shows the dialog again', async () => {
    const s = signedInActor();
    await vi.advanceTimersByTimeAsync(0);
    s.notify('/client/tickets');
    s.actor.send({ type: 'session.expiredAcknowledged' });
    expect(s.actor.getSnapshot().value).toBe('loggedOut');
    s.actor.send({ type: 'session.logIn', credentials: { email: 'client@acme.demo.test', password: 'x' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    // Still inside the second after the redirect: a late 401 from the old session opens nothing.
    s.notify('/client/tickets');
    expect(s.actor.getSnapshot().value).toBe('loggedIn');
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_FLAG_RESET_MS - 10);
    expect(s.actor.getSnapshot().context.expiredDialogFlag).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(s.actor.getSnapshot().context.expiredDialogFlag).toBe(false);
    s.notify('/client/tickets');
    expect(s.actor.getSnapshot().value).toBe('expired');
  });
});

describe('client session: a new tab', () => {
  it('verifies a stored token and client user without the per-tab flag, then restores the per-tab keys', async () => {
    const { store, areas } = memorySession(true);
    areas.session.clear();
    const verified: string[] = [];
    const machine = clientSessionMachine.provide({
      actors: {
        verifyToken: fromPromise(async () => {
          verified.push(areas.persistent.getItem('token')!);
          return DEMO_USER;
        }),
        unauthorizedNotices: fromCallback(() => undefined),
      },
    });
    const actor = createActor(machine, { input: { store } }).start();
    expect(actor.getSnapshot().value).toBe('verifying');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(verified).toEqual(['stored-token']);
    expect({ token: areas.session.getItem('token'), auth: areas.session.getItem('auth'), userid: areas.session.getItem('userid') }).toEqual({
      token: 'stored-token',
      auth: 'true',
      userid: String(DEMO_USER.id),
    });
  });

  it('goes to logged out with nothing stored', () => {
    const { store } = memorySession(false);
    const actor = createActor(clientSessionMachine, { input: { store } }).start();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    actor.stop();
  });
});

describe('client pages HTTP client', () => {
  const server = setupServer(
    mswHttp.get('*/api/v2/client/dashboard', () => HttpResponse.json({ error: { code: 'unauthenticated', message: 'Sign in first' } }, { status: 401 })),
    mswHttp.get('*/api/v2/client/scrs', () => HttpResponse.json({ error: { code: 'internal', message: 'Down' } }, { status: 500 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('reports a 401 with the page path and still passes the error to the caller', async () => {
    window.history.pushState({}, '', '/client/tickets');
    const notices: string[] = [];
    const off = onClientUnauthorized((n) => notices.push(n.path));
    await expect(clientHttp.get('/api/v2/client/dashboard')).rejects.toMatchObject({ status: 401 } satisfies Partial<ApiError>);
    await expect(clientHttp.get('/api/v2/client/scrs')).rejects.toMatchObject({ status: 500 });
    off();
    expect(notices).toEqual(['/client/tickets']);
  });

  it('sends the bearer header from the session token, else the stored token', async () => {
    const seen: (string | null)[] = [];
    server.use(mswHttp.get('*/api/v2/client/support-info', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json({ phone: '1', hours: 'x' });
    }));
    window.localStorage.setItem('token', 'stored');
    await clientHttp.get('/api/v2/client/support-info');
    window.sessionStorage.setItem('token', 'tab');
    await clientHttp.get('/api/v2/client/support-info');
    expect(seen).toEqual(['Bearer stored', 'Bearer tab']);
  });
});
