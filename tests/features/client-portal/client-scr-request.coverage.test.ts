import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { SCR_MESSAGES } from '@contracts/client-portal';
import { clientScrRequestMachine, createScrMachine, EMPTY_SCR, selectScrForm, type ClientScrRequestContext } from '@/features/client-portal/machines/client-scr-request.machine';
import { submitChild } from '@/shared/machines/submit.machine';
import { recordMachineNotices } from '@tests/support/notices';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'client-scr-request')!;
const reloads: string[] = [];
/** The company's requests, standing in: it records the reloads it is told. */
const list = () => {
  const actor = createActor(createMachine({ on: { 'query.reload': { actions: () => reloads.push('requests') } } }));
  actor.start();
  return actor;
};

describeMachinePaths(entry, {
  inputs: { 'the change requests screen': () => ({ list: list() }) },
  events: [
    { type: 'request.change', patch: { title: 'Paperless bills', priority: 'high' } },
    { type: 'request.blur', field: 'title' },
    { type: 'request.submit' },
    { type: 'request.filed', result: { id: 8 } },
  ],
  serializeState: (s) => JSON.stringify((s.context as ClientScrRequestContext).draft),
  check: (snapshot) => {
    const { draft } = snapshot.context as ClientScrRequestContext;
    // The form holds what was typed, or nothing once a request was filed.
    if (draft.title === '') expect(draft).toEqual(EMPTY_SCR);
  },
});

const { notices, started } = recordMachineNotices();

/** The request form with the request's call answered by `file` (what it was given is kept in `sent`). */
function requestForm(file: (input: unknown) => Promise<unknown>) {
  const sent: unknown[] = [];
  const form = submitChild(createScrMachine.provide({ actors: { submit: fromPromise(({ input }) => (sent.push(input), file(input))) } }), { saved: 'request.filed', failed: 'request.refused' });
  const screen = createActor(clientScrRequestMachine.provide({ actors: { form } }), { input: { list: list() } }).start();
  started.push(screen);
  return { screen, sent, form: () => selectScrForm(screen.getSnapshot()) };
}

const typed = { title: 'Paperless bills', description: 'Email the bill instead of printing it.', businessReason: '', priority: 'high' as const };

describe('the change request form', () => {
  it('files the request as typed; once filed, the requests load again, the notice names it and the form is empty for the next one', async () => {
    reloads.length = 0;
    const { screen, sent, form } = requestForm(async () => ({ id: 8 }));
    screen.send({ type: 'request.change', patch: { title: typed.title, description: typed.description } });
    screen.send({ type: 'request.change', patch: { priority: 'high' } });
    screen.send({ type: 'request.submit' });
    await waitFor(form(), (s) => !s.matches('submitting'));
    expect(sent).toEqual([typed]);
    expect(screen.getSnapshot().context.draft).toEqual(EMPTY_SCR);
    expect(reloads).toEqual(['requests']);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Change request #8 was submitted', description: 'Its status is in the list of requests.' }]);
    // The form is ready again (not left "saved"): a field it checks shows its message on blur.
    expect(form().getSnapshot().value).toBe('editing');
    screen.send({ type: 'request.blur', field: 'title' });
    expect(form().getSnapshot().context.fieldErrors).toEqual({ title: SCR_MESSAGES.title });
  });

  it('keeps what was typed when the request is refused, and loads nothing again', async () => {
    reloads.length = 0;
    const { screen, form } = requestForm(async () => {
      throw new Error('The service is busy; try again in a moment');
    });
    screen.send({ type: 'request.change', patch: typed });
    screen.send({ type: 'request.submit' });
    await waitFor(form(), (s) => s.context.error !== null);
    expect(screen.getSnapshot().context.draft).toEqual(typed);
    expect(reloads).toEqual([]);
  });

  it('sends nothing while a field it needs is empty, and a changed field’s message goes', () => {
    const { screen, sent, form } = requestForm(async () => ({ id: 8 }));
    screen.send({ type: 'request.submit' });
    expect(sent).toEqual([]);
    expect(form().getSnapshot().context.fieldErrors).toEqual({ title: SCR_MESSAGES.title, description: SCR_MESSAGES.description });
    screen.send({ type: 'request.change', patch: { title: 'P' } });
    expect(form().getSnapshot().context.fieldErrors).toEqual({ description: SCR_MESSAGES.description });
  });
});
