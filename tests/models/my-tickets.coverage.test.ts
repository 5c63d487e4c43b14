import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { describeMachinePaths } from './path-coverage';

// The resource machine (createResourceMachine), as the home screen uses it.
const entry = machineRegistry.find((m) => m.id === 'my-tickets')!;

describeMachinePaths(entry, {
  events: [{ type: 'resource.reload' }],
  outputs: { load: [[{ id: 1, title: 'Printer offline' }]] },
  errors: { load: [new Error('Network Error')] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.error).toBeNull();
    if (snapshot.matches('failed')) expect(snapshot.context.error).toBe('Network Error');
  },
});
