import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { customersScreenMachine } from '@/features/sales/machines/sales-view.machine';
import { ApiError } from '@/shared/http/http';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { activityDialog, logCall, logged, recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-customers')!;

describeMachinePaths(entry, {
  inputs: { 'the customers': () => ({ log: null, query: null }) },
  events: [logged],
  check: (snapshot) => expect(snapshot.children.query).toBeDefined(),
});

describe('the sales customers screen', () => {
  const withQuery = (told: Array<[string, string, unknown]>) => customersScreenMachine.provide({ actors: { query: recorder(told, 'customers') as never } });

  it('loads the customers again each time the screen’s dialog logs an activity, and stops listening once the screen goes', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    const screen = createActor(withQuery(told), { input: { log, query: null } }).start();
    expect(told).toEqual([['customers', 'started', { query: null }]]);
    await logCall(log);
    await logCall(log);
    expect(told.slice(1).map(([, type]) => type)).toEqual(['query.reload', 'query.reload']);
    screen.stop();
    await logCall(log);
    expect(told).toHaveLength(3);
  });

  it('loads nothing again when the dialog’s save is refused', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog(new ApiError(400, 'invalid_input', 'Invalid body', { companyId: 'No such company' }));
    createActor(withQuery(told), { input: { log, query: null } }).start();
    await logCall(log);
    expect(log.getSnapshot().value).toBe('open');
    expect(told).toEqual([['customers', 'started', { query: null }]]);
  });

  it('hears nothing without a dialog (a screen outside the sales frame)', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = createActor(withQuery(told), { input: { log: null, query: null } }).start();
    expect(screen.getSnapshot().status).toBe('active');
    expect(told).toHaveLength(1);
  });
});
