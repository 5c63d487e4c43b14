import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

// The submit machine (createSubmitMachine), as the create-ticket form uses it: checked against the endpoint's body schema.
const entry = machineRegistry.find((m) => m.id === 'create-ticket')!;
const filled = { title: 'Printer offline', description: 'It shows E42', company_id: 7, severity: 'M', queue: 'Support' };
const empty = { title: '', description: '', severity: 'M', queue: 'Support' };

describeMachinePaths(entry, {
  events: [
    { type: 'form.submit', input: filled },
    { type: 'form.submit', input: empty },
    { type: 'form.blur', field: 'title', input: empty },
    { type: 'form.change', field: 'title' },
    { type: 'form.reset' },
  ],
  outputs: { submit: [{ id: 9 }] },
  errors: { submit: [{ status: 400, message: 'Invalid body: title (Give the ticket a title)', fields: { title: 'Give the ticket a title' } }] },
  // The count of refusals grows with every refused send; the states differ by what they show.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.fieldErrors, snapshot.context.error]),
  check: (snapshot) => {
    if (snapshot.matches('saved')) expect(snapshot.context.result).toEqual({ id: 9 });
    if (snapshot.matches('saved')) expect(snapshot.context.error).toBeNull();
    // Nothing that was refused by the schema is ever sent: the form is editing with the problems beside their fields.
    if (snapshot.matches('editing') && snapshot.context.fieldErrors.company_id) expect(snapshot.context.fieldErrors.company_id).toBe('Pick a company');
  },
});
