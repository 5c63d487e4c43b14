/**
 * A card's move on the kanban board, by drag and drop (mouse, touch, keyboard) or the "Move to…"
 * menu: idle → dragging → dropping → settled | rolledBack. The move shows at once (optimistic);
 * the server's answer settles it with the stored rank, a refusal puts the card back and says why.
 * The board's cards live here, loaded from the board's query machine (`board.loaded`); the board's
 * screen machine (kanban-board.machine.ts) spawns it and shows what it holds.
 */
import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import { byRank, rankBetween, type BoardColumn, type MoveTaskInput, type Task } from '@contracts/projects';
import { toApiError } from '@/shared/http/http';
import { notifyActions } from '@/shared/machines/notify';
import { projectsApi } from '../api';

export type CardMove = { taskId: number; column: BoardColumn; beforeId?: number | null; afterId?: number | null };
export type CardMoveContext = {
  tasks: Task[];
  /** The board before the move under way (what a refusal restores). */
  previous: Task[] | null;
  move: CardMove | null;
  dragging: number | null;
  /** Why the last move was refused; shown on the board until the next move. */
  error: string | null;
  /** The last move's announcement for screen readers ("Moved X to Review."). */
  announcement: string;
};
export type CardMoveEvent =
  | { type: 'board.loaded'; tasks: Task[] }
  | { type: 'drag.start'; taskId: number }
  | { type: 'drag.cancel' }
  | { type: 'drop'; move: CardMove }
  | { type: 'move.request'; move: CardMove };

/** The board with one card moved where the move says, given a rank between its new neighbours. */
export function applyMove(tasks: readonly Task[], move: CardMove): Task[] {
  const card = tasks.find((t) => t.id === move.taskId);
  if (!card) return [...tasks];
  const others = tasks.filter((t) => t.id !== move.taskId);
  const column = others.filter((t) => t.column === move.column).sort(byRank);
  let at = column.length;
  if (move.beforeId) at = Math.max(0, column.findIndex((t) => t.id === move.beforeId));
  else if (move.afterId) at = column.findIndex((t) => t.id === move.afterId) + 1;
  const lo = column[at - 1]?.rank ?? null;
  const hi = column[at]?.rank ?? null;
  let rank: string;
  try {
    rank = rankBetween(lo, hi);
  } catch {
    rank = lo ?? hi ?? card.rank;
  }
  return [...others, { ...card, column: move.column, rank }];
}

const label = (tasks: readonly Task[], id: number) => tasks.find((t) => t.id === id)?.title ?? 'The card';

export const COLUMN_NAMES: Record<BoardColumn, string> = { backlog: 'Backlog', todo: 'To do', in_progress: 'In progress', review: 'Review', done: 'Done' };

export const cardMoveMachine = setup({
  types: { context: {} as CardMoveContext, events: {} as CardMoveEvent, input: {} as { tasks?: Task[] } | undefined },
  actors: {
    moveTask: fromPromise<Task, { id: number; input: MoveTaskInput }>(({ input }) => projectsApi.moveTask(input.id, input.input)),
  },
  actions: {
    ...notifyActions,
    /** Tells a parent what the board shows now (`moverChild` provides it); alone it does nothing. */
    reportCards: () => undefined,
    applyOptimistic: assign(({ context, event }) => {
      assertEvent(event, ['drop', 'move.request']);
      return { previous: context.tasks, move: event.move, tasks: applyMove(context.tasks, event.move), error: null, dragging: null };
    }),
  },
  guards: {
    changesSomething: ({ context, event }) => {
      assertEvent(event, ['drop', 'move.request']);
      const card = context.tasks.find((t) => t.id === event.move.taskId);
      if (!card) return false;
      if (card.column !== event.move.column) return true;
      return event.move.beforeId !== event.move.taskId && event.move.afterId !== event.move.taskId;
    },
  },
}).createMachine({
  id: 'cardMove',
  description: 'Moves a card on the kanban board: shown at once, settled by the server or rolled back with its reason.',
  context: ({ input }) => ({ tasks: input?.tasks ?? [], previous: null, move: null, dragging: null, error: null, announcement: '' }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing moves; the board shows the cards as loaded or last settled.',
      on: {
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks }), 'reportCards'], description: 'The board (re)loaded: its cards replace the ones shown.' },
        'drag.start': { target: 'dragging', actions: [assign({ dragging: ({ event }) => event.taskId, error: null }), 'reportCards'], description: 'A card is picked up by mouse, touch or keyboard.' },
        'move.request': { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'], description: 'The "Move to…" menu moves a card without dragging.' },
      },
    },
    dragging: {
      description: 'A card is being dragged; drop targets show where it would go.',
      on: {
        drop: [
          { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'], description: 'Dropped in a new place: the board shows the move at once.' },
          { target: 'idle', actions: assign({ dragging: null }), description: 'Dropped where it was: nothing to save.' },
        ],
        'drag.cancel': { target: 'idle', actions: assign({ dragging: null }), description: 'Escape, or dropped outside any column.' },
      },
    },
    dropping: {
      description: 'The move is shown and being saved: one request writes the card\'s column and rank.',
      tags: ['busy'],
      invoke: {
        src: 'moveTask',
        input: ({ context }) => ({
          id: context.move!.taskId,
          input: { column: context.move!.column, before_id: context.move!.beforeId ?? null, after_id: context.move!.beforeId ? null : (context.move!.afterId ?? null) },
        }),
        onDone: {
          target: 'settled',
          actions: [
            assign(({ context, event }) => ({
              tasks: context.tasks.map((t) => (t.id === event.output.id ? event.output : t)),
              previous: null,
              announcement: `Moved ${event.output.title} to ${COLUMN_NAMES[event.output.column]}.`,
            })),
            'reportCards',
          ],
        },
        onError: {
          target: 'rolledBack',
          actions: [
            assign(({ context, event }) => {
              const reason = toApiError(event.error).message;
              const message = `${label(context.tasks, context.move!.taskId)} could not be moved: ${reason}`;
              return { tasks: context.previous ?? context.tasks, previous: null, error: message, announcement: message };
            }),
            'reportCards',
            { type: 'notify', params: ({ context }) => ({ tone: 'error', title: context.error ?? 'The card could not be moved' }) },
          ],
        },
      },
    },
    settled: {
      description: 'Saved: the card keeps its place with the rank the server stored.',
      on: {
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks }), 'reportCards'] },
        'drag.start': { target: 'dragging', actions: [assign({ dragging: ({ event }) => event.taskId, error: null }), 'reportCards'] },
        'move.request': { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'] },
      },
    },
    rolledBack: {
      description: 'Refused: the card is back where it was and the board says why.',
      on: {
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks }), 'reportCards'] },
        'drag.start': { target: 'dragging', actions: [assign({ dragging: ({ event }) => event.taskId, error: null }), 'reportCards'] },
        'move.request': { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'] },
      },
    },
  },
});

/** What the mover tells the board that spawned it: the cards as shown, why the last move was refused, and its announcement. */
export type CardsChanged = { type: 'cards.changed'; tasks: Task[]; error: string | null; announcement: string };

/** The mover as a child of the board's screen machine (docs/adr/0107): after every change it tells its parent `cards.changed`. */
export function moverChild() {
  return cardMoveMachine.provide({
    actions: {
      reportCards: sendParent(({ context }: { context: CardMoveContext }): CardsChanged => ({ type: 'cards.changed', tasks: context.tasks, error: context.error, announcement: context.announcement })),
    },
  });
}
