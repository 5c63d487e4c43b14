import { expect } from 'vitest';
import type { CountedTicketView } from '@contracts/ticket-views';
import { machineRegistry } from '@/app/machine-registry';
import type { TicketViewsContext } from '@/features/tickets/machines/ticket-views.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'ticket-views')!;
const views: CountedTicketView[] = [{ key: 'overdue', id: null, name: 'Overdue', filters: { overdue: 'true' }, count: 3 }];

describeMachinePaths(entry, {
  inputs: { 'the search': () => ({ listKey: 'a' }) },
  events: [
    { type: 'views.refresh' },
    { type: 'views.focus' },
    { type: 'views.listChanged', listKey: 'b' },
    { type: 'views.saveCurrent', filters: { status: 'WOC' } },
    { type: 'views.rename', id: 5, name: 'Mine' },
    { type: 'views.delete', id: 5, name: 'Mine' },
    { type: 'dialog.submit', name: 'Waiting' },
    { type: 'dialog.close' },
  ],
  outputs: { list: [views], write: [{ id: 5, name: 'Waiting', filters: { status: 'WOC' } }] },
  errors: { list: [{ status: 503, message: 'Try again later' }], write: [{ status: 409, message: 'You already have a view named "Waiting"', fields: { name: 'You already have a view named "Waiting"' } }] },
  serializeState: (s) => JSON.stringify([s.value, (s.context as TicketViewsContext).dialog?.kind ?? null, (s.context as TicketViewsContext).listKey]),
  check: (snapshot) => {
    const c = snapshot.context as TicketViewsContext;
    if (snapshot.matches('writing')) expect(c.dialog).not.toBeNull();
    if (c.dialog === null) expect(c.fieldErrors).toEqual({});
  },
});
