import { assertEvent, assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { TICKET_CHANGES_NOW, TICKET_CHANGES_TIMING } from '@contracts/tickets-changes';
import type { TableContext, TableEvent } from '@/shared/machines/table/table.machine';
import { streamTicketChanges, type TicketChangesReport } from '../changes-api';

/** What the list machine needs of the table it keeps current: to read where it is, and to tell it to reload. */
export type ListTable = { send(event: TableEvent): void; getSnapshot(): { context: TableContext } };

export type TicketChangesContext = {
  /** Where the stream starts on a reconnection: after the latest change a frame gave. */
  after: string;
  /** The table the list shows now (a new one for each set of filters). */
  table: ListTable | null;
  /** The pointer is over the list: rows must not move under it. */
  pointerInside: boolean;
  attempt: number;
};

export type TicketChangesEvent =
  | TicketChangesReport
  | { type: 'list.table'; table: ListTable }
  | { type: 'list.fresh' }
  | { type: 'list.pointer'; inside: boolean }
  | { type: 'changes.show' };

/** Reconnection waits, the last repeated. */
export const changesBackoffOf = (attempt: number) => TICKET_CHANGES_TIMING.backoffMs[Math.min(attempt, TICKET_CHANGES_TIMING.backoffMs.length - 1)]!;

/** Sort keys that list the newest tickets first (none: the server's own order, newest first). */
const NEWEST_FIRST = new Set(['id', 'created_at']);

/**
 * Whether the list may load again by itself: on page 1, newest first, nothing typed in a filter or
 * the page box, no row selected, and the pointer elsewhere. Otherwise rows would move under the user.
 */
export function mayReloadItself(table: ListTable | null, pointerInside: boolean): boolean {
  if (!table || pointerInside) return false;
  const c = table.getSnapshot().context;
  const newestFirst = c.sort.length === 0 || (c.sort[0]!.type === 'desc' && NEWEST_FIRST.has(c.sort[0]!.field));
  const typing = c.pageDraft !== String(c.page) || Object.entries(c.drafts).some(([field, text]) => text !== (c.filters[field] ?? ''));
  return c.page === 1 && newestFirst && !typing && c.selected.length === 0;
}

/**
 * An open ticket list kept current (docs/adr/0220): the stream of ticket changes is listened to
 * while the list is open (reconnecting with growing waits, catching up from the last change it
 * was told of). A change reloads the list by itself when no row would move under the user;
 * otherwise the list is marked outdated ("New or changed tickets — Show") until shown or reloaded.
 */
export const ticketChangesMachine = setup({
  types: { context: {} as TicketChangesContext, events: {} as TicketChangesEvent },
  actors: {
    stream: fromCallback<TicketChangesEvent, { after: string }>(({ input, sendBack }) => {
      const abort = new AbortController();
      void streamTicketChanges(input.after, abort.signal, sendBack);
      return () => abort.abort();
    }),
  },
  actions: {
    reloadTable: ({ context }) => context.table?.send({ type: 'table.reload' }),
    recordFrame: assign(({ event }) => {
      assertEvent(event, 'changes.frame');
      return { after: String(event.latest), attempt: 0 };
    }),
  },
  guards: {
    mayReloadItself: ({ context }) => mayReloadItself(context.table, context.pointerInside),
  },
  delays: {
    BACKOFF: ({ context }) => changesBackoffOf(context.attempt),
  },
}).createMachine({
  id: 'ticket-changes',
  description: 'An open ticket list hears of new and changed tickets: it reloads by itself when nothing would move under the user, else it offers to.',
  context: { after: TICKET_CHANGES_NOW, table: null, pointerInside: false, attempt: 0 },
  type: 'parallel',
  on: {
    'list.pointer': { actions: assign({ pointerInside: ({ event }) => event.inside }), description: 'The pointer entered or left the list.' },
  },
  states: {
    connection: {
      description: 'The stream of ticket changes, open while the list is.',
      initial: 'listening',
      states: {
        listening: {
          invoke: { src: 'stream', input: ({ context }) => ({ after: context.after }) },
          on: {
            'changes.open': { actions: assign({ attempt: 0 }), description: 'The server answered.' },
            'changes.closed': { target: 'waiting', description: 'The stream ended: try again after a wait.' },
            'changes.refused': { target: 'refused', description: 'The session ended: the sign-in screen takes over.' },
          },
        },
        waiting: {
          description: 'A growing wait before the next attempt; it catches up from the last change told.',
          after: { BACKOFF: { target: 'listening', actions: assign({ attempt: ({ context }) => context.attempt + 1 }), description: 'Try again.' } },
        },
        refused: { description: 'No staff session: nothing to listen to.' },
      },
    },
    list: {
      description: 'Whether the rows shown are the latest the list knows of.',
      initial: 'current',
      on: {
        'list.table': { target: '.current', actions: assign({ table: ({ event }) => event.table }), description: 'A new table (other filters) loads afresh.' },
        'list.fresh': { target: '.current', description: 'The list loaded again (another page, sort or a reload): what it shows is current.' },
      },
      states: {
        current: {
          on: {
            'changes.frame': [
              { guard: 'mayReloadItself', actions: ['recordFrame', 'reloadTable'], description: 'On page 1, newest first, nothing being typed or selected, the pointer elsewhere: load again at once.' },
              { target: 'outdated', actions: 'recordFrame', description: 'Rows would move under the user: offer to show the changes.' },
            ],
          },
        },
        outdated: {
          tags: ['outdated'],
          description: 'Tickets changed since the list loaded: "New or changed tickets — Show".',
          on: {
            'changes.frame': { actions: 'recordFrame', description: 'More changes: the offer stays.' },
            'changes.show': { target: 'current', actions: 'reloadTable', description: 'Show: the current page loads again.' },
          },
        },
      },
    },
  },
});

export type TicketChangesActor = ActorRefFrom<typeof ticketChangesMachine>;
export const selectOutdated = (s: SnapshotFrom<typeof ticketChangesMachine>) => s.hasTag('outdated');
