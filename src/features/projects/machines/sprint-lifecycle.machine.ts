/**
 * A sprint's lifecycle on its screen: planned → active → closed. Starting snapshots the points
 * committed; closing asks first, in a dialog, where unfinished tasks go (the backlog or the
 * project's next planned sprint), and freezes the sprint's burndown. Each step says it is done
 * (`notify`) and tells the sprint's query given as `reloads` to load again; its calls go through
 * the projects API (tests swap them with `.provide`).
 */
import { assertEvent, assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { CloseDestination, SprintStatus, SprintView } from '@contracts/projects';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { projectsApi } from '../api';

export type CloseSprintInput = { unfinished: CloseDestination; next_sprint_id?: number | null };

export type SprintLifecycleContext = {
  sprintId: number;
  /** The status the sprint had on the server when the screen opened. */
  openedAs: SprintStatus;
  /** The server's last answer (after a start or close, the sprint as it now is). */
  view: SprintView | null;
  error: string | null;
  fieldErrors: Record<string, string>;
  /** The sprint's query, told to load again once the sprint started or closed (none: nothing is told). */
  reloads: AnyActorRef | null;
};
export type SprintLifecycleEvent =
  | { type: 'start' }
  | { type: 'close.open' }
  | { type: 'close.cancel' }
  | { type: 'close.confirm'; input: CloseSprintInput };
export type SprintLifecycleInput = { sprintId: number; status: SprintStatus; reloads?: AnyActorRef };

export const sprintLifecycleMachine = setup({
  types: { context: {} as SprintLifecycleContext, events: {} as SprintLifecycleEvent, input: {} as SprintLifecycleInput },
  actors: {
    startSprint: fromPromise<SprintView, number>(({ input }) => projectsApi.startSprint(input)),
    closeSprint: fromPromise<SprintView, { id: number; input: CloseSprintInput }>(({ input }) => projectsApi.closeSprint(input.id, input.input)),
  },
  actions: {
    ...notifyActions,
    failed: assign((_, error: unknown) => {
      const e = toApiError(error);
      return { error: e.message, fieldErrors: e.fields ?? {} };
    }),
    /** The sprint changed on the server: its query loads again. */
    reloadSprint: enqueueActions(({ context, enqueue }) => {
      if (context.reloads) enqueue.sendTo(context.reloads, { type: 'query.reload' });
    }),
  },
  guards: {
    isActive: ({ context }) => context.openedAs === 'active',
    isClosed: ({ context }) => context.openedAs === 'closed',
  },
}).createMachine({
  id: 'sprintLifecycle',
  description: 'A sprint from planned to active to closed, with the close dialog asking where unfinished work goes.',
  context: ({ input }) => ({ sprintId: input.sprintId, openedAs: input.status, view: null, error: null, fieldErrors: {}, reloads: input.reloads ?? null }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Enters the state the sprint is in on the server.',
      always: [{ guard: 'isActive', target: 'active' }, { guard: 'isClosed', target: 'closed' }, { target: 'planned' }],
    },
    planned: {
      description: 'Planned: tasks are added; it can start (one active sprint per project).',
      initial: 'idle',
      states: {
        idle: { on: { start: { target: 'starting', description: 'Start the sprint: the points in it become its commitment.' } } },
        starting: {
          tags: ['busy'],
          invoke: {
            src: 'startSprint',
            input: ({ context }) => context.sprintId,
            onDone: {
              target: '#sprintLifecycle.active',
              actions: [assign({ view: ({ event }) => event.output, error: null, fieldErrors: {} }), 'reloadSprint', { type: 'notify', params: { tone: 'success', title: 'Sprint started' } }],
            },
            onError: { target: 'idle', actions: { type: 'failed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
    active: {
      description: 'Active: the burndown follows every change; it can close.',
      initial: 'idle',
      states: {
        idle: { on: { 'close.open': { target: 'dialog', actions: assign({ error: null, fieldErrors: {} }), description: 'Close the sprint: first ask where unfinished tasks go.' } } },
        dialog: {
          description: 'The close dialog: unfinished tasks to the backlog or to the next planned sprint.',
          on: {
            'close.cancel': 'idle',
            'close.confirm': { target: 'closing' },
          },
        },
        closing: {
          tags: ['busy'],
          invoke: {
            src: 'closeSprint',
            input: ({ context, event }) => {
              assertEvent(event, 'close.confirm');
              return { id: context.sprintId, input: event.input };
            },
            onDone: {
              target: '#sprintLifecycle.closed',
              actions: [assign({ view: ({ event }) => event.output, error: null, fieldErrors: {} }), 'reloadSprint', { type: 'notify', params: { tone: 'success', title: 'Sprint closed' } }],
            },
            onError: { target: 'dialog', actions: { type: 'failed', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
    closed: { type: 'final', description: 'Closed: the figures and the chart are frozen.' },
  },
});
