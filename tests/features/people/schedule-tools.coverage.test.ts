import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { FeedCreated } from '@contracts/people-schedule';
import { machineRegistry } from '@/app/machine-registry';
import type { ScheduleToolsContext } from '@/features/people/machines/schedule-tools.machine';
import { ApiError } from '@/shared/http/http';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'schedule-tools')!;
const reloads: string[] = [];
/** The schedule editor, standing in: it records the reloads it is told. */
const editor = () => createActor(createMachine({ on: { 'schedule.reload': { actions: () => reloads.push('reload') } } })).start();
const CREATED: FeedCreated = { id: 4, teamId: null, teamName: null, createdAt: '2026-11-26T10:00:00.000Z', url: 'https://desk.example/api/v2/schedule/feed/abc.ics' };

describeMachinePaths(entry, {
  inputs: { default: () => ({ editor: editor() }) },
  events: [
    { type: 'tools.rotation' },
    { type: 'tools.overrides' },
    { type: 'tools.swap' },
    { type: 'tools.feeds' },
    { type: 'tools.close' },
    { type: 'rotation.saved', result: { rule: 'FREQ=WEEKLY;BYDAY=MO', timeZone: 'America/Chicago', handover: '09:00', startsOn: '2026-11-23', members: [3] } },
    { type: 'override.saved', result: { id: 9 } },
    { type: 'override.remove', id: 9 },
    { type: 'swap.saved', result: {} },
    { type: 'feed.created', result: CREATED },
    { type: 'feed.revoke', id: 4 },
    { type: 'feed.copy' },
    { type: 'feeds.retry' },
  ],
  outputs: { removeOverride: [undefined], loadFeeds: [[{ id: 4, teamId: null, teamName: null, createdAt: CREATED.createdAt }]], revokeFeed: [undefined], copyText: [undefined] },
  errors: {
    removeOverride: [new ApiError(404, 'not_found', 'No such override; it may have been removed already')],
    loadFeeds: [new ApiError(503, 'unavailable', 'The database is busy')],
    revokeFeed: [new ApiError(404, 'not_found', 'No such feed')],
    copyText: [new Error('denied')],
  },
  serializeState: (s) => {
    const c = s.context as ScheduleToolsContext;
    return JSON.stringify([s.value, c.created?.id ?? null, c.feeds.length, c.error]);
  },
  check: (snapshot) => {
    const c = snapshot.context as ScheduleToolsContext;
    // The secret address shows only inside the feeds dialog.
    if (!snapshot.matches('feeds')) expect(c.created).toBeNull();
    if (snapshot.matches({ overrides: 'removing' }) || snapshot.matches({ feeds: 'revoking' })) expect(snapshot.hasTag('busy')).toBe(true);
  },
});

describe('the schedule tools machine', () => {
  it('reads the week again once the rotation is saved, and not when it is refused', () => {
    const before = reloads.length;
    const tools = createActor(entry.machine, { input: { editor: editor() } }).start();
    tools.send({ type: 'tools.rotation' });
    expect(tools.getSnapshot().children.rotationForm).toBeDefined();
    tools.send({ type: 'rotation.refused', error: 'x', fieldErrors: { members: 'Put at least one person on the rotation' } });
    expect(tools.getSnapshot().value).toBe('rotation');
    expect(reloads.length).toBe(before);
    tools.send({ type: 'rotation.saved', result: { rule: 'FREQ=DAILY', timeZone: 'UTC', handover: '09:00', startsOn: '2026-11-23', members: [3] } });
    expect(tools.getSnapshot().value).toBe('closed');
    expect(reloads.length).toBe(before + 1);
    tools.stop();
  });

  it('shows a new feed’s address until the dialog closes, copies it, and forgets it once that feed is revoked', async () => {
    const notices = recordingNotifier();
    const restore = provideNotifier(notices);
    const copied: string[] = [];
    const tools = createActor(
      entry.machine.provide({
        actors: {
          loadFeeds: fromPromise(async () => []),
          revokeFeed: fromPromise(async () => undefined),
          copyText: fromPromise<void, { text: string }>(async ({ input }) => void copied.push(input.text)),
        },
      }),
      { input: { editor: editor() } },
    ).start();
    tools.send({ type: 'tools.feeds' });
    await waitFor(tools, (s) => s.matches({ feeds: 'ready' }));
    tools.send({ type: 'feed.created', result: CREATED });
    await waitFor(tools, (s) => s.matches({ feeds: 'ready' }));
    tools.send({ type: 'feed.copy' });
    await waitFor(tools, (s) => s.matches({ feeds: 'ready' }));
    expect(copied).toEqual([CREATED.url]);
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Address copied' });
    tools.send({ type: 'feed.revoke', id: CREATED.id });
    expect(tools.getSnapshot().context.created).toBeNull();
    await waitFor(tools, (s) => s.matches({ feeds: 'ready' }));
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Feed revoked: its address no longer works' });
    restore();
    tools.stop();
  });
});
