/**
 * Paths generated from the client session machine, replayed against the rendered client portal
 * with the API mocked by msw. Each machine event becomes what causes it in the browser: the
 * verify-token answer, a page request answering 401, a click on "Log In" or "Log Out".
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { clientSessionMachine, type ClientSessionEvent } from '@/shared/session/client-session.machine';
import { clientPortalApi } from '@/features/client-portal/api';
import { DEMO_USER, memorySession } from '@tests/shared/session/client-session.support';
import { clientApiServer, renderClientAt, storeClientSession, unauthorized } from './support';

const server = clientApiServer(
  http.get('*/api/v2/client/dashboard', () => HttpResponse.json({ openTickets: [], openTicketCount: 0, recentReplies: [], openScrs: [] })),
  // The dashboard's paper-orders card.
  http.get('*/api/v2/client/paper/orders', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 20 })),
  http.get('*/logout', () => HttpResponse.json({ done: true })),
);

/** The events a browser can cause with a stored session, as the graph sees them. */
const EVENTS = [
  { type: 'xstate.done.actor.verifyToken', output: DEMO_USER },
  { type: 'xstate.error.actor.verifyToken', error: { status: 401 } },
  { type: 'session.unauthorized', path: '/client/' },
  { type: 'session.expiredAcknowledged' },
  { type: 'session.logOut' },
  { type: 'xstate.done.actor.logout', output: undefined },
] as unknown as ClientSessionEvent[];

/** The shortest path to each state, and the shortest path ending with each event. */
const shortest = getShortestPaths(clientSessionMachine, { events: EVENTS, input: { store: memorySession(true).store } });
const simple = getSimplePaths(clientSessionMachine, { events: EVENTS, input: { store: memorySession(true).store } });
const endingWith = new Map<string, (typeof simple)[number]>();
for (const p of [...simple].sort((a, b) => a.steps.length - b.steps.length)) {
  const last = p.steps.at(-1)?.event.type;
  if (last && !endingWith.has(last) && !shortest.some((s) => s.steps.at(-1)?.event.type === last)) endingWith.set(last, p);
}
const paths = [...shortest, ...endingWith.values()];

/** What the view shows in each state of the session. */
async function expectView(state: string) {
  if (state === 'loggedIn') {
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  } else if (state === 'loggedOut') {
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  } else if (state === 'expired') {
    expect(await screen.findByRole('alertdialog', { name: 'Session Expired' })).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  }
}

describe('client session paths replayed against the views', () => {
  const replayable = paths;
  it('has paths to the logged-in, logged-out and expired views, using every event listed', () => {
    const reached = new Set(replayable.map((p) => JSON.stringify(p.state.value)));
    expect([...reached]).toEqual(expect.arrayContaining(['"loggedIn"', '"loggedOut"', '"expired"']));
    const used = new Set(replayable.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect(EVENTS.map((e) => e.type).filter((t) => !used.has(t))).toEqual([]);
  });

  for (const path of replayable) {
    const events = path.steps.map((s) => s.event as EventObject).filter((e) => e.type !== 'xstate.init');
    it(`${JSON.stringify(path.state.value)} via ${events.map((e) => e.type).join(' → ') || '(start)'}`, async () => {
      storeClientSession();
      const verifyFails = events.some((e) => e.type === 'xstate.error.actor.verifyToken');
      let verifications = 0;
      server.use(
        http.post('*/api/v2/client/verify-token', () => {
          verifications += 1;
          return verifyFails ? unauthorized() : HttpResponse.json({ valid: true, user: DEMO_USER });
        }),
      );
      renderClientAt('/');
      for (const step of path.steps) {
        const e = step.event as EventObject;
        if (e.type === 'session.unauthorized') {
          server.use(http.get('*/api/v2/client/dashboard', unauthorized));
          await act(async () => void (await clientPortalApi.dashboard().catch(() => undefined)));
        } else if (e.type === 'session.expiredAcknowledged') {
          await userEvent.click(await screen.findByRole('button', { name: 'Log In' }));
        } else if (e.type === 'session.logOut') {
          await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
        }
        // verify-token and logout answers come from msw.
        const value = step.state.value as string;
        if (value === 'loggedIn' || value === 'loggedOut' || value === 'expired') await expectView(value);
      }
      // Every path starts with the stored token checked once (a path that ends while it is checked included).
      await waitFor(() => expect(verifications).toBe(1));
    });
  }
});
