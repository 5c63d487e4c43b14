import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { QaItemView } from '@contracts/quality';
import { qaScreenMachine, type QaScreenContext } from '@/features/quality/machines/qa-screen.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'qa-screen')!;
const told: string[] = [];
/** A query actor stand-in (the queue or the figures): it records the reloads it is told. */
const query = (name: string) => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => told.push(name) } } }));
  actor.start();
  return actor;
};
const item = (id: number) => ({ id, title: 'Late fee line', version: 2, status: 'testing', runs: [] }) as unknown as QaItemView;
/** An item whose evidence holds an image and a log. */
const evidence = { id: 3, name: 'second-page.png', mime_type: 'image/png', size_bytes: 10, sha256: 'a'.repeat(64), image: true };
const withEvidence = { ...item(9), evidence: [evidence, { ...evidence, id: 5, name: 'run.log', mime_type: 'text/plain', image: false }] } as unknown as QaItemView;
/** The item's own query never answers here: the path tests count what the screen decides, not what loads. */
const screenMachine = qaScreenMachine.provide({ actors: { item: createMachine({}) as never } });

describeMachinePaths(
  { ...entry, machine: screenMachine },
  {
    inputs: { 'the queue': () => ({ queue: query('queue'), figures: query('figures') }), 'a linked item': () => ({ queue: query('queue'), figures: query('figures'), open: 9 }) },
    events: [
      { type: 'item.open', id: 9 },
      { type: 'item.open', id: 4 },
      { type: 'item.close' },
      { type: 'take.saved', result: item(9) },
      { type: 'take.saved', result: item(4) },
      { type: 'take.refused', error: 'Someone is testing this item already', fieldErrors: {} },
      { type: 'result.saved', result: item(9) },
      { type: 'result.refused', error: 'This item changed since you read it', fieldErrors: {} },
      { type: 'cases.saved', result: item(9) },
      { type: 'cases.refused', error: 'This item changed since you read it', fieldErrors: {} },
      { type: 'evidence.upload', files: [] },
      { type: 'evidence.saved', result: { evidence: [] } },
      { type: 'item.loaded', data: withEvidence },
      { type: 'attachment.download', file: { id: 3, name: 'second-page.png' } },
      { type: 'attachment.view', file: { id: 3, name: 'second-page.png' } },
      { type: 'attachment.close' },
    ],
    serializeState: (s) => JSON.stringify([s.value, (s.context as QaScreenContext).open]),
    check: (snapshot) => {
      const c = snapshot.context as QaScreenContext;
      // An item is open exactly in the open state, and its query runs as a child.
      expect(c.open !== null).toBe(snapshot.matches('open'));
      expect(Boolean(snapshot.children.item)).toBe(snapshot.matches('open'));
    },
  },
);

describe('the QA screen', () => {
  it('opens the item taken from the queue, and loads the queue and the figures again once a result is recorded', () => {
    const screen = createActor(screenMachine, { input: { queue: query('queue'), figures: query('figures') } }).start();
    told.length = 0;
    screen.send({ type: 'take.saved', result: item(9) });
    expect(screen.getSnapshot().context.open).toBe(9);
    expect(told).toEqual(['queue']);
    screen.send({ type: 'result.saved', result: item(9) });
    expect(told).toEqual(['queue', 'queue', 'figures']);
    expect(screen.getSnapshot().context.recorded).toBe(1);
  });

  it('loads the open item again once a case of its run is added, taken out or recorded, and after a stale refusal, not after a refusal naming a field', () => {
    const reloads: string[] = [];
    const itemQuery = createMachine({ on: { 'query.reload': { actions: () => reloads.push('item') } } });
    const screen = createActor(qaScreenMachine.provide({ actors: { item: itemQuery as never } }), { input: { queue: query('queue'), figures: query('figures'), open: 9 } }).start();
    screen.send({ type: 'cases.saved', result: item(9) });
    screen.send({ type: 'cases.refused', error: 'Say what failed or what blocks the case', fieldErrors: { note: 'Say what failed or what blocks the case' } });
    screen.send({ type: 'cases.refused', error: 'This item changed since you read it', fieldErrors: {} });
    expect(reloads).toEqual(['item', 'item']);
  });

  it('asks for the thumbnails of the open item’s evidence images as the item loads, decided by the machine (not the page)', () => {
    const asked: unknown[] = [];
    const thumbnails = createMachine({ on: { 'thumbnails.show': { actions: ({ event }) => asked.push(event.files) } } });
    const screen = createActor(screenMachine.provide({ actors: { thumbnails: thumbnails as never } }), { input: { queue: query('queue'), figures: query('figures'), open: 9 } }).start();
    screen.send({ type: 'item.loaded', data: withEvidence });
    expect(asked).toEqual([[{ recordId: 9, id: 3 }]]);
  });
});
