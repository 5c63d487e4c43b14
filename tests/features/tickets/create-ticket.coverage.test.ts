import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

// The submit machine (createSubmitMachine), as the create-ticket form uses it.
const entry = machineRegistry.find((m) => m.id === 'create-ticket')!;

describeMachinePaths(entry, {
  events: [{ type: 'form.submit', input: { title: 'Printer offline' } }, { type: 'form.reset' }],
  outputs: { submit: [{ id: 9 }] },
  errors: { submit: [{ status: 400, message: 'title is required', fields: { title: 'Required' } }] },
  check: (snapshot) => {
    if (snapshot.matches('saved')) expect(snapshot.context.result).toEqual({ id: 9 });
    if (snapshot.matches('saved')) expect(snapshot.context.error).toBeNull();
  },
});
