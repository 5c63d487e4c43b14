/** A client's change requests: the stages of one of its company's SCRs, its comments and files. */
import { CHANGES } from '@contracts/changes';
import { clientOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { sendStoredFile } from '@server/platform/uploads';
import { comment } from './changes.commands';
import { attachmentFile, clientTimeline } from './changes.repo';

export const clientChangeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, CHANGES.clientTimeline, async ({ params }, request) => {
    const timeline = await clientTimeline(pool, params.id, clientOf(request).companyId);
    if (!timeline) throw notFound('No such change request');
    return timeline;
  });

  // Another company's SCR, or a file of another SCR, is not found.
  route(app, CHANGES.clientAttachment, async ({ params, query }, request, reply) => {
    const file = await attachmentFile(pool, params.id, params.attachmentId, clientOf(request).companyId);
    if (!file) throw notFound('No such file on this change request');
    return sendStoredFile(reply, ctx.uploads, file, query.variant);
  });

  route(app, CHANGES.clientComment, async ({ params, body }, request) => {
    const me = clientOf(request);
    const id = await inTransaction(pool, (db) => comment(db, params.id, { clientId: me.userId, companyId: me.companyId }, { body: body.body, clientVisible: true }, ctx.now()));
    return { id };
  });
};
