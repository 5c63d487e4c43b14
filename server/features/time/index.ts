/**
 * Time: the weekly timesheet with approval, the timeclock, the managed-services timer, and
 * managed-services contracts with usage alerts and month close (docs/adr/0080).
 */
import { inTransaction } from '@server/platform/db/database';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { flagPunches, usageAlerts } from './jobs';
import { sendUsageAlerts } from './managed.repo';
import { staffTimeRoutes } from './staff.routes';
import { flagForgottenPunches } from './timeclock.repo';

export const time: Feature = {
  name: 'time',
  register: async (app, ctx) => {
    const pool = ctx.database.pool;
    await ctx.jobs.define(usageAlerts, async ({ companyId }) => void (await inTransaction(pool, (db) => sendUsageAlerts(db, ctx.now(), companyId))), { policy: 'short' });
    await ctx.jobs.define(
      flagPunches,
      async () => void (await inTransaction(pool, (db) => flagForgottenPunches(db, ctx.now(), (detail, message) => app.log.warn(detail, message)))),
      { policy: 'singleton' },
    );
    // Hourly sweeps, once the queue runs (server.ts starts it before the app listens, which readies it).
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(usageAlerts, '7 * * * *', {});
      await ctx.jobs.schedule(flagPunches, '12 * * * *', {});
    });
    await staffRoutes(app, ctx, staffTimeRoutes);
  },
};

/** Refuses time on a day of a submitted or approved week (409 naming why): the tickets feature logs time too. */
export { assertWeekOpen } from './timesheet.repo';

/** The time rule (own time; the person's manager; admins), which the reports of time entries apply too. */
export { manages, type Person } from './access';
