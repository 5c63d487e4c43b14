/**
 * The timesheet (/timesheet) as one statechart (docs/adr/0107): the week shown and its navigation,
 * the grid's cell saves, and the week's actions (submit, copy last week's rows, add a row); for a
 * manager, the team's weeks. Its query, its forms and the team are children spawned with a
 * `systemId`, which report with this machine's events. Cell saves wait in a queue in the context,
 * one cell each (a newer value replaces one still waiting), and go one at a time; every cell shows
 * what was typed until the server has it, and why it was refused. A submit waits for the saves
 * under way and is not sent while a cell was refused. What the person is told is said here
 * (`notify`); the view reads the selectors at the end of this file.
 */
import { assertEvent, assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { addDays, formatHours, mondayOf, type TimeItem, type TimesheetWeek } from '@contracts/time';
import { notifyActions } from '@/shared/machines/notify';
import { queryChild } from '@/shared/machines/query.machine';
import { submitChild, type SubmitFailure } from '@/shared/machines/submit.machine';
import type { CellInput } from '../api';
import { teamWeeksMachine } from './team-weeks.machine';
import { addRowMachine, cellMachine, copyRowsMachine, submitWeekMachine, weekMachine } from './time.machines';

/** What a cell shows while its save waits or after it was refused: the hours typed, and why. */
export type PendingCell = { text: string; error?: string };

/** The key of a cell: its item and day. */
export const cellKey = (item: TimeItem, day: string) => `${item.kind}:${item.id}:${day}`;
const keyOfInput = (input: CellInput) => cellKey(input.item, input.day);

export type TimesheetInput = {
  /** The person's day today (in the browser's zone): "This week" goes to its week. */
  today: string;
  /** Managers and admins also see their team's weeks. */
  manager: boolean;
};

export type TimesheetContext = TimesheetInput & {
  /** The Monday of the week shown. */
  week: string;
  view: TimesheetWeek | null;
  loadError: string | null;
  /** Cell saves waiting, oldest first, one per cell. */
  queue: CellInput[];
  /** The cell save under way. */
  saving: CellInput | null;
  /** Cells typed and not saved yet, or refused, by `cellKey`. */
  pending: Record<string, PendingCell>;
};

export type CellSaveEvent = { type: 'cell.save'; item: TimeItem; day: string; minutes: number; note?: string; billable?: boolean };
export type TimesheetEvent =
  // From the view
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'week.this' }
  /** Load the week again (after a failed load). */
  | { type: 'week.reload' }
  | CellSaveEvent
  | { type: 'week.submit' }
  | { type: 'week.copy' }
  | { type: 'row.add'; item: TimeItem }
  // From the children
  | { type: 'week.loaded'; data: TimesheetWeek }
  | { type: 'week.loadFailed'; error: string }
  | { type: 'cell.saved'; result: TimesheetWeek }
  | ({ type: 'cell.refused' } & SubmitFailure)
  | { type: 'week.submitted'; result: TimesheetWeek }
  | ({ type: 'week.submitFailed' } & SubmitFailure)
  | { type: 'rows.copied'; result: { added: number; week: TimesheetWeek } }
  | ({ type: 'rows.copyFailed' } & SubmitFailure)
  | { type: 'row.added'; result: TimesheetWeek }
  | ({ type: 'row.addFailed' } & SubmitFailure);

/** The notice key of the week actions' failures: a failure replaces the last, and the next action closes it. */
const ACTION_NOTICE = 'timesheet.action';
const CLOSE_ACTION_NOTICE = { type: 'dismissNotice', params: { key: ACTION_NOTICE } } as const;

export const timesheetMachine = setup({
  types: {
    context: {} as TimesheetContext,
    events: {} as TimesheetEvent,
    input: {} as TimesheetInput,
  },
  actors: {
    week: queryChild(weekMachine, { loaded: 'week.loaded', failed: 'week.loadFailed' }),
    cell: submitChild(cellMachine, { saved: 'cell.saved', failed: 'cell.refused' }),
    submit: submitChild(submitWeekMachine, { saved: 'week.submitted', failed: 'week.submitFailed' }),
    copy: submitChild(copyRowsMachine, { saved: 'rows.copied', failed: 'rows.copyFailed' }),
    addRow: submitChild(addRowMachine, { saved: 'row.added', failed: 'row.addFailed' }),
    teamWeeks: teamWeeksMachine,
  },
  guards: {
    isManager: ({ context }) => context.manager,
    /** The week answered is the week shown (a load for a week left meanwhile is not shown). */
    isShownWeek: ({ context, event }) => event.type === 'week.loaded' && event.data.week === context.week,
    hasQueuedSaves: ({ context }) => context.queue.length > 0,
    /** No cell save waits or is under way. */
    hasNoSavesLeft: ({ context }) => context.queue.length === 0 && context.saving === null,
    /** A cell the person typed was refused (its hours are not on the server). */
    hasRefusedCells: ({ context }) => Object.values(context.pending).some((p) => p.error !== undefined),
  },
  actions: {
    ...notifyActions,
    /** A new week shown: its grid loads (a load for the week left is dropped). */
    showWeek: assign(({ context, event }) => {
      assertEvent(event, ['week.previous', 'week.next', 'week.this']);
      const week = event.type === 'week.this' ? mondayOf(context.today) : addDays(context.week, event.type === 'week.next' ? 7 : -7);
      return { week, view: null, loadError: null };
    }),
    loadWeek: sendTo('week', ({ context }) => ({ type: 'query.set' as const, query: { week: context.week } })),
    /** The team's weeks follow the week shown (run after showWeek: regions act in document order). */
    tellTeamTheWeek: sendTo('team', ({ context }) => ({ type: 'week.set' as const, week: context.week })),
    /** A week answered by the server is shown if it is the week shown (an answer for a week left meanwhile is not). */
    takeWeek: assign(({ context }, view: TimesheetWeek) => (view.week === context.week ? { view, loadError: null } : {})),
    enqueueSave: assign(({ context, event }) => {
      assertEvent(event, 'cell.save');
      const input: CellInput = {
        week: mondayOf(event.day),
        item: event.item,
        day: event.day,
        minutes: event.minutes,
        ...(event.note !== undefined ? { note: event.note } : {}),
        ...(event.billable !== undefined ? { billable: event.billable } : {}),
      };
      const key = keyOfInput(input);
      return {
        queue: [...context.queue.filter((q) => keyOfInput(q) !== key), input],
        pending: { ...context.pending, [key]: { text: formatHours(input.minutes) } },
      };
    }),
    /** The first cell waiting is the one saved next… */
    takeNextSave: assign(({ context }) => ({ saving: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    /** …and goes to the server. */
    sendSave: sendTo('cell', ({ context }) => ({ type: 'form.submit' as const, input: context.saving! })),
    /** Saved: the cell shows the server's value, unless a newer value for it waits. */
    settleSaved: assign(({ context }) => {
      const key = context.saving ? keyOfInput(context.saving) : null;
      if (!key || context.queue.some((q) => keyOfInput(q) === key)) return { saving: null };
      const { [key]: _saved, ...pending } = context.pending;
      return { saving: null, pending };
    }),
    /** Refused: the cell keeps what was typed and says why (a newer value waiting for it replaces both). */
    settleRefused: assign(({ context }, error: string) => {
      const key = context.saving ? keyOfInput(context.saving) : null;
      if (!key || context.queue.some((q) => keyOfInput(q) === key)) return { saving: null };
      return { saving: null, pending: { ...context.pending, [key]: { text: context.pending[key]?.text ?? formatHours(context.saving!.minutes), error } } };
    }),
  },
}).createMachine({
  id: 'timesheet',
  description: 'My week of time: the grid and its saves, submit, copy and add-row; a manager also sees the team.',
  context: ({ input }) => ({ ...input, week: mondayOf(input.today), view: null, loadError: null, queue: [], saving: null, pending: {} }),
  entry: [
    spawnChild('week', { id: 'week', systemId: 'timesheet.week', input: ({ context }) => ({ query: { week: context.week } }) }),
    spawnChild('cell', { id: 'cell', systemId: 'timesheet.cell', input: {} }),
    spawnChild('submit', { id: 'submit', systemId: 'timesheet.submit', input: {} }),
    spawnChild('copy', { id: 'copy', systemId: 'timesheet.copy', input: {} }),
    spawnChild('addRow', { id: 'addRow', systemId: 'timesheet.addRow', input: {} }),
  ],
  type: 'parallel',
  states: {
    week: {
      description: 'The week shown, as the server has it.',
      initial: 'loading',
      on: {
        'week.previous': { target: '.loading', actions: ['showWeek', 'loadWeek'], description: 'The week before; cell saves under way go on.' },
        'week.next': { target: '.loading', actions: ['showWeek', 'loadWeek'] },
        'week.this': { target: '.loading', actions: ['showWeek', 'loadWeek'] },
      },
      states: {
        loading: {
          description: 'The week is loading.',
          tags: ['loading'],
          on: {
            'week.loaded': { guard: 'isShownWeek', target: 'ready', actions: { type: 'takeWeek', params: ({ event }) => event.data } },
            'week.loadFailed': { target: 'failed', actions: assign({ loadError: ({ event }) => event.error }) },
          },
        },
        ready: { description: 'The grid is shown; saves and actions answer the week, which replaces it.' },
        failed: { description: 'The week could not be loaded; the reason is shown with a retry.', on: { 'week.reload': { target: 'loading', actions: sendTo('week', { type: 'query.reload' }) } } },
      },
    },
    cells: {
      description: 'Cell saves: queued in the context, one at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to save.',
          on: { 'cell.save': { target: 'saving', actions: ['enqueueSave', 'takeNextSave', 'sendSave'] } },
        },
        saving: {
          description: 'The first cell of the queue is being saved; more typing joins the queue.',
          tags: ['saving'],
          on: {
            'cell.save': { actions: 'enqueueSave', description: 'Waits behind the save under way (a newer value replaces one waiting for the same cell).' },
            'cell.saved': { target: 'next', actions: ['settleSaved', { type: 'takeWeek', params: ({ event }) => event.result }] },
            'cell.refused': { target: 'next', actions: { type: 'settleRefused', params: ({ event }) => event.error } },
          },
        },
        next: {
          description: 'The next cell waiting is saved, or nothing is left.',
          always: [{ guard: 'hasQueuedSaves', target: 'saving', actions: ['takeNextSave', 'sendSave'] }, { target: 'idle' }],
        },
      },
    },
    action: {
      description: "The week's actions, one at a time.",
      initial: 'idle',
      states: {
        idle: {
          description: 'No action under way.',
          on: {
            'week.submit': { target: 'submitting', actions: CLOSE_ACTION_NOTICE },
            'week.copy': { target: 'copying', actions: [CLOSE_ACTION_NOTICE, sendTo('copy', ({ context }) => ({ type: 'form.submit' as const, input: context.week }))] },
            'row.add': { target: 'addingRow', actions: [CLOSE_ACTION_NOTICE, sendTo('addRow', ({ context, event }) => ({ type: 'form.submit' as const, input: { week: context.week, item: event.item } }))] },
          },
        },
        submitting: {
          description: 'Submits the week as typed: after the cell saves under way, and not while a cell was refused.',
          tags: ['acting'],
          initial: 'waitingForSaves',
          states: {
            waitingForSaves: {
              description: 'Cell saves are under way; the submit follows them.',
              always: [
                {
                  guard: 'hasRefusedCells',
                  target: '#timesheet.action.idle',
                  actions: {
                    type: 'notify',
                    params: { tone: 'error', title: 'The week was not submitted', description: 'Some hours were not saved; correct the cells marked in red first.', key: ACTION_NOTICE },
                  },
                },
                { guard: 'hasNoSavesLeft', target: 'sending', actions: sendTo('submit', ({ context }) => ({ type: 'form.submit' as const, input: context.week })) },
              ],
            },
            sending: {
              description: 'The submit is on its way.',
              on: {
                'week.submitted': {
                  target: '#timesheet.action.idle',
                  actions: [{ type: 'takeWeek', params: ({ event }) => event.result }, { type: 'notify', params: { tone: 'success', title: 'Week submitted for approval' } }],
                },
                'week.submitFailed': {
                  target: '#timesheet.action.idle',
                  actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The week was not submitted', description: event.error, key: ACTION_NOTICE }) },
                },
              },
            },
          },
        },
        copying: {
          description: "Last week's rows (not their hours) are copied into the week.",
          tags: ['acting'],
          on: {
            'rows.copied': {
              target: 'idle',
              actions: [
                { type: 'takeWeek', params: ({ event }) => event.result.week },
                { type: 'notify', params: ({ event }) => ({ tone: 'success', title: `Copied ${event.result.added} row(s) from last week` }) },
              ],
            },
            'rows.copyFailed': {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: "Last week's rows were not copied", description: event.error, key: ACTION_NOTICE }) },
            },
          },
        },
        addingRow: {
          description: 'A ticket, project or company row is added to the week.',
          tags: ['acting'],
          on: {
            'row.added': {
              target: 'idle',
              actions: [{ type: 'takeWeek', params: ({ event }) => event.result }, { type: 'notify', params: { tone: 'success', title: 'Row added' } }],
            },
            'row.addFailed': {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The row was not added', description: event.error, key: ACTION_NOTICE }) },
            },
          },
        },
      },
    },
    team: {
      description: "A manager's team weeks, as a child that follows the week shown.",
      initial: 'choosing',
      states: {
        choosing: { description: 'Managers and admins see the team.', always: [{ guard: 'isManager', target: 'shown' }, { target: 'none' }] },
        shown: {
          description: "The team's weeks and the manager's decisions (the team-weeks machine, spawned as `team`).",
          entry: spawnChild('teamWeeks', { id: 'team', systemId: 'timesheet.team', input: ({ context }) => ({ week: context.week }) }),
          on: {
            'week.previous': { actions: 'tellTeamTheWeek', description: 'The team follows the week shown.' },
            'week.next': { actions: 'tellTeamTheWeek' },
            'week.this': { actions: 'tellTeamTheWeek' },
          },
        },
        none: { description: 'Not a manager: no team.' },
      },
    },
  },
});

// Selectors: what the timesheet's view reads.

export type TimesheetActor = ActorRefFrom<typeof timesheetMachine>;
export type TeamWeeksActor = ActorRefFrom<typeof teamWeeksMachine>;
type S = SnapshotFrom<typeof timesheetMachine>;
export const selectWeek = (s: S) => s.context.week;
export const selectView = (s: S) => s.context.view;
export const selectLoadError = (s: S) => (s.matches({ week: 'failed' }) ? s.context.loadError : null);
export const selectPending = (s: S) => s.context.pending;
/** Refused cells' reasons, for the banner above the grid. */
export const selectRefusals = (s: S) => Object.values(s.context.pending).flatMap((p) => (p.error === undefined ? [] : [p.error]));
export const selectSaving = (s: S) => s.hasTag('saving');
export const selectActing = (s: S) => s.hasTag('acting');
/** A manager's team (the child), or undefined. */
export const selectTeam = (s: S) => s.children.team as TeamWeeksActor | undefined;
