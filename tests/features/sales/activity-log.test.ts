import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Activity, ActivityInput } from '@contracts/sales';
import { activityLogMachine } from '@/features/sales/machines/activity-log.machine';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';

const activity: Activity = {
  id: 7, kind: 'call', companyId: 1, companyName: 'Acme Utilities', staffId: 3, staffName: 'Avery Agent', occurredOn: '2026-11-23',
  amountCents: null, quoteId: null, quoteNumber: null, channelName: null, notes: '', createdAt: '2026-11-23T10:00:00Z',
};
const input: ActivityInput = { kind: 'call', companyId: 1, occurredOn: '2026-11-23', notes: '' };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the activity dialog machine', () => {
  // What the machine says goes to the notifier the app provides; here, a recorder.
  let recorder = recordingNotifier();
  let restore: () => void = () => undefined;
  beforeEach(() => {
    recorder = recordingNotifier();
    restore = provideNotifier(recorder);
  });
  afterEach(() => restore());
  const run = (save: (i: ActivityInput) => Promise<Activity>) => {
    const actor = createActor(activityLogMachine.provide({ actors: { saveActivity: fromPromise(({ input: i }) => save(i)) } }));
    actor.start();
    return actor;
  };

  it('opens with a preset, saves, closes, says so and tells whoever listens what was logged', async () => {
    const save = vi.fn(async () => activity);
    const actor = run(save);
    const heard: unknown[] = [];
    actor.on('activity.logged', (e) => heard.push(e));
    actor.send({ type: 'log.open', preset: { kind: 'sale', companyId: 1, companyName: 'Acme Utilities' } });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.preset).toEqual({ kind: 'sale', companyId: 1, companyName: 'Acme Utilities' });
    actor.send({ type: 'log.submit', input });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await tick();
    expect(save).toHaveBeenCalledWith(input);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.last).toEqual(activity);
    expect(heard).toEqual([{ type: 'activity.logged', activity }]);
    expect(recorder.notices).toEqual([{ tone: 'success', title: 'Call logged for Acme Utilities' }]);
  });

  it('stays open with the server’s message and field errors when the save is refused, and opens clean next time', async () => {
    const actor = run(() => Promise.reject(new ApiError(400, 'invalid_input', 'Invalid body', { companyId: 'No such company' })));
    const heard: unknown[] = [];
    actor.on('activity.logged', (e) => heard.push(e));
    actor.send({ type: 'log.open' });
    actor.send({ type: 'log.submit', input });
    await tick();
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: { companyId: 'No such company' }, last: null });
    expect(heard).toEqual([]);
    actor.send({ type: 'log.close' });
    actor.send({ type: 'log.open' });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: {}, preset: {} });
  });
});
