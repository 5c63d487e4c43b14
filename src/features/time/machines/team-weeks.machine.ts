/**
 * A manager's team on the timesheet (docs/adr/0107): the weeks of the people they manage for the
 * week shown, and their decisions (approve or reject submitted weeks in bulk, reopen one). The list
 * and the two forms are children spawned with a `systemId`, which report with this machine's
 * events. Each decision is its own state, so what the manager is told follows from the chart;
 * after a decision (made or refused) the list loads again. It runs as the timesheet's child
 * (`team`), which tells it the week shown. It owns the list's table (a child too): it gives the
 * table the rows it loaded, the table tells it the rows the manager ticks, and a decision, or
 * another week shown, clears them in both (and says so), so the checkboxes, the selection and the
 * bulk buttons' count never disagree.
 */
import { assertEvent, assign, enqueueActions, sendParent, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { TeamWeek } from '@contracts/time';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import { tableMachine, type Row, type TableContext } from '@/shared/machines/table/table.machine';
import type { ColumnOptions } from '@/shared/machines/table/table.types';
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
/** What the machine tells whoever listens: the selection was cleared (its table's checkboxes are cleared already). */
export type TeamWeeksEmitted = { type: 'selection.cleared' };

/**
 * The list's columns as the table sorts, filters and searches them; the view adds how a cell
 * renders (badges, hours, relative times).
 */
export const TEAM_WEEK_COLUMNS: readonly ColumnOptions<TeamWeek>[] = [
  { label: 'Person', field: 'name' },
  { label: 'Status', field: 'status', filterOptions: { enabled: true, placeholder: 'Any', filterDropdownItems: ['draft', 'submitted', 'approved', 'rejected'] } },
  { label: 'Hours', field: 'total_minutes', type: 'number' },
  { label: 'Billable', field: 'billable_minutes', type: 'number' },
  { label: 'Changed cells', field: 'changed_cells', type: 'number' },
  { label: 'Submitted', field: 'submitted_at', value: (r) => r.submitted_at ?? '' },
];
/** The field that names a row of the list (the table's row keys are its values as text). */
const TEAM_ROW_KEY = 'user_id';

/** The list's table, telling this machine (its parent) the rows ticked after every toggle and clear. */
const teamTableMachine = tableMachine.provide({
  actions: {
    tellSelection: sendParent(({ context }: { context: TableContext }) => ({ type: 'selection.set' as const, users: context.selected.map(Number) })),
  },
});
export type TeamTableActor = ActorRefFrom<typeof tableMachine>;

/** The notice key of a decision's failure: the next failure replaces it, the next decision closes it. */
const DECISION_NOTICE = 'timesheet.decision';
const CLOSE_DECISION_NOTICE = { type: 'dismissNotice', params: { key: DECISION_NOTICE } } as const;

export const teamWeeksMachine = setup({
  types: { context: {} as TeamWeeksContext, events: {} as TeamWeeksEvent, input: {} as TeamWeeksInput, emitted: {} as TeamWeeksEmitted },
  actors: {
    list: queryChild(teamMachine, { loaded: 'team.loaded', failed: 'team.loadFailed' }),
    decision: submitChild(decisionMachine, { saved: 'weeks.decided', failed: 'weeks.decideFailed' }),
    reopen: submitChild(reopenMachine, { saved: 'week.reopened', failed: 'week.reopenFailed' }),
    table: teamTableMachine,
  },
  actions: {
    ...notifyActions,
    reloadTeam: sendTo('list', { type: 'query.reload' }),
    clearSelection: enqueueActions(({ enqueue }) => {
      enqueue.assign({ selected: [] });
      enqueue.sendTo('table', { type: 'selection.clear' as const });
      enqueue.emit({ type: 'selection.cleared' as const });
    }),
    showRows: sendTo('table', ({ context }) => ({ type: 'rows.set' as const, rows: (context.weeks ?? []) as readonly Row[] })),
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
    spawnChild('table', {
      id: 'table',
      systemId: 'timesheet.team.table',
      input: { mode: 'client', columns: TEAM_WEEK_COLUMNS as readonly ColumnOptions<Row>[], rowKey: TEAM_ROW_KEY },
    }),
  ],
  type: 'parallel',
  on: {
    'selection.set': { actions: assign({ selected: ({ event }) => event.users }), description: 'The manager ticks or unticks rows of the list (the table tells).' },
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
        'team.loaded': { target: '.ready', actions: [assign({ weeks: ({ event }) => event.data, loadError: null }), 'showRows'], description: 'The list as the server has it (after a decision too), shown in the table.' },
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
/** The list's table (the view draws it; the machine owns it). */
export const selectTeamTable = (s: S) => s.children.table as TeamTableActor;
/** How many rows are selected, and which of them the bulk buttons decide (the submitted ones). */
export const selectSelectedCount = (s: S) => s.context.selected.length;
export const selectDecidable = (s: S) => (s.context.weeks ?? []).filter((w) => w.status === 'submitted' && s.context.selected.includes(w.user_id)).map((w) => w.user_id);
