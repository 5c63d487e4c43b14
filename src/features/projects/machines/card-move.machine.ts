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
/**
 * The one card the last change replaced: as it was and as it is now (a move shown, the server's
 * answer, a move put back). The board updates only the columns of those two from it; a change of
 * the whole board (a load) has none.
 */
export type CardChange = { before: Task; after: Task };
export type CardMoveContext = {
  tasks: Task[];
  /** The card the last change of `tasks` replaced, when it replaced one card only (null after a load). */
  change: CardChange | null;
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
  return replaceCard(tasks, movedCard(tasks, card, move));
}

/**
 * The card placed where the move says: its new column, and a rank between its new neighbours
 * there (before `beforeId`, after `afterId`, else at the end; a neighbour not in the column puts
 * it first). One pass over the cards, no sort.
 */
export function movedCard(tasks: readonly Task[], card: Task, move: CardMove): Task {
  const anchorId = move.beforeId || move.afterId || null;
  const anchor = anchorId === null ? undefined : tasks.find((t) => t.id === anchorId && t.column === move.column && t.id !== card.id);
  // Where it goes: just before `anchor`, just after it, first (a neighbour not in the column) or last.
  const place = anchor ? (move.beforeId ? 'before' : 'after') : anchorId !== null ? 'first' : 'last';
  let lo: Task | null = place === 'after' ? anchor! : null;
  let hi: Task | null = place === 'before' ? anchor! : null;
  for (const t of tasks) {
    if (t.column !== move.column || t.id === card.id || t === anchor) continue;
    if (place === 'first' ? !hi || byRank(t, hi) < 0 : place === 'after' ? byRank(t, lo!) > 0 && (!hi || byRank(t, hi) < 0) : false) hi = t;
    if (place === 'last' ? !lo || byRank(t, lo) > 0 : place === 'before' ? byRank(t, hi!) < 0 && (!lo || byRank(t, lo) > 0) : false) lo = t;
  }
  let rank: string;
  try {
    rank = rankBetween(lo?.rank ?? null, hi?.rank ?? null);
  } catch {
    rank = lo?.rank ?? hi?.rank ?? card.rank;
  }
  return { ...card, column: move.column, rank };
}

/** The board with one card replaced by `next` (same id), every other card the same object in the same place. */
export function replaceCard(tasks: readonly Task[], next: Task): Task[] {
  const at = tasks.findIndex((t) => t.id === next.id);
  const out = tasks.slice();
  if (at >= 0) out[at] = next;
  return out;
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
      const before = context.tasks.find((t) => t.id === event.move.taskId)!;
      const after = movedCard(context.tasks, before, event.move);
      return { previous: context.tasks, move: event.move, tasks: replaceCard(context.tasks, after), change: { before, after }, error: null, dragging: null };
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
  context: ({ input }) => ({ tasks: input?.tasks ?? [], change: null, previous: null, move: null, dragging: null, error: null, announcement: '' }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing moves; the board shows the cards as loaded or last settled.',
      on: {
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks, change: null }), 'reportCards'], description: 'The board (re)loaded: its cards replace the ones shown.' },
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
            assign(({ context, event }) => {
              // The server's card replaces the one shown; every other card stays the same object.
              const before = context.tasks.find((t) => t.id === event.output.id);
              return {
                tasks: before ? replaceCard(context.tasks, event.output) : context.tasks,
                change: before ? { before, after: event.output } : null,
                previous: null,
                announcement: `Moved ${event.output.title} to ${COLUMN_NAMES[event.output.column]}.`,
              };
            }),
            'reportCards',
          ],
        },
        onError: {
          target: 'rolledBack',
          actions: [
            assign(({ context, event }) => {
              const reason = toApiError(event.error).message;
              const message = `${label(context.tasks, context.move!.taskId)} could not be moved: ${reason}`;
              const tasks = context.previous ?? context.tasks;
              const before = context.tasks.find((t) => t.id === context.move!.taskId);
              const after = tasks.find((t) => t.id === context.move!.taskId);
              return { tasks, change: before && after ? { before, after } : null, previous: null, error: message, announcement: message };
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
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks, change: null }), 'reportCards'] },
        'drag.start': { target: 'dragging', actions: [assign({ dragging: ({ event }) => event.taskId, error: null }), 'reportCards'] },
        'move.request': { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'] },
      },
    },
    rolledBack: {
      description: 'Refused: the card is back where it was and the board says why.',
      on: {
        'board.loaded': { actions: [assign({ tasks: ({ event }) => event.tasks, change: null }), 'reportCards'] },
        'drag.start': { target: 'dragging', actions: [assign({ dragging: ({ event }) => event.taskId, error: null }), 'reportCards'] },
        'move.request': { guard: 'changesSomething', target: 'dropping', actions: ['applyOptimistic', 'reportCards'] },
      },
    },
  },
});

/** What the mover tells the board that spawned it: the cards as shown, why the last move was refused, and its announcement. */
export type CardsChanged = { type: 'cards.changed'; tasks: Task[]; change: CardChange | null; error: string | null; announcement: string };

/** The mover as a child of the board's screen machine (docs/adr/0107): after every change it tells its parent `cards.changed`. */
export function moverChild() {
  return cardMoveMachine.provide({
    actions: {
      reportCards: sendParent(({ context }: { context: CardMoveContext }): CardsChanged => ({ type: 'cards.changed', tasks: context.tasks, change: context.change, error: context.error, announcement: context.announcement })),
    },
  });
}
