/** Staff: activities, dashboard, customers, territories, a company seen from sales, HUHY answers and their review, the CAC check; settings are for managers and admins. */
import { MANAGER_ROLES } from '@contracts/common/constants';
import { idParamsSchema } from '@contracts/common/input';
import {
  activityInputSchema,
  activitySearchSchema,
  cacQuerySchema,
  channelsInputSchema,
  customerSearchSchema,
  dashboardQuerySchema,
  huhyConfirmSchema,
  probabilitiesInputSchema,
  reassignSchema,
  spendInputSchema,
  targetsInputSchema,
  territoryInputSchema,
} from '@contracts/sales';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { notFound, parseInput } from '@server/platform/http/errors';
import { requireRole, type Routes } from '@server/platform/http/plugins';
import {
  cacReport,
  companyView,
  confirmHuhy,
  createTerritory,
  currentMonth,
  customers,
  dashboard,
  discardHuhy,
  huhyOverview,
  insertActivity,
  listActivities,
  loadActivity,
  loadSettings,
  reassign,
  saveChannels,
  saveProbabilities,
  saveSpend,
  saveTargets,
  territoryOverview,
  updateTerritory,
} from './sales.repo';
import { repsFor } from './reps';

/** The months a settings screen shows: the last 11 and this one. */
export function recentMonths(now = new Date(), count = 12): string[] {
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

export const staffSalesRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  const me = (request: Parameters<typeof staffOf>[0]) => staffActor(staffOf(request).userId);
  const managers = requireRole(MANAGER_ROLES);

  app.get('/api/v2/sales/dashboard', async (request) => {
    const { month } = parseInput(dashboardQuerySchema, request.query, 'query');
    return dashboard(pool, month ?? currentMonth());
  });

  app.get('/api/v2/sales/activities', async (request) => ({ activities: await listActivities(pool, parseInput(activitySearchSchema, request.query, 'query')) }));

  app.post('/api/v2/sales/activities', async (request, reply) => {
    const input = parseInput(activityInputSchema, request.body);
    const staff = staffOf(request);
    const today = ctx.now().toISOString().slice(0, 10);
    const id = await inTransaction(pool, (db) => insertActivity(db, { ...input, staffId: input.staffId ?? staff.userId }, staff, today));
    return reply.status(201).send(await loadActivity(pool, id));
  });

  app.get('/api/v2/sales/reps', async (request) => repsFor(pool, staffOf(request)));

  app.get('/api/v2/sales/customers', async (request) => ({ customers: await customers(pool, parseInput(customerSearchSchema, request.query, 'query')) }));

  app.get('/api/v2/sales/companies/:id', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const view = await companyView(pool, id);
    if (!view) throw notFound('No such company');
    return view;
  });

  app.get('/api/v2/sales/territories', async () => territoryOverview(pool));

  app.post('/api/v2/sales/territories/reassign', async (request) => {
    const input = parseInput(reassignSchema, request.body);
    const moved = await inTransaction(pool, (db) => reassign(db, input.companyIds, input.territoryId, me(request)));
    return { moved };
  });

  app.post('/api/v2/sales/territories', managers, async (request, reply) => {
    const input = parseInput(territoryInputSchema, request.body);
    const id = await inTransaction(pool, (db) => createTerritory(db, input, me(request)));
    return reply.status(201).send({ id });
  });

  app.put('/api/v2/sales/territories/:id', managers, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const input = parseInput(territoryInputSchema, request.body);
    await inTransaction(pool, (db) => updateTerritory(db, id, input, me(request)));
    return { id };
  });

  app.get('/api/v2/sales/huhy', async () => huhyOverview(pool));

  app.post('/api/v2/sales/huhy/:id/confirm', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    const { companyId } = parseInput(huhyConfirmSchema, request.body);
    return { companyId: await inTransaction(pool, (db) => confirmHuhy(db, id, companyId, me(request))) };
  });

  app.post('/api/v2/sales/huhy/:id/discard', async (request) => {
    const { id } = parseInput(idParamsSchema, request.params, 'path');
    await inTransaction(pool, (db) => discardHuhy(db, id, me(request)));
    return { id };
  });

  app.get('/api/v2/sales/cac', async (request) => {
    const months = recentMonths();
    const query = parseInput(cacQuerySchema, request.query, 'query');
    return cacReport(pool, query.from ?? months[0]!, query.to ?? months.at(-1)!, currentMonth());
  });

  app.get('/api/v2/sales/settings', async () => loadSettings(pool, recentMonths()));

  app.put('/api/v2/sales/settings/targets', managers, async (request) => {
    const input = parseInput(targetsInputSchema, request.body);
    await inTransaction(pool, (db) => saveTargets(db, input.targets, me(request)));
    return loadSettings(pool, recentMonths());
  });

  app.put('/api/v2/sales/settings/spend', managers, async (request) => {
    const input = parseInput(spendInputSchema, request.body);
    await inTransaction(pool, (db) => saveSpend(db, input.spend, me(request)));
    return loadSettings(pool, recentMonths());
  });

  app.put('/api/v2/sales/settings/channels', managers, async (request) => {
    const input = parseInput(channelsInputSchema, request.body);
    await inTransaction(pool, (db) => saveChannels(db, input.channels, me(request)));
    return loadSettings(pool, recentMonths());
  });

  app.put('/api/v2/sales/settings/probabilities', managers, async (request) => {
    const input = parseInput(probabilitiesInputSchema, request.body);
    await inTransaction(pool, (db) => saveProbabilities(db, input, me(request)));
    return loadSettings(pool, recentMonths());
  });
};
