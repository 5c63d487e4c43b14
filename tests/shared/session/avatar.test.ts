/** The header picture's machine: what it fetches, what it shows, and the object URLs it lets go. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { avatarMachine } from '@/shared/session/avatar.machine';
import { announceAvatar } from '@/shared/session/avatar-changes';
import * as log from '@/shared/log';
import { controllable, flush, httpError } from '@tests/support/controllable';

function start(version: number | null) {
  const fetch = controllable<string, { userid: string; version: number }>('fetchAvatar');
  const actor = createActor(avatarMachine.provide({ actors: { fetchAvatar: fetch.logic } }), { input: { userid: '3', version } });
  actor.start();
  return { actor, fetch };
}

afterEach(() => vi.restoreAllMocks());

describe('avatar machine', () => {
  it('shows the initials without fetching when the person has no avatar', () => {
    const { actor } = start(null);
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.url).toBeNull();
    actor.stop();
  });

  it('fetches the picture at its version and shows it', async () => {
    const { actor, fetch } = start(4);
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(fetch.calls.at(-1)?.input).toEqual({ userid: '3', version: 4 });
    fetch.resolve('blob:avatar-4');
    await flush();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(actor.getSnapshot().context.url).toBe('blob:avatar-4');
    actor.stop();
  });

  it('keeps the initials and only logs when the picture cannot be fetched', async () => {
    const logged = vi.spyOn(log, 'logError').mockImplementation(() => undefined);
    const { actor, fetch } = start(4);
    fetch.reject(httpError(404));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.url).toBeNull();
    expect(logged).toHaveBeenCalledWith('avatar fetch failed', expect.anything());
    actor.stop();
  });

  it('fetches the new version a change on the profile announces, letting the old picture go', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { actor, fetch } = start(4);
    fetch.resolve('blob:avatar-4');
    await flush();
    announceAvatar(9);
    expect(revoked).toHaveBeenCalledWith('blob:avatar-4');
    expect(actor.getSnapshot().value).toBe('fetching');
    expect(fetch.calls.at(-1)?.input).toEqual({ userid: '3', version: 9 });
    fetch.resolve('blob:avatar-9');
    await flush();
    expect(actor.getSnapshot().context.url).toBe('blob:avatar-9');
    announceAvatar(null);
    expect(revoked).toHaveBeenCalledWith('blob:avatar-9');
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().context.url).toBeNull();
    actor.stop();
  });

  it('revokes the picture shown when it stops (the session ends) and hears no more changes', async () => {
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { actor, fetch } = start(4);
    fetch.resolve('blob:avatar-4');
    await flush();
    actor.stop();
    expect(revoked).toHaveBeenCalledWith('blob:avatar-4');
    announceAvatar(9);
    expect(actor.getSnapshot().context.version).toBe(4);
  });
});
