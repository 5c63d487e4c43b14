import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { controllable, flush, httpError } from '@tests/support/controllable';

describe('the form machine as the client portal uses it', () => {
  it('tells the list it adds to to reload once sent, and not when sending fails', async () => {
    const submit = controllable<{ id: number }, { title: string }>('submit');
    const received: string[] = [];
    const list = createActor(createMachine({ on: { '*': { actions: ({ event }) => received.push(event.type) } } })).start();
    const form = createActor(createSubmitMachine('test', (v: { title: string }) => Promise.resolve({ id: v.title.length })).provide({ actors: { submit: submit.logic as never } }), {
      input: { reloads: list, reloadEvent: { type: 'query.reload' } },
    }).start();
    form.send({ type: 'form.submit', input: { title: 'x' } });
    submit.reject(httpError(400, 'Invalid body'));
    await flush();
    expect(form.getSnapshot().value).toBe('editing');
    expect(received).toEqual([]);
    form.send({ type: 'form.submit', input: { title: 'abc' } });
    submit.resolve({ id: 7 });
    await flush();
    expect(form.getSnapshot().value).toBe('saved');
    expect(form.getSnapshot().context.result).toEqual({ id: 7 });
    expect(received).toEqual(['query.reload']);
  });
});
