/** Projects, their boards and sprints, for staff (clients see nothing of projects). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { PROJECTS } from '@contracts/projects';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
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

const found = <T>(value: T | null, what: string): T => {
  if (!value) throw notFound(`No such ${what}`);
  return value;
};

export const staffProjectRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  /** Today by the app's clock: what "overdue" is judged against. */
  const today = () => ctx.now().toISOString().slice(0, 10);
  const me = (request: FastifyRequest) => staffActor(staffOf(request).userId);
  /**
   * A create run once per Idempotency-Key (docs/adr/0103) that answers 201 with what `work`
   * answers; a retry with the key answers the body stored the first time, of the same shape.
   */
  const createdOnce = <T>(request: FastifyRequest, reply: FastifyReply, work: (db: pg.PoolClient) => Promise<T>) =>
    createOnce(request, reply, pool, async (db) => ({ status: 201, body: await work(db) }));

  route(app, PROJECTS.search, async ({ query }) => searchProjects(pool, query, today()));
  route(app, PROJECTS.options, async ({ query }) => projectOptions(pool, query.q));
  route(app, PROJECTS.stats, async () => projectStats(pool, today()));

  route(app, PROJECTS.create, async ({ body }, request, reply) =>
    createdOnce(request, reply, async (db) => found(await loadProjectView(db, await insertProject(db, body, me(request))), 'project')),
  );
  route(app, PROJECTS.view, async ({ params }) => found(await loadProjectView(pool, params.id), 'project'));
  route(app, PROJECTS.update, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => updateProject(db, params.id, body, me(request)));
    return found(await loadProjectView(pool, params.id), 'project');
  });
  route(app, PROJECTS.board, async ({ params }) => found(await loadBoard(pool, params.id), 'project'));

  route(app, PROJECTS.addTask, async ({ params, body }, request, reply) => {
    const now = ctx.now();
    return createdOnce(request, reply, async (db) => found(await loadTask(db, await insertTask(db, params.id, body, me(request), now)), 'task'));
  });
  route(app, PROJECTS.updateTask, async ({ params, body }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => updateTask(db, params.id, body, me(request), now));
    return found(await loadTask(pool, params.id), 'task');
  });
  route(app, PROJECTS.deleteTask, async ({ params }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => deleteTask(db, params.id, me(request), now));
    return { ok: true } as const;
  });
  route(app, PROJECTS.moveTask, async ({ params, body }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => moveTask(db, params.id, body, me(request), now));
    return found(await loadTask(pool, params.id), 'task');
  });

  route(app, PROJECTS.sprints, async ({ query }) => ({ sprints: await listSprints(pool, query) }));
  route(app, PROJECTS.createSprint, async ({ params, body }, request, reply) => {
    const now = ctx.now();
    return createdOnce(request, reply, async (db) => found(await loadSprintView(db, await insertSprint(db, params.id, body, me(request)), now), 'sprint'));
  });
  route(app, PROJECTS.sprint, async ({ params }) => found(await loadSprintView(pool, params.id, ctx.now()), 'sprint'));
  route(app, PROJECTS.startSprint, async ({ params }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => startSprint(db, params.id, me(request), now));
    return found(await loadSprintView(pool, params.id, now), 'sprint');
  });
  route(app, PROJECTS.closeSprint, async ({ params, body }, request) => {
    const now = ctx.now();
    await inTransaction(pool, (db) => closeSprint(db, params.id, body, me(request), now));
    return found(await loadSprintView(pool, params.id, now), 'sprint');
  });
};
