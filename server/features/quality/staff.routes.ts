/** The QA queue for staff: the items, one with its runs, taking one, recording a result, its evidence, the figures. */
import { QUALITY } from '@contracts/quality';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { sendStoredFile, withUploads } from '@server/platform/uploads';
import { addRunCase, attachEvidence, createCase, editCase, recordResult, recordRunCase, removeRunCase, retireCase, takeItem, viewItem } from './quality.commands';
import { evidenceFile, figures, queue, testCases } from './quality.repo';

export const staffQualityRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, QUALITY.queue, async ({ query }) => queue(pool, query));
  route(app, QUALITY.figures, async ({ query }) => figures(pool, query.weeks, ctx.now()));
  route(app, QUALITY.item, async ({ params }) => viewItem(pool, params.id));
  route(app, QUALITY.take, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => takeItem(db, staffOf(request).userId, params.id, body.version, ctx.now()));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.attachEvidence, async ({ params }, request, reply) => {
    const me = staffOf(request).userId;
    return withUploads(request, async (files, keep) => {
      const body = await inTransaction(pool, (db) => attachEvidence(db, me, params.id, files, ctx.now()));
      keep();
      return reply.status(201).send(body);
    });
  });
  route(app, QUALITY.evidence, async ({ params, query }, _request, reply) => {
    const file = await evidenceFile(pool, params.id, params.attachmentId);
    if (!file) throw notFound('No such evidence on this QA item');
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });
  route(app, QUALITY.result, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => recordResult(db, staffOf(request).userId, params.id, body, ctx.now()));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.addRunCase, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => addRunCase(db, staffOf(request).userId, params.id, body, ctx.now()));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.removeRunCase, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => removeRunCase(db, staffOf(request).userId, params.id, params.caseId, body.version));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.recordCase, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => recordRunCase(db, staffOf(request).userId, params.id, params.caseId, body, ctx.now()));
    return viewItem(pool, params.id);
  });
  route(app, QUALITY.cases, async ({ query }) => testCases(pool, { area: query.area || undefined, retired: query.retired !== 'false' }));
  route(app, QUALITY.createCase, async ({ body }, request, reply) => {
    const created = await inTransaction(pool, (db) => createCase(db, staffOf(request).userId, body, ctx.now()));
    return reply.status(201).send(created);
  });
  route(app, QUALITY.editCase, async ({ params, body }, request) => inTransaction(pool, (db) => editCase(db, staffOf(request).userId, params.id, body, ctx.now())));
  route(app, QUALITY.retireCase, async ({ params, body }, request) => inTransaction(pool, (db) => retireCase(db, staffOf(request).userId, params.id, body.version, ctx.now())));
};
