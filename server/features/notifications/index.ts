/**
 * Notifications: what the bell in the staff header counts and lists. Fed by the tickets' events
 * (assigned, a client replied) and by the overdue sweep on the job queue; only this feature writes
 * its table. The only file other code imports.
 */
import { OVERDUE_NOTICE_WINDOW_HOURS } from '@contracts/notifications';
import { clientReplied, ticketAssigned } from '@server/features/tickets';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { OVERDUE_SWEEP_CRON, overdueSweep } from './jobs';
import { recordAssigned, recordClientReply, sweepOverdue } from './notifications.repo';
import { staffNotificationRoutes } from './staff.routes';

export const notifications: Feature = {
  name: 'notifications',
  register: async (app, ctx) => {
    const pool = ctx.database.pool;
    ctx.events.subscribe(ticketAssigned, async (event) => void (await recordAssigned(pool, event, ctx.now())));
    ctx.events.subscribe(clientReplied, async (event) => void (await recordClientReply(pool, event, ctx.now())));
    await ctx.jobs.define(overdueSweep, async () => void (await sweepOverdue(pool, ctx.now(), OVERDUE_NOTICE_WINDOW_HOURS)), { policy: 'singleton' });
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(overdueSweep, OVERDUE_SWEEP_CRON, {});
    });
    await staffRoutes(app, ctx, staffNotificationRoutes);
  },
};

export { overdueSweep } from './jobs';
