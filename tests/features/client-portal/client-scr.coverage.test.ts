import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import type { ClientTimeline } from '@contracts/changes';
import { clientScrMachine } from '@/features/client-portal/machines/client-scr.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-scr')!;
const image = { id: 9, name: 'mockup.png', mime_type: 'image/png', size_bytes: 10, sha256: 'a'.repeat(64), image: true };
const loaded = { id: 5, attachments: [image, { ...image, id: 10, name: 'notes.txt', mime_type: 'text/plain', image: false }] } as unknown as ClientTimeline;

describeMachinePaths(entry, {
  inputs: { 'a change request': () => ({ id: 5 }) },
  events: [{ type: 'scr.loaded', data: loaded }],
});

describe('a client’s change request page', () => {
  it('asks for the thumbnails of its images as it loads, decided by the machine (not the page)', () => {
    const asked: unknown[] = [];
    const thumbnails = createMachine({ on: { 'thumbnails.show': { actions: ({ event }) => asked.push(event.files) } } });
    const timeline = createMachine({});
    const page = createActor(clientScrMachine.provide({ actors: { thumbnails: thumbnails as never, timeline: timeline as never } }), { input: { id: 5 } }).start();
    page.send({ type: 'scr.loaded', data: loaded });
    expect(asked).toEqual([[{ recordId: 5, id: 9 }]]);
  });
});
