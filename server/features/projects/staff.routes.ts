/** Projects, their boards and sprints, for staff (clients see nothing of projects). */
import { idParamsSchema } from '@contracts/common/input';
import { z } from '@contracts/common/zod';
import { safeText } from '@contracts/common/input';
import {
  closeSprintSchema,
  createProjectSchema,
  createSprintSchema,
  createTaskSchema,
  moveTaskSchema,
  projectSearchQuerySchema,
  sprintListQuerySchema,
  updateProjectSchema,
  updateTaskSchema,
} from '@contracts/projects';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import {
  closeSprint,
  deleteTask,
  insertProject,
  insertSprint,
  insertTask,
  listSprints,
  loadBoard,
  loadProjectView,
  loadSprintView,
  loadTask,
  moveTask,
  projectOptions,
  projectStats,
  searchProjects,
  startSprint,
  updateProject,
  updateTask,
} from './projects.repo';

const optionsQuerySchema = z.strictObject({ q: safeText('q must be text', 'q').trim().max(100, 'q must be at most 100 characters').optional() });

export const staffProjectRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  /** Today's date by the app's clock: what "overdue" is judged against. */
  const today = () => ctx.now().toISOString().slice(0, 10);
  const me = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request).userId);
  const idOf = (request: { params: unknown }) => parseInput(idParamsSchema, request.params, 'path').id;
  const found = <T>(value: T | null, what: string): T => {
    if (!value) throw notFound(`No such ${what}`);
    return value;
  };

  app.get('/api/v2/projects', async (request) => searchProjects(pool, parseInput(projectSearchQuerySchema, request.query, 'query'), today()));
  app.get('/api/v2/projects/options', async (request) => projectOptions(pool, parseInput(optionsQuerySchema, request.query, 'query').q));
  app.get('/api/v2/projects/stats', async () => projectStats(pool, today()));

  app.post('/api/v2/projects', async (request, reply) => {
    const input = parseInput(createProjectSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: await loadProjectView(db, await insertProject(db, input, me(request))) }));
  });
  app.get('/api/v2/projects/:id', async (request) => found(await loadProjectView(pool, idOf(request)), 'project'));
  app.patch('/api/v2/projects/:id', async (request) => {
    const id = idOf(request);
    const input = parseInput(updateProjectSchema, request.body);
    await inTransaction(pool, (db) => updateProject(db, id, input, me(request)));
    return loadProjectView(pool, id);
  });
  app.get('/api/v2/projects/:id/board', async (request) => found(await loadBoard(pool, idOf(request)), 'project'));

  app.post('/api/v2/projects/:id/tasks', async (request, reply) => {
    const id = idOf(request);
    const input = parseInput(createTaskSchema, request.body);
    const now = ctx.now();
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: await loadTask(db, await insertTask(db, id, input, me(request), now)) }));
  });
  app.patch('/api/v2/tasks/:id', async (request) => {
    const id = idOf(request);
    const input = parseInput(updateTaskSchema, request.body);
    const now = ctx.now();
    await inTransaction(pool, (db) => updateTask(db, id, input, me(request), now));
    return loadTask(pool, id);
  });
  app.delete('/api/v2/tasks/:id', async (request) => {
    const id = idOf(request);
    const now = ctx.now();
    await inTransaction(pool, (db) => deleteTask(db, id, me(request), now));
    return { ok: true };
  });
  app.post('/api/v2/tasks/:id/move', async (request) => {
    const id = idOf(request);
    const input = parseInput(moveTaskSchema, request.body);
    const now = ctx.now();
    await inTransaction(pool, (db) => moveTask(db, id, input, me(request), now));
    return loadTask(pool, id);
  });

  app.get('/api/v2/sprints', async (request) => ({ sprints: await listSprints(pool, parseInput(sprintListQuerySchema, request.query, 'query')) }));
  app.post('/api/v2/projects/:id/sprints', async (request, reply) => {
    const id = idOf(request);
    const input = parseInput(createSprintSchema, request.body);
    return createOnce(request, reply, pool, async (db) => ({ status: 201, body: await loadSprintView(db, await insertSprint(db, id, input, me(request)), ctx.now()) }));
  });
  app.get('/api/v2/sprints/:id', async (request) => found(await loadSprintView(pool, idOf(request), ctx.now()), 'sprint'));
  app.post('/api/v2/sprints/:id/start', async (request) => {
    const id = idOf(request);
    const now = ctx.now();
    await inTransaction(pool, (db) => startSprint(db, id, me(request), now));
    return loadSprintView(pool, id, now);
  });
  app.post('/api/v2/sprints/:id/close', async (request) => {
    const id = idOf(request);
    const input = parseInput(closeSprintSchema, request.body);
    const now = ctx.now();
    await inTransaction(pool, (db) => closeSprint(db, id, input, me(request), now));
    return loadSprintView(pool, id, now);
  });
};
