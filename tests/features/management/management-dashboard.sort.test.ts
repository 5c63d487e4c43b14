/** The order of the dashboard's lists is the dashboard machine's: kept for the same figure in another scope, started over for another figure; a paged list is never unsorted. */
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ManagementDrill } from '@contracts/management';
import { managementScreenMachine, nextSort } from '@/features/management/machines/management-dashboard.machine';

const never = fromPromise(() => new Promise<never>(() => {}));
const rows = [
  { id: 1, title: 'Beta', person: 'Avery Agent', detail: 'High · Support', date: '2026-11-20', href: '/ticket/1' },
  { id: 2, title: 'Alpha', person: 'Dana Developer', detail: 'Low · Support', date: '2026-11-21', href: '/ticket/2' },
];
const overdue = { figure: 'overdue', title: 'Overdue tickets', rows, total: 2 } as ManagementDrill;

function start(drill: { figure: 'overdue' | 'sales' }) {
  const actor = createActor(managementScreenMachine.provide({ actors: { figures: never as never, list: never as never } }), { input: { scope: {}, drill } });
  actor.start();
  return actor;
}

describe('management dashboard list order', () => {
  it("sorts a list shown in the browser through its table, and keeps the order for the same figure in another team's scope", () => {
    const actor = start({ figure: 'overdue' });
    actor.send({ type: 'list.loaded', data: overdue });
    actor.send({ type: 'list.sort', field: 'title', multi: false });
    expect(actor.getSnapshot().context.sort).toEqual([{ field: 'title', type: 'asc' }]);
    const table = actor.getSnapshot().context.table!;
    expect(table.getSnapshot().context.sort).toEqual([{ field: 'title', type: 'asc' }]);
    expect(table.getSnapshot().context.processed.map((r) => r.title)).toEqual(['Alpha', 'Beta']);
    // Not a column the ticket lists sort by: nothing changes, the table stays.
    actor.send({ type: 'list.sort', field: 'detail', multi: false });
    expect(actor.getSnapshot().context.table).toBe(table);
    actor.send({ type: 'address.set', scope: { manager: 7 }, drill: { manager: 7, figure: 'overdue' } });
    expect(actor.getSnapshot().context.table).toBeNull();
    actor.send({ type: 'list.loaded', data: overdue });
    expect(actor.getSnapshot().context.table!.getSnapshot().context.sort).toEqual([{ field: 'title', type: 'asc' }]);
    expect(table.getSnapshot().status).toBe('stopped');
    // Another figure starts in its own order.
    actor.send({ type: 'address.set', scope: { manager: 7 }, drill: { manager: 7, figure: 'open' } });
    expect(actor.getSnapshot().context.sort).toEqual([]);
  });

  it('keeps the rows per page the reader chose when the order changes', () => {
    const actor = start({ figure: 'overdue' });
    actor.send({ type: 'list.loaded', data: overdue });
    actor.getSnapshot().context.table!.send({ type: 'page.size', size: 50 });
    actor.send({ type: 'list.sort', field: 'date', multi: false });
    expect(actor.getSnapshot().context.table!.getSnapshot().context.pageSize).toBe(50);
  });

  it('starts the paged sales list newest first, and a column whose cycle ends goes back to newest first, one column at a time', () => {
    expect(start({ figure: 'sales' }).getSnapshot().context.sort).toEqual([{ field: 'date', type: 'desc' }]);
    const newest = [{ field: 'date', type: 'desc' as const }];
    expect(nextSort('sales', newest, 'date', false)).toEqual([{ field: 'date', type: 'asc' }]);
    expect(nextSort('sales', [{ field: 'date', type: 'asc' }], 'date', false)).toEqual(newest);
    expect(nextSort('sales', [{ field: 'detail', type: 'desc' }], 'detail', false)).toEqual(newest);
    expect(nextSort('sales', newest, 'title', true)).toEqual([{ field: 'title', type: 'asc' }]);
    // In the browser, Shift adds a column.
    expect(nextSort('overdue', [{ field: 'title', type: 'asc' }], 'date', true)).toEqual([
      { field: 'title', type: 'asc' },
      { field: 'date', type: 'asc' },
    ]);
  });
});
