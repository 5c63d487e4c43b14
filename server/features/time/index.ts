/**
 * Time: the weekly timesheet with approval, the timeclock, the managed-services timer, and
 * managed-services contracts with usage alerts and month close (docs/adr/0080).
 */
import { inTransaction } from '@server/platform/db/database';
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { flagPunches, usageAlerts } from './jobs';
import { staffTimeRoutes } from './staff.routes';
import { flagForgottenPunches, sendUsageAlerts } from './time.commands';

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

/**
 * The one way time is added (time entries are written only by this feature): a ticket's note with
 * minutes and a ticket's time entry go through it, under the same person lock, week lock and
 * 24-hour day as the timesheet and the timer.
 */
export { logTime, type TimeToLog } from './time.commands';

/** A time entry corrected through an approved Correction (the forms feature's record-correcting kind): read as it is, changed only if still so. */
export { correctTimeEntry, ownEntryFields, ownRecentEntries, type EntryFields } from './time.commands';
/** A punch corrected through an approved Correction: checked on submission, changed on approval only if still as it was read. */
export { checkPunchCorrection, correctPunchTimes, ownRecentPunches } from './time.commands';

/** The time rule (own time; the person's manager; admins), which the reports of time entries apply too. */
export { manages, type Person } from './access';
/** Billable minutes of some people over a range of days, for other features' figures. */
export { billableMinutesOf } from './timesheet.repo';
