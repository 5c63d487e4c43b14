/**
 * Projects judge time by the app's clock (`ctx.now()`): which projects are overdue, which day of a
 * sprint it is, when a sprint started and closed, and when each change to its scope happened.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectRow, ProjectStats, ProjectView, SprintView, Task } from '@contracts/projects';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)("projects on the app's clock on %s", (backend) => {
  let t: TestApp;
  let manager: Api;
  let ownerId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    manager = await apiAs(t, 'manager', { fresh: true });
    ownerId = (await sqlOf(t).one<{ id: number }>("SELECT id FROM staff_users WHERE email = 'manager@demo.test'")).id;
  });
  afterEach(async () => {
    t.ctx.now = () => new Date();
    manager = await apiAs(t, 'manager', { fresh: true });
  });
  afterAll(() => t?.close());

  /** Sets the app's clock; the session is signed in afresh, since a jump of days would end it as idle. */
  const at = async (instant: string) => {
    t.ctx.now = () => new Date(instant);
    manager = await apiAs(t, 'manager', { fresh: true });
  };
  const call = async <R = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<R> => {
    const res = await manager.request(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as R;
  };
  const newProject = async (name: string, extra: object = {}) =>
    (await call<ProjectView>('POST', '/api/v2/projects', { name, company_id: 1, owner_id: ownerId, ...extra })).project.id;

  it('calls a project overdue from the day after its due date by the clock, in the search and in the stats', async () => {
    const id = await newProject('Millennium upgrade', { status: 'active', due_date: '2001-03-31' });
    const overdueIds = async () => ({
      search: (await call<{ rows: ProjectRow[] }>('GET', '/api/v2/projects?overdue=true&sort=due_date:asc&size=100')).rows.map((r) => r.id),
      stats: (await call<ProjectStats>('GET', '/api/v2/projects/stats')).overdue.map((r) => r.id),
    });
    await at('2001-03-31T23:59:00Z');
    expect(await overdueIds()).toEqual({ search: [], stats: [] });
    await at('2001-04-01T00:00:00Z');
    expect(await overdueIds()).toEqual({ search: [id], stats: [id] });
  });

  it("draws a sprint's burndown up to the clock's day, with each change on the day it was made, and closes at the clock's time", async () => {
    const id = await newProject('Clockwork');
    const s = (await call<SprintView>('POST', `/api/v2/projects/${id}/sprints`, { name: 'Week one', start_date: '2026-01-05', end_date: '2026-01-09' })).sprint.id;
    const a = await call<Task>('POST', `/api/v2/projects/${id}/tasks`, { title: 'A', estimate: 5, sprint_id: s, column: 'todo' });
    await call<Task>('POST', `/api/v2/projects/${id}/tasks`, { title: 'B', estimate: 3, sprint_id: s, column: 'todo' });

    await at('2026-01-05T09:00:00Z');
    expect((await call<SprintView>('POST', `/api/v2/sprints/${s}/start`)).sprint).toMatchObject({ started_at: '2026-01-05T09:00:00Z', committed_points: 8 });
    await at('2026-01-06T10:00:00Z');
    await call<Task>('POST', `/api/v2/projects/${id}/tasks`, { title: 'C', estimate: 2, sprint_id: s, column: 'todo' });
    await at('2026-01-07T15:00:00Z');
    await call<Task>('POST', `/api/v2/tasks/${a.id}/move`, { column: 'done' });

    await at('2026-01-08T08:00:00Z');
    const live = await call<SprintView>('GET', `/api/v2/sprints/${s}`);
    expect(live.burndown.remaining).toEqual([8, 10, 5, 5, null]);
    expect(live.burndown.added).toEqual([0, 2, 0, 0, 0]);
    expect(live.burndown.done).toEqual([0, 0, 5, 0, 0]);

    await at('2026-01-08T17:00:00Z');
    const closed = await call<SprintView>('POST', `/api/v2/sprints/${s}/close`, { unfinished: 'backlog' });
    expect(closed.sprint).toMatchObject({ status: 'closed', closed_at: '2026-01-08T17:00:00Z', done_points: 5, spillover_points: 5 });
    expect(closed.burndown.remaining).toEqual([8, 10, 5, 5, null]);
  });
});
