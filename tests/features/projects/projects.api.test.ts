import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_RENUMBER_LENGTH, type Board, type ProjectView, type SprintView, type Task } from '@contracts/projects';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('projects, boards and sprints on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api;
  let agent: Api;
  let ownerId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    manager = await apiAs(t, 'manager');
    agent = await apiAs(t, 'agent');
    ownerId = (await sql.one<{ id: number }>("SELECT id FROM staff_users WHERE email = 'manager@demo.test'")).id;
  });
  afterAll(() => t?.close());

  const newProject = async (name: string, extra: object = {}) => {
    const res = await manager.post('/api/v2/projects', { name, company_id: 1, owner_id: ownerId, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as ProjectView).project.id;
  };
  const addTask = async (projectId: number, body: object) => {
    const res = await manager.post(`/api/v2/projects/${projectId}/tasks`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Task;
  };
  const board = async (projectId: number, as = manager) => (await as.get(`/api/v2/projects/${projectId}/board`)).json() as Board;
  const titles = (b: Board, column: string) => b.tasks.filter((x) => x.column === column).map((x) => x.title);

  it('creates a project, finds it in the search with its hours, and shows its page with the activity', async () => {
    const id = await newProject('Network refresh', { status: 'active', start_date: '2026-01-05', due_date: '2026-03-31', budget_hours: 10, description: 'Replace the switches.' });
    await sql.rows('INSERT INTO time_entries (staff_user_id, project_id, work_date, minutes) VALUES ($1, $2, $3, 720)', [ownerId, id, '2026-01-06']);
    const found = (await manager.get('/api/v2/projects?q=network%20refresh')).json();
    expect(found.rows).toEqual([expect.objectContaining({ id, name: 'Network refresh', status: 'active', budget_hours: 10, hours_used: 12, due_date: '2026-03-31' })]);
    const over = (await manager.get('/api/v2/projects?over_budget=true')).json();
    expect(over.rows.map((r: { id: number }) => r.id)).toContain(id);
    await addTask(id, { title: 'Order switches', estimate: 3 });
    const view = (await manager.get(`/api/v2/projects/${id}`)).json() as ProjectView;
    expect(view.project).toMatchObject({ description: 'Replace the switches.', company_name: expect.any(String), owner_name: expect.any(String) });
    expect(view.tasks.map((x) => x.title)).toEqual(['Order switches']);
    expect(view.activity.map((a) => a.summary)).toEqual(['added “Order switches” to Backlog', 'created the project']);
    const stats = (await manager.get('/api/v2/projects/stats')).json();
    expect(stats.over_budget.map((r: { id: number }) => r.id)).toContain(id);
    expect(stats.by_status.active).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad input with 400 naming each field, and writes nothing', async () => {
    const before = await sql.rows<{ n: number }>('SELECT (SELECT count(*) FROM projects)::int + (SELECT count(*) FROM tasks)::int + (SELECT count(*) FROM audit_log)::int AS n');
    const bad = await manager.post('/api/v2/projects', { name: '', company_id: 'x', owner_id: -1, status: 'gone', start_date: '2026-02-30', budget_hours: -1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['budget_hours', 'company_id', 'name', 'owner_id', 'start_date', 'status']);
    const order = await manager.post('/api/v2/projects', { name: 'Late', company_id: 1, owner_id: ownerId, start_date: '2026-05-01', due_date: '2026-04-01' });
    expect(order.json().error.fields).toEqual({ due_date: 'Due date must be on or after the start date' });
    const noCompany = await manager.post('/api/v2/projects', { name: 'Nobody', company_id: 999999, owner_id: ownerId });
    expect(noCompany.json().error.fields).toEqual({ company_id: 'No such company' });
    const id = await newProject('Validation');
    const mid = await sql.rows<{ n: number }>('SELECT (SELECT count(*) FROM projects)::int + (SELECT count(*) FROM tasks)::int + (SELECT count(*) FROM audit_log)::int AS n');
    expect(mid[0]!.n).toBe(before[0]!.n + 2);
    const task = await manager.post(`/api/v2/projects/${id}/tasks`, { title: 'x\u0000', column: 'later', estimate: 1.5 });
    expect(Object.keys(task.json().error.fields).sort()).toEqual(['column', 'estimate', 'title']);
    const move = await manager.post('/api/v2/tasks/1/move', { column: 'nowhere', before_id: 'a' });
    expect(Object.keys(move.json().error.fields).sort()).toEqual(['before_id', 'column']);
    const limits = await manager.patch(`/api/v2/projects/${id}`, { wip_limits: { review: 0, later: 2 } });
    expect(limits.statusCode).toBe(400);
    const sprint = await manager.post(`/api/v2/projects/${id}/sprints`, { name: 'S', start_date: '2026-02-10', end_date: '2026-02-01' });
    expect(sprint.json().error.fields).toEqual({ end_date: 'End date must be on or after the start date' });
    const after = await sql.rows<{ n: number }>('SELECT (SELECT count(*) FROM projects)::int + (SELECT count(*) FROM tasks)::int + (SELECT count(*) FROM audit_log)::int AS n');
    expect(after[0]!.n).toBe(mid[0]!.n);
    expect((await manager.get('/api/v2/projects/999999')).statusCode).toBe(404);
  });

  it('refuses an empty sprint, an emptied project name and an untitled card in the words the dialogs show, naming each field', async () => {
    const id = await newProject('Plain words');
    const sprint = await manager.post(`/api/v2/projects/${id}/sprints`, { name: ' ', start_date: '', end_date: '' });
    expect(sprint.statusCode, sprint.body).toBe(400);
    expect(sprint.json().error.fields).toEqual({ name: 'Give the sprint a name', start_date: 'Pick the day the sprint starts', end_date: 'Pick the day the sprint ends' });
    const renamed = await manager.patch(`/api/v2/projects/${id}`, { name: '' });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().error.fields).toEqual({ name: 'Give the project a name' });
    const untitled = await manager.post(`/api/v2/projects/${id}/tasks`, { title: '', estimate: 1.5 });
    expect(untitled.statusCode, untitled.body).toBe(400);
    expect(untitled.json().error.fields).toEqual({ title: 'Give the card a title', estimate: 'Enter the estimate in whole points, e.g. 3' });
    expect((await sql.rows(`SELECT 1 FROM sprints WHERE project_id = $1`, [id])).length).toBe(0);
  });

  it('moves a card by writing one row (its column and rank) and one audit entry, and the order persists', async () => {
    const id = await newProject('Ordering');
    const [a, b, c] = [await addTask(id, { title: 'A', column: 'todo' }), await addTask(id, { title: 'B', column: 'todo' }), await addTask(id, { title: 'C', column: 'todo' })];
    const ranksBefore = await sql.rows<{ id: number; rank: string }>('SELECT id, rank FROM tasks WHERE project_id = $1 ORDER BY id', [id]);
    const res = await manager.post(`/api/v2/tasks/${c.id}/move`, { column: 'todo', before_id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const ranksAfter = await sql.rows<{ id: number; rank: string }>('SELECT id, rank FROM tasks WHERE project_id = $1 ORDER BY id', [id]);
    expect(ranksAfter.filter((r, i) => r.rank !== ranksBefore[i]!.rank).map((r) => r.id)).toEqual([c.id]);
    expect(titles(await board(id), 'todo')).toEqual(['C', 'A', 'B']);
    await manager.post(`/api/v2/tasks/${a.id}/move`, { column: 'in_progress' });
    await manager.post(`/api/v2/tasks/${b.id}/move`, { column: 'in_progress', after_id: a.id });
    const after = await board(id);
    expect(titles(after, 'todo')).toEqual(['C']);
    expect(titles(after, 'in_progress')).toEqual(['A', 'B']);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'task' AND entity_id = $1 ORDER BY id`, [a.id])).map((r) => r.action)).toEqual(['create', 'move']);
    const wrong = await manager.post(`/api/v2/tasks/${b.id}/move`, { column: 'done', before_id: c.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ before_id: 'No such task in that column' });
  });

  it('refuses to place a task beside itself, naming the field, and moves nothing', async () => {
    const id = await newProject('Beside itself');
    const [a, b] = [await addTask(id, { title: 'A', column: 'todo' }), await addTask(id, { title: 'B', column: 'todo' })];
    const res = await manager.post(`/api/v2/tasks/${a.id}/move`, { column: 'todo', after_id: a.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ after_id: 'A task cannot be placed beside itself' });
    expect(titles(await board(id), 'todo')).toEqual(['A', 'B']);
    expect((await board(id)).tasks.find((x) => x.id === b.id)?.rank).toBe(b.rank);
  });

  it('keeps inserting between the same two cards, renumbering the column when ranks grow long', async () => {
    const id = await newProject('Dense');
    const first = await addTask(id, { title: 'first', column: 'todo' });
    const last = await addTask(id, { title: 'last', column: 'todo' });
    // Two neighbours with no short rank left between them: the next move between them renumbers.
    await sql.rows('UPDATE tasks SET rank = $2 WHERE id = $1', [first.id, 'V']);
    await sql.rows('UPDATE tasks SET rank = $2 WHERE id = $1', [last.id, `V${'0'.repeat(RANK_RENUMBER_LENGTH)}1`]);
    for (let i = 0; i < 12; i++) {
      const card = await addTask(id, { title: `n${i}`, column: 'backlog' });
      const res = await manager.post(`/api/v2/tasks/${card.id}/move`, { column: 'todo', after_id: first.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    const order = titles(await board(id), 'todo');
    expect(order).toEqual(['first', ...Array.from({ length: 12 }, (_, i) => `n${11 - i}`), 'last']);
    const { length } = (await sql.rows<{ length: number }>('SELECT max(length(rank))::int AS length FROM tasks WHERE project_id = $1', [id]))[0]!;
    expect(length).toBeLessThanOrEqual(RANK_RENUMBER_LENGTH);
  });

  it('two people moving cards on one board at once end in one order that both boards show', async () => {
    const id = await newProject('Concurrent');
    const cards = [];
    for (const title of ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']) cards.push(await addTask(id, { title, column: 'todo' }));
    const moves = [
      manager.post(`/api/v2/tasks/${cards[5]!.id}/move`, { column: 'todo', before_id: cards[0]!.id }),
      agent.post(`/api/v2/tasks/${cards[4]!.id}/move`, { column: 'todo', before_id: cards[0]!.id }),
      manager.post(`/api/v2/tasks/${cards[1]!.id}/move`, { column: 'review' }),
      agent.post(`/api/v2/tasks/${cards[2]!.id}/move`, { column: 'review' }),
      manager.post(`/api/v2/tasks/${cards[3]!.id}/move`, { column: 'todo', after_id: cards[0]!.id }),
    ];
    const answers = await Promise.all(moves);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const mine = await board(id, manager);
    const theirs = await board(id, agent);
    expect(mine.tasks.map((x) => [x.id, x.column, x.rank])).toEqual(theirs.tasks.map((x) => [x.id, x.column, x.rank]));
    const todo = titles(mine, 'todo');
    expect(todo.sort()).toEqual(['c1', 'c4', 'c5', 'c6']);
    // Every card has its own rank: the order is total, not an accident of ids.
    const ranks = mine.tasks.filter((x) => x.column === 'todo').map((x) => x.rank);
    expect(new Set(ranks).size).toBe(ranks.length);
    // Each mover's intent holds in the one order: c6 and c5 before c1, c4 right after c1.
    const order = titles(mine, 'todo');
    expect(order.indexOf('c6')).toBeLessThan(order.indexOf('c1'));
    expect(order.indexOf('c5')).toBeLessThan(order.indexOf('c1'));
    expect(order.indexOf('c4')).toBe(order.indexOf('c1') + 1);
    expect(titles(mine, 'review').sort()).toEqual(['c2', 'c3']);
  });

  it('runs a sprint: start, scope changes logged, close sending unfinished work to the backlog, and the chart frozen', async () => {
    const id = await newProject('Sprinting');
    const sprint = (await manager.post(`/api/v2/projects/${id}/sprints`, { name: 'Sprint 1', goal: 'Ship it', start_date: '2026-01-05', end_date: '2026-01-16' })).json() as SprintView;
    const s = sprint.sprint.id;
    const a = await addTask(id, { title: 'A', estimate: 5, sprint_id: s, column: 'todo' });
    const b = await addTask(id, { title: 'B', estimate: 3, sprint_id: s, column: 'in_progress' });
    const started = await manager.post(`/api/v2/sprints/${s}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect((started.json() as SprintView).sprint).toMatchObject({ status: 'active', committed_points: 8 });
    expect((await manager.post(`/api/v2/sprints/${s}/start`)).statusCode).toBe(409);
    const c = await addTask(id, { title: 'C', estimate: 2, sprint_id: s });
    await manager.patch(`/api/v2/tasks/${b.id}`, { estimate: 4 });
    await manager.post(`/api/v2/tasks/${a.id}/move`, { column: 'done' });
    const events = await sql.rows<{ kind: string; points: number }>('SELECT kind, points FROM task_events WHERE sprint_id = $1 ORDER BY id', [s]);
    expect(events).toEqual([
      { kind: 'added', points: 2 },
      { kind: 'estimate', points: 1 },
      { kind: 'done', points: 5 },
    ]);
    const live = (await manager.get(`/api/v2/sprints/${s}`)).json() as SprintView;
    expect(live.sprint.done_points).toBe(5);
    const noNext = await manager.post(`/api/v2/sprints/${s}/close`, { unfinished: 'next' });
    expect(noNext.json().error.fields).toEqual({ next_sprint_id: 'Choose the sprint the unfinished tasks go to' });
    const closed = await manager.post(`/api/v2/sprints/${s}/close`, { unfinished: 'backlog' });
    expect(closed.statusCode, closed.body).toBe(200);
    const view = closed.json() as SprintView;
    expect(view.sprint).toMatchObject({ status: 'closed', committed_points: 8, done_points: 5, spillover_points: 6 });
    expect(view.tasks.map((x) => x.title)).toEqual(['A']);
    const b2 = await board(id);
    expect(b2.tasks.filter((x) => x.id === b.id || x.id === c.id).map((x) => [x.column, x.sprint_id])).toEqual([['backlog', null], ['backlog', null]]);
    const remaining = view.burndown.remaining.filter((v) => v !== null);
    // Later edits move nothing on a closed sprint's chart.
    await manager.patch(`/api/v2/tasks/${a.id}`, { estimate: 13 });
    await manager.post(`/api/v2/tasks/${a.id}/move`, { column: 'todo' });
    const again = (await manager.get(`/api/v2/sprints/${s}`)).json() as SprintView;
    expect(again.burndown).toEqual(view.burndown);
    expect(again.sprint.done_points).toBe(5);
    expect(remaining.at(-1)).toBe(8 + 2 + 1 - 5);
    const list = (await manager.get(`/api/v2/sprints?project_id=${id}`)).json();
    expect(list.sprints).toEqual([expect.objectContaining({ id: s, status: 'closed', committed_points: 8, done_points: 5 })]);
  });

  it('closes a sprint into the next planned one and allows only one active sprint per project', async () => {
    const id = await newProject('Two sprints');
    const one = ((await manager.post(`/api/v2/projects/${id}/sprints`, { name: 'One', start_date: '2026-01-05', end_date: '2026-01-09' })).json() as SprintView).sprint.id;
    const two = ((await manager.post(`/api/v2/projects/${id}/sprints`, { name: 'Two', start_date: '2026-01-12', end_date: '2026-01-16' })).json() as SprintView).sprint.id;
    const task = await addTask(id, { title: 'Carry me', estimate: 2, sprint_id: one, column: 'in_progress' });
    expect((await manager.post(`/api/v2/sprints/${one}/start`)).statusCode).toBe(200);
    const second = await manager.post(`/api/v2/sprints/${two}/start`);
    expect(second.statusCode).toBe(409);
    const closed = await manager.post(`/api/v2/sprints/${one}/close`, { unfinished: 'next', next_sprint_id: two });
    expect(closed.statusCode, closed.body).toBe(200);
    const moved = (await board(id)).tasks.find((x) => x.id === task.id)!;
    expect(moved).toMatchObject({ sprint_id: two, column: 'in_progress' });
    expect((await manager.patch(`/api/v2/tasks/${task.id}`, { sprint_id: one })).json().error.fields).toEqual({ sprint_id: 'This sprint is closed' });
  });
  it('deletes a task: gone from the board, its sprint loses its points, the audit and the activity keep it', async () => {
    const id = await newProject('Delete a card');
    const s = ((await manager.post(`/api/v2/projects/${id}/sprints`, { name: 'Sprint D', start_date: '2026-01-05', end_date: '2026-01-16' })).json() as SprintView).sprint.id;
    const keep = await addTask(id, { title: 'Keep me', estimate: 2, sprint_id: s, column: 'todo' });
    const gone = await addTask(id, { title: 'Drop me', estimate: 3, sprint_id: s, column: 'todo' });
    expect((await manager.post(`/api/v2/sprints/${s}/start`)).statusCode).toBe(200);
    expect((await manager.delete('/api/v2/tasks/0')).json().error.fields).toEqual({ id: expect.any(String) });
    expect((await manager.delete('/api/v2/tasks/abc')).statusCode).toBe(400);
    expect((await board(id)).tasks.map((x) => x.title).sort()).toEqual(['Drop me', 'Keep me']);

    const res = await manager.delete(`/api/v2/tasks/${gone.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await board(id)).tasks.map((x) => x.id)).toEqual([keep.id]);
    expect(await sql.rows('SELECT kind, points, task_id FROM task_events WHERE sprint_id = $1 ORDER BY id', [s])).toEqual([{ kind: 'removed', points: 3, task_id: null }]);
    const view = (await manager.get(`/api/v2/sprints/${s}`)).json() as SprintView;
    expect(view.sprint.committed_points).toBe(5);
    expect(await sql.rows(`SELECT action, detail->>'title' AS title FROM audit_log WHERE entity = 'task' AND entity_id = $1 ORDER BY id`, [gone.id])).toEqual([
      { action: 'create', title: 'Drop me' },
      { action: 'delete', title: 'Drop me' },
    ]);
    expect(((await manager.get(`/api/v2/projects/${id}`)).json() as ProjectView).activity[0]!.summary).toBe('deleted “Drop me”');
    // Once gone, a second delete and an edit find nothing, and no other card changed.
    expect((await manager.delete(`/api/v2/tasks/${gone.id}`)).statusCode).toBe(404);
    expect((await manager.patch(`/api/v2/tasks/${gone.id}`, { estimate: 1 })).statusCode).toBe(404);
    expect((await board(id)).tasks).toEqual([expect.objectContaining({ id: keep.id, title: 'Keep me', estimate: 2, column: 'todo' })]);
  });

  it('edits a project: only what changed is stored and audited; a bad field is named and nothing changes', async () => {
    const id = await newProject('Edit me', { budget_hours: 10, start_date: '2026-01-05', due_date: '2026-02-27' });
    const bad = await manager.patch(`/api/v2/projects/${id}`, { name: 'Renamed', due_date: '2025-12-01' });
    expect(bad.json().error.fields).toEqual({ due_date: 'Due date must be on or after the start date' });
    expect(((await manager.get(`/api/v2/projects/${id}`)).json() as ProjectView).project.name).toBe('Edit me');
    const ok = await manager.patch(`/api/v2/projects/${id}`, { name: 'Edited', status: 'on_hold', budget_hours: 24, description: 'Phase two.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as ProjectView).project).toMatchObject({ name: 'Edited', status: 'on_hold', budget_hours: 24, description: 'Phase two.', due_date: '2026-02-27' });
    const [row] = await sql.rows<{ detail: { changes: Record<string, { from: unknown; to: unknown }> } }>(
      `SELECT detail FROM audit_log WHERE entity = 'project' AND entity_id = $1 AND action = 'update' ORDER BY id DESC LIMIT 1`,
      [id],
    );
    expect(row!.detail.changes).toEqual({
      name: { from: 'Edit me', to: 'Edited' },
      status: { from: 'planned', to: 'on_hold' },
      budget_hours: { from: 10, to: 24 },
      description: { from: '', to: 'Phase two.' },
    });
  });
});

