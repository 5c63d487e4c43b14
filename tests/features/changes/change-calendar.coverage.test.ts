import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { changeCalendarMachine, type ChangeCalendarContext } from '@/features/changes/machines/change-calendar.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'change-calendar')!;
const reloads: unknown[] = [];
/** The feeds' query actor stand-in: it records the reloads it is told. */
const feeds = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } }));
  actor.start();
  return actor;
};
const URL_MADE = 'https://care.example/api/v2/changes/feed/secret.ics';

describeMachinePaths(entry, {
  inputs: { 'my feeds': () => ({ feeds: feeds() }) },
  events: [
    { type: 'feed.add' },
    { type: 'feed.added', result: { id: 4, createdAt: '2031-03-12T09:00:00Z', url: URL_MADE } },
    { type: 'feed.revoke', id: 4 },
    { type: 'feed.revoked', result: undefined },
    { type: 'revoke.refused', error: 'No such calendar feed', fieldErrors: {} },
    { type: 'created.dismiss' },
    { type: 'created.copy' },
  ],
  outputs: { copyText: [undefined] },
  errors: { copyText: [new Error('The clipboard is not allowed')] },
  serializeState: (s) => JSON.stringify([s.value, (s.context as ChangeCalendarContext).created]),
  check: (snapshot) => {
    const c = snapshot.context as ChangeCalendarContext;
    expect(c.created === null || c.created === URL_MADE).toBe(true);
  },
});

describe('the change calendar’s feeds', () => {
  it('shows a new address once, and hides it when a feed is revoked, loading the list again after each', () => {
    const screen = createActor(changeCalendarMachine, { input: { feeds: feeds() } }).start();
    const before = reloads.length;
    screen.send({ type: 'feed.added', result: { id: 4, createdAt: '2031-03-12T09:00:00Z', url: URL_MADE } });
    expect(screen.getSnapshot().context.created).toBe(URL_MADE);
    screen.send({ type: 'feed.revoked', result: undefined });
    expect(screen.getSnapshot().context.created).toBeNull();
    expect(reloads.length).toBe(before + 2);
  });
});
