/** Time for staff: the timesheet and its approval, the timeclock, the managed-services timer and contracts. */
import { idParamsSchema } from '@contracts/common/input';
import {
  addRowSchema,
  cellSchema,
  closeSchema,
  contractSchema,
  contractsQuerySchema,
  correctPunchSchema,
  decisionSchema,
  punchSchema,
  reopenSchema,
  teamQuerySchema,
  timeclockQuerySchema,
  trackerActionSchema,
  trackerParamsSchema,
  weekBodySchema,
  weekQuerySchema,
  type ContractsView,
} from '@contracts/time';
import { staffActor } from '@server/platform/audit';
import { MANAGER_ROLES, staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import { requireRole, type Routes } from '@server/platform/http/plugins';
import { actingFor } from './access';
import { usageAlerts } from './jobs';
import { closeContractMonth, contractsUsage, monthOf, msTickets, saveContract } from './managed.repo';
import { correctPunch, flaggedPunches, punch, timeclockView } from './timeclock.repo';
import { addRow, copyLastWeek, decideWeeks, loadWeek, reopenWeek, setCell, submitWeek, teamWeeks } from './timesheet.repo';
import { trackerAction, trackerView } from './tracker.repo';

export const staffTimeRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const managers = requireRole(MANAGER_ROLES);

  // --- Timesheet -------------------------------------------------------------------------------
  app.get('/api/v2/timesheet', async (request) => {
    const me = staffOf(request);
    const { week, user } = parseInput(weekQuerySchema, request.query, 'query');
    return loadWeek(pool, me, await actingFor(pool, me, user), week);
  });

  app.put('/api/v2/timesheet/cells', async (request) => {
    const me = staffOf(request);
    const input = parseInput(cellSchema, request.body);
    await inTransaction(pool, (db) => setCell(db, staffActor(me.userId), me.userId, input));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), input.week);
  });

  app.post('/api/v2/timesheet/rows', async (request) => {
    const me = staffOf(request);
    const input = parseInput(addRowSchema, request.body);
    await inTransaction(pool, (db) => addRow(db, staffActor(me.userId), me.userId, input));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), input.week);
  });

  app.post('/api/v2/timesheet/copy-last-week', async (request) => {
    const me = staffOf(request);
    const { week } = parseInput(weekBodySchema, request.body);
    const added = await inTransaction(pool, (db) => copyLastWeek(db, staffActor(me.userId), me.userId, week));
    return { added, week: await loadWeek(pool, me, await actingFor(pool, me, undefined), week) };
  });

  app.post('/api/v2/timesheet/submit', async (request) => {
    const me = staffOf(request);
    const { week } = parseInput(weekBodySchema, request.body);
    await inTransaction(pool, (db) => submitWeek(db, staffActor(me.userId), me.userId, week, ctx.now()));
    return loadWeek(pool, me, await actingFor(pool, me, undefined), week);
  });

  app.get('/api/v2/timesheet/team', managers, async (request) => teamWeeks(pool, staffOf(request), parseInput(teamQuerySchema, request.query, 'query').week));

  app.post('/api/v2/timesheet/decisions', managers, async (request) => {
    const input = parseInput(decisionSchema, request.body);
    const decided = await inTransaction(pool, (db) => decideWeeks(db, staffOf(request), input, ctx.now()));
    return { decided };
  });

  app.post('/api/v2/timesheet/reopen', managers, async (request) => {
    const me = staffOf(request);
    const { week, user } = parseInput(reopenSchema, request.body);
    await inTransaction(pool, (db) => reopenWeek(db, me, user, week));
    return loadWeek(pool, me, await actingFor(pool, me, user), week);
  });

  // --- Timeclock -------------------------------------------------------------------------------
  app.get('/api/v2/timeclock', async (request) => {
    const { week, tz } = parseInput(timeclockQuerySchema, request.query, 'query');
    return timeclockView(pool, staffOf(request).userId, week, tz, ctx.now());
  });

  app.post('/api/v2/timeclock/punch', async (request) => {
    const me = staffOf(request);
    const { action, tz } = parseInput(punchSchema, request.body);
    await inTransaction(pool, (db) => punch(db, staffActor(me.userId), me.userId, action, tz, ctx.now()));
    return { ok: true };
  });

  app.get('/api/v2/timeclock/flagged', managers, async (request) => flaggedPunches(pool, staffOf(request)));

  app.patch('/api/v2/timeclock/punches/:id', managers, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { punched_out_at } = parseInput(correctPunchSchema, request.body);
    await inTransaction(pool, (db) => correctPunch(db, staffOf(request), id, new Date(punched_out_at), ctx.now()));
    return { ok: true };
  });

  // --- Managed-services timer --------------------------------------------------------------------
  app.get('/api/v2/ms/tracker/:company/:user', async (request) => {
    const me = staffOf(request);
    const { company, user } = parseInput(trackerParamsSchema, request.params, 'path');
    return trackerView(pool, await actingFor(pool, me, user), company, ctx.now());
  });

  app.post('/api/v2/ms/tracker/:company/:user', async (request) => {
    const me = staffOf(request);
    const { company, user } = parseInput(trackerParamsSchema, request.params, 'path');
    const input = parseInput(trackerActionSchema, request.body);
    const who = await actingFor(pool, me, user);
    const now = ctx.now();
    const result = await inTransaction(pool, async (db) => {
      const done = await trackerAction(db, staffActor(me.userId), who, company, input, now);
      if (done.posted) await ctx.jobs.send(usageAlerts, { companyId: company }, { client: db, singletonKey: `ms-usage-${company}` });
      return done;
    });
    return { ...(await trackerView(pool, who, company, now)), ...result };
  });

  // --- Managed-services contracts ----------------------------------------------------------------
  app.get('/api/v2/ms/contracts', async (request): Promise<ContractsView> => {
    const { month } = parseInput(contractsQuerySchema, request.query, 'query');
    const first = month ? `${month}-01` : monthOf(ctx.now());
    return { month: first.slice(0, 7), contracts: await contractsUsage(pool, first) };
  });

  app.get('/api/v2/ms/contracts/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { rows } = await pool.query('SELECT 1 FROM companies WHERE id = $1', [id]);
    if (!rows[0]) throw notFound('No such company');
    const [usage] = await contractsUsage(pool, monthOf(ctx.now()), id);
    return { contract: usage ?? null };
  });

  app.put('/api/v2/ms/contracts/:id', managers, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(contractSchema, request.body);
    await inTransaction(pool, (db) => saveContract(db, staffActor(staffOf(request).userId), id, input));
    const [usage] = await contractsUsage(pool, monthOf(ctx.now()), id);
    return { contract: usage ?? null };
  });

  app.post('/api/v2/ms/contracts/:id/close', managers, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { month } = parseInput(closeSchema, request.body);
    const actor = { type: 'staff' as const, id: staffOf(request).userId };
    return inTransaction(pool, (db) => closeContractMonth(db, actor, id, `${month}-01`, ctx.now()));
  });

  app.get('/api/v2/ms/tickets', async () => msTickets(pool));
};
