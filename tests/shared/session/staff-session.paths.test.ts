/**
 * Paths generated from the staff session machine itself (getShortestPaths over the events
 * below, from each starting storage), replayed on a live actor whose service calls the replay
 * settles. Every event type must be used by some path.
 */
import { describe, expect, it, vi } from 'vitest';
import * as log from '@/shared/log';
import { httpError } from '@tests/support/controllable';
import { eventsWhileRunning, expectAllEventsUsed, replay, transitionPaths, itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';
import { AGENT_LOGIN, agentProfile, staffSessionHarness } from '@tests/support/staff-session-harness';
import { machineRegistry } from '@/app/machine-registry';

const EVENTS = [
  { type: 'session.signIn', credentials: { email: 'agent@demo.test', password: 'care-demo-2026' } },
  { type: 'xstate.done.actor.login', output: AGENT_LOGIN },
  { type: 'xstate.error.actor.login', error: httpError(401, 'Email or password is incorrect') },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.logout' },
  { type: 'xstate.error.actor.logout', error: httpError(401) },
  { type: 'xstate.error.actor.logout', error: httpError(500) },
  { type: 'session.check', stored: { token: 'tok-agent', auth: 'true', userid: '3', username: 'Avery Agent', role: 'user' } },
  { type: 'session.check', stored: { token: null, auth: 'true', userid: null, username: null, role: null } },
  { type: 'session.check', stored: { token: null, auth: null, userid: null, username: null, role: null } },
  { type: 'session.handedOver', user: { userid: '7', username: 'Morgan Manager' }, role: 'manager' },
  // The portal's message may lack the user id: the initials stay unknown.
  { type: 'session.handedOver', user: { userid: '', username: '' }, role: 'user' },
  { type: 'session.openLearningCenter' },
  { type: 'xstate.done.actor.learningCenterUrl', output: 'https://learn.example.com/' },
  { type: 'xstate.error.actor.learningCenterUrl', error: httpError(500) },
  { type: 'xstate.done.actor.whoAmI', output: [agentProfile('manager')] },
  { type: 'xstate.error.actor.whoAmI', error: httpError(500) },
  { type: 'xstate.done.actor.profileMe', output: agentProfile() },
  { type: 'xstate.error.actor.profileMe', error: httpError(500) },
] as const;

const FIXTURES: Record<string, Record<string, string>> = {
  'nothing stored': {},
  'a stored session': { token: 'tok-agent', auth: 'true', userid: '3', username: 'Avery Agent', role: 'user' },
  'only the auth flag': { auth: 'true' },
};

type Snap = { value: unknown; context: { role: string; initials: string; signInError: string | null; user: unknown } };
/** A snapshot as the traversal tells states apart: the state value and what the views read. */
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.role, s.context.initials, s.context.signInError, s.context.user]);

const allPaths: { steps: readonly { event: { type: string } }[] }[] = [];

describe.each(Object.entries(FIXTURES))('staff session paths starting with %s', (_, stored) => {
  const paths = transitionPaths(staffSessionHarness(stored).machine, {
    input: staffSessionHarness(stored).input,
    events: eventsWhileRunning(EVENTS as never) as never,
    serializeState: serializeState as never,
  });
  allPaths.push(...paths);

  it('has paths to replay', () => {
    expect(paths.length).toBeGreaterThan(1);
  });

  it.each(paths.map((p, i) => [i, p.steps.map((s) => s.event.type).join(' → ')] as const))('path %i: %s', async (i) => {
    vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const h = staffSessionHarness(stored);
    recordCoverage(h.actor);
    h.actor.start();
    await replay(h.actor, paths[i]!.steps, h.controls as never);
    h.actor.stop();
  });
});

describe('staff session path coverage', () => {
  it('uses every event type on some path', () => {
    expectAllEventsUsed(allPaths, EVENTS);
  });
});

describe('staff-session path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'staff-session')!);
});
