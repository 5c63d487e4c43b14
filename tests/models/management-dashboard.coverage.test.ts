import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { describeMachinePaths } from './path-coverage';

// The resource machine again, as the management dashboard uses it.
const entry = machineRegistry.find((m) => m.id === 'management-dashboard')!;

describeMachinePaths(entry, {
  events: [{ type: 'resource.reload' }],
  outputs: { load: [{ openTickets: 3 }] },
  errors: { load: [new Error('Request failed with status code 403')] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.data).toEqual({ openTickets: 3 });
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('Request failed with status code 403');
  },
});
