import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { teamWeeks } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'team-weeks')!;

describeMachinePaths(entry, {
  events: [
    { type: 'week.set', week: '2026-03-16' },
    { type: 'team.reload' },
    { type: 'weeks.approve', users: [3] },
    { type: 'weeks.reject', users: [3], reason: 'Tuesday is missing its note' },
    { type: 'week.reopen', user: 3 },
  ],
  outputs: { loadTeam: [teamWeeks], decide: [{ decided: 1 }], reopen: [{}] },
  errors: {
    loadTeam: [{ status: 0, message: 'Network Error' }],
    decide: [{ status: 409, message: "Avery Agent's week of 2026-03-09 is approved, not submitted" }],
    reopen: [{ status: 409, message: "Avery Agent's week of 2026-03-09 is draft; only a submitted or approved week is reopened" }],
  },
  inputs: { 'the week of 9 March': () => ({ week: '2026-03-09' }) },
  // The week and the list are data; states are told apart by the chart and the decision under way.
  serializeState: (s) => JSON.stringify([s.value, s.context.week, s.context.decision?.decision ?? null, s.context.reopening]),
  check: (snapshot) => {
    if (snapshot.matches({ decision: 'approving' })) expect(snapshot.context.decision).toMatchObject({ decision: 'approve', users: [3] });
    if (snapshot.matches({ decision: 'rejecting' })) expect(snapshot.context.decision).toMatchObject({ decision: 'reject', reason: 'Tuesday is missing its note' });
    if (snapshot.matches({ decision: 'reopening' })) expect(snapshot.context.reopening).toBe(3);
  },
});
