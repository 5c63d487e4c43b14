import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { cacScreenMachine } from '@/features/sales/machines/sales-view.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { activityDialog, logCall, logged, recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-cac')!;
const RANGE = { from: '2026-06', to: '2026-11' };

describeMachinePaths(entry, {
  inputs: { 'the last six months': () => ({ log: null, query: RANGE }) },
  events: [logged],
  check: (snapshot) => expect(snapshot.children.query).toBeDefined(),
});

describe('the CAC check screen', () => {
  const withQuery = (told: Array<[string, string, unknown]>) => cacScreenMachine.provide({ actors: { query: recorder(told, 'cac') as never } });

  it('runs the check for the months it opens on, and again each time the screen’s dialog logs an activity', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    const screen = createActor(withQuery(told), { input: { log, query: RANGE } }).start();
    expect(told).toEqual([['cac', 'started', { query: RANGE }]]);
    await logCall(log);
    expect(told.slice(1).map(([, type]) => type)).toEqual(['query.reload']);
    screen.stop();
    await logCall(log);
    expect(told).toHaveLength(2);
  });
});
