/**
 * Paths generated from the client session machine (xstate/graph), replayed against the real
 * machine with controllable service actors and fake timers. Invoked calls appear in the graph as
 * their done/error events; the replay settles the call instead of sending the event.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, getNextSnapshot, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { SESSION_EXPIRED_FLAG_RESET_MS } from '@contracts/common/constants';
import { clientSessionMachine, type ClientSessionEvent } from '@/shared/session/client-session.machine';
import { machineRegistry } from '@/app/machine-registry';
import { DEMO_USER, memorySession } from './client-session.support';
import { itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';

const PAGE = '/client/tickets';
const EVENTS = [
  { type: 'session.logIn', credentials: { email: 'client@acme.demo.test', password: 'secret-pass' } },
  { type: 'session.logOut' },
  { type: 'session.unauthorized', path: PAGE },
  { type: 'session.unauthorized', path: '/client/login' },
  { type: 'session.expiredAcknowledged' },
  { type: 'session.expiredFlagReset' },
  { type: 'xstate.done.actor.verifyToken', output: DEMO_USER },
  { type: 'xstate.error.actor.verifyToken', error: { status: 401, message: 'Sign in first' } },
  { type: 'xstate.error.actor.verifyToken', error: { status: 0, message: 'offline' } },
  { type: 'xstate.done.actor.login', output: { token: 'new-token', user: DEMO_USER } },
  { type: 'xstate.error.actor.login', error: { status: 401, message: 'Wrong email or password' } },
  { type: 'xstate.done.actor.logout', output: undefined },
  { type: 'xstate.error.actor.logout', error: { status: 500, message: 'boom' } },
] as unknown as ClientSessionEvent[];

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** The real machine with service actors the replay settles by hand. */
function replayable(signedIn: boolean) {
  const { store, areas } = memorySession(signedIn);
  const pending = new Map<string, Deferred>();
  let notify: ((path: string) => void) | undefined;
  const call = (name: string) =>
    fromPromise(() => new Promise((resolve, reject) => pending.set(name, { resolve, reject })));
  const machine = clientSessionMachine.provide({
    actors: {
      verifyToken: call('verifyToken') as never,
      login: call('login') as never,
      logout: call('logout') as never,
      unauthorizedNotices: fromCallback(({ sendBack }) => {
        notify = (path) => sendBack({ type: 'session.unauthorized', path });
      }),
    },
  });
  const actor = createActor(machine, { input: { store } });
  recordCoverage(actor);
  actor.start();
  return {
    actor,
    areas,
    async step(event: EventObject & { output?: unknown; error?: unknown; path?: string }) {
      const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
      if (m) {
        const d = pending.get(m[2]!);
        expect(d, `no ${m[2]} call under way for ${event.type}`).toBeDefined();
        pending.delete(m[2]!);
        if (m[1] === 'done') d!.resolve(event.output);
        else d!.reject(event.error);
        await vi.advanceTimersByTimeAsync(0);
      } else if (event.type === 'session.unauthorized') {
        notify!(event.path!);
      } else if (event.type === 'session.expiredFlagReset') {
        // The flag reset is time passing, not something a user sends.
        await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_FLAG_RESET_MS);
      } else {
        actor.send(event as ClientSessionEvent);
      }
    },
  };
}

type AnyPath = ReturnType<typeof getShortestPaths<typeof clientSessionMachine>>[number];

/**
 * The shortest path to every state, plus, for every event type from every state, the shortest
 * simple path that ends with it (so an event whose target state is already reached otherwise is
 * still replayed).
 */
function pathsFor(signedIn: boolean): AnyPath[] {
  const shortest = getShortestPaths(clientSessionMachine, { events: EVENTS, input: { store: memorySession(signedIn).store } });
  const simple = getSimplePaths(clientSessionMachine, { events: EVENTS, input: { store: memorySession(signedIn).store } });
  const byLastEvent = new Map<string, AnyPath>();
  for (const p of [...simple].sort((a, b) => a.steps.length - b.steps.length)) {
    const last = p.steps.at(-1)?.event as (EventObject & { path?: string }) | undefined;
    if (!last) continue;
    // By the state it leaves too, and by the error's status, so that every branch is taken once.
    const from = JSON.stringify(p.steps.at(-2)?.state.value ?? null);
    const key = `${from}|${last.type}${last.path ?? ''}|${(last as { error?: { status?: number } }).error?.status ?? ''}`;
    if (!byLastEvent.has(key)) byLastEvent.set(key, p);
  }
  // One more step with every event a reached state handles: the branches that end where another
  // path already went (a network error keeping the session) and targetless ones are taken too.
  const oneMore = shortest.flatMap((p) =>
    EVENTS.filter((e) => p.state.can(e)).map((e) => {
      const next = getNextSnapshot(clientSessionMachine, p.state, e);
      return { ...p, state: next, steps: [...p.steps, { event: e, state: next }] } as AnyPath;
    }),
  );
  return [...shortest, ...byLastEvent.values(), ...oneMore];
}

const detail = (e: EventObject & { path?: string; error?: { status?: number } }) =>
  e.path ? `(${e.path})` : e.error?.status !== undefined ? `(${e.error.status})` : '';
const serialize = (p: { steps: { event: EventObject }[] }) => p.steps.map((s) => `${s.event.type}${detail(s.event)}`).join(' → ');

describe('client session machine: generated paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  for (const signedIn of [false, true]) {
    const paths = pathsFor(signedIn);
    const seen = new Set<string>();
    const unique = paths.filter((p) => {
      const key = serialize(p);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });

    describe(signedIn ? 'with a stored session' : 'with nothing stored', () => {
      it('generates paths', () => expect(unique.length).toBeGreaterThan(3));

      for (const path of unique) {
        it(`reaches ${JSON.stringify(path.state.value)} via ${serialize(path) || '(start)'}`, async () => {
          const r = replayable(signedIn);
          for (const step of path.steps) {
            await r.step(step.event as EventObject);
            const snap = r.actor.getSnapshot();
            expect(snap.value).toEqual(step.state.value);
            expect(snap.context.expiredDialogFlag).toBe(step.state.context.expiredDialogFlag);
            expect(snap.hasTag('sessionExpired')).toBe(step.state.hasTag('sessionExpired'));
            // Whatever the path, the stored session agrees with the state.
            const auth = r.areas.session.getItem('auth');
            if (snap.matches('loggedIn')) expect(auth).toBe('true');
            if (snap.matches('expired') || (snap.matches('loggedOut') && !signedIn)) expect(auth).toBeNull();
          }
          r.actor.stop();
        });
      }
    });
  }

  it('covers every event type the machine handles', () => {
    const covered = new Set<string>([...pathsFor(false), ...pathsFor(true)].flatMap((p) => p.steps.map((s) => s.event.type)));
    const handled = (clientSessionMachine.events as string[]).filter((t) => !t.startsWith('xstate.init'));
    expect(handled).toContain('session.unauthorized');
    expect(handled.filter((t) => !covered.has(t))).toEqual([]);
  });
});

describe('client-session path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'client-session')!);
});
