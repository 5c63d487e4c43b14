import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, assign } from 'xstate';
import {
  askDialog,
  createDialogService,
  dialogMachine,
  sessionExpiredDialog,
  validateDialogInput,
  withDefaults,
  type DialogAnswer,
  type DialogRequest,
} from '@/shared/machines/dialog.machine';

describe('dialog machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the defaults: OK, No, Cancel, blue confirm, red cancel, centred, dismissable, no timer', () => {
    expect(withDefaults({ kind: 'confirm', title: 'Sure?' })).toMatchObject({
      confirmText: 'OK',
      denyText: 'No',
      cancelText: 'Cancel',
      confirmColor: 'blue',
      cancelColor: 'red',
      position: 'center',
      dismissable: true,
      showCancel: true,
      showDeny: false,
    });
    expect(withDefaults({ kind: 'alert', title: 'Done' }).showCancel).toBe(false);
    expect(withDefaults({ kind: 'alert', title: 'Done' }).timerMs).toBeUndefined();
  });

  it('validates inputs with the default messages', () => {
    expect(validateDialogInput({ type: 'email' }, 'nope')).toBe('Invalid email address');
    expect(validateDialogInput({ type: 'email' }, 'a@b.co')).toBeNull();
    expect(validateDialogInput({ type: 'url' }, 'not a url')).toBe('Invalid URL');
    expect(validateDialogInput({ type: 'url' }, 'javascript:alert(1)')).toBe('Invalid URL');
    expect(validateDialogInput({ type: 'url' }, 'https://example.com/x')).toBeNull();
    expect(validateDialogInput({ type: 'email' }, '')).toBeNull();
    expect(validateDialogInput({ type: 'email', required: true }, '')).toBe('Invalid email address');
    expect(validateDialogInput({ validate: (v) => (v === 'x' ? null : 'Say x') }, 'y')).toBe('Say x');
  });

  it('answers the one who asked, and opens queued requests one at a time', async () => {
    const service = createDialogService();
    const first = service.ask({ kind: 'confirm', title: 'First' });
    const second = service.ask({ kind: 'alert', title: 'Second' });
    expect(service.actor.getSnapshot().context.current?.title).toBe('First');
    service.actor.send({ type: 'dialog.deny' });
    await expect(first).resolves.toEqual({ action: 'deny' });
    expect(service.actor.getSnapshot().context.current?.title).toBe('Second');
    service.actor.send({ type: 'dialog.confirm' });
    await expect(second).resolves.toEqual({ action: 'confirm' });
    expect(service.actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('keeps a prompt open while its input is invalid and answers with the value', async () => {
    const service = createDialogService();
    const answer = service.ask({ kind: 'prompt', title: 'Email', input: { type: 'email', required: true } });
    service.actor.send({ type: 'dialog.input', value: 'bad' });
    expect(service.actor.getSnapshot().context.error).toBe('Invalid email address');
    service.actor.send({ type: 'dialog.confirm' });
    expect(service.actor.getSnapshot().hasTag('open')).toBe(true);
    service.actor.send({ type: 'dialog.input', value: 'a@b.co' });
    service.actor.send({ type: 'dialog.confirm' });
    await expect(answer).resolves.toEqual({ action: 'confirm', value: 'a@b.co' });
  });

  it('closes itself when its timer runs out, and not before', async () => {
    const service = createDialogService();
    const answer = service.ask({ kind: 'alert', title: 'Saved', timerMs: 2000 });
    vi.advanceTimersByTime(1999);
    expect(service.actor.getSnapshot().hasTag('open')).toBe(true);
    vi.advanceTimersByTime(1);
    await expect(answer).resolves.toEqual({ action: 'timer' });
  });

  it('a non-dismissable dialog ignores Escape and outside clicks; a dismissable one closes', async () => {
    const service = createDialogService();
    const expired = service.ask(sessionExpiredDialog);
    service.actor.send({ type: 'dialog.dismiss' });
    expect(service.actor.getSnapshot().context.current?.title).toBe('Session Expired');
    service.actor.send({ type: 'dialog.confirm' });
    await expect(expired).resolves.toEqual({ action: 'confirm' });
    const other = service.ask({ kind: 'confirm', title: 'Leave?' });
    service.actor.send({ type: 'dialog.dismiss' });
    await expect(other).resolves.toEqual({ action: 'dismiss' });
  });

  it('the Session Expired request has the spec texts and one button', () => {
    expect(withDefaults(sessionExpiredDialog)).toMatchObject({
      title: 'Session Expired',
      message: 'Your session has expired. Please log in again.',
      confirmText: 'Log In',
      showCancel: false,
      showDeny: false,
      dismissable: false,
    });
  });

  it('handles every event type it declares', () => {
    expect(new Set(dialogMachine.events.filter((e) => !e.startsWith('xstate.')))).toEqual(
      new Set(['dialog.open', 'dialog.input', 'dialog.confirm', 'dialog.deny', 'dialog.cancel', 'dialog.dismiss']),
    );
  });
});

describe('a machine asking the dialog service', () => {
  const asker = setup({
    types: { context: {} as { answer: DialogAnswer | null }, events: {} as { type: 'session.expired' } },
    actors: { askDialog },
  }).createMachine({
    context: { answer: null },
    initial: 'active',
    states: {
      active: { on: { 'session.expired': 'asking' } },
      asking: { invoke: { src: 'askDialog', input: sessionExpiredDialog, onDone: { target: 'redirecting', actions: assign({ answer: ({ event }) => event.output }) } } },
      redirecting: {},
    },
  });

  it('gets the answer as the actor output (swapped in tests with provide)', async () => {
    vi.useRealTimers();
    const asked: DialogRequest[] = [];
    const actor = createActor(
      asker.provide({
        actors: {
          askDialog: fromPromise<DialogAnswer, DialogRequest>(async ({ input }) => {
            asked.push(input);
            return { action: 'confirm' };
          }),
        },
      }),
    ).start();
    actor.send({ type: 'session.expired' });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([sessionExpiredDialog]);
    expect(actor.getSnapshot().value).toBe('redirecting');
  });
});
