import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createFormMachine } from '@/shared/machines/form.machine';
import { controllable, flush, httpError } from '@tests/support/controllable';

describe('client form machine', () => {
  it('tells the list it adds to to reload once sent, and not when sending fails', async () => {
    const submit = controllable<{ id: number }, { title: string }>('submit');
    const received: string[] = [];
    const list = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event.type) } } })).start();
    const form = createActor(createFormMachine('test', (v: { title: string }) => Promise.resolve({ id: v.title.length })).provide({ actors: { submit: submit.logic as never } }), {
      input: { reloads: list },
    }).start();
    form.send({ type: 'form.submit', values: { title: 'x' } });
    submit.reject(httpError(400, 'Invalid body'));
    await flush();
    expect(form.getSnapshot().value).toBe('editing');
    expect(received).toEqual([]);
    form.send({ type: 'form.submit', values: { title: 'abc' } });
    submit.resolve({ id: 7 });
    await flush();
    expect(form.getSnapshot().value).toBe('done');
    expect(form.getSnapshot().context.result).toEqual({ id: 7 });
    expect(received).toEqual(['query.reload']);
  });
});
