/** The approval engine for staff: the inbox, my submissions, a request with its history, decisions (one or many), delegations. */
import { APPROVALS } from '@contracts/approvals';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, conflict, invalidField, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { decide, resubmit, submitRequest, viewRequest, withdraw, type Engine } from './approvals.commands';
import { activeStaff, deleteDelegation, delegationsOf, inbox, insertDelegation, mine, overlappingDelegation, waitingCount } from './approvals.repo';

export const staffApprovalRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const engine: Engine = { jobs: ctx.jobs, publicUrl: ctx.config.publicUrl };

  route(app, APPROVALS.inbox, async ({ query }, request) => inbox(pool, staffOf(request).userId, query, ctx.now()));
  route(app, APPROVALS.waiting, async (_parts, request) => ({ waiting: await waitingCount(pool, staffOf(request).userId) }));
  route(app, APPROVALS.mine, async ({ query }, request) => mine(pool, staffOf(request).userId, query.formType));
  route(app, APPROVALS.view, async ({ params }, request) => viewRequest(pool, staffOf(request), params.id));

  route(app, APPROVALS.create, async ({ body }, request) => {
    const me = staffOf(request);
    const id = await inTransaction(pool, (db) => submitRequest(db, engine, me.userId, body.formType, body.payload, ctx.now()));
    return viewRequest(pool, me, id);
  });

  route(app, APPROVALS.decide, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => decide(db, engine, me.userId, params.id, body, ctx.now()));
    return viewRequest(pool, me, params.id);
  });

  // Each request through the same checks, in its own transaction: one refused leaves the others decided.
  route(app, APPROVALS.decideMany, async ({ body }, request) => {
    const me = staffOf(request);
    const results = [];
    for (const item of body.items) {
      try {
        await inTransaction(pool, (db) => decide(db, engine, me.userId, item.id, { decision: body.decision, version: item.version, comment: body.comment }, ctx.now()));
        results.push({ id: item.id, ok: true, status: 200, message: null });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results.push({ id: item.id, ok: false, status: error.status, message: error.message });
      }
    }
    return { results };
  });

  route(app, APPROVALS.withdraw, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => withdraw(db, engine, me.userId, params.id, body.version, ctx.now()));
    return viewRequest(pool, me, params.id);
  });

  route(app, APPROVALS.resubmit, async ({ params, body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => resubmit(db, engine, me.userId, params.id, body, ctx.now()));
    return viewRequest(pool, me, params.id);
  });

  route(app, APPROVALS.delegations, async (_parts, request) => delegationsOf(pool, staffOf(request).userId, ctx.now()));

  route(app, APPROVALS.delegate, async ({ body }, request) => {
    const me = staffOf(request);
    if (body.delegateId === me.userId) throw invalidField('delegateId', 'Pick someone other than yourself');
    return inTransaction(pool, async (db) => {
      if (!(await activeStaff(db, [body.delegateId])).length) throw invalidField('delegateId', 'Pick a colleague who works here');
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['approval-delegations', me.userId]);
      if (await overlappingDelegation(db, me.userId, body)) throw conflict('You already have a delegate in that window', { startsAt: 'Overlaps another delegation' });
      const id = await insertDelegation(db, me.userId, body);
      const list = await delegationsOf(db, me.userId, new Date(0));
      return list.find((d) => d.id === id)!;
    });
  });

  route(app, APPROVALS.undelegate, async ({ params }, request) => {
    if (!(await deleteDelegation(pool, staffOf(request).userId, params.id))) throw notFound('No such delegation');
  });
};
