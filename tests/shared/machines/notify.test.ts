import { createActor, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { notifyActions, provideNotifier, recordingNotifier } from '@/shared/machines/notify';
import { createToastQueue } from '@/shared/ui/components/toast/toast';
import { toastNotifier } from '@/shared/ui/components/toast/toast-notifier';

const saver = setup({ types: { events: {} as { type: 'save.ok' } | { type: 'save.failed'; reason: string } | { type: 'save.retry' } }, actions: notifyActions }).createMachine({
  id: 'saver',
  on: {
    'save.ok': { actions: { type: 'notify', params: { tone: 'success', title: 'Saved' } } },
    'save.failed': { actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'Could not save', description: event.reason, key: 'save' }) } },
    'save.retry': { actions: { type: 'dismissNotice', params: { key: 'save' } } },
  },
});

describe('notices from machines', () => {
  it('reach the notifier the app provided, through the named actions', () => {
    const recorder = recordingNotifier();
    const restore = provideNotifier(recorder);
    const actor = createActor(saver).start();
    actor.send({ type: 'save.failed', reason: 'The title is required' });
    actor.send({ type: 'save.retry' });
    actor.send({ type: 'save.ok' });
    restore();
    expect(recorder.notices).toEqual([
      { tone: 'error', title: 'Could not save', description: 'The title is required', key: 'save' },
      { tone: 'success', title: 'Saved' },
    ]);
    expect(recorder.dismissed).toEqual(['save']);
  });

  it('wait for the notifier when raised before it was provided', () => {
    const recorder = recordingNotifier();
    const restoreFirst = provideNotifier(recordingNotifier());
    restoreFirst(); // back to the waiting notifier
    createActor(saver).start().send({ type: 'save.ok' });
    const restore = provideNotifier(recorder);
    restore();
    expect(recorder.notices).toEqual([{ tone: 'success', title: 'Saved' }]);
  });

  it('show as toasts, a keyed notice replacing the one shown with its key', () => {
    const queue = createToastQueue({ maxVisible: 3 });
    const notifier = toastNotifier(queue);
    notifier.show({ tone: 'error', title: 'Could not save', description: 'first', key: 'save' });
    notifier.show({ tone: 'error', title: 'Could not save', description: 'second', key: 'save' });
    notifier.show({ tone: 'success', title: 'Other' });
    expect(queue.visible().map((t) => t.description ?? t.title)).toEqual(['second', 'Other']);
    notifier.dismiss('save');
    expect(queue.visible().map((t) => t.title)).toEqual(['Other']);
  });
});
