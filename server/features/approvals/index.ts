/**
 * Approvals: the one engine every approvable request goes through (docs/adr/0154–0157), its inbox
 * and its jobs (reminders, escalation). Forms plug in with `defineForm` (docs/adr/0155).
 */
import { inTransaction } from '@server/platform/db/database';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { escalate, remind, type Engine } from './approvals.commands';
import { escalateStep, remindApprovers } from './jobs';
import { staffApprovalRoutes } from './staff.routes';

export const approvals: Feature = {
  name: 'approvals',
  register: async (app, ctx) => {
    const pool = ctx.database.pool;
    const engine: Engine = { jobs: ctx.jobs, publicUrl: ctx.config.publicUrl };
    await ctx.jobs.define(remindApprovers, async (job) => void (await inTransaction(pool, (db) => remind(db, engine, job, ctx.now()))));
    await ctx.jobs.define(escalateStep, async (job) => void (await inTransaction(pool, (db) => escalate(db, engine, job, ctx.now()))));
    await staffRoutes(app, ctx, staffApprovalRoutes);
  },
};

export { defineForm, type FormDefinition, type FormRequest } from './forms';
/** A request as a person may see it (404 when they may not): forms use it for their own reads of a request. */
export { viewRequest } from './approvals.commands';
export { submitRequest, type Engine } from './approvals.commands';
/** Requests waiting on some people to decide (the inbox's rule), with their age (the management dashboard counts and lists them). */
export { requestsWaitingOn } from './approvals.repo';
