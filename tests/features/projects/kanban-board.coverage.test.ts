import { expect } from 'vitest';
import type { Board, Task } from '@contracts/projects';
import { machineRegistry } from '@/app/machine-registry';
import { PROGRESSIVE_FROM, settledColumns, type KanbanBoardContext } from '@/features/projects/machines/kanban-board.machine';
import { describeMachinePaths } from '@tests/support/path-coverage';

const entry = machineRegistry.find((m) => m.id === 'kanban-board')!;
const card = (id: number, column: Task['column']): Task => ({
  id, project_id: 5, title: `Card ${id}`, description: '', column, rank: `a${id}`, assignee_id: null, assignee_name: null, estimate: 2,
  sprint_id: null, sprint_name: null, ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z',
});
const TASKS = [card(1, 'todo'), card(2, 'todo')];
const board = (tasks: Task[]): Board => ({ project: { id: 5, name: 'Meter rollout', company_name: 'Acme', status: 'active', wip_limits: {} }, tasks, sprints: [], staff: [] });
const BIG = board(Array.from({ length: PROGRESSIVE_FROM + 1 }, (_, i) => card(i + 1, 'backlog')));
// A card of the big board moved to another column: shown there first, its old column settling.
const MOVED = { ...BIG.tasks[0]!, column: 'todo' as const };
const BIG_MOVED = BIG.tasks.map((t) => (t.id === MOVED.id ? MOVED : t));
const failure = { error: 'Check the fields', fieldErrors: { title: 'A title is needed' } };

type Snap = { value: unknown; context: KanbanBoardContext; matches: (v: unknown) => boolean };
/** What tells two states apart for the traversal: the state, and what guards read (cards on the board, a drag, a menu that moved, columns still to mount). */
const key = (s: Snap) =>
  JSON.stringify({
    v: s.value,
    cards: s.context.tasks.length > 0,
    dragging: s.context.dragging !== null,
    moved: s.matches({ ready: { overlay: 'menu' } }) ? s.context.menu?.moved : null,
    mounting: s.context.view.progressive && s.context.view.mounted < 5,
    settling: s.context.view.settling !== null,
  });
/** One thing at a time beyond the board: an open overlay, an open quick add, a drag, or columns still to mount. Combinations add no transition of their own. */
const busyAspects = (s: Snap) =>
  s.matches('ready')
    ? [!s.matches({ ready: { overlay: 'none' } }), !s.matches({ ready: { quickAdd: 'closed' } }), s.context.dragging !== null, s.context.view.progressive && s.context.view.mounted < 5].filter(Boolean).length
    : 0;

describeMachinePaths(entry, {
  inputs: { 'a project': () => ({ projectId: 5 }) },
  events: [
    { type: 'cards.changed', tasks: TASKS, change: null, error: null, announcement: '' },
    { type: 'board.loaded', data: board(TASKS) },
    { type: 'board.loaded', data: BIG },
    { type: 'board.loadFailed', error: 'No such project' },
    { type: 'board.retry' },
    { type: 'board.painted', mounted: 0 },
    { type: 'cards.changed', tasks: BIG_MOVED, change: { before: BIG.tasks[0]!, after: MOVED }, error: null, announcement: '' },
    { type: 'columns.painted', version: 99 },
    { type: 'filter.change', filters: { assignee: 'none' } },
    { type: 'filter.clear' },
    { type: 'card.dragStart', taskId: 1 },
    { type: 'card.dragCancel' },
    { type: 'card.drop', move: { taskId: 1, column: 'review' } },
    { type: 'menu.open', taskId: 1 },
    { type: 'menu.choose', move: { taskId: 1, column: 'done' } },
    { type: 'menu.close' },
    { type: 'sheet.open', taskId: 2 },
    { type: 'sheet.close' },
    { type: 'card.save', input: { title: 'Order meters' } },
    // An emptied title: refused by the schema, nothing sent.
    { type: 'card.save', input: { title: '' } },
    { type: 'card.saved', result: card(2, 'todo') },
    { type: 'card.saveFailed', ...failure },
    { type: 'card.delete' },
    { type: 'card.deleted', result: { ok: true } },
    { type: 'card.deleteFailed', ...failure },
    { type: 'limits.open' },
    { type: 'limits.close' },
    { type: 'limits.save', limits: { todo: 3 } },
    { type: 'limits.saved', result: {} },
    { type: 'limits.saveFailed', ...failure },
    { type: 'quickAdd.open', column: 'todo' },
    { type: 'quickAdd.close' },
    { type: 'quickAdd.submit', title: 'Pick routes' },
    { type: 'card.added', result: card(3, 'todo') },
    { type: 'card.addFailed', ...failure },
  ],
  serializeState: (s) => key(s as unknown as Snap),
  stopWhen: (s) => busyAspects(s as unknown as Snap) > 1,
  check: (snapshot) => {
    const s = snapshot as unknown as Snap;
    if (s.matches('failed')) expect(s.context.loadError).toBe('No such project');
    if (s.matches({ ready: { overlay: { sheet: 'editing' } } }) && s.context.sheetFailure) expect(s.context.sheetFailure.fieldErrors).toHaveProperty('title');
    if (s.matches({ ready: { quickAdd: 'open' } })) expect(s.context.quickAdd.column).toBe('todo');
    if (!s.matches({ ready: { quickAdd: 'open' } })) expect(s.context.quickAdd.column).toBeNull();
    if (s.matches({ ready: { overlay: 'menu' } })) expect(s.context.menu?.card.id).toBe(1);
    // Every column's cards are in rank order, and the counts add up.
    expect(Object.values(settledColumns(s.context.view, s.context.filters)).reduce((n, c) => n + c.length, 0)).toBe(s.context.view.shownCount);
  },
});
