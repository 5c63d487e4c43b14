import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { BoardSnapshot } from '@contracts/live-displays';
import type { LiveConnectionContext } from '@/features/live-displays/machines/live-connection.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const snapshot = (build: string): BoardSnapshot => ({
  at: '2026-11-26T10:00:00.000Z',
  build,
  data: { board: 'sales', today: { call: 1, letter: 0, lead: 0, sale: 0 }, month: { call: 5, letter: 1, lead: 2, sale: 1 }, monthTargets: { call: 0, letter: 0, lead: 0, sale: 0 }, monthRevenueCents: 100, leaderboard: [] },
});

describeMachinePaths(machineRegistry.find((m) => m.id === 'live-connection')!, {
  inputs: { rotation: () => ({ boards: ['sales', 'support'], rotateSeconds: 30 }) },
  events: [
    { type: 'live.open' },
    { type: 'live.frame', kind: 'snapshot', id: 7, snapshot: snapshot('b1') },
    { type: 'live.frame', kind: 'resync', id: 9, snapshot: snapshot('b2') },
    { type: 'live.beat' },
    { type: 'live.closed' },
    { type: 'live.refused', status: 401, message: 'This display is not paired, or it was revoked' },
    { type: 'live.retry' },
    { type: 'live.show', board: 'support' },
    { type: 'live.tick', now: 1_000 },
  ],
  // Times (the clock, when a message came) would make every step a new state: states are told apart by what they mean.
  serializeState: (s) => {
    const c = s.context as LiveConnectionContext;
    return JSON.stringify([s.value, c.index, c.snapshot !== null, c.staleSince !== null, c.refusal !== null, c.build, Math.min(c.attempt, 1)]);
  },
  check: (s) => {
    const c = s.context as LiveConnectionContext;
    // Stale data are kept, and marked: never live with a stale mark, never refused without a reason.
    if (s.hasTag('live')) expect(c.refusal).toBeNull();
    if (s.matches('refused')) expect(c.refusal).toBeTruthy();
    if (s.hasTag('stale')) expect(c.staleSince).not.toBeNull();
  },
});
