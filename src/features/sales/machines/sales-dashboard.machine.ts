/**
 * The sales dashboard (/sales/dashboard) as a statechart (docs/adr/0107): the month's figures and,
 * when a tile is drilled into, the list of its activities are queries it owns as children. The
 * address says which month and which list show (`month.show`, `list.show`, sent by the view as
 * the address changes); an activity logged from the screen's dialog loads both again, and the
 * drilled list's table starts again with it (`logged`).
 */
import { assign, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { loggedActivities, type ActivityLogActor, type ActivityLogged } from './activity-log.machine';
import { activityListMachine, dashboardMachine, type ActivityListQuery } from './sales.machines';

/** The drilled list: a kind's activities in a month, of one rep or every rep. */
export type DashboardList = Required<Pick<ActivityListQuery, 'kind' | 'month'>> & Pick<ActivityListQuery, 'staffId'>;

export type SalesDashboardContext = {
  log: ActivityLogActor | null;
  month: string;
  list: DashboardList | null;
  /** Activities logged on this screen: the drilled list's table starts again with each. */
  logged: number;
};
export type SalesDashboardEvent = { type: 'month.show'; month: string } | { type: 'list.show'; list: DashboardList | null } | ActivityLogged;
export type SalesDashboardInput = { log: ActivityLogActor | null; month: string; list: DashboardList | null };

const sameList = (a: DashboardList | null, b: DashboardList | null) => a?.kind === b?.kind && a?.month === b?.month && a?.staffId === b?.staffId;

export const salesDashboardMachine = setup({
  types: { context: {} as SalesDashboardContext, events: {} as SalesDashboardEvent, input: {} as SalesDashboardInput },
  actors: { dashboard: dashboardMachine, activities: activityListMachine, loggedActivities },
  actions: {
    reloadDashboard: sendTo('dashboard', { type: 'query.reload' as const }),
    reloadList: sendTo('list', { type: 'query.reload' as const }),
    openList: spawnChild('activities', { id: 'list', input: ({ context }) => ({ query: context.list! }) }),
    countLogged: assign({ logged: ({ context }) => context.logged + 1 }),
  },
  guards: {
    hasList: ({ context }) => context.list !== null,
    isOtherMonth: ({ context, event }) => event.type === 'month.show' && event.month !== context.month,
    showsList: ({ event }) => event.type === 'list.show' && event.list !== null,
    showsNoList: ({ event }) => event.type === 'list.show' && event.list === null,
    isOtherList: ({ context, event }) => event.type === 'list.show' && !sameList(event.list, context.list),
  },
}).createMachine({
  id: 'salesDashboard',
  description: "The month's activity against targets, the pipeline and the leaderboard; a tile drills to its activities; a logged activity loads them again.",
  context: ({ input }) => ({ log: input.log, month: input.month, list: input.list, logged: 0 }),
  entry: spawnChild('dashboard', { id: 'dashboard', systemId: 'salesDashboard.dashboard', input: ({ context }) => ({ query: context.month }) }),
  invoke: { src: 'loggedActivities', input: ({ context }) => ({ log: context.log }) },
  on: {
    'month.show': {
      guard: 'isOtherMonth',
      actions: [assign({ month: ({ event }) => event.month }), sendTo('dashboard', ({ event }) => ({ type: 'query.set' as const, query: event.month }))],
      description: 'Another month: its figures load.',
    },
  },
  initial: 'starting',
  states: {
    starting: {
      description: 'Opens the list the address names, or the figures alone.',
      always: [{ guard: 'hasList', target: 'drilled', actions: 'openList' }, { target: 'figures' }],
    },
    figures: {
      description: "The month's figures; no list is open.",
      on: {
        'list.show': { guard: 'showsList', target: 'drilled', actions: [assign({ list: ({ event }) => event.list }), 'openList'], description: 'A tile or a figure drilled into: its activities load.' },
        'activity.logged': { actions: ['reloadDashboard', 'countLogged'], description: 'An activity was logged: the figures load again.' },
      },
    },
    drilled: {
      description: 'The figures and the activities behind a tile.',
      on: {
        'list.show': [
          { guard: 'showsNoList', target: 'figures', actions: [stopChild('list'), assign({ list: null })], description: 'The list closes.' },
          {
            guard: 'isOtherList',
            actions: [assign({ list: ({ event }) => event.list }), sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: event.list! }))],
            description: 'Another kind, month or rep: its activities load.',
          },
        ],
        'activity.logged': { actions: ['reloadDashboard', 'reloadList', 'countLogged'], description: 'An activity was logged: the figures and the list load again; the list starts again.' },
      },
    },
  },
});

type Snapshot = SnapshotFrom<typeof salesDashboardMachine>;
export const selectDashboard = (s: Snapshot) => s.children.dashboard as ActorRefFrom<typeof dashboardMachine>;
export const selectList = (s: Snapshot) => s.children.list as ActorRefFrom<typeof activityListMachine> | undefined;
/** The drilled list's table key: another list, or an activity logged, starts it again. */
export const selectListKey = (s: Snapshot) => {
  const l = s.context.list;
  return l ? `${l.kind}-${l.month}-${l.staffId ?? ''}-${s.context.logged}` : '';
};
