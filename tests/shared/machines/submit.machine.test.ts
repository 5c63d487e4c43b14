import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { ApiError } from '@/shared/http/http';
import { controllable, flush } from '@tests/support/controllable';
import { provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { TICKETS, CREATE_TICKET_MESSAGES } from '@contracts/tickets';

describe('form submit machine', () => {
  it('goes back to editing with the field errors on a 400, and to saved with the answer', async () => {
    const submit = controllable<{ id: number }, { name: string }>('submit');
    const machine = createSubmitMachine<{ name: string }, { id: number }>('f', async () => ({ id: 0 })).provide({ actors: { submit: submit.logic as never } });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'form.submit', input: { name: '' } });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    submit.reject(new ApiError(400, 'invalid_input', 'Invalid body: name (Name is required)', { name: 'Name is required' }));
    await flush();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Name is required' });
    actor.send({ type: 'form.submit', input: { name: 'Harbor' } });
    expect(submit.calls[0]!.input).toEqual({ name: 'Harbor' });
    submit.resolve({ id: 9 });
    await flush();
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual({ id: 9 });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });
});

describe('form submit machine and the table it changes', () => {
  it('tells the table to reload once saved, and not when the save fails', async () => {
    const submit = controllable<{ id: number }, { name: string }>('submit');
    const received: string[] = [];
    const table = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event.type) } } })).start();
    const machine = createSubmitMachine<{ name: string }, { id: number }>('f', async () => ({ id: 0 })).provide({ actors: { submit: submit.logic as never } });
    const actor = createActor(machine, { input: { reloads: table } }).start();
    actor.send({ type: 'form.submit', input: { name: 'x' } });
    submit.reject(new ApiError(409, 'conflict', 'Already sent'));
    await flush();
    expect(received).toEqual([]);
    actor.send({ type: 'form.submit', input: { name: 'y' } });
    submit.resolve({ id: 3 });
    await flush();
    expect(actor.getSnapshot().matches('saved')).toBe(true);
    expect(received).toEqual(['table.reload']);
  });

  it('tells every table it changes, when there are several (the sign-up requests and the directory)', async () => {
    const submit = controllable<{ id: number }, { name: string }>('submit');
    const received: string[] = [];
    const table = (name: string) => createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(`${name} ${event.type}`) } } })).start();
    const machine = createSubmitMachine<{ name: string }, { id: number }>('f', async () => ({ id: 0 })).provide({ actors: { submit: submit.logic as never } });
    const actor = createActor(machine, { input: { reloads: [table('requests'), table('users')] } }).start();
    actor.send({ type: 'form.submit', input: { name: 'x' } });
    submit.resolve({ id: 4 });
    await flush();
    expect(received).toEqual(['requests table.reload', 'users table.reload']);
  });
});

describe('form submit machine and the page it changes', () => {
  it('tells a query machine to load its query again once saved, keeping the page shown meanwhile', async () => {
    const load = controllable<{ contacts: string[] }, number>('load');
    const page = createActor(createQueryMachine('page', async (_: number) => ({ contacts: [] as string[] })).provide({ actors: { load: load.logic as never } }), {
      input: { query: 7 },
    }).start();
    load.resolve({ contacts: ['Ann'] });
    await flush();
    const submit = controllable<unknown, { name: string }>('submit');
    const machine = createSubmitMachine<{ name: string }, unknown>('f', async () => undefined).provide({ actors: { submit: submit.logic as never } });
    const actor = createActor(machine, { input: { reloads: page, reloadEvent: { type: 'query.reload' } } }).start();
    actor.send({ type: 'form.submit', input: { name: 'Bob' } });
    expect(page.getSnapshot().value).toBe('ready');
    submit.resolve(undefined);
    await flush();
    expect(page.getSnapshot().value).toBe('loading');
    expect(page.getSnapshot().context.data).toEqual({ contacts: ['Ann'] });
    expect(load.calls.map((c) => c.input)).toEqual([7]);
    load.resolve({ contacts: ['Ann', 'Bob'] });
    await flush();
    expect(page.getSnapshot().context.data).toEqual({ contacts: ['Ann', 'Bob'] });
  });
});

describe('form submit machine and what it says', () => {
  it('says how each save ended through the notifier: the failure with the server’s reason, closed when sent again, then the saved notice worded from the answer and what was sent', async () => {
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    try {
      const submit = controllable<{ id: number }, { name: string }>('submit');
      const machine = createSubmitMachine<{ name: string }, { id: number }>('f', async () => ({ id: 0 })).provide({ actors: { submit: submit.logic as never } });
      const actor = createActor(machine, {
        input: { notices: { saved: (r, sent) => ({ title: `Company ${sent.name} created`, description: `Number ${r.id}` }), failed: 'The company was not created' } },
      }).start();
      actor.send({ type: 'form.submit', input: { name: '' } });
      submit.reject(new ApiError(400, 'invalid_input', 'Check the highlighted fields', { name: 'Name is required' }));
      await flush();
      expect(recorder.notices).toEqual([{ tone: 'error', title: 'The company was not created', description: 'Check the highlighted fields', key: expect.any(String) }]);
      const key = recorder.notices[0]!.key!;
      expect(recorder.dismissed).toEqual([]);
      actor.send({ type: 'form.submit', input: { name: 'Harbor' } });
      expect(recorder.dismissed).toEqual([key]);
      submit.resolve({ id: 9 });
      await flush();
      expect(recorder.notices.slice(1)).toEqual([{ tone: 'success', title: 'Company Harbor created', description: 'Number 9' }]);
      actor.stop();
    } finally {
      restore();
    }
  });

  it('says nothing without notices (a screen machine that owns the form says it), and nothing for a saved notice that answers null', async () => {
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    try {
      const submit = controllable<{ id: number }, { name: string }>('submit');
      const machine = createSubmitMachine<{ name: string }, { id: number }>('f', async () => ({ id: 0 })).provide({ actors: { submit: submit.logic as never } });
      const quiet = createActor(machine, { input: {} }).start();
      quiet.send({ type: 'form.submit', input: { name: 'x' } });
      submit.reject(new ApiError(409, 'conflict', 'Already sent'));
      await flush();
      quiet.send({ type: 'form.submit', input: { name: 'y' } });
      submit.resolve({ id: 1 });
      await flush();
      const sometimes = createActor(machine, { input: { notices: { saved: (r) => (r.id > 5 ? `Saved ${r.id}` : null) } } }).start();
      sometimes.send({ type: 'form.submit', input: { name: 'z' } });
      submit.resolve({ id: 2 });
      await flush();
      expect(recorder.notices).toEqual([]);
      expect(recorder.dismissed).toEqual([]);
    } finally {
      restore();
    }
  });
});

describe('form submit machine checked against its contract schema', () => {
  const ticketForm = () => {
    const submit = controllable<{ id: number }, unknown>('submit');
    const machine = createSubmitMachine<Record<string, unknown>, { id: number }>('t', async () => ({ id: 0 }), { schema: TICKETS.create.body }).provide({ actors: { submit: submit.logic as never } });
    return { submit, actor: createActor(machine, { input: { notices: { failed: 'The ticket was not created' } } }).start() };
  };
  const filled = { title: 'Printer down', description: 'It shows E42', company_id: 7, severity: 'M', queue: 'Support' };

  it('refuses to send an empty form and maps each problem of the schema to its field in the contract’s words', () => {
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    try {
      const { submit, actor } = ticketForm();
      actor.send({ type: 'form.submit', input: { title: '', description: '', company_id: undefined, severity: 'M', queue: 'Support' } });
      expect(submit.calls).toEqual([]);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({
        fieldErrors: { title: CREATE_TICKET_MESSAGES.title, description: CREATE_TICKET_MESSAGES.description, company_id: 'Pick a company' },
        error: null,
        refusals: 1,
      });
      expect(recorder.notices).toEqual([]);
    } finally {
      restore();
    }
  });

  it('shows a field’s problem when it is left, clears it when it changes, and sends once the schema passes', async () => {
    const { submit, actor } = ticketForm();
    actor.send({ type: 'form.blur', field: 'title', input: { ...filled, title: ' ', company_id: undefined } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ title: 'Give the ticket a title' });
    actor.send({ type: 'form.change', field: 'title' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit', input: filled });
    expect(submit.calls.map((c) => c.input)).toEqual([filled]);
    submit.resolve({ id: 4 });
    await flush();
    expect(actor.getSnapshot().matches('saved')).toBe(true);
  });

  it('puts a 400’s reasons beside their fields with no summary and no notice, and says a reason that belongs to no field once', async () => {
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    try {
      const { submit, actor } = ticketForm();
      actor.send({ type: 'form.submit', input: filled });
      submit.reject(new ApiError(400, 'invalid_input', 'Invalid body: company_id (Pick a company)', { company_id: 'Pick a company' }));
      await flush();
      expect(actor.getSnapshot().context).toMatchObject({ error: null, fieldErrors: { company_id: 'Pick a company' }, refusals: 1 });
      expect(recorder.notices).toEqual([]);
      // Leaving the field keeps the server's reason until the field changes.
      actor.send({ type: 'form.blur', field: 'company_id', input: filled });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ company_id: 'Pick a company' });
      actor.send({ type: 'form.submit', input: filled });
      submit.reject(new ApiError(409, 'conflict', 'This ticket was created already'));
      await flush();
      expect(actor.getSnapshot().context).toMatchObject({ error: 'This ticket was created already', fieldErrors: {}, refusals: 1 });
      expect(recorder.notices).toEqual([{ tone: 'error', title: 'The ticket was not created', description: 'This ticket was created already', key: expect.any(String) }]);
    } finally {
      restore();
    }
  });
});
