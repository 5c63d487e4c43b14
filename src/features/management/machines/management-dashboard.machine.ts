/**
 * The Management Dashboard (/mgmtdash) as one statechart (docs/adr/0107): the scope (a team, a
 * person) and the list open behind a figure come from the address, which the view hands over with
 * `address.set` on every change. It owns two queries, each a child spawned with a `systemId`: the
 * figures of the scope, and the list open. A new scope loads the figures again; another list (or the
 * same list for another scope) loads that list; closing the list forgets its rows. The same address
 * again loads nothing. The view reads the selectors at the end of this file.
 */
import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ManagementDashboard, ManagementDrill, ManagementDrillQuery, ManagementScope } from '@contracts/management';
import { queryChild } from '@/shared/machines/query.machine';
import { managementDashboardMachine, managementDrillMachine } from './management.machine';

/** What the address says: the scope, and the list open (its figure and filters), if any. */
export type ManagementAddress = { scope: ManagementScope; drill: ManagementDrillQuery | null };

export type ManagementDashboardContext = ManagementAddress & {
  figures: ManagementDashboard | null;
  figuresError: string | null;
  list: ManagementDrill | null;
  listError: string | null;
};

export type ManagementDashboardEvent =
  // From the view
  | ({ type: 'address.set' } & ManagementAddress)
  | { type: 'figures.reload' }
  | { type: 'list.reload' }
  // From the children
  | { type: 'figures.loaded'; data: ManagementDashboard }
  | { type: 'figures.loadFailed'; error: string }
  | { type: 'list.loaded'; data: ManagementDrill | null }
  | { type: 'list.loadFailed'; error: string };

/** Two scopes or lists are the same when they say the same thing (a new object from the address is no change). */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const managementScreenMachine = setup({
  types: { context: {} as ManagementDashboardContext, events: {} as ManagementDashboardEvent, input: {} as ManagementAddress },
  actors: {
    figures: queryChild(managementDashboardMachine, { loaded: 'figures.loaded', failed: 'figures.loadFailed' }),
    list: queryChild(managementDrillMachine, { loaded: 'list.loaded', failed: 'list.loadFailed' }),
  },
  guards: {
    scopeChanged: ({ context, event }) => event.type === 'address.set' && !same(context.scope, event.scope),
    listClosed: ({ context, event }) => event.type === 'address.set' && event.drill === null && context.drill !== null,
    listChanged: ({ context, event }) => event.type === 'address.set' && event.drill !== null && !same(context.drill, event.drill),
    listAsked: ({ context }) => context.drill !== null,
  },
}).createMachine({
  id: 'managementDashboard',
  description: 'The Management Dashboard: the figures of the scope in the address, and the list behind the figure the address opens.',
  context: ({ input }) => ({ scope: input.scope, drill: input.drill, figures: null, figuresError: null, list: null, listError: null }),
  entry: [
    spawnChild('figures', { id: 'figures', systemId: 'mgmtdash.figures', input: ({ context }) => ({ query: context.scope }) }),
    spawnChild('list', { id: 'list', systemId: 'mgmtdash.list', input: ({ context }) => ({ query: context.drill }) }),
  ],
  type: 'parallel',
  states: {
    figures: {
      description: 'The figures of the scope.',
      initial: 'loading',
      on: {
        'address.set': {
          guard: 'scopeChanged',
          target: '.loading',
          actions: [assign({ scope: ({ event }) => event.scope }), sendTo('figures', ({ event }) => ({ type: 'query.set' as const, query: event.scope }))],
          description: 'Another team or person: their figures load (the last ones stay shown meanwhile).',
        },
        'figures.reload': { target: '.loading', actions: sendTo('figures', { type: 'query.reload' }), description: 'A retry.' },
        'figures.loaded': { target: '.ready', actions: assign({ figures: ({ event }) => event.data, figuresError: null }) },
        'figures.loadFailed': { target: '.failed', actions: assign({ figuresError: ({ event }) => event.error }), description: 'Refused (not a manager, a person outside the team) or unreachable: the reason is shown.' },
      },
      states: {
        loading: { description: 'The figures are loading.', tags: ['loading'] },
        ready: { description: 'The figures are shown; each opens its list.' },
        failed: { description: 'The figures could not be loaded; the reason is shown with a retry.' },
      },
    },
    list: {
      description: 'The list behind one figure, when the address opens one.',
      initial: 'closed',
      on: {
        'address.set': [
          { guard: 'listClosed', target: '.closed', actions: assign({ drill: null, list: null, listError: null }), description: 'The list is closed: its rows are forgotten.' },
          {
            guard: 'listChanged',
            target: '.loading',
            actions: [assign({ drill: ({ event }) => event.drill, list: null, listError: null }), sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: event.drill }))],
            description: 'Another figure, filter or scope: its list loads.',
          },
        ],
      },
      states: {
        closed: {
          description: 'No list open.',
          always: { guard: 'listAsked', target: 'loading', description: 'The address opened a list on arrival: it is loading already.' },
        },
        loading: {
          description: 'The list is loading.',
          tags: ['loading'],
          on: {
            'list.loaded': { target: 'ready', actions: assign({ list: ({ event }) => event.data, listError: null }) },
            'list.loadFailed': { target: 'failed', actions: assign({ listError: ({ event }) => event.error }) },
          },
        },
        ready: { description: 'The list is shown; its row count equals the figure.' },
        failed: {
          description: 'The list could not be loaded; the reason is shown with a retry.',
          on: { 'list.reload': { target: 'loading', actions: sendTo('list', { type: 'query.reload' }), description: 'A retry.' } },
        },
      },
    },
  },
});

// Selectors: what the view reads.

type S = SnapshotFrom<typeof managementScreenMachine>;
/** The figures' query (the view's load, error and retry states read it). */
export const selectFiguresQuery = (s: S) => s.children.figures as ActorRefFrom<typeof managementDashboardMachine>;
export const selectFigures = (s: S) => s.context.figures;
export const selectList = (s: S) => (s.matches({ list: 'ready' }) ? s.context.list : null);
export const selectListError = (s: S) => (s.matches({ list: 'failed' }) ? s.context.listError : null);
