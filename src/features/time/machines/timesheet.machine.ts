/**
 * The timesheet (/timesheet): the week shown and its navigation, the grid's cell saves, and the
 * week's actions (submit, copy last week's rows, add a row); for a manager, the team's weeks as a
 * child (`team`, system id `timesheet.team`). Cell saves wait in a queue in the context, one cell
 * each (a newer value replaces one still waiting), and go one at a time; every cell shows what was
 * typed until the server has it, and why it was refused. A submit waits for the saves under way
 * and is not sent while a cell was refused. What the person is told is said here (`notify`).
 */
import { assertEvent, assign, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { addDays, formatHours, mondayOf, type TimeItem, type TimesheetWeek } from '@contracts/time';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { timeApi, type CellInput } from '../api';
import { teamWeeksMachine } from './team-weeks.machine';

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
  /** The row the add-row action adds. */
  rowToAdd: TimeItem | null;
};

export type CellSaveEvent = { type: 'cell.save'; item: TimeItem; day: string; minutes: number; note?: string; billable?: boolean };
export type TimesheetEvent =
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'week.this' }
  /** Load the week again (after a failed load). */
  | { type: 'week.reload' }
  | CellSaveEvent
  | { type: 'week.submit' }
  | { type: 'week.copy' }
  | { type: 'row.add'; item: TimeItem };

/** The notice key of the week actions' failures: a failure replaces the last, and the next action closes it. */
const ACTION_NOTICE = 'timesheet.action';

export const timesheetMachine = setup({
  types: {
    context: {} as TimesheetContext,
    events: {} as TimesheetEvent,
    input: {} as TimesheetInput,
    children: {} as { team: 'teamWeeks' },
  },
  actors: {
    loadWeek: fromPromise<TimesheetWeek, string>(({ input }) => timeApi.week({ week: input })),
    saveCell: fromPromise<TimesheetWeek, CellInput>(({ input }) => timeApi.setCell(input)),
    submitWeek: fromPromise<TimesheetWeek, string>(({ input }) => timeApi.submit(input)),
    copyLastWeek: fromPromise<{ added: number; week: TimesheetWeek }, string>(({ input }) => timeApi.copyLastWeek(input)),
    addRow: fromPromise<TimesheetWeek, { week: string; item: TimeItem }>(({ input }) => timeApi.addRow(input)),
    teamWeeks: teamWeeksMachine,
  },
  guards: {
    isManager: ({ context }) => context.manager,
    hasQueuedSaves: ({ context }) => context.queue.length > 0,
    /** No cell save waits or is under way. */
    hasNoSavesLeft: ({ context }) => context.queue.length === 0 && context.saving === null,
    /** A cell the person typed was refused (its hours are not on the server). */
    hasRefusedCells: ({ context }) => Object.values(context.pending).some((p) => p.error !== undefined),
  },
  actions: {
    ...notifyActions,
    /** A new week shown: its grid loads. */
    showWeek: assign(({ context, event }) => {
      assertEvent(event, ['week.previous', 'week.next', 'week.this']);
      const week = event.type === 'week.this' ? mondayOf(context.today) : addDays(context.week, event.type === 'week.next' ? 7 : -7);
      return { week, view: null, loadError: null };
    }),
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
    takeNextSave: assign(({ context }) => ({ saving: context.queue[0] ?? null, queue: context.queue.slice(1) })),
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
    takeRowToAdd: assign(({ event }) => {
      assertEvent(event, 'row.add');
      return { rowToAdd: event.item };
    }),
  },
}).createMachine({
  id: 'timesheet',
  description: 'My week of time: the grid and its saves, submit, copy and add-row; a manager also sees the team.',
  context: ({ input }) => ({ ...input, week: mondayOf(input.today), view: null, loadError: null, queue: [], saving: null, pending: {}, rowToAdd: null }),
  type: 'parallel',
  states: {
    week: {
      description: 'The week shown, as the server has it.',
      initial: 'loading',
      on: {
        'week.previous': { target: '.loading', actions: 'showWeek', description: 'The week before; cell saves under way go on.' },
        'week.next': { target: '.loading', actions: 'showWeek' },
        'week.this': { target: '.loading', actions: 'showWeek' },
      },
      states: {
        loading: {
          description: 'The week is loading; a load for a week left meanwhile is dropped.',
          tags: ['loading'],
          invoke: {
            src: 'loadWeek',
            id: 'loadWeek',
            input: ({ context }) => context.week,
            onDone: { target: 'ready', actions: { type: 'takeWeek', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toApiError(event.error).message }) },
          },
        },
        ready: { description: 'The grid is shown; saves and actions answer the week, which replaces it.' },
        failed: { description: 'The week could not be loaded; the reason is shown with a retry.', on: { 'week.reload': 'loading' } },
      },
    },
    cells: {
      description: 'Cell saves: queued in the context, one at a time.',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to save.',
          on: { 'cell.save': { target: 'saving', actions: 'enqueueSave' } },
        },
        saving: {
          description: 'The first cell of the queue is being saved; more typing joins the queue.',
          tags: ['saving'],
          entry: 'takeNextSave',
          invoke: {
            src: 'saveCell',
            id: 'saveCell',
            input: ({ context }) => context.saving!,
            onDone: { target: 'next', actions: ['settleSaved', { type: 'takeWeek', params: ({ event }) => event.output }] },
            onError: { target: 'next', actions: { type: 'settleRefused', params: ({ event }) => toApiError(event.error).message } },
          },
          on: { 'cell.save': { actions: 'enqueueSave', description: 'Waits behind the save under way (a newer value replaces one waiting for the same cell).' } },
        },
        next: {
          description: 'The next cell waiting is saved, or nothing is left.',
          always: [{ guard: 'hasQueuedSaves', target: 'saving' }, { target: 'idle' }],
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
            'week.submit': { target: 'submitting', actions: { type: 'dismissNotice', params: { key: ACTION_NOTICE } } },
            'week.copy': { target: 'copying', actions: { type: 'dismissNotice', params: { key: ACTION_NOTICE } } },
            'row.add': { target: 'addingRow', actions: ['takeRowToAdd', { type: 'dismissNotice', params: { key: ACTION_NOTICE } }] },
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
                { guard: 'hasNoSavesLeft', target: 'sending' },
              ],
            },
            sending: {
              description: 'The submit is on its way.',
              invoke: {
                src: 'submitWeek',
                id: 'submitWeek',
                input: ({ context }) => context.week,
                onDone: {
                  target: '#timesheet.action.idle',
                  actions: [{ type: 'takeWeek', params: ({ event }) => event.output }, { type: 'notify', params: { tone: 'success', title: 'Week submitted for approval' } }],
                },
                onError: {
                  target: '#timesheet.action.idle',
                  actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The week was not submitted', description: toApiError(event.error).message, key: ACTION_NOTICE }) },
                },
              },
            },
          },
        },
        copying: {
          description: "Last week's rows (not their hours) are copied into the week.",
          tags: ['acting'],
          invoke: {
            src: 'copyLastWeek',
            id: 'copyLastWeek',
            input: ({ context }) => context.week,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeWeek', params: ({ event }) => event.output.week },
                { type: 'notify', params: ({ event }) => ({ tone: 'success', title: `Copied ${event.output.added} row(s) from last week` }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: "Last week's rows were not copied", description: toApiError(event.error).message, key: ACTION_NOTICE }) },
            },
          },
        },
        addingRow: {
          description: 'A ticket, project or company row is added to the week.',
          tags: ['acting'],
          invoke: {
            src: 'addRow',
            id: 'addRow',
            input: ({ context }) => ({ week: context.week, item: context.rowToAdd! }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'takeWeek', params: ({ event }) => event.output }, { type: 'notify', params: { tone: 'success', title: 'Row added' } }],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: ({ event }) => ({ tone: 'error', title: 'The row was not added', description: toApiError(event.error).message, key: ACTION_NOTICE }) },
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
          description: "The team's weeks and the manager's decisions (the team-weeks machine).",
          invoke: { src: 'teamWeeks', id: 'team', systemId: 'timesheet.team', input: ({ context }) => ({ week: context.week }) },
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

export type TimesheetSnapshot = SnapshotFrom<typeof timesheetMachine>;

/** What the timesheet view reads. */
export const timesheetSelectors = {
  week: (s: TimesheetSnapshot) => s.context.week,
  view: (s: TimesheetSnapshot) => s.context.view,
  loadError: (s: TimesheetSnapshot) => (s.matches({ week: 'failed' }) ? s.context.loadError : null),
  pending: (s: TimesheetSnapshot) => s.context.pending,
  /** Refused cells' reasons, for the banner above the grid. */
  refusals: (s: TimesheetSnapshot) => Object.values(s.context.pending).flatMap((p) => (p.error === undefined ? [] : [p.error])),
  saving: (s: TimesheetSnapshot) => s.hasTag('saving'),
  acting: (s: TimesheetSnapshot) => s.hasTag('acting'),
  team: (s: TimesheetSnapshot): ActorRefFrom<typeof teamWeeksMachine> | undefined => s.children.team,
};
