import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';

// The query machine (createQueryMachine), as the home screen uses it; every other screen's
// query machine has the same chart.
const entry = machineRegistry.find((m) => m.id === 'my-tickets')!;

describeMachinePaths(entry, {
  inputs: { 'no query': () => ({}), 'a page': () => ({ query: { page: 1 } }) },
  events: [{ type: 'query.set', query: { page: 2 } }, { type: 'query.reload' }],
  outputs: { load: [[{ id: 1, title: 'Printer offline' }]] },
  errors: { load: [new Error('Network Error'), new ApiError(403, 'forbidden', 'Managers only')] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.error).toBeNull();
    if (snapshot.matches('ready')) expect(snapshot.context.data).toEqual([{ id: 1, title: 'Printer offline' }]);
    if (snapshot.matches('failed')) expect(['Network Error', 'Managers only']).toContain(snapshot.context.error);
  },
});
