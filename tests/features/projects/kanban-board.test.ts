/** The kanban board's screen machine over msw: its children load, move and save for real; what the board shows, where focus goes and what it says are its decisions. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor, type EventObject } from 'xstate';
import type { Board, Task } from '@contracts/projects';
import { cardMoveMachine } from '@/features/projects/machines/card-move.machine';
import { groupColumns, kanbanBoardMachine, NO_FILTERS, PROGRESSIVE_FROM, selectQuickAdd, selectSheetCard, type FocusInput } from '@/features/projects/machines/kanban-board.machine';
import { recordMachineNotices } from '@tests/support/notices';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const { notices, started } = recordMachineNotices();

const card = (id: number, title: string, column: Task['column'], rank: string, extra: Partial<Task> = {}): Task => ({
  id, project_id: 5, title, description: '', column, rank, assignee_id: null, assignee_name: null, estimate: 3,
  sprint_id: null, sprint_name: null, ticket_id: null, ticket_title: null, updated_at: '2026-01-05T10:00:00Z', ...extra,
});
const BOARD: Board = {
  project: { id: 5, name: 'Meter rollout', company_name: 'Acme Utilities', status: 'active', wip_limits: { in_progress: 1 } },
  tasks: [card(1, 'Survey sites', 'todo', 'V', { assignee_id: 2 }), card(2, 'Order meters', 'todo', 'k'), card(3, 'Install meters', 'in_progress', 'V')],
  sprints: [],
  staff: [{ id: 2, name: 'Avery Agent' }],
};

/** Serves the board (as `tasks()` says at each load) and counts its loads. */
function serveBoard(tasks: () => Task[] = () => BOARD.tasks) {
  const loads: number[] = [];
  server.use(
    http.get('*/api/v2/projects/5/board', () => {
      loads.push(loads.length + 1);
      return HttpResponse.json({ ...BOARD, tasks: tasks() });
    }),
  );
  return loads;
}

/** The board machine with a focusCard that records what it was asked, and when it was stopped. */
function start() {
  const focus: Array<{ input: Omit<FocusInput, 'columns'>; stopped: boolean }> = [];
  const focusCard = fromCallback<EventObject, FocusInput>(({ input }) => {
    const { columns: _columns, ...rest } = input;
    const entry = { input: rest, stopped: false };
    focus.push(entry);
    return () => {
      entry.stopped = true;
    };
  });
  const actor = createActor(kanbanBoardMachine.provide({ actors: { focusCard } }), { input: { projectId: 5 } });
  actor.start();
  started.push(actor);
  return { actor, focus };
}
const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready') && s.context.tasks.length > 0);
const idsIn = (actor: ReturnType<typeof start>['actor'], column: Task['column']) => actor.getSnapshot().context.view.columns[column].map((t) => t.id);

describe('the kanban board machine', () => {
  it('loads the board through its query child and shows the cards the mover holds, column by column', async () => {
    serveBoard();
    const { actor } = start();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await ready(actor);
    expect(actor.getSnapshot().context.board?.project.name).toBe('Meter rollout');
    expect(idsIn(actor, 'todo')).toEqual([1, 2]);
    expect(idsIn(actor, 'in_progress')).toEqual([3]);
    expect(actor.getSnapshot().context.view).toMatchObject({ cardCount: 3, shownCount: 3, progressive: false, mounted: 5 });
    actor.send({ type: 'filter.change', filters: { assignee: '2' } });
    expect(idsIn(actor, 'todo')).toEqual([1]);
    expect(actor.getSnapshot().context.view).toMatchObject({ cardCount: 3, shownCount: 1 });
    actor.send({ type: 'filter.clear' });
    expect(actor.getSnapshot().context.view.shownCount).toBe(3);
  });

  it('says why the board could not be loaded and loads it again on Try again', async () => {
    let fail = true;
    server.use(http.get('*/api/v2/projects/5/board', () => (fail ? HttpResponse.json({ error: { code: 'not_found', message: 'No such project' } }, { status: 404 }) : HttpResponse.json(BOARD))));
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.loadError).toBe('No such project');
    fail = false;
    actor.send({ type: 'board.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('moves a card through the mover at once, and the columns it did not touch keep their cards as they were', async () => {
    serveBoard();
    let answer!: () => void;
    server.use(
      http.post('*/api/v2/tasks/:id/move', async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json(card(2, 'Order meters', 'review', 'a'));
      }),
    );
    const { actor } = start();
    await ready(actor);
    const before = actor.getSnapshot().context.view;
    actor.send({ type: 'menu.open', taskId: 2 });
    actor.send({ type: 'menu.choose', move: { taskId: 2, column: 'review' } });
    const moved = actor.getSnapshot().context.view;
    expect(idsIn(actor, 'review')).toEqual([2]);
    expect(moved.version).toBe(before.version + 1);
    expect(moved.columns.in_progress).toBe(before.columns.in_progress);
    expect(moved.columns.backlog).toBe(before.columns.backlog);
    await new Promise((r) => setTimeout(r, 20));
    answer();
    await waitFor(actor, (s) => s.context.view.announcement === 'Moved Order meters to Review.');
  });

  it('shows a move by working out only the two columns it touches: it reads none of the board\'s other cards, and every other column and card stays the same object', async () => {
    serveBoard(() => [...BOARD.tasks, card(4, 'Check seals', 'done', 'V'), card(5, 'Book crane', 'todo', 'z')]);
    const { actor } = start();
    await ready(actor);
    const before = actor.getSnapshot().context;
    const moving = before.tasks.find((t) => t.id === 2)!;
    const moved = { ...moving, column: 'in_progress' as const, rank: 'z' };
    // The mover's cards after the move, as a board that must not be read card by card: a board
    // grouped again (filtered, sorted) would go through them all.
    const tasks = new Proxy(before.tasks.map((t) => (t.id === 2 ? moved : t)), {
      get(target, key) {
        if (key === 'length') return target.length;
        throw new Error(`the board read its cards (${String(key)})`);
      },
    });
    actor.send({ type: 'cards.changed', tasks, change: { before: moving, after: moved }, error: null, announcement: '' });
    const { view } = actor.getSnapshot().context;
    expect(view.columns.todo.map((t) => t.id)).toEqual([1, 5]);
    expect(view.columns.in_progress.map((t) => t.id)).toEqual([3, 2]);
    expect(view.columns.in_progress[1]).toBe(moved);
    // Cards that did not move are the same objects, and so are the columns the move did not touch.
    expect(view.columns.todo[0]).toBe(before.view.columns.todo[0]);
    expect(view.columns.todo[1]).toBe(before.view.columns.todo[2]);
    expect(view.columns.in_progress[0]).toBe(before.view.columns.in_progress[0]);
    for (const c of ['backlog', 'review', 'done'] as const) expect(view.columns[c]).toBe(before.view.columns[c]);
    expect(view.totals).toMatchObject({ todo: 2, in_progress: 2, done: 1 });
    expect(view).toMatchObject({ cardCount: 5, shownCount: 5, version: before.view.version + 1 });
  });

  it('on a big board, shows a card moved to another column in its new column first and takes it from its old one once that is painted, each column in a render of its own', async () => {
    const columns = ['backlog', 'todo', 'in_progress', 'review', 'done'] as const;
    const many = Array.from({ length: PROGRESSIVE_FROM + 5 }, (_, i) => card(i + 1, `Card ${i + 1}`, columns[i % 5]!, `a${String(i).padStart(3, '0')}`));
    serveBoard(() => many);
    let answer!: () => void;
    server.use(
      http.post('*/api/v2/tasks/:id/move', async () => {
        await new Promise<void>((r) => (answer = r));
        return HttpResponse.json({ ...many[1]!, column: 'review', rank: 'z' });
      }),
    );
    const { actor } = start();
    await ready(actor);
    const before = actor.getSnapshot().context.view;
    actor.send({ type: 'menu.open', taskId: 2 });
    actor.send({ type: 'menu.choose', move: { taskId: 2, column: 'review' } });
    const first = actor.getSnapshot().context.view;
    // The new column shows the card; the old one is not rendered again yet.
    expect(first.columns.review.at(-1)!.id).toBe(2);
    expect(first.columns.todo).toBe(before.columns.todo);
    expect(first.settling?.after.column).toBe('review');
    expect(first.version).toBe(before.version + 1);
    expect(first).toMatchObject({ shownCount: many.length, totals: { todo: before.totals.todo - 1, review: before.totals.review + 1 } });
    // A paint of an older version does not settle it.
    actor.send({ type: 'columns.painted', version: before.version });
    expect(actor.getSnapshot().context.view).toBe(first);
    actor.send({ type: 'columns.painted', version: first.version });
    const settled = actor.getSnapshot().context.view;
    expect(settled.columns.todo.map((t) => t.id)).toEqual(before.columns.todo.filter((t) => t.id !== 2).map((t) => t.id));
    expect(settled.columns.review).toBe(first.columns.review);
    expect(settled).toMatchObject({ settling: null, version: first.version + 1, shownCount: many.length });
    for (const c of ['backlog', 'in_progress', 'done'] as const) expect(settled.columns[c]).toBe(before.columns[c]);
    while (!answer) await new Promise((r) => setTimeout(r, 5));
    answer();
    await waitFor(actor, (s) => s.context.view.announcement === 'Moved Card 2 to Review.');
    expect(actor.getSnapshot().context.view.columns.review.at(-1)!.rank).toBe('z');
  });

  it('decides where focus goes: a dropped card\'s row, a card the menu moved by its button, else back where the menu was opened from; a newer decision stops the one waiting', async () => {
    serveBoard();
    server.use(http.post('*/api/v2/tasks/:id/move', async ({ params }) => HttpResponse.json(card(Number(params.id), 'Moved', 'done', 'z'))));
    const { actor, focus } = start();
    await ready(actor);
    const v = actor.getSnapshot().context.view.version;

    actor.send({ type: 'card.dragStart', taskId: 1 });
    actor.send({ type: 'card.drop', move: { taskId: 1, column: 'review' } });
    expect(focus.map((f) => f.input)).toEqual([{ taskId: 1, target: 'row', after: v }]);

    actor.send({ type: 'menu.open', taskId: 2 });
    actor.send({ type: 'menu.close' });
    const v2 = actor.getSnapshot().context.view.version;
    expect(focus.at(-1)!.input).toEqual({ taskId: 2, target: 'origin', after: v2 - 1 });
    expect(focus[0]!.stopped).toBe(true);

    actor.send({ type: 'menu.open', taskId: 3 });
    actor.send({ type: 'menu.choose', move: { taskId: 3, column: 'done' } });
    actor.send({ type: 'menu.close' });
    expect(focus.at(-1)!.input).toEqual({ taskId: 3, target: 'button', after: v2 });
    expect(focus.filter((f) => !f.stopped)).toHaveLength(1);
    expect(actor.getSnapshot().context.focus).toEqual({ taskId: 3, target: 'button', after: v2 });
  });

  it('mounts a big board\'s columns one at a time, each once the board painted the ones before', async () => {
    const many = Array.from({ length: PROGRESSIVE_FROM + 5 }, (_, i) => card(i + 1, `Card ${i + 1}`, (['backlog', 'todo', 'in_progress', 'review', 'done'] as const)[i % 5]!, `a${String(i).padStart(3, '0')}`));
    serveBoard(() => many);
    const { actor } = start();
    await ready(actor);
    expect(actor.getSnapshot().context.view).toMatchObject({ progressive: true, mounted: 0 });
    actor.send({ type: 'board.painted', mounted: 0 });
    expect(actor.getSnapshot().context.view.mounted).toBe(1);
    // A paint of an older count (the same frame reported twice) mounts nothing more.
    actor.send({ type: 'board.painted', mounted: 0 });
    expect(actor.getSnapshot().context.view.mounted).toBe(1);
    for (const n of [1, 2, 3, 4, 5, 6]) actor.send({ type: 'board.painted', mounted: n });
    expect(actor.getSnapshot().context.view.mounted).toBe(5);
  });

  it('adds a card from a column\'s quick add, says so once, starts the form again and reloads the board', async () => {
    let tasks = BOARD.tasks;
    const loads = serveBoard(() => tasks);
    server.use(
      http.post('*/api/v2/projects/5/tasks', async ({ request }) => {
        const body = (await request.json()) as { title: string; column: Task['column'] };
        const added = card(9, body.title, body.column, 'z');
        tasks = [...tasks, added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'quickAdd.open', column: 'todo' });
    actor.send({ type: 'quickAdd.submit', title: 'Pick routes' });
    expect(selectQuickAdd(actor.getSnapshot())).toMatchObject({ column: 'todo', saving: true });
    await waitFor(actor, (s) => idsIn(actor, 'todo').includes(9) && s.matches({ ready: { quickAdd: { open: 'editing' } } }));
    expect(selectQuickAdd(actor.getSnapshot())).toEqual({ column: 'todo', saving: false, error: null, seq: 1 });
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Card added to To do' }]);
    expect(loads).toHaveLength(2);
  });

  it('keeps the sheet open with the server\'s reasons when a save is refused, closes it once saved, and deletes a card after asking', async () => {
    let tasks = BOARD.tasks;
    serveBoard(() => tasks);
    let refuse = true;
    server.use(
      http.patch('*/api/v2/tasks/:id', () =>
        refuse
          ? HttpResponse.json({ error: { code: 'invalid_input', message: 'Check the title', fields: { title: 'A title is needed' } } }, { status: 400 })
          : HttpResponse.json(card(1, 'Survey all sites', 'todo', 'V')),
      ),
      http.delete('*/api/v2/tasks/:id', ({ params }) => {
        tasks = tasks.filter((t) => t.id !== Number(params.id));
        return HttpResponse.json({ ok: true });
      }),
    );
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'sheet.open', taskId: 1 });
    expect(selectSheetCard(actor.getSnapshot())?.title).toBe('Survey sites');
    actor.send({ type: 'card.save', input: { title: 'Survey sites again' } });
    await waitFor(actor, (s) => s.matches({ ready: { overlay: { sheet: 'editing' } } }) && s.context.sheetFailure !== null);
    expect(actor.getSnapshot().context.sheetFailure).toEqual({ error: 'Check the title', fieldErrors: { title: 'A title is needed' } });
    expect(notices.notices).toEqual([]);
    refuse = false;
    actor.send({ type: 'card.save', input: { title: 'Survey all sites' } });
    await waitFor(actor, (s) => s.matches({ ready: { overlay: 'none' } }));
    expect(notices.notices).toEqual([{ tone: 'success', title: 'Card saved' }]);

    actor.send({ type: 'sheet.open', taskId: 2 });
    actor.send({ type: 'card.delete' });
    await waitFor(actor, (s) => s.matches({ ready: { overlay: 'none' } }) && !idsIn(actor, 'todo').includes(2));
    expect(notices.notices.at(-1)).toEqual({ tone: 'success', title: 'Card deleted: Order meters' });
  });

  it('saves the WIP limits, closes the dialog and says so', async () => {
    serveBoard();
    const sent: unknown[] = [];
    server.use(
      http.patch('*/api/v2/projects/5', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ project: { id: 5 } });
      }),
    );
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'limits.open' });
    actor.send({ type: 'limits.save', limits: { todo: 3 } });
    await waitFor(actor, (s) => s.matches({ ready: { overlay: 'none' } }));
    expect(sent).toEqual([{ wip_limits: { backlog: null, todo: 3, in_progress: null, review: null, done: null } }]);
    expect(notices.notices).toEqual([{ tone: 'success', title: 'WIP limits saved' }]);
  });
});

describe('the card mover on its own', () => {
  it('saves a move through the API, with no screen to provide the call', async () => {
    server.use(http.post('*/api/v2/tasks/:id/move', () => HttpResponse.json(card(1, 'Survey sites', 'done', 'z'))));
    const actor = createActor(cardMoveMachine, { input: { tasks: BOARD.tasks } }).start();
    started.push(actor);
    actor.send({ type: 'move.request', move: { taskId: 1, column: 'done' } });
    await waitFor(actor, (s) => !s.matches('dropping'));
    expect(actor.getSnapshot().value).toBe('settled');
    expect(actor.getSnapshot().context.announcement).toBe('Moved Survey sites to Done.');
  });

  it('says why a refused move was put back through the app\'s notifier', async () => {
    server.use(http.post('*/api/v2/tasks/:id/move', () => HttpResponse.json({ error: { code: 'not_found', message: 'No such task' } }, { status: 404 })));
    const actor = createActor(cardMoveMachine, { input: { tasks: BOARD.tasks } }).start();
    started.push(actor);
    actor.send({ type: 'move.request', move: { taskId: 1, column: 'done' } });
    await waitFor(actor, (s) => s.matches('rolledBack'));
    expect(notices.notices).toEqual([{ tone: 'error', title: 'Survey sites could not be moved: No such task' }]);
  });
});

describe('groupColumns', () => {
  it('keeps the moved card\'s column as shown when the server\'s answer changes only when the card was last changed', async () => {
    serveBoard();
    server.use(http.post('*/api/v2/tasks/:id/move', () => HttpResponse.json(card(2, 'Order meters', 'review', 'V', { updated_at: '2026-01-06T09:00:00Z' }))));
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'menu.open', taskId: 2 });
    // Review is empty: the card lands there with the rank the server also gives it.
    actor.send({ type: 'menu.choose', move: { taskId: 2, column: 'review' } });
    const moved = actor.getSnapshot().context.view;
    await waitFor(actor, (s) => s.context.view.announcement === 'Moved Order meters to Review.');
    const settled = actor.getSnapshot().context;
    // Nothing the board shows changed: the column is not rendered again (no new collection to build).
    expect(settled.view.columns).toBe(moved.columns);
    expect(settled.view.version).toBe(moved.version);
    // The card itself is the server's (its sheet says when it was last changed).
    expect(settled.tasks.find((t) => t.id === 2)?.updated_at).toBe('2026-01-06T09:00:00Z');
  });

  it('keeps the array of every column whose cards did not change, and the same object when none did', () => {
    const first = groupColumns(BOARD.tasks, NO_FILTERS);
    expect(groupColumns(BOARD.tasks, NO_FILTERS, first)).toBe(first);
    const moved = groupColumns(BOARD.tasks.map((t) => (t.id === 3 ? { ...t, column: 'review' as const } : t)), NO_FILTERS, first);
    expect(moved.todo).toBe(first.todo);
    expect(moved.in_progress).not.toBe(first.in_progress);
    expect(moved.review.map((t) => t.id)).toEqual([3]);
  });
});
