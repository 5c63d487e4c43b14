import { expect } from 'vitest';
import type { CompanyView } from '@contracts/companies';
import { machineRegistry } from '@/app/machine-registry';
import type { CompanyPageContext } from '@/features/companies/machines/company-page.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'company-page')!;
const view = { company: { id: 3, name: 'Harbor Freight' }, contacts: [{ id: 11, name: 'Ann Lee' }], client_users: [], ticket_counts: { open: 0, overdue: 0, total: 0 } } as unknown as CompanyView;
const failure = { error: 'Check the email', fieldErrors: { email: 'Email must be an email address' } };

describeMachinePaths(entry, {
  inputs: { 'a company': () => ({ companyId: 3 }) },
  events: [
    { type: 'company.loaded', data: view },
    { type: 'company.loadFailed', error: 'No such company' },
    { type: 'company.edit' },
    { type: 'contact.edit', id: 11 },
    { type: 'editor.close' },
    { type: 'company.save', payload: { name: 'Harbor Freight Co' } },
    { type: 'signup.save', payload: { signup_policy: 'closed', signup_domains: [] } },
    { type: 'contact.add', payload: { name: 'Cy Diaz' } },
    { type: 'contact.save', id: 11, payload: { name: 'Ann Chan' } },
    { type: 'contact.remove', id: 11 },
    { type: 'change.saved', result: {} },
    { type: 'change.failed', ...failure },
  ],
  serializeState: (s) => JSON.stringify(s.value),
  check: (snapshot) => {
    const c = snapshot.context as CompanyPageContext;
    if (snapshot.matches('failed')) expect(c.loadError).toBe('No such company');
    if (snapshot.matches({ ready: { editor: 'contact' } })) expect(c.editing).toBe(11);
    if (snapshot.matches({ ready: { change: 'saving' } })) expect(c.failure).toBeNull();
    if (c.failure) expect(c.failure.form).toBe(c.change?.form);
  },
});
