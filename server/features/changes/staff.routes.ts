/** Change requests for staff: the list, raising one for a company, its page, its moves, comments and files. */
import { CHANGES } from '@contracts/changes';
import type { Engine } from '@server/features/approvals';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { notFound } from '@server/platform/http/errors';
import { createOnce } from '@server/platform/idempotency';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { addTemplate, attach, changeTemplate, comment, createScr, retireTemplate, review, transition, viewChange } from './changes.commands';
import { attachmentFile, listChanges, listTemplates } from './changes.repo';

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

  route(app, CHANGES.templates, async () => listTemplates(pool));
  route(app, CHANGES.addTemplate, async ({ body }, request) => {
    const me = staffOf(request);
    return inTransaction(pool, (db) => addTemplate(db, { userId: me.userId, role: me.role }, body, ctx.now()));
  });
  route(app, CHANGES.updateTemplate, async ({ params, body }, request) => {
    const me = staffOf(request);
    return inTransaction(pool, (db) => changeTemplate(db, { userId: me.userId, role: me.role }, params.id, body, ctx.now()));
  });
  route(app, CHANGES.retireTemplate, async ({ params, body }, request) => {
    const me = staffOf(request);
    return inTransaction(pool, (db) => retireTemplate(db, { userId: me.userId, role: me.role }, params.id, body.version, ctx.now()));
  });

  route(app, CHANGES.view, async ({ params }) => viewChange(pool, params.id));

  route(app, CHANGES.transition, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => transition(db, deps, { userId: me.userId, role: me.role }, params.id, body, ctx.now()));
    return viewChange(pool, params.id);
  });

  route(app, CHANGES.review, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => review(db, { userId: me.userId, role: me.role }, params.id, body, ctx.now()));
    return viewChange(pool, params.id);
  });

  route(app, CHANGES.attach, async ({ params }, request, reply) => {
    const me = staffOf(request).userId;
    return withUploads(request, async (files, keep) => {
      const body = await inTransaction(pool, (db) => attach(db, params.id, me, files, ctx.now()));
      keep();
      return reply.status(201).send(body);
    });
  });

  route(app, CHANGES.attachment, async ({ params, query }, _request, reply) => {
    const file = await attachmentFile(pool, params.id, params.attachmentId);
    if (!file) throw notFound('No such file on this change request');
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });

  route(app, CHANGES.comment, async ({ params, body }, request) => {
    const id = await inTransaction(pool, (db) => comment(db, params.id, { staffId: staffOf(request).userId }, body, ctx.now()));
    return { id };
  });
};
