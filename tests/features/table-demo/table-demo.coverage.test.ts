import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'table-demo')!;

describeMachinePaths(entry, {
  inputs: { 'three rows': () => ({ count: 3 }) },
  events: [{ type: 'demo.ask', request: { kind: 'alert', title: 'Hello', message: 'Hi' } }, { type: 'demo.sessionExpired' }],
  outputs: { askDialog: [{ action: 'confirm' }] },
  check: (snapshot) => expect(snapshot.context.rows).toHaveLength(3),
});
