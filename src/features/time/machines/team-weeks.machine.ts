/**
 * A manager's team on the timesheet: the weeks of the people they manage for the week shown, and
 * their decisions (approve or reject submitted weeks in bulk, reopen one). Each decision is its own
 * state, so what the manager is told follows from the chart; after a decision the list loads again.
 * Runs as the timesheet machine's child (`team`), which tells it the week shown.
 */
import { assertEvent, assign, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import type { TeamWeek, TimesheetWeek } from '@contracts/time';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { timeApi, type Decision } from '../api';

export type TeamWeeksInput = { week: string };
export type TeamWeeksContext = TeamWeeksInput & {
  weeks: TeamWeek[] | null;
  loadError: string | null;
  /** The decision under way: whose weeks, and the reason of a rejection; or the week reopened. */
  decision: Decision | null;
  reopening: number | null;
};
export type TeamWeeksEvent =
  | { type: 'week.set'; week: string }
  | { type: 'team.reload' }
  | { type: 'weeks.approve'; users: number[] }
  | { type: 'weeks.reject'; users: number[]; reason: string }
  | { type: 'week.reopen'; user: number };

/** The notice key of a decision's failure: the next failure replaces it, the next decision closes it. */
const DECISION_NOTICE = 'timesheet.decision';

export const teamWeeksMachine = setup({
  types: { context: {} as TeamWeeksContext, events: {} as TeamWeeksEvent, input: {} as TeamWeeksInput },
  actors: {
    loadTeam: fromPromise<TeamWeek[], string>(({ input }) => timeApi.team(input)),
    decide: fromPromise<{ decided: number }, Decision>(({ input }) => timeApi.decide(input)),
    reopen: fromPromise<TimesheetWeek, { week: string; user: number }>(({ input }) => timeApi.reopen(input)),
  },
  actions: {
    ...notifyActions,
    takeDecision: assign(({ context, event }) => {
      assertEvent(event, ['weeks.approve', 'weeks.reject']);
      const decision: Decision =
        event.type === 'weeks.approve' ? { week: context.week, users: event.users, decision: 'approve' } : { week: context.week, users: event.users, decision: 'reject', reason: event.reason };
      return { decision };
    }),
    takeReopen: assign(({ event }) => {
      assertEvent(event, 'week.reopen');
      return { reopening: event.user };
    }),
    reloadTeam: raise({ type: 'team.reload' }),
  },
}).createMachine({
  id: 'teamWeeks',
  description: "The weeks of a manager's team, and the manager's decisions on them.",
  context: ({ input }) => ({ week: input.week, weeks: null, loadError: null, decision: null, reopening: null }),
  type: 'parallel',
  states: {
    list: {
      description: 'The team’s weeks for the week shown.',
      initial: 'loading',
      on: {
        'week.set': { target: '.loading', actions: assign({ week: ({ event }) => event.week }), description: 'Another week shown: its list loads (the last one stays shown meanwhile).' },
        'team.reload': { target: '.loading', description: 'After a decision, or a retry.' },
      },
      states: {
        loading: {
          description: 'The list is loading; a load for a week left meanwhile is dropped.',
          tags: ['loading'],
          invoke: {
            src: 'loadTeam',
            id: 'loadTeam',
            input: ({ context }) => context.week,
            onDone: { target: 'ready', actions: assign({ weeks: ({ event }) => event.output, loadError: null }) },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toApiError(event.error).message }) },
          },
        },
        ready: { description: 'The list is shown.' },
        failed: { description: 'The list could not be loaded; the reason is shown with a retry.' },
      },
    },
    decision: {
      description: 'One decision at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'No decision under way.',
          on: {
            'weeks.approve': { target: 'approving', actions: ['takeDecision', { type: 'dismissNotice', params: { key: DECISION_NOTICE } }] },
            'weeks.reject': { target: 'rejecting', actions: ['takeDecision', { type: 'dismissNotice', params: { key: DECISION_NOTICE } }] },
            'week.reopen': { target: 'reopening', actions: ['takeReopen', { type: 'dismissNotice', params: { key: DECISION_NOTICE } }] },
          },
        },
        approving: {
          description: 'The selected submitted weeks are approved (all or none).',
          tags: ['busy'],
          invoke: {
            src: 'decide',
            id: 'approve',
            input: ({ context }) => context.decision!,
            onDone: { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Weeks approved' } }, 'reloadTeam'] },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The weeks were not approved', description: toApiError(event.error).message, key: DECISION_NOTICE }) }, 'reloadTeam'],
            },
          },
        },
        rejecting: {
          description: 'The selected submitted weeks are rejected with the reason (all or none).',
          tags: ['busy'],
          invoke: {
            src: 'decide',
            id: 'reject',
            input: ({ context }) => context.decision!,
            onDone: { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Weeks rejected' } }, 'reloadTeam'] },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The weeks were not rejected', description: toApiError(event.error).message, key: DECISION_NOTICE }) }, 'reloadTeam'],
            },
          },
        },
        reopening: {
          description: 'A submitted or approved week is reopened (a draft again).',
          tags: ['busy'],
          invoke: {
            src: 'reopen',
            id: 'reopen',
            input: ({ context }) => ({ week: context.week, user: context.reopening! }),
            onDone: { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Week reopened' } }, 'reloadTeam'] },
            onError: {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The week was not reopened', description: toApiError(event.error).message, key: DECISION_NOTICE }) }, 'reloadTeam'],
            },
          },
        },
      },
    },
  },
});

export type TeamWeeksSnapshot = SnapshotFrom<typeof teamWeeksMachine>;

/** What the team view reads. */
export const teamWeeksSelectors = {
  week: (s: TeamWeeksSnapshot) => s.context.week,
  weeks: (s: TeamWeeksSnapshot) => s.context.weeks,
  loadError: (s: TeamWeeksSnapshot) => (s.matches({ list: 'failed' }) ? s.context.loadError : null),
  deciding: (s: TeamWeeksSnapshot) => s.hasTag('busy'),
};
