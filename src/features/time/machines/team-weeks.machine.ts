/**
 * A manager's team on the timesheet (docs/adr/0107): the weeks of the people they manage for the
 * week shown, and their decisions (approve or reject submitted weeks in bulk, reopen one). The list
 * and the two forms are children spawned with a `systemId`, which report with this machine's
 * events. Each decision is its own state, so what the manager is told follows from the chart;
 * after a decision (made or refused) the list loads again. It runs as the timesheet's child
 * (`team`), which tells it the week shown. It holds the rows the manager selected: a decision, or
 * another week shown, clears them (and says so, for the table's checkboxes), so the selection and
 * the bulk buttons' count never disagree.
 */
import { assertEvent, assign, enqueueActions, sendTo, setup, spawnChild, type SnapshotFrom } from 'xstate';
import type { TeamWeek } from '@contracts/time';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import type { Decision } from '../api';
import { decisionMachine, reopenMachine, teamMachine } from './time.machines';

export type TeamWeeksInput = { week: string };
export type TeamWeeksContext = TeamWeeksInput & {
  weeks: TeamWeek[] | null;
  loadError: string | null;
  /** The people whose rows are selected in the list. */
  selected: number[];
};
export type TeamWeeksEvent =
  // From the timesheet and the view
  | { type: 'week.set'; week: string }
  | { type: 'team.reload' }
  | { type: 'selection.set'; users: number[] }
  | { type: 'weeks.approve'; users: number[] }
  | { type: 'weeks.reject'; users: number[]; reason: string }
  | { type: 'week.reopen'; user: number }
  // From the children
  | { type: 'team.loaded'; data: TeamWeek[] }
  | { type: 'team.loadFailed'; error: string }
  | { type: 'weeks.decided'; result: unknown }
  | ({ type: 'weeks.decideFailed' } & SubmitFailure)
  | { type: 'week.reopened'; result: unknown }
  | ({ type: 'week.reopenFailed' } & SubmitFailure);
/** What the machine tells the view: the selection was cleared (the table clears its checkboxes). */
export type TeamWeeksEmitted = { type: 'selection.cleared' };

/** The notice key of a decision's failure: the next failure replaces it, the next decision closes it. */
const DECISION_NOTICE = 'timesheet.decision';
const CLOSE_DECISION_NOTICE = { type: 'dismissNotice', params: { key: DECISION_NOTICE } } as const;

export const teamWeeksMachine = setup({
  types: { context: {} as TeamWeeksContext, events: {} as TeamWeeksEvent, input: {} as TeamWeeksInput, emitted: {} as TeamWeeksEmitted },
  actors: {
    list: queryChild(teamMachine, { loaded: 'team.loaded', failed: 'team.loadFailed' }),
    decision: submitChild(decisionMachine, { saved: 'weeks.decided', failed: 'weeks.decideFailed' }),
    reopen: submitChild(reopenMachine, { saved: 'week.reopened', failed: 'week.reopenFailed' }),
  },
  actions: {
    ...notifyActions,
    reloadTeam: sendTo('list', { type: 'query.reload' }),
    clearSelection: enqueueActions(({ enqueue }) => {
      enqueue.assign({ selected: [] });
      enqueue.emit({ type: 'selection.cleared' as const });
    }),
    sendDecision: sendTo('decision', ({ context, event }) => {
      assertEvent(event, ['weeks.approve', 'weeks.reject']);
      const decision: Decision =
        event.type === 'weeks.approve' ? { week: context.week, users: event.users, decision: 'approve' } : { week: context.week, users: event.users, decision: 'reject', reason: event.reason };
      return { type: 'form.submit' as const, input: decision };
    }),
  },
}).createMachine({
  id: 'teamWeeks',
  description: "The weeks of a manager's team, and the manager's decisions on them.",
  context: ({ input }) => ({ week: input.week, weeks: null, loadError: null, selected: [] }),
  entry: [
    spawnChild('list', { id: 'list', systemId: 'timesheet.team.list', input: ({ context }) => ({ query: context.week }) }),
    spawnChild('decision', { id: 'decision', systemId: 'timesheet.team.decision', input: {} }),
    spawnChild('reopen', { id: 'reopen', systemId: 'timesheet.team.reopen', input: {} }),
  ],
  type: 'parallel',
  on: {
    'selection.set': { actions: assign({ selected: ({ event }) => event.users }), description: 'The manager ticks or unticks rows of the list.' },
  },
  states: {
    list: {
      description: 'The team’s weeks for the week shown.',
      initial: 'loading',
      on: {
        'week.set': {
          target: '.loading',
          actions: [assign({ week: ({ event }) => event.week }), 'clearSelection', sendTo('list', ({ event }) => ({ type: 'query.set' as const, query: event.week }))],
          description: 'Another week shown: its list loads (the last one stays shown meanwhile); nothing stays selected.',
        },
        'team.reload': { target: '.loading', actions: 'reloadTeam', description: 'A retry.' },
        'team.loaded': { target: '.ready', actions: assign({ weeks: ({ event }) => event.data, loadError: null }), description: 'The list as the server has it (after a decision too).' },
        'team.loadFailed': { target: '.failed', actions: assign({ loadError: ({ event }) => event.error }) },
      },
      states: {
        loading: { description: 'The list is loading.', tags: ['loading'] },
        ready: { description: 'The list is shown; a decision loads it again.' },
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
            'weeks.approve': { target: 'approving', actions: [CLOSE_DECISION_NOTICE, 'sendDecision'] },
            'weeks.reject': { target: 'rejecting', actions: [CLOSE_DECISION_NOTICE, 'sendDecision'] },
            'week.reopen': { target: 'reopening', actions: [CLOSE_DECISION_NOTICE, sendTo('reopen', ({ context, event }) => ({ type: 'form.submit' as const, input: { week: context.week, user: event.user } }))] },
          },
        },
        approving: {
          description: 'The selected submitted weeks are approved (all or none).',
          tags: ['busy'],
          on: {
            'weeks.decided': { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Weeks approved' } }, 'clearSelection', 'reloadTeam'] },
            'weeks.decideFailed': {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The weeks were not approved', description: event.error, key: DECISION_NOTICE }) }, 'clearSelection', 'reloadTeam'],
            },
          },
        },
        rejecting: {
          description: 'The selected submitted weeks are rejected with the reason (all or none).',
          tags: ['busy'],
          on: {
            'weeks.decided': { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Weeks rejected' } }, 'clearSelection', 'reloadTeam'] },
            'weeks.decideFailed': {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The weeks were not rejected', description: event.error, key: DECISION_NOTICE }) }, 'clearSelection', 'reloadTeam'],
            },
          },
        },
        reopening: {
          description: 'A submitted or approved week is reopened (a draft again).',
          tags: ['busy'],
          on: {
            'week.reopened': { target: 'idle', actions: [{ type: 'notify', params: { tone: 'success', title: 'Week reopened' } }, 'clearSelection', 'reloadTeam'] },
            'week.reopenFailed': {
              target: 'idle',
              actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The week was not reopened', description: event.error, key: DECISION_NOTICE }) }, 'clearSelection', 'reloadTeam'],
            },
          },
        },
      },
    },
  },
});

// Selectors: what the team's view reads.

type S = SnapshotFrom<typeof teamWeeksMachine>;
export const selectTeamWeek = (s: S) => s.context.week;
export const selectTeamWeeks = (s: S) => s.context.weeks;
export const selectTeamLoadError = (s: S) => (s.matches({ list: 'failed' }) ? s.context.loadError : null);
export const selectDeciding = (s: S) => s.hasTag('busy');
/** How many rows are selected, and which of them the bulk buttons decide (the submitted ones). */
export const selectSelectedCount = (s: S) => s.context.selected.length;
export const selectDecidable = (s: S) => (s.context.weeks ?? []).filter((w) => w.status === 'submitted' && s.context.selected.includes(w.user_id)).map((w) => w.user_id);
