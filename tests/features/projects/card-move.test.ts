import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { byRank, type Task } from '@contracts/projects';
import { applyMove, cardMoveMachine } from '@/features/projects/machines/card-move.machine';
import { ApiError } from '@/shared/http/http';

const card = (id: number, column: Task['column'], rank: string): Task => ({
  id, project_id: 1, title: `Card ${id}`, description: '', column, rank, assignee_id: null, assignee_name: null, estimate: 1,
  sprint_id: null, sprint_name: null, ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z',
});
const BOARD = [card(1, 'todo', 'V'), card(2, 'todo', 'k'), card(3, 'todo', 'r'), card(4, 'review', 'V')];
const order = (tasks: Task[], column: Task['column']) => tasks.filter((t) => t.column === column).sort(byRank).map((t) => t.id);

describe('applyMove', () => {
  it('places a card before, after or at the end of a column with a rank between its neighbours', () => {
    expect(order(applyMove(BOARD, { taskId: 3, column: 'todo', beforeId: 1 }), 'todo')).toEqual([3, 1, 2]);
    expect(order(applyMove(BOARD, { taskId: 1, column: 'todo', afterId: 2 }), 'todo')).toEqual([2, 1, 3]);
    const moved = applyMove(BOARD, { taskId: 2, column: 'review' });
    expect(order(moved, 'review')).toEqual([4, 2]);
    expect(order(moved, 'todo')).toEqual([1, 3]);
    // A neighbour that is not in the column puts the card first.
    expect(order(applyMove(BOARD, { taskId: 4, column: 'todo', afterId: 99 }), 'todo')).toEqual([4, 1, 2, 3]);
    expect(order(applyMove(BOARD, { taskId: 4, column: 'todo', beforeId: 2 }), 'todo')).toEqual([1, 4, 2, 3]);
    expect(order(applyMove(BOARD, { taskId: 4, column: 'todo', afterId: 1 }), 'todo')).toEqual([1, 4, 2, 3]);
  });
});

describe('the card move machine', () => {
  const run = (move: () => Promise<Task>) => {
    const actor = createActor(cardMoveMachine.provide({ actors: { moveTask: fromPromise(move) } }), { input: { tasks: BOARD } });
    actor.start();
    return actor;
  };

  it('shows the move at once and keeps the server rank once settled', async () => {
    let resolve!: (t: Task) => void;
    const actor = run(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'move.request', move: { taskId: 2, column: 'review', beforeId: 4 } });
    expect(actor.getSnapshot().value).toBe('dropping');
    expect(order(actor.getSnapshot().context.tasks, 'review')).toEqual([2, 4]);
    resolve({ ...card(2, 'review', 'M') });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().context.tasks.find((t) => t.id === 2)!.rank).toBe('M');
    expect(actor.getSnapshot().context.announcement).toBe('Moved Card 2 to Review.');
  });

  it('replaces only the moved card, shown and settled: every other card stays the same object in the same place', async () => {
    let resolve!: (t: Task) => void;
    const actor = run(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'move.request', move: { taskId: 1, column: 'review', afterId: 4 } });
    const shown = actor.getSnapshot().context;
    expect(shown.tasks.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    shown.tasks.forEach((t, i) => (t.id === 1 ? expect(t).not.toBe(BOARD[i]) : expect(t).toBe(BOARD[i])));
    expect(shown.change).toEqual({ before: BOARD[0], after: { ...BOARD[0], column: 'review', rank: shown.tasks[0]!.rank } });
    const answer = { ...card(1, 'review', 'k'), updated_at: '2026-01-06T09:00:00Z' };
    resolve(answer);
    await new Promise((r) => setTimeout(r, 0));
    const settled = actor.getSnapshot().context;
    expect(settled.tasks[0]).toBe(answer);
    settled.tasks.slice(1).forEach((t, i) => expect(t).toBe(BOARD[i + 1]));
    expect(settled.change).toEqual({ before: shown.tasks[0], after: answer });
  });

  it('puts the card back exactly where it was and says why when the server refuses', async () => {
    const actor = run(() => Promise.reject(new ApiError(404, 'not_found', 'No such task')));
    actor.send({ type: 'drag.start', taskId: 1 });
    actor.send({ type: 'drop', move: { taskId: 1, column: 'done' } });
    expect(order(actor.getSnapshot().context.tasks, 'done')).toEqual([1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('rolledBack');
    expect(actor.getSnapshot().context.tasks).toEqual(BOARD);
    expect(actor.getSnapshot().context.error).toBe('Card 1 could not be moved: No such task');
  });

  it('saves nothing for a drop where the card already was', () => {
    const actor = run(() => Promise.reject(new Error('must not be called')));
    actor.send({ type: 'drag.start', taskId: 1 });
    actor.send({ type: 'drop', move: { taskId: 1, column: 'todo', beforeId: 1 } });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
