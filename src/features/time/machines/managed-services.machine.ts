/**
 * Managed Services (/managed/services) as one statechart (docs/adr/0107): the month shown and its
 * navigation, the month's contracts with their usage, the open Managed Services tickets, a
 * contract's editor and a month's close, each query and form a child spawned with a `systemId`.
 * It decides when the editor closes (once its contract is saved), where a refusal shows, and says
 * how each save and close ended (`notify`); the view reads the selectors at the end of this file.
 */
import { assign, enqueueActions, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { formatHours, type ContractsView, type ContractUsage, type MonthCloseFigures, type MsTicket } from '@contracts/time';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import type { ContractInput } from '../api';
import { money } from '../format';
import { closeMonthMachine, contractsMachine, msTicketsMachine, saveContractMachine } from './time.machines';

/** The month (YYYY-MM) a number of months from another. */
export function shiftMonth(month: string, by: number): string {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return d.toISOString().slice(0, 7);
}

/** The notice key of a failed close: the next close closes it. */
const CLOSE_NOTICE = 'managedServices.close';

export type ManagedServicesInput = { /** This month (YYYY-MM): the month shown first, and the last one shown. */ thisMonth: string };
export type ManagedServicesContext = ManagedServicesInput & {
  month: string;
  contracts: ContractsView | null;
  loadError: string | null;
  tickets: MsTicket[] | null;
  ticketsError: string | null;
  /** The contract whose editor is open (or was last). */
  editing: ContractUsage | null;
  /** Why the editor's last save was refused: shown in the editor, beside its fields. */
  failure: SubmitFailure | null;
};
export type ManagedServicesEvent =
  // From the view
  | { type: 'month.previous' }
  | { type: 'month.next' }
  | { type: 'month.this' }
  | { type: 'contract.edit'; contract: ContractUsage }
  | { type: 'editor.close' }
  | { type: 'contract.save'; input: ContractInput }
  | { type: 'month.close'; company: number; month: string }
  // From the children
  | { type: 'contracts.loaded'; data: ContractsView }
  | { type: 'contracts.loadFailed'; error: string }
  | { type: 'tickets.loaded'; data: MsTicket[] }
  | { type: 'tickets.loadFailed'; error: string }
  | { type: 'contract.saved'; result: unknown }
  | ({ type: 'contract.saveFailed' } & SubmitFailure)
  | { type: 'month.closed'; result: MonthCloseFigures }
  | ({ type: 'month.closeFailed' } & SubmitFailure);

export const closedMessage = (f: MonthCloseFigures) => `Month closed: ${formatHours(f.billed_minutes)} billed, ${money(f.overage_cents)} overage`;

export const managedServicesMachine = setup({
  types: { context: {} as ManagedServicesContext, events: {} as ManagedServicesEvent, input: {} as ManagedServicesInput },
  actors: {
    contracts: queryChild(contractsMachine, { loaded: 'contracts.loaded', failed: 'contracts.loadFailed' }),
    tickets: queryChild(msTicketsMachine, { loaded: 'tickets.loaded', failed: 'tickets.loadFailed' }),
    contractForm: submitChild(saveContractMachine, { saved: 'contract.saved', failed: 'contract.saveFailed' }),
    monthClose: submitChild(closeMonthMachine, { saved: 'month.closed', failed: 'month.closeFailed' }),
  },
  guards: {
    isBeforeThisMonth: ({ context }) => context.month < context.thisMonth,
    /** The month asked to close has ended. */
    hasEnded: ({ context, event }) => event.type === 'month.close' && event.month < context.thisMonth,
  },
  actions: {
    ...notifyActions,
    /** Another month shown: its contracts load (the last ones stay shown meanwhile). */
    showMonth: enqueueActions(({ context, event, enqueue }) => {
      const month = event.type === 'month.this' ? context.thisMonth : shiftMonth(context.month, event.type === 'month.next' ? 1 : -1);
      enqueue.assign({ month, loadError: null });
      enqueue.sendTo('contracts', { type: 'query.set', query: month });
    }),
    reloadContracts: sendTo('contracts', { type: 'query.reload' }),
  },
}).createMachine({
  id: 'managedServices',
  description: 'Managed Services: the month’s contracts and usage, the open tickets, a contract edited, a month closed.',
  context: ({ input }) => ({ thisMonth: input.thisMonth, month: input.thisMonth, contracts: null, loadError: null, tickets: null, ticketsError: null, editing: null, failure: null }),
  entry: [
    spawnChild('contracts', { id: 'contracts', systemId: 'managedServices.contracts', input: ({ context }) => ({ query: context.month }) }),
    spawnChild('tickets', { id: 'tickets', systemId: 'managedServices.tickets', input: {} }),
    spawnChild('contractForm', { id: 'contractForm', systemId: 'managedServices.contractForm', input: {} }),
    spawnChild('monthClose', { id: 'monthClose', systemId: 'managedServices.monthClose', input: {} }),
  ],
  on: {
    'tickets.loaded': { actions: assign({ tickets: ({ event }) => event.data, ticketsError: null }), description: 'The open Managed Services tickets.' },
    'tickets.loadFailed': { actions: assign({ ticketsError: ({ event }) => event.error }), description: 'The tickets card says why they could not be loaded.' },
    'month.previous': { actions: 'showMonth', description: 'The month before (closed months show their bill).' },
    'month.next': { guard: 'isBeforeThisMonth', actions: 'showMonth', description: 'The month after, up to this month.' },
    'month.this': { actions: 'showMonth' },
  },
  type: 'parallel',
  states: {
    list: {
      description: 'The contracts of the month shown, as the server has them.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The first contracts are loading.',
          on: {
            'contracts.loaded': { target: 'ready', actions: assign({ contracts: ({ event }) => event.data, loadError: null }) },
            'contracts.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
          },
        },
        ready: {
          description: 'The contracts are shown; another month, a save or a close loads them again.',
          on: {
            'contracts.loaded': { actions: assign({ contracts: ({ event }) => event.data, loadError: null }) },
            'contracts.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
          },
        },
        failed: {
          description: 'The contracts could not be loaded; the reason is shown (beside the last ones, if any).',
          on: { 'contracts.loaded': { target: 'ready', actions: assign({ contracts: ({ event }) => event.data, loadError: null }) } },
        },
      },
    },
    editor: {
      description: "A manager's contract editor.",
      initial: 'closed',
      states: {
        closed: {
          description: 'No editor is open.',
          on: { 'contract.edit': { target: 'open', actions: assign({ editing: ({ event }) => event.contract, failure: null }) } },
        },
        open: {
          description: 'The editor is open; a refusal shows in it beside its fields, and what was typed stays.',
          on: {
            'editor.close': { target: 'closed', actions: assign({ failure: null }) },
            'contract.save': {
              target: 'saving',
              actions: [assign({ failure: null }), sendTo('contractForm', ({ context, event }) => ({ type: 'form.submit', input: { company: context.editing!.company_id, ...event.input } }))],
            },
          },
        },
        saving: {
          description: 'The contract is being saved; the editor waits.',
          tags: ['busy'],
          on: {
            'contract.saved': {
              target: 'closed',
              actions: [{ type: 'notify', params: ({ context }) => ({ tone: 'success', title: `Contract of ${context.editing!.company} saved` }) }, 'reloadContracts'],
              description: 'Saved: the editor closes, the list loads again and says so.',
            },
            'contract.saveFailed': {
              target: 'open',
              actions: assign({ failure: ({ event }) => ({ error: event.error, fieldErrors: event.fieldErrors }) }),
              description: 'Refused: the editor stays open with the reasons beside the fields.',
            },
          },
        },
      },
    },
    close: {
      description: "A manager's close of an ended month, one at a time.",
      initial: 'idle',
      states: {
        idle: {
          description: 'No close under way.',
          on: {
            'month.close': {
              guard: 'hasEnded',
              target: 'closing',
              actions: [{ type: 'dismissNotice', params: { key: CLOSE_NOTICE } }, sendTo('monthClose', ({ event }) => ({ type: 'form.submit', input: { company: event.company, month: event.month } }))],
              description: 'Only an ended month is closed.',
            },
          },
        },
        closing: {
          description: 'The month is being closed (billed).',
          tags: ['busy'],
          on: {
            'month.closed': { target: 'idle', actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'success', title: closedMessage(event.result) }) }, 'reloadContracts'] },
            'month.closeFailed': {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The month was not closed', description: event.error, key: CLOSE_NOTICE }) },
            },
          },
        },
      },
    },
  },
});

// Selectors: what the Managed Services view reads.

export type ManagedServicesActor = ActorRefFrom<typeof managedServicesMachine>;
type S = SnapshotFrom<typeof managedServicesMachine>;
export const selectMonth = (s: S) => s.context.month;
export const selectThisMonth = (s: S) => s.context.thisMonth;
export const selectContracts = (s: S) => s.context.contracts;
export const selectLoadError = (s: S) => (s.matches({ list: 'failed' }) ? s.context.loadError : null);
export const selectTickets = (s: S) => s.context.tickets;
export const selectTicketsError = (s: S) => s.context.ticketsError;
/** The contract whose editor is open, or null. */
export const selectEditing = (s: S) => (s.matches({ editor: 'closed' }) ? null : s.context.editing);
export const selectSavingContract = (s: S) => s.matches({ editor: 'saving' });
export const selectFailure = (s: S) => s.context.failure;
export const selectClosing = (s: S) => s.matches({ close: 'closing' });
