import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

// The form machine (createFormMachine), as the client portal's contact form uses it.
const entry = machineRegistry.find((m) => m.id === 'client-contact-support')!;

describeMachinePaths(entry, {
  events: [{ type: 'form.submit', values: { subject: 'Printer', message: 'Offline again' } }, { type: 'form.reset' }],
  outputs: { submit: [{ sent: true }] },
  errors: { submit: [{ message: 'message is required', fields: { message: 'Required' } }] },
  check: (snapshot) => {
    if (snapshot.matches('done')) expect(snapshot.context.error).toBeNull();
    if (snapshot.matches('editing') && snapshot.context.error) expect(snapshot.context.fieldErrors).toEqual({ message: 'Required' });
  },
});
