import { assign, fromPromise, setup } from 'xstate';
import { OVERDUE_POLL_INTERVAL_MS } from '@contracts/common/constants';
import type { OverdueTicket } from '@contracts/overdue';
import { overdueApi } from './api';
import { logError } from '@/shared/log';

export type OverdueContext = {
  userId: string;
  tickets: OverdueTicket[];
  /** When the last good answer came (ms since epoch), or null before the first. */
  checkedAt: number | null;
};

export type OverdueEvent = { type: 'overdue.refresh' } | { type: 'overdue.openModal' } | { type: 'overdue.closeModal' };

/**
 * Checks the user's overdue tickets at load and every 3.5 hours; the list feeds the header
 * badge and the overdue modal. A failed check keeps the last good list and is only logged.
 * It runs while the staff session is signed in, so signing out stops it.
 */
export const overdueMachine = setup({
  types: {
    context: {} as OverdueContext,
    events: {} as OverdueEvent,
    input: {} as { userId: string },
  },
  actors: {
    checkOverdue: fromPromise<OverdueTicket[], { userId: string }>(({ input }) => overdueApi.check(input.userId)),
  },
  delays: { POLL_INTERVAL: OVERDUE_POLL_INTERVAL_MS },
  actions: {
    logCheckFailure: (_, params: { error: unknown }) => logError('overdue check failed', params.error),
  },
}).createMachine({
  id: 'overdue',
  description: 'Overdue-ticket polling for the signed-in user, and the overdue modal.',
  context: ({ input }) => ({ userId: input.userId, tickets: [], checkedAt: null }),
  type: 'parallel',
  states: {
    polling: {
      description: 'Checks at load, then every POLL_INTERVAL (3.5 hours).',
      initial: 'checking',
      states: {
        checking: {
          description: 'POST /api/v2/ticket/check/overdue for this user.',
          invoke: {
            id: 'checkOverdue',
            src: 'checkOverdue',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'waiting',
              actions: assign({ tickets: ({ event }) => event.output, checkedAt: () => Date.now() }),
            },
            onError: {
              target: 'waiting',
              actions: { type: 'logCheckFailure', params: ({ event }) => ({ error: event.error }) },
              description: 'A failed check keeps the last good list; it is only logged.',
            },
          },
        },
        waiting: {
          description: 'Waits for the next check.',
          after: { POLL_INTERVAL: { target: 'checking' } },
          on: { 'overdue.refresh': 'checking' },
        },
      },
    },
    modal: {
      description: 'The overdue-tickets modal opened from the header badge.',
      initial: 'closed',
      states: {
        closed: { description: 'The modal is not shown.', on: { 'overdue.openModal': 'open' } },
        open: { description: 'The modal lists the overdue tickets.', on: { 'overdue.closeModal': 'closed' } },
      },
    },
  },
});

/** The badge shows only when the count is above 0. */
export const overdueCount = (context: OverdueContext) => context.tickets.length;
