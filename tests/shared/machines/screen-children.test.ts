/** A screen machine's query and form children tell it how each load and save ended, with the screen's own events; alone they stay quiet. */
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, sendTo, setup, spawnChild, waitFor } from 'xstate';
import { ApiError } from '@/shared/http/http';
import { createQueryMachine, queryChild } from '@/shared/machines/query.machine';
import { createSubmitMachine, submitChild } from '@/shared/machines/submit.machine';

const answers: Array<() => Promise<string>> = [];
const query = createQueryMachine('names', (q: string) => answers.shift()!().then((a) => `${a} for ${q}`));
const form = createSubmitMachine<string, number>('count', (text) => (text ? Promise.resolve(text.length) : Promise.reject(new ApiError(400, 'invalid_input', 'Type something', { text: 'Required' }))));

type Heard = { type: 'names.loaded'; data: string } | { type: 'names.failed'; error: string } | { type: 'count.saved'; result: number } | { type: 'count.failed'; error: string; fieldErrors: Record<string, string> };
const screen = setup({
  types: { context: {} as { heard: Heard[] }, events: {} as Heard | { type: 'reload' } | { type: 'save'; text: string } },
  actors: { names: queryChild(query, { loaded: 'names.loaded', failed: 'names.failed' }), count: submitChild(form, { saved: 'count.saved', failed: 'count.failed' }) },
}).createMachine({
  context: { heard: [] },
  entry: [spawnChild('names', { id: 'names', systemId: 'screen.names', input: { query: 'Acme' } }), spawnChild('count', { id: 'count', systemId: 'screen.count', input: {} })],
  on: {
    'names.loaded': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
    'names.failed': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
    'count.saved': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
    'count.failed': { actions: assign({ heard: ({ context, event }) => [...context.heard, event] }) },
    reload: { actions: sendTo('names', { type: 'query.reload' }) },
    save: { actions: sendTo('count', ({ event }) => ({ type: 'form.submit', input: event.text })) },
  },
});

describe('children of a screen machine', () => {
  it('tell their parent each load and save once, with its own events', async () => {
    answers.push(() => Promise.resolve('3 names'), () => Promise.reject(new ApiError(503, 'unavailable', 'Try again later')));
    const actor = createActor(screen).start();
    await waitFor(actor, (s) => s.context.heard.length === 1);
    expect(actor.system.get('screen.names')).toBeDefined();
    actor.send({ type: 'reload' });
    await waitFor(actor, (s) => s.context.heard.length === 2);
    actor.send({ type: 'save', text: '' });
    await waitFor(actor, (s) => s.context.heard.length === 3);
    actor.send({ type: 'save', text: 'four' });
    await waitFor(actor, (s) => s.context.heard.length === 4);
    expect(actor.getSnapshot().context.heard).toEqual([
      { type: 'names.loaded', data: '3 names for Acme' },
      { type: 'names.failed', error: 'Try again later' },
      { type: 'count.failed', error: 'Type something', fieldErrors: { text: 'Required' } },
      { type: 'count.saved', result: 4 },
    ]);
  });

  it('work alone as before, telling no one', async () => {
    const alone = createActor(query.provide({ actors: { load: fromPromise(async () => 'data') } }), { input: { query: 'x' } }).start();
    await waitFor(alone, (s) => s.matches('ready'));
    expect(alone.getSnapshot().context.data).toBe('data');
    const saving = createActor(form, { input: {} }).start();
    saving.send({ type: 'form.submit', input: 'ab' });
    await waitFor(saving, (s) => s.matches('saved'));
    expect(saving.getSnapshot().context.result).toBe(2);
  });
});
