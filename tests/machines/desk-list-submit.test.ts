import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createListMachine, type ListAction, type ListParams } from '../../src/machines/ticket-desk/list.machine';
import { createSubmitMachine } from '../../src/machines/ticket-desk/submit.machine';
import { ApiError } from '../../src/services/http';
import { controllable, flush } from '../support/controllable';

describe('server list machine', () => {
  function start() {
    const fetch = controllable<string[], ListParams>('fetch');
    const act = controllable<unknown, ListAction>('act');
    const machine = createListMachine<string[]>('test', async () => []).provide({ actors: { fetch: fetch.logic, act: act.logic } });
    const actor = createActor(machine, { input: { params: { page: '1' } } });
    actor.start();
    return { actor, fetch, act };
  }

  it('loads with its parameters, and loads again on a new query while showing the last page', async () => {
    const { actor, fetch } = start();
    expect(fetch.calls[0]!.input).toEqual({ page: '1' });
    fetch.resolve(['a']);
    await flush();
    actor.send({ type: 'list.query', params: { page: '2', q: 'printer' } });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual(['a']);
    expect(fetch.calls[0]!.input).toEqual({ page: '2', q: 'printer' });
    fetch.resolve(['b']);
    await flush();
    expect(actor.getSnapshot().context.data).toEqual(['b']);
  });

  it('runs a row action and reloads; a failed action keeps the list and says why', async () => {
    const { actor, fetch, act } = start();
    fetch.resolve(['a']);
    await flush();
    actor.send({ type: 'list.act', action: 'disable', id: 4 });
    expect(act.calls[0]!.input).toEqual({ action: 'disable', id: 4, payload: undefined });
    act.resolve(undefined);
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    fetch.resolve(['a*']);
    await flush();
    actor.send({ type: 'list.act', action: 'resend', id: 4 });
    act.reject(new ApiError(409, 'conflict', 'Only an invited user gets the invite again'));
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.actionError).toBe('Only an invited user gets the invite again');
    expect(actor.getSnapshot().context.data).toEqual(['a*']);
  });

  it('shows a failed load with a retry', async () => {
    const { actor, fetch } = start();
    fetch.reject(new ApiError(0, 'network', 'The server could not be reached'));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'list.reload' });
    expect(fetch.calls).toHaveLength(1);
  });
});

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
});
