/** A client's change requests: the stages of one of its company's SCRs, and its comments. */
import { CHANGES } from '@contracts/changes';
import { clientOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { comment } from './changes.commands';
import { clientTimeline } from './changes.repo';

export const clientChangeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, CHANGES.clientTimeline, async ({ params }, request) => {
    const timeline = await clientTimeline(pool, params.id, clientOf(request).companyId);
    if (!timeline) throw notFound('No such change request');
    return timeline;
  });

  route(app, CHANGES.clientComment, async ({ params, body }, request) => {
    const me = clientOf(request);
    const id = await inTransaction(pool, (db) => comment(db, params.id, { clientId: me.userId, companyId: me.companyId }, { body: body.body, clientVisible: true }, ctx.now()));
    return { id };
  });
};
