import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'report-viewer')!;
const result = { report: { id: 'tickets-by-status' }, rows: [], columns: [], drill: [], summary: 's' };

describeMachinePaths(entry, {
  events: [
    { type: 'report.open', report: 'tickets-by-status', params: { status: 'open' } },
    { type: 'report.cancel' },
    { type: 'report.retry' },
    { type: 'report.export', kind: 'csv' },
  ],
  outputs: { runReport: [result], exportReport: ['tickets-by-status.csv'], cancelRun: [undefined] },
  errors: { runReport: [new Error('Network Error')], exportReport: [new Error('Network Error')], cancelRun: [new Error('Network Error')] },
  // Run ids and start times differ on every run: states are told apart by what the screen shows.
  serializeState: (s) => JSON.stringify([s.value, s.context.result !== null, s.context.error !== null, s.context.exportError !== null, s.context.exported !== null]),
  check: (snapshot) => {
    if (snapshot.matches('shown')) expect(snapshot.context.result).not.toBeNull();
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBeTruthy();
    if (snapshot.matches('running')) expect(snapshot.context.runId).toBeTruthy();
  },
});
