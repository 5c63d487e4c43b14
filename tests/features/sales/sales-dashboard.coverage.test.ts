import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { machineRegistry } from '@/app/machine-registry';
import { salesDashboardMachine, selectListKey, type DashboardList, type SalesDashboardContext } from '@/features/sales/machines/sales-dashboard.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';
import { activityDialog, logCall, logged, recorder } from './logged-activities';

const entry = machineRegistry.find((m) => m.id === 'sales-dashboard')!;
const calls: DashboardList = { kind: 'call', month: '2026-11' };
const avery: DashboardList = { kind: 'sale', month: '2026-11', staffId: 3 };

describeMachinePaths(entry, {
  inputs: {
    'the figures': () => ({ log: null, month: '2026-11', list: null }),
    'a drilled list': () => ({ log: null, month: '2026-11', list: calls }),
  },
  events: [
    { type: 'month.show', month: '2026-11' },
    { type: 'month.show', month: '2026-10' },
    { type: 'list.show', list: null },
    { type: 'list.show', list: calls },
    { type: 'list.show', list: avery },
    logged,
  ],
  // The count of logged activities only grows: states are told apart without it, so the traversal ends.
  serializeState: (s) => {
    const c = s.context as SalesDashboardContext;
    return JSON.stringify([s.value, c.month, c.list]);
  },
  check: (snapshot) => {
    // A list is open exactly while drilled, and its query runs as a child.
    const c = snapshot.context as SalesDashboardContext;
    expect(c.list !== null).toBe(snapshot.matches('drilled'));
    expect(Boolean(snapshot.children.list)).toBe(snapshot.matches('drilled'));
    expect(snapshot.children.dashboard).toBeDefined();
  },
});

describe('the sales dashboard', () => {
  const start = (told: Array<[string, string, unknown]>, list: DashboardList | null, log: ReturnType<typeof activityDialog> | null = null) =>
    createActor(salesDashboardMachine.provide({ actors: { dashboard: recorder(told, 'dashboard') as never, activities: recorder(told, 'list') as never } }), { input: { log, month: '2026-11', list } }).start();
  const said = (told: Array<[string, string, unknown]>) => told.map(([name, type, what]) => `${name} ${type}${type === 'started' || type === 'query.set' ? ` ${JSON.stringify(type === 'started' ? what : (what as { query: unknown }).query)}` : ''}`);

  it('loads the month and the list the address names, and loads only what the address changes', () => {
    const told: Array<[string, string, unknown]> = [];
    const screen = start(told, null);
    // The view tells the machine the address on every change; the same month and list load nothing again.
    screen.send({ type: 'month.show', month: '2026-11' });
    screen.send({ type: 'list.show', list: null });
    expect(said(told)).toEqual(['dashboard started {"query":"2026-11"}']);
    screen.send({ type: 'list.show', list: calls });
    screen.send({ type: 'list.show', list: { ...calls } });
    screen.send({ type: 'list.show', list: avery });
    screen.send({ type: 'month.show', month: '2026-10' });
    expect(said(told).slice(1)).toEqual(['list started {"query":{"kind":"call","month":"2026-11"}}', 'list query.set {"kind":"sale","month":"2026-11","staffId":3}', 'dashboard query.set "2026-10"']);
    screen.send({ type: 'list.show', list: null });
    expect(screen.getSnapshot().value).toBe('figures');
    expect(screen.getSnapshot().children.list).toBeUndefined();
  });

  it('loads the figures and the drilled list again once an activity is logged, and starts the list’s table again', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    const screen = start(told, calls, log);
    const key = selectListKey(screen.getSnapshot());
    expect(key).toBe('call-2026-11--0');
    await logCall(log);
    expect(said(told).slice(2)).toEqual(['dashboard query.reload', 'list query.reload']);
    expect(selectListKey(screen.getSnapshot())).not.toBe(key);
  });

  it('loads only the figures again when no list is open', async () => {
    const told: Array<[string, string, unknown]> = [];
    const log = activityDialog();
    start(told, null, log);
    await logCall(log);
    expect(said(told)).toEqual(['dashboard started {"query":"2026-11"}', 'dashboard query.reload']);
  });
});
