import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { describeMachinePaths } from './path-coverage';

// The query machine (createQueryMachine), as the client dashboard uses it.
const entry = machineRegistry.find((m) => m.id === 'client-dashboard')!;

describeMachinePaths(entry, {
  inputs: { 'no query': () => ({ query: undefined }) },
  events: [{ type: 'query.set', query: { page: 2 } }, { type: 'query.reload' }],
  outputs: { load: [{ openTickets: 2 }] },
  errors: { load: [new Error('Network Error')] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.error).toBeNull();
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('Network Error');
  },
});
