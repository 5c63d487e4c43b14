/** Create Company's screen machine: the form's events go to its form child; the page it opens once created, or on Cancel. */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CompanyView, CreateCompanyInput } from '@contracts/companies';
import { machineRegistry } from '@/app/machine-registry';
import { createCompanyMachine } from '@/features/companies/machines/companies.machines';
import { createCompanyScreenMachine, selectForm } from '@/features/companies/machines/create-company.machine';
import type { CreatePageEmitted } from '@/shared/machines/create-page.machine';
import { ApiError } from '@/shared/http/http';
import { submitChild } from '@/shared/machines/submit.machine';
import { controllable, flush } from '@tests/support/controllable';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { recordMachineNotices } from '@tests/support/notices';

const { notices, started } = recordMachineNotices();

const created = (id: number) => ({ company: { id, name: 'Harbor Water' }, contacts: [], client_users: [], ticket_counts: { open: 0, overdue: 0, total: 0 } }) as unknown as CompanyView;
const INPUT: CreateCompanyInput = { name: 'Harbor Water', account_number: 'HARB-1', status: 'active' };

function start() {
  const submit = controllable<CompanyView, CreateCompanyInput>('submit');
  const machine = createCompanyScreenMachine.provide({
    actors: { form: submitChild(createCompanyMachine.provide({ actors: { submit: submit.logic as never } }), { saved: 'record.created', failed: 'record.refused' }) },
  });
  const actor = createActor(machine);
  const opened: string[] = [];
  actor.on('page.navigate', (e: CreatePageEmitted) => opened.push(e.to));
  actor.start();
  started.push(actor);
  const formErrors = () => selectForm(actor.getSnapshot())!.getSnapshot().context.fieldErrors;
  return { actor, submit, opened, formErrors };
}

describe('Create Company screen machine', () => {
  it('refuses an empty form by its fields and sends nothing; a field changed loses its message', () => {
    const { actor, submit, opened, formErrors } = start();
    actor.send({ type: 'form.submit', input: { name: '', account_number: '', status: 'active' } });
    expect(Object.keys(formErrors())).toEqual(expect.arrayContaining(['name', 'account_number']));
    expect(submit.calls).toEqual([]);
    actor.send({ type: 'form.change', field: 'name' });
    expect(formErrors().name).toBeUndefined();
    actor.send({ type: 'form.blur', field: 'name', input: { name: '', account_number: '', status: 'active' } });
    expect(formErrors().name).toBeDefined();
    expect(opened).toEqual([]);
  });

  it('sends the company, says it was created and opens its page', async () => {
    const { actor, submit, opened } = start();
    actor.send({ type: 'form.submit', input: INPUT });
    expect(submit.calls[0]!.input).toEqual(INPUT);
    submit.resolve(created(12));
    await flush();
    expect(opened).toEqual(['/company/12']);
    expect(actor.getSnapshot().matches('left')).toBe(true);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Company Harbor Water created' }]);
    // Once the page was asked to change, the form sends nothing more (a second press creates no second company).
    actor.send({ type: 'form.submit', input: INPUT });
    expect(submit.calls).toEqual([]);
  });

  it('a refused save stays on the form and opens nothing', async () => {
    const { actor, submit, opened, formErrors } = start();
    actor.send({ type: 'form.submit', input: INPUT });
    submit.reject(new ApiError(409, 'conflict', 'Account number HARB-1 is already used'));
    await flush();
    expect(formErrors()).toEqual({});
    expect(selectForm(actor.getSnapshot())!.getSnapshot().context.error).toBe('Account number HARB-1 is already used');
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(opened).toEqual([]);
  });

  it('Cancel goes back to the company search', () => {
    const { actor, opened } = start();
    actor.send({ type: 'form.cancel' });
    expect(opened).toEqual(['/company/search']);
  });
});

describeMachinePaths(machineRegistry.find((m) => m.id === 'create-company-screen')!, {
  events: [
    { type: 'form.submit', input: INPUT },
    { type: 'form.blur', field: 'name', input: INPUT },
    { type: 'form.change', field: 'name' },
    { type: 'form.cancel' },
    { type: 'record.created', result: created(12) },
  ],
  check: (snapshot) => {
    expect(snapshot.children.form).toBeDefined();
  },
});
