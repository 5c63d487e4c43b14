/**
 * Paths generated from the Management Dashboard's machine: the address sets the scope and the list
 * open (the same address again loads nothing), the figures and the list load, fail and retry on
 * their own, and a list shown is sorted by its headers (the order is the machine's, kept for the same
 * figure in another scope, forgotten with the list). Each path is replayed on a live actor and checked
 * against the rules written out here.
 */
import { expect } from 'vitest';
import type { ManagementDashboard, ManagementDrill } from '@contracts/management';
import { machineRegistry } from '@/app/machine-registry';
import type { ManagementDashboardContext } from '@/features/management/machines/management-dashboard.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'management-dashboard')!;
const figures = { open: 4, overdue: 1 } as unknown as ManagementDashboard;
const list = { figure: 'overdue', title: 'Overdue tickets', rows: [] } as unknown as ManagementDrill;
const TEAM = { manager: 7 };
const OVERDUE = { figure: 'overdue' as const };
const TEAM_OPEN = { ...TEAM, figure: 'open' as const };

describeMachinePaths(entry, {
  inputs: {
    'everyone, no list': () => ({ scope: {}, drill: null }),
    'everyone, the overdue list open': () => ({ scope: {}, drill: OVERDUE }),
  },
  events: [
    { type: 'address.set', scope: {}, drill: null },
    { type: 'address.set', scope: {}, drill: OVERDUE },
    { type: 'address.set', scope: TEAM, drill: TEAM_OPEN },
    { type: 'figures.reload' },
    { type: 'list.reload' },
    { type: 'figures.loaded', data: figures },
    { type: 'figures.loadFailed', error: 'Only managers see the Management Dashboard.' },
    { type: 'list.loaded', data: list },
    { type: 'list.loadFailed', error: 'That person is not in your team.' },
    { type: 'list.sort', field: 'title', multi: false },
    // Not a column the ticket lists sort by (their detail is a sentence): nothing happens.
    { type: 'list.sort', field: 'detail', multi: false },
  ],
  serializeState: (s) => {
    const c = s.context as ManagementDashboardContext;
    return JSON.stringify([s.value, c.scope, c.drill, c.sort]);
  },
  check: (snapshot) => {
    const c = snapshot.context as ManagementDashboardContext;
    if (snapshot.matches({ figures: 'failed' })) expect(c.figuresError).toBe('Only managers see the Management Dashboard.');
    if (snapshot.matches({ figures: 'ready' })) expect(c.figures).toBe(figures);
    // No list in the address: none shown, nothing remembered.
    if (c.drill === null) {
      expect(snapshot.matches({ list: 'closed' })).toBe(true);
      expect(c.list).toBeNull();
    } else expect(snapshot.matches({ list: 'closed' })).toBe(false);
    if (snapshot.matches({ list: 'loading' })) expect(c.list).toBeNull();
    if (snapshot.matches({ list: 'failed' })) expect(c.listError).toBe('That person is not in your team.');
    // A table only while a list is shown; an order only for a list, and only by a column it sorts by.
    expect(c.table !== null, 'a table exactly while the list is shown').toBe(snapshot.matches({ list: 'ready' }));
    if (c.drill === null) expect(c.sort).toEqual([]);
    expect(c.sort.every((k) => k.field === 'title')).toBe(true);
  },
});
