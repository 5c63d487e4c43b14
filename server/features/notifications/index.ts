/**
 * Notifications: what the bell in the staff header counts and lists, and the mail that tells
 * staff and clients of ticket events (notify.ts decides who and on which channel). Fed by the
 * tickets' events (assigned, a client replied, status changed) and by the overdue sweep on the job
 * queue; only this feature writes its table. The only file other code imports.
 */
import { OVERDUE_NOTICE_WINDOW_HOURS } from '@contracts/notifications';
import { clientReplied, staffReplied, ticketAssigned, ticketStatusChanged } from '@server/features/tickets';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { heldMail, OVERDUE_SWEEP_CRON, overdueSweep } from './jobs';
import { assigneeOf, personName, recordAssigned, recordClientReply, sweepOverdue, turnedOverdue } from './notifications.repo';
import { mailFollowersOfReply, mailStaff, mailStatusChange, sendHeld } from './notify';
import { staffNotificationRoutes } from './staff.routes';

export const notifications: Feature = {
  name: 'notifications',
  register: async (app, ctx) => {
    const pool = ctx.database.pool;
    const log = app.log;
    ctx.events.subscribe(ticketAssigned, async (event) => {
      await recordAssigned(pool, event, ctx.now());
      if (event.assigneeId === event.byId) return;
      await mailStaff(ctx, log, { event: 'assigned', ticketId: event.ticketId, userId: event.assigneeId, actor: await personName(pool, { staffId: event.byId }), cause: event.entry });
    });
    ctx.events.subscribe(clientReplied, async (event) => {
      await recordClientReply(pool, event, ctx.now());
      const assignee = await assigneeOf(pool, event.ticketId);
      if (assignee) await mailStaff(ctx, log, { event: 'client_reply', ticketId: event.ticketId, userId: assignee, actor: await personName(pool, 'clientUserId' in event ? { clientUserId: event.clientUserId } : { contactId: event.contactId }), cause: `note-${event.noteId}` });
    });
    ctx.events.subscribe(ticketStatusChanged, async (event) => void (await mailStatusChange(ctx, log, event)));
    ctx.events.subscribe(staffReplied, async (event) => void (await mailFollowersOfReply(ctx, log, event)));
    await ctx.jobs.define(overdueSweep, async () => {
      const now = ctx.now();
      await sweepOverdue(pool, now, OVERDUE_NOTICE_WINDOW_HOURS);
      for (const due of await turnedOverdue(pool, now, OVERDUE_NOTICE_WINDOW_HOURS)) {
        await mailStaff(ctx, log, { event: 'overdue', ticketId: due.ticketId, userId: due.userId, actor: null, cause: due.cause });
      }
    }, { policy: 'singleton' });
    // One waiting job per held mail, however many servers or sweeps hold it.
    await ctx.jobs.define(heldMail, async (held) => void (await sendHeld(ctx, log, held)), { policy: 'short' });
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(overdueSweep, OVERDUE_SWEEP_CRON, {});
    });
    await staffRoutes(app, ctx, staffNotificationRoutes);
  },
};

export { heldMail, overdueSweep } from './jobs';
