import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { ChangeView } from '@contracts/changes';
import { scrScreenMachine, type ScrScreenContext } from '@/features/changes/machines/scr-screen.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'scr-screen')!;
const reloads: unknown[] = [];
/** The SCR's query actor stand-in: it records the reloads it is told. */
const view = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('reload') } } }));
  actor.start();
  return actor;
};
const moved = { id: 7, status: 'under_review' } as ChangeView;

describeMachinePaths(entry, {
  inputs: { 'an SCR': () => ({ view: view() }) },
  events: [
    { type: 'move.open', to: 'under_review' },
    { type: 'move.close' },
    { type: 'move.saved', result: moved },
    { type: 'move.refused', error: 'This change request changed since you read it', fieldErrors: {} },
    { type: 'move.refused', error: 'Pick the owner who reviews the change', fieldErrors: { ownerId: 'Pick the owner who reviews the change' } },
    { type: 'review.open' },
    { type: 'review.close' },
    { type: 'review.saved', result: { ...moved, needs_review: false } },
    { type: 'review.refused', error: 'This change needs no review', fieldErrors: {} },
    { type: 'review.refused', error: 'Write what the review found', fieldErrors: { notes: 'Write what the review found' } },
    { type: 'comment.saved', result: { id: 1 } },
    { type: 'files.upload', id: 7, files: [] },
    { type: 'files.saved', result: { attachments: [] } },
    { type: 'scr.loaded', scr: { ...moved, attachments: [{ id: 3, name: 'mockup.png', mime_type: 'image/png', size_bytes: 10, sha256: 'a'.repeat(64), image: true }] } },
    { type: 'attachment.download', id: 7, file: { id: 3, name: 'mockup.png' } },
    { type: 'attachment.view', id: 7, file: { id: 3, name: 'mockup.png' } },
    { type: 'attachment.close' },
  ],
  serializeState: (s) => JSON.stringify([s.value, (s.context as ScrScreenContext).moving]),
  check: (snapshot) => {
    const c = snapshot.context as ScrScreenContext;
    // The dialog is open exactly while moving, for the move that opened it.
    expect(c.moving).toBe(snapshot.matches('moving') ? 'under_review' : null);
    expect(reloads.length).toBeGreaterThanOrEqual(c.commented);
  },
});

describe('a change request’s page', () => {
  const start = () => createActor(scrScreenMachine, { input: { view: view() } }).start();

  it('closes the dialog and loads the SCR again once a move is saved', () => {
    const screen = start();
    const before = reloads.length;
    screen.send({ type: 'move.open', to: 'under_review' });
    screen.send({ type: 'move.saved', result: moved });
    expect(screen.getSnapshot().value).toBe('viewing');
    expect(screen.getSnapshot().context.moving).toBeNull();
    expect(reloads.length).toBe(before + 1);
  });

  it('keeps the dialog open on a refusal; one naming no field (a stale version) loads the SCR again', () => {
    const screen = start();
    screen.send({ type: 'move.open', to: 'released' });
    const before = reloads.length;
    screen.send({ type: 'move.refused', error: 'Write the release note the client reads', fieldErrors: { releaseNote: 'Write the release note the client reads' } });
    expect(reloads.length).toBe(before);
    screen.send({ type: 'move.refused', error: 'This change request changed since you read it', fieldErrors: {} });
    expect(reloads.length).toBe(before + 1);
    expect(screen.getSnapshot().context.moving).toBe('released');
  });

  it('asks for the thumbnails of the SCR’s images as it loads, decided by the machine (not the page)', () => {
    const asked: unknown[] = [];
    const image = { id: 3, name: 'mockup.png', mime_type: 'image/png', size_bytes: 10, sha256: 'a'.repeat(64), image: true };
    const text = { ...image, id: 4, name: 'notes.txt', mime_type: 'text/plain', image: false };
    const loaded = createActor(createMachine({ context: { data: { ...moved, attachments: [image, text] } } })).start();
    const thumbnails = createMachine({ on: { 'thumbnails.show': { actions: ({ event }) => asked.push(event.files) } } });
    createActor(scrScreenMachine.provide({ actors: { thumbnails: thumbnails as never } }), { input: { view: loaded } }).start();
    expect(asked).toEqual([[{ recordId: 7, id: 3 }]]);
  });
});
