import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { clientReplyMachine, replyMachine, selectReplyFiles, selectReplyForm, type ClientReplyContext } from '@/features/client-portal/machines/client-reply.machine';
import { submitChild } from '@/shared/machines/submit.machine';
import { recordMachineNotices } from '@tests/support/notices';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-reply')!;
const reloads: string[] = [];
/** The ticket's query, standing in: it records the reloads it is told. */
const detail = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('ticket') } } }));
  actor.start();
  return actor;
};

describeMachinePaths(entry, {
  inputs: { 'ticket #41': () => ({ id: 41, detail: detail() }) },
  events: [
    { type: 'reply.change', body: 'Thanks, it works.' },
    { type: 'reply.blur', field: 'body' },
    { type: 'reply.send' },
    { type: 'reply.sent', result: { id: 2 } },
  ],
  serializeState: (s) => JSON.stringify((s.context as ClientReplyContext).body),
  check: (snapshot) => {
    const c = snapshot.context as ClientReplyContext;
    // The box holds what was typed, or nothing once a reply was sent.
    expect(['', 'Thanks, it works.']).toContain(c.body);
  },
});

const { notices, started } = recordMachineNotices();
const jam = new File(['jpeg bytes'], 'jam.jpg', { type: 'image/jpeg' });

/** The reply box with the reply's call answered by `send` (what it was given is kept in `sent`). */
function replyBox(send: (input: unknown) => Promise<unknown>) {
  const sent: unknown[] = [];
  const form = submitChild(replyMachine.provide({ actors: { submit: fromPromise(({ input }) => (sent.push(input), send(input))) } }), { saved: 'reply.sent', failed: 'reply.refused' });
  const box = createActor(clientReplyMachine.provide({ actors: { form } }), { input: { id: 41, detail: detail() } }).start();
  started.push(box);
  return { box, sent, form: () => selectReplyForm(box.getSnapshot()), files: () => selectReplyFiles(box.getSnapshot()) };
}

describe('the reply box of a client’s ticket', () => {
  it('sends the text with the chosen files; once sent, the ticket loads again and the box and the files are empty, ready for the next reply', async () => {
    reloads.length = 0;
    const { box, sent, form, files } = replyBox(async () => ({ id: 2 }));
    box.send({ type: 'reply.change', body: 'Photo of the jam attached.' });
    files().send({ type: 'files.add', files: [jam] });
    box.send({ type: 'reply.send' });
    await waitFor(form(), (s) => !s.matches('submitting'));
    expect(sent).toEqual([{ id: 41, body: 'Photo of the jam attached.', files: [jam] }]);
    expect(box.getSnapshot().context.body).toBe('');
    expect(files().getSnapshot().context.files).toEqual([]);
    // The form is ready again (not left "saved"): a field it checks shows its message on blur.
    expect(form().getSnapshot().value).toBe('editing');
    box.send({ type: 'reply.blur', field: 'body' });
    expect(form().getSnapshot().context.fieldErrors.body).toBeTruthy();
    expect(reloads).toEqual(['ticket']);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Reply sent' }]);
  });

  it('keeps the text and the files when the reply fails, and loads nothing again', async () => {
    reloads.length = 0;
    const { box, form, files } = replyBox(async () => {
      throw new Error('The server could not save the reply');
    });
    box.send({ type: 'reply.change', body: 'Still jamming.' });
    files().send({ type: 'files.add', files: [jam] });
    box.send({ type: 'reply.send' });
    await waitFor(form(), (s) => s.context.error !== null);
    expect(box.getSnapshot().context.body).toBe('Still jamming.');
    expect(files().getSnapshot().context.files).toEqual([jam]);
    expect(reloads).toEqual([]);
  });

  it('sends nothing while the box is empty: its message shows beside it', () => {
    const { box, sent, form } = replyBox(async () => ({ id: 2 }));
    box.send({ type: 'reply.send' });
    expect(sent).toEqual([]);
    expect(form().getSnapshot().context.fieldErrors.body).toBeTruthy();
    // Writing takes the message away until the box is checked again.
    box.send({ type: 'reply.change', body: 'T' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({});
  });
});
