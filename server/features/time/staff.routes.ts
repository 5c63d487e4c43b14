/** Time for staff: the timesheet and its approval, the timeclock, the managed-services timer and contracts. */
import { TIME } from '@contracts/time';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { actingFor } from './access';
import { usageAlerts } from './jobs';
import { companyContract, contractsUsage, monthOf, msTickets } from './managed.repo';
import { addRow, closeContractMonth, copyLastWeek, correctPunch, decideWeeks, punch, reopenWeek, saveContract, setCell, submitWeek, trackerAction } from './time.commands';
import { flaggedPunches, timeclockView } from './timeclock.repo';
import { loadWeek, teamWeeks } from './timesheet.repo';
import { trackerView } from './tracker.repo';

export const staffTimeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  // --- Timesheet -------------------------------------------------------------------------------
  route(app, TIME.week, async ({ query }, request) => {
    const me = staffOf(request);
    return loadWeek(pool, me, await actingFor(pool, me, query.user), query.week);
  });

  route(app, TIME.setCell, async ({ body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => setCell(db, staffActor(me.userId), me.userId, body));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), body.week);
  });

  route(app, TIME.addRow, async ({ body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => addRow(db, staffActor(me.userId), me.userId, body));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), body.week);
  });

  route(app, TIME.copyLastWeek, async ({ body: { week } }, request) => {
    const me = staffOf(request);
    const added = await inTransaction(pool, (db) => copyLastWeek(db, staffActor(me.userId), me.userId, week));
    return { added, week: await loadWeek(pool, me, await actingFor(pool, me, undefined), week) };
  });

  route(app, TIME.submit, async ({ body: { week } }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => submitWeek(db, staffActor(me.userId), me.userId, week, ctx.now()));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), week);
  });

  route(app, TIME.team, async ({ query }, request) => teamWeeks(pool, staffOf(request), query.week));

  route(app, TIME.decide, async ({ body }, request) => {
    const decided = await inTransaction(pool, (db) => decideWeeks(db, staffOf(request), body, ctx.now()));
    return { decided };
  });

  route(app, TIME.reopen, async ({ body: { week, user } }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => reopenWeek(db, me, user, week));
    return loadWeek(pool, me, await actingFor(pool, me, user), week);
  });

  // --- Timeclock -------------------------------------------------------------------------------
  route(app, TIME.timeclock, async ({ query }, request) => timeclockView(pool, staffOf(request).userId, query.week, query.tz, ctx.now()));

  route(app, TIME.punch, async ({ body }, request) => {
    const me = staffOf(request);
    await inTransaction(pool, (db) => punch(db, staffActor(me.userId), me.userId, body.action, body.tz, ctx.now()));
    return { ok: true as const };
  });

  route(app, TIME.flagged, async (_, request) => flaggedPunches(pool, staffOf(request)));

  route(app, TIME.correctPunch, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => correctPunch(db, staffOf(request), params.id, new Date(body.punched_out_at), ctx.now()));
    return { ok: true as const };
  });

  // --- Managed-services timer --------------------------------------------------------------------
  route(app, TIME.tracker, async ({ params }, request) => trackerView(pool, await actingFor(pool, staffOf(request), params.user), params.company, ctx.now()));

  route(app, TIME.track, async ({ params: { company, user }, body }, request) => {
    const me = staffOf(request);
    const who = await actingFor(pool, me, user);
    const now = ctx.now();
    const result = await inTransaction(pool, async (db) => {
      const done = await trackerAction(db, staffActor(me.userId), who, company, body, now);
      if (done.posted) await ctx.jobs.send(usageAlerts, { companyId: company }, { client: db, singletonKey: `ms-usage-${company}` });
      return done;
    });
    return { ...(await trackerView(pool, who, company, now)), ...result };
  });

  // --- Managed-services contracts ----------------------------------------------------------------
  route(app, TIME.contracts, async ({ query: { month } }) => {
    const first = month ? `${month}-01` : monthOf(ctx.now());
    return { month: first.slice(0, 7), contracts: await contractsUsage(pool, first) };
  });

  route(app, TIME.contract, async ({ params }) => ({ contract: await companyContract(pool, params.id, ctx.now()) }));

  route(app, TIME.saveContract, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => saveContract(db, staffActor(staffOf(request).userId), params.id, body));
    return { contract: await companyContract(pool, params.id, ctx.now()) };
  });

  route(app, TIME.closeMonth, async ({ params, body }, request) => {
    const actor = { type: 'staff' as const, id: staffOf(request).userId };
    return inTransaction(pool, (db) => closeContractMonth(db, actor, params.id, `${body.month}-01`, ctx.now()));
  });

  route(app, TIME.msTickets, async () => msTickets(pool));
};
