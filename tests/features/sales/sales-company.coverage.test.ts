import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { companyScreenMachine } from '@/features/sales/machines/sales-view.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { activityDialog, logCall, logged, recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-company')!;

describeMachinePaths(entry, {
  inputs: { 'a company': () => ({ log: null, query: 1 }) },
  events: [logged],
  check: (snapshot) => expect(snapshot.children.query).toBeDefined(),
});

describe('a company from the sales angle', () => {
  it('loads the company it was opened for, and loads it again once an activity is logged from its dialog', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    createActor(companyScreenMachine.provide({ actors: { query: recorder(told, 'company') as never } }), { input: { log, query: 7 } }).start();
    await logCall(log);
    expect(told.map(([, type, what]) => [type, type === 'started' ? what : null])).toEqual([
      ['started', { query: 7 }],
      ['query.reload', null],
    ]);
  });
});
