/**
 * Paths generated from the staff session machine over what a person can do on the screens
 * (sign in with a right or wrong password, sign out with the server answering 200, 401 or 503),
 * replayed against the rendered app with msw answering as each path says.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/App';
import * as log from '@/shared/log';
import { httpError } from '@tests/support/controllable';
import { eventsWhileRunning, expectAllEventsUsed, transitionPaths } from '@tests/support/path-coverage';
import { AGENT_LOGIN, staffSessionHarness } from '@tests/support/staff-session-harness';

const EVENTS = [
  { type: 'session.signIn', credentials: { email: 'agent@demo.test', password: 'pw' } },
  { type: 'xstate.done.actor.login', output: AGENT_LOGIN },
  { type: 'xstate.error.actor.login', error: httpError(401, 'Email or password is incorrect') },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: httpError(401) },
  { type: 'xstate.error.actor.logout', error: httpError(503) },
] as const;

type Snap = { value: unknown; context: { signInError: string | null } };
const top = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]!);
const h = staffSessionHarness();
// What the screens show: the state and whether an error is shown.
const paths = transitionPaths(h.machine, {
  input: h.input,
  events: eventsWhileRunning(EVENTS as never) as never,
  serializeState: ((s: Snap) => JSON.stringify([s.value, Boolean(s.context.signInError)])) as never,
});

let loginStatus = 200;
let logoutStatus = 200;
const server = setupServer(
  http.post('/api/v2/auth/login', () =>
    loginStatus === 200
      ? HttpResponse.json(AGENT_LOGIN)
      : HttpResponse.json({ error: { code: 'invalid_credentials', message: 'Email or password is incorrect' } }, { status: loginStatus }),
  ),
  http.post('/api/v2/profile/who/am/i', () => HttpResponse.json([{ userid: 3, name: 'Avery Agent', email: 'a@x.test', role: 'user', title: null, department: null }])),
  http.post('/api/v2/profile/me', () => HttpResponse.json({ userid: 3, name: 'Avery Agent', email: 'a@x.test', role: 'user', title: null, department: null })),
  http.post('/api/v2/ticket/check/overdue', () => HttpResponse.json({ overdueTickets: [] })),
  http.get('/api/v2/tickets/mine', () => HttpResponse.json({ tickets: [], overdue: [], counts: { open: 0, overdue: 0, due_today: 0 }, today: { from: '2026-11-26T00:00:00.000Z', to: '2026-11-26T23:59:59.999Z' }, assignee_id: 3 })),
  http.get('/logout', () =>
    logoutStatus === 200 ? HttpResponse.json({ ok: true }) : HttpResponse.json({ error: { code: 'x', message: 'no' } }, { status: logoutStatus }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  vi.spyOn(log, 'logError').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const statusOf = (event: { type: string; error?: { status: number } } | undefined) =>
  !event || event.type.startsWith('xstate.done') ? 200 : (event.error?.status ?? 500);

async function expectScreen(state: Snap) {
  const t = top(state.value);
  if (t === 'signedIn') expect(await screen.findByRole('heading', { name: 'Welcome, Avery Agent' })).toBeInTheDocument();
  if (t === 'signedOut') {
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    if (state.context.signInError) expect(screen.getByRole('alert')).toHaveTextContent('Email or password is incorrect');
    else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }
}

describe('staff session paths on the screens', () => {
  it('uses every event on some path', () => {
    expectAllEventsUsed(paths, EVENTS);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')] as const))('path %i: %s', async (i) => {
    const steps = paths[i]!.steps;
    const user = userEvent.setup();
    render(<App />);
    for (const [n, step] of steps.entries()) {
      const next = steps[n + 1]?.event as { type: string; error?: { status: number } } | undefined;
      if (step.event.type === 'session.signIn') {
        loginStatus = statusOf(next);
        const email = await screen.findByLabelText('Email');
        await user.clear(email);
        await user.type(email, 'agent@demo.test');
        await user.type(screen.getByLabelText('Password'), 'pw');
        await user.click(screen.getByRole('button', { name: 'Sign in' }));
      } else if (step.event.type === 'session.signOut') {
        logoutStatus = statusOf(next);
        await user.click(await screen.findByRole('button', { name: 'Log Out' }));
      }
      if (!['signingIn', 'signingOut'].includes(top(step.state.value))) await expectScreen(step.state as unknown as Snap);
    }
    const last = top(steps.at(-1)!.state.value);
    if (last === 'signedIn' || last === 'signedOut') {
      await waitFor(() => expect(sessionStorage.getItem('auth') === 'true').toBe(last === 'signedIn'));
    }
  });
});
