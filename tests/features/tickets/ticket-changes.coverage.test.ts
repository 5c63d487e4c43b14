import { expect } from 'vitest';
import { machineRegistry } from '@/app/machine-registry';
import type { ListTable, TicketChangesContext } from '@/features/tickets/machines/ticket-changes.machine';
import type { TableContext } from '@/shared/machines/table/table.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

/** A table on page 1, newest first, nothing typed or selected: the list may load again by itself. */
const table = (over: Partial<TableContext> = {}): ListTable => {
  const context = { page: 1, pageDraft: '1', sort: [], drafts: {}, filters: {}, selected: [], ...over } as unknown as TableContext;
  return { send: () => undefined, getSnapshot: () => ({ context }) };
};

describeMachinePaths(machineRegistry.find((m) => m.id === 'ticket-changes')!, {
  events: [
    { type: 'changes.open' },
    { type: 'changes.frame', latest: 41, ids: [7, 9] },
    { type: 'changes.closed' },
    { type: 'changes.refused' },
    { type: 'changes.show' },
    { type: 'list.table', table: table() },
    { type: 'list.fresh' },
    { type: 'list.pointer', inside: true },
    { type: 'list.pointer', inside: false },
  ],
  serializeState: (s) => {
    const c = s.context as TicketChangesContext;
    return JSON.stringify([s.value, c.table !== null, c.pointerInside, c.after, Math.min(c.attempt, 1)]);
  },
  check: (s) => {
    const c = s.context as TicketChangesContext;
    // The list is marked outdated only after the server told of a change (and the stream resumes from it).
    if (s.hasTag('outdated')) expect(c.after).toBe('41');
  },
});
