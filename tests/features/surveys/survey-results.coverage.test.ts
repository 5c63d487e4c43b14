import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'survey-results')!;
/** Enough of an answer for the machine: the comment total decides the last page. */
const results = { comments: { total: 1000, rows: [] } };

describeMachinePaths(entry, {
  events: [
    { type: 'results.filter', filters: { kind: 'support' } },
    { type: 'results.page', page: 2 },
    { type: 'results.export' },
    { type: 'results.retry' },
  ],
  outputs: { loadResults: [results], exportCsv: [undefined] },
  errors: { loadResults: [new Error('Network Error')], exportCsv: [new Error('Network Error')] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.results).not.toBeNull();
  },
});
