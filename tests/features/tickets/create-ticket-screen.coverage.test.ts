/** Create Ticket's screen machine: the fields, the queries it drives as they change, the save and the page it opens. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CompanyView } from '@contracts/companies';
import type { QueueAssignees } from '@contracts/people-schedule';
import type { TicketOptions } from '@contracts/tickets';
import { machineRegistry } from '@/app/machine-registry';
import { pickedCompanyMachine } from '@/features/companies';
import { createTicketScreenMachine, type CreateTicketScreenEmitted } from '@/features/tickets/machines/create-ticket.machine';
import { createTicketMachine, ticketOptionsMachine, type CreatedTicket, type CreateTicketWithFiles } from '@/features/tickets/machines/tickets.machines';
import { queueAssigneesMachine } from '@/features/tickets/queue-assignees';
import { submitChild } from '@/shared/machines/submit.machine';
import { controllable, flush } from '@tests/support/controllable';
import { describeMachinePaths } from '@tests/support/path-coverage';

const created = (id: number) => ({ ticket: { id }, refused: [] }) as unknown as CreatedTicket;

function start(routeCompany: number | null) {
  const submit = controllable<CreatedTicket, CreateTicketWithFiles>('submit');
  const companies: unknown[] = [];
  const queues: unknown[] = [];
  const never = <T,>() => new Promise<T>(() => {});
  const machine = createTicketScreenMachine.provide({
    actors: {
      form: submitChild(createTicketMachine.provide({ actors: { submit: submit.logic as never } }), { saved: 'ticket.created', failed: 'ticket.refused' }),
      company: pickedCompanyMachine.provide({ actors: { load: fromPromise(({ input }) => (companies.push(input), never<CompanyView | null>())) } }),
      options: ticketOptionsMachine.provide({ actors: { load: fromPromise(() => never<TicketOptions>()) } }),
      assignees: queueAssigneesMachine.provide({ actors: { load: fromPromise(({ input }) => (queues.push(input), never<QueueAssignees>())) } }),
    },
  });
  const actor = createActor(machine, { input: { routeCompany } });
  const opened: string[] = [];
  actor.on('createTicket.navigate', (e: CreateTicketScreenEmitted) => opened.push(e.to));
  actor.start();
  const formErrors = () => (actor.getSnapshot().children.form?.getSnapshot() as { context: { fieldErrors: Record<string, string> } }).context.fieldErrors;
  return { actor, submit, companies, queues, opened, formErrors };
}

describe('Create Ticket screen machine', () => {
  it('asks who may take a ticket in the queue picked, each time the queue changes', () => {
    const { actor, queues } = start(null);
    expect(queues).toEqual(['Support']);
    actor.send({ type: 'field.set', field: 'queue', value: 'Programming' });
    actor.send({ type: 'field.set', field: 'queue', value: 'Programming' });
    actor.send({ type: 'field.set', field: 'queue', value: 'QA' });
    expect(queues).toEqual(['Support', 'Programming', 'QA']);
    expect(actor.getSnapshot().context.draft.queue).toBe('QA');
  });

  it('loads the company of the address, then the contacts of another company picked, and forgets the contact of the last one', () => {
    const { actor, companies } = start(7);
    expect(companies).toEqual([7]);
    actor.send({ type: 'field.set', field: 'contact_id', value: 77 });
    // The picker reports the same company again when its list closes: nothing changes.
    actor.send({ type: 'field.set', field: 'company_id', value: 7 });
    expect(actor.getSnapshot().context.draft.contact_id).toBe(77);
    actor.send({ type: 'field.set', field: 'company_id', value: 8 });
    expect(companies).toEqual([7, 8]);
    expect(actor.getSnapshot().context.draft).toMatchObject({ company_id: 8, contact_id: null });
  });

  it('refuses an empty form in plain words by its fields and sends nothing', () => {
    const { actor, submit, formErrors, opened } = start(null);
    actor.send({ type: 'form.submit' });
    expect(formErrors()).toMatchObject({ title: 'Give the ticket a title', description: 'Describe what happened', company_id: 'Pick a company' });
    expect(submit.calls).toEqual([]);
    actor.send({ type: 'field.set', field: 'title', value: 'Printer down' });
    expect(formErrors().title).toBeUndefined();
    expect(opened).toEqual([]);
  });

  it('sends the fields filled in, and opens the new ticket once created', async () => {
    const { actor, submit, opened } = start(7);
    actor.send({ type: 'field.set', field: 'title', value: 'Printer down' });
    actor.send({ type: 'field.set', field: 'description', value: 'It shows E42.' });
    actor.send({ type: 'field.set', field: 'severity', value: 'H' });
    actor.send({ type: 'field.set', field: 'assignee_id', value: 3 });
    actor.send({ type: 'form.submit' });
    expect(submit.calls[0]!.input).toEqual({ title: 'Printer down', description: 'It shows E42.', company_id: 7, severity: 'H', queue: 'Support', assignee_id: 3 });
    submit.resolve(created(501));
    await flush();
    expect(opened).toEqual(['/ticket/501']);
    expect(actor.getSnapshot().matches('left')).toBe(true);
  });

  it('Cancel goes back to the company of the address, or to the ticket search', () => {
    const fromCompany = start(7);
    fromCompany.actor.send({ type: 'form.cancel' });
    expect(fromCompany.opened).toEqual(['/company/7']);
    const fresh = start(null);
    fresh.actor.send({ type: 'form.cancel' });
    expect(fresh.opened).toEqual(['/ticket/search']);
  });
});

describeMachinePaths(machineRegistry.find((m) => m.id === 'create-ticket-screen')!, {
  inputs: { 'a company in the address': () => ({ routeCompany: 7 }), 'no company': () => ({ routeCompany: null }) },
  events: [
    { type: 'field.set', field: 'title', value: 'Printer down' },
    { type: 'field.set', field: 'queue', value: 'QA' },
    { type: 'field.set', field: 'company_id', value: 8 },
    { type: 'field.blur', field: 'title' },
    { type: 'form.submit' },
    { type: 'form.cancel' },
    { type: 'ticket.created', result: created(9) },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context]),
  check: (snapshot) => {
    // The contact always belongs to the company picked: another company leaves none.
    if (snapshot.context.draft.company_id === 8) expect(snapshot.context.draft.contact_id).toBeNull();
  },
});
