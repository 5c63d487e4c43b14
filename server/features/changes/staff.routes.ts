/** Change requests for staff: the list, raising one for a company, its page, its moves and comments. */
import { CHANGES } from '@contracts/changes';
import type { Engine } from '@server/features/approvals';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { comment, createScr, transition, viewChange } from './changes.commands';
import { listChanges } from './changes.repo';

export const staffChangeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const engine: Engine = { jobs: ctx.jobs, publicUrl: ctx.config.publicUrl };
  const deps = { engine, publicUrl: ctx.config.publicUrl };

  route(app, CHANGES.list, async ({ query }) => listChanges(pool, query));

  route(app, CHANGES.create, async ({ body }, request, reply) => {
    const me = staffOf(request);
    const { companyId, ...input } = body;
    return createOnce(request, reply, pool, async (db) => ({ status: 201 as const, body: { id: await createScr(db, deps, { staffId: me.userId }, { companyId, ...input }, ctx.now()) } }));
  });

  route(app, CHANGES.view, async ({ params }) => viewChange(pool, params.id));

  route(app, CHANGES.transition, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => transition(db, deps, { userId: me.userId, role: me.role }, params.id, body, ctx.now()));
    return viewChange(pool, params.id);
  });

  route(app, CHANGES.comment, async ({ params, body }, request) => {
    const id = await inTransaction(pool, (db) => comment(db, params.id, { staffId: staffOf(request).userId }, body, ctx.now()));
    return { id };
  });
};
