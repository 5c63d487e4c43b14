/**
 * People: a staff member's own profile (/user/options), the org chart (/orgchart), the weekly
 * schedule (/weekly-schedule) and the certification and PTO dashboard (/certification-pto-dashboard).
 */
import { inTransaction } from '@server/platform/db/database';
import { publicRoutes, staffRoutes, type Feature } from '@server/platform/http/plugins';
import { accrue, sendCertificationReminders } from './schedule.commands';
import { planMembers } from './schedule.repo';
import { ptoForm, swapForm } from './schedule-forms';
import { CERTIFICATION_REMINDERS_CRON, certificationReminders, PTO_ACCRUAL_CRON, ptoAccrual } from './jobs';
import { publicScheduleRoutes, staffScheduleRoutes } from './schedule.routes';
import { staffPeopleRoutes } from './staff.routes';
import { staffAvatarRoutes } from './avatar.routes';
import { referencedAvatarKeys } from './avatar.repo';
import { addPersonStatusProvider } from './status';
import { onCallAndOffToday } from './today';

// The org chart says who is on call now and who is off today (once, when the module loads).
addPersonStatusProvider(onCallAndOffToday);

/** The forms this feature plugs into the approval engine (registered when the module loads). */
export const FORM_DEFINITIONS = [ptoForm, swapForm];

export const people: Feature = {
  name: 'people',
  register: async (app, ctx) => {
    const pool = ctx.database.pool;
    // Avatars' files are named by staff_avatars; the daily sweep keeps those (docs/adr/0139).
    ctx.uploads.referencedBy((keys) => referencedAvatarKeys(pool, keys));
    // Each person's accrual in its own short transaction; a second run adds nothing (source keys).
    await ctx.jobs.define(ptoAccrual, async () => {
      for (const staffId of await planMembers(pool)) await inTransaction(pool, (db) => accrue(db, staffId, ctx.now()));
    }, { policy: 'singleton' });
    await ctx.jobs.define(certificationReminders, async () => void (await inTransaction(pool, (db) => sendCertificationReminders(db, ctx.now()))), { policy: 'singleton' });
    app.addHook('onReady', async () => {
      if (!ctx.jobs.started) return;
      await ctx.jobs.schedule(ptoAccrual, PTO_ACCRUAL_CRON, {});
      await ctx.jobs.schedule(certificationReminders, CERTIFICATION_REMINDERS_CRON, {});
    });
    await staffRoutes(app, ctx, staffPeopleRoutes);
    await staffRoutes(app, ctx, staffAvatarRoutes);
    await staffRoutes(app, ctx, staffScheduleRoutes);
    await publicRoutes(app, ctx, publicScheduleRoutes);
  },
};

export { notificationAllowed } from './people.commands';
export { assertQualifiedForQueue } from './schedule.commands';
export { addPersonStatusProvider, type PersonStatusProvider } from './status';
export { awayOn, onCallNow, type OnCallWatch } from './today';
/** Certifications expiring within some days (the reminders and the management dashboard read them). */
export { certificationsExpiringWithin } from './schedule.repo';
/** A person's available hours over a range of days (working hours less public holidays and approved leave). */
export { availableHours, type AvailableHours } from './schedule.commands';
/** The coverage gaps ahead of the schedule teams some people belong to. */
export { coverageGapsOfTeamsWith } from './schedule.commands';
