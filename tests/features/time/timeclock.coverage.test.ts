import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { clockView } from './time.fixtures';

const entry = machineRegistry.find((m) => m.id === 'timeclock')!;

describeMachinePaths(entry, {
  events: [{ type: 'punch.in' }, { type: 'break.start' }, { type: 'break.end' }, { type: 'punch.out' }, { type: 'sync' }],
  outputs: { load: [clockView.out, clockView.in, clockView.onBreak], punch: [clockView.out, clockView.in, clockView.onBreak] },
  errors: { load: [{ status: 0, message: 'Network Error' }], punch: [{ status: 409, message: 'You are already punched in (in another tab or on another device)' }] },
  inputs: { 'a week in Berlin': () => ({ week: '2026-03-09', tz: 'Europe/Berlin' }) },
  serializeState: (s) => JSON.stringify([s.value, s.context.view?.state ?? null, s.context.action, Boolean(s.context.error)]),
  check: (snapshot) => {
    // Placed states always agree with the server's answer.
    if (snapshot.matches('in')) expect(snapshot.context.view?.state).toBe('in');
    if (snapshot.matches('onBreak')) expect(snapshot.context.view?.state).toBe('onBreak');
    if (snapshot.matches('out')) expect(snapshot.context.view?.state).toBe('out');
  },
});
