import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { TeamWeeksContext } from '@/features/time/machines/team-weeks.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { teamWeeks } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'team-weeks')!;
const refused = (error: string) => ({ error, fieldErrors: {} });

describeMachinePaths(entry, {
  inputs: { 'the week of 9 March': () => ({ week: '2026-03-09' }) },
  events: [
    // From the timesheet and the view
    { type: 'week.set', week: '2026-03-16' },
    { type: 'team.reload' },
    { type: 'selection.set', users: [3] },
    { type: 'weeks.approve', users: [3] },
    { type: 'weeks.reject', users: [3], reason: 'Tuesday is missing its note' },
    { type: 'week.reopen', user: 3 },
    // From the children
    { type: 'team.loaded', data: teamWeeks },
    { type: 'team.loadFailed', error: 'The server could not be reached; check the connection and try again' },
    { type: 'weeks.decided', result: { decided: 1 } },
    { type: 'weeks.decideFailed', ...refused("Avery Agent's week of 2026-03-09 is approved, not submitted") },
    { type: 'week.reopened', result: {} },
    { type: 'week.reopenFailed', ...refused("Avery Agent's week of 2026-03-09 is draft; only a submitted or approved week is reopened") },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as TeamWeeksContext).week]),
  check: (snapshot) => {
    const c = snapshot.context as TeamWeeksContext;
    if (snapshot.matches({ list: 'ready' })) expect(c.weeks).toEqual(teamWeeks);
    if (snapshot.matches({ list: 'failed' })) expect(c.loadError).toMatch(/could not be reached/);
  },
});
