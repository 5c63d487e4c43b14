import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'dialog')!;

type DialogSnapshot = { value: unknown; context: { queue: unknown[]; current: { kind: string; timerMs?: number; dismissable?: boolean } | null; value: string } };

describeMachinePaths(entry, {
  events: [
    { type: 'dialog.open', request: { kind: 'alert', title: 'Saved' } },
    { type: 'dialog.open', request: { kind: 'confirm', title: 'Session Expired', dismissable: false } },
    { type: 'dialog.open', request: { kind: 'alert', title: 'Saved', timerMs: 1500 } },
    { type: 'dialog.open', request: { kind: 'prompt', title: 'Email', input: { type: 'email' } } },
    { type: 'dialog.input', value: 'casey@acme.test' },
    { type: 'dialog.input', value: 'not an email' },
    { type: 'dialog.confirm' },
    { type: 'dialog.deny' },
    { type: 'dialog.cancel' },
    { type: 'dialog.dismiss' },
  ],
  // One waiting request is enough to reach the queue's transitions; longer queues add nothing.
  stopWhen: (s) => (s as unknown as DialogSnapshot).context.queue.length > 1,
  serializeState: (s) => {
    const { value, context } = s as unknown as DialogSnapshot;
    // Not the ids: they grow with every request.
    const current = context.current && { ...context.current, id: undefined };
    return JSON.stringify([value, context.queue.length, current, context.value]);
  },
  check: (snapshot) => {
    if (snapshot.matches('closed')) expect(snapshot.context.current).toBeNull();
    if (snapshot.matches('open')) expect(snapshot.context.current).not.toBeNull();
  },
});
