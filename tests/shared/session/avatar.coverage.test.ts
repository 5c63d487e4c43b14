/** Paths generated from the header picture's machine, replayed on a live actor whose fetch the replay settles. */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { avatarMachine } from '@/shared/session/avatar.machine';
import * as log from '@/shared/log';
import { controllable, httpError } from '@tests/support/controllable';
import { eventsWhileRunning, expectAllEventsUsed, replay, transitionPaths, itReachesEveryStateAndTransition, recordCoverage } from '@tests/support/path-coverage';
import { machineRegistry } from '@/app/machine-registry';

const EVENTS = [
  // profile/me names a version, the profile sets a new one, or removes it.
  { type: 'avatarChanged', version: 6 },
  { type: 'avatarChanged', version: null },
  { type: 'xstate.done.actor.fetchAvatar', output: 'blob:avatar-6' },
  { type: 'xstate.error.actor.fetchAvatar', error: httpError(404) },
];

type Snap = { value: unknown; context: { version: number | null; url: string | null } };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.version, s.context.url]);

const paths = [{ userid: '3', version: null }, { userid: '3', version: 4 }].flatMap((input) =>
  transitionPaths(avatarMachine, { input, events: eventsWhileRunning(EVENTS) as never, serializeState: serializeState as never }).map((p) => ({ ...p, input })),
);

describe('avatar machine paths', () => {
  it('uses every event on some path', () => expectAllEventsUsed(paths, EVENTS));

  it.each(paths.map((p, i) => [i, `${p.input.version ?? 'none'}: ${p.steps.map((s) => s.event.type).join(' → ')}`] as const))('path %i: %s', async (i) => {
    vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const fetch = controllable<string, { userid: string; version: number }>('fetchAvatar');
    const actor = createActor(avatarMachine.provide({ actors: { fetchAvatar: fetch.logic } }), { input: paths[i]!.input });
    recordCoverage(actor);
    actor.start();
    await replay(actor, paths[i]!.steps, { fetchAvatar: fetch as never });
    const expected = (paths[i]!.state as Snap).context;
    expect(actor.getSnapshot().context.version).toBe(expected.version);
    expect(actor.getSnapshot().context.url).toBe(expected.url);
    actor.stop();
  });
});

describe('avatar path coverage', () => {
  itReachesEveryStateAndTransition(machineRegistry.find((m) => m.id === 'avatar')!);
});
