import { expect } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';
import { describeMachinePaths } from './path-coverage';

// The list machine (createListMachine), as ticket search uses it.
const entry = machineRegistry.find((m) => m.id === 'ticket-search')!;

describeMachinePaths(entry, {
  events: [{ type: 'list.query', params: { q: 'printer', page: '1' } }, { type: 'list.reload' }, { type: 'list.act', action: 'resend', id: 4 }],
  outputs: { fetch: [{ rows: [], total: 0 }], act: [undefined] },
  errors: { fetch: [{ status: 500, message: 'Server error' }], act: [{ status: 409, message: 'Already sent' }] },
  check: (snapshot) => {
    if (snapshot.matches('ready')) expect(snapshot.context.error).toBeNull();
    if (snapshot.matches('failed')) expect(snapshot.context.error).not.toBeNull();
  },
});
