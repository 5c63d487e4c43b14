/** Staff: activities, dashboard, customers, territories, a company seen from sales, HUHY answers and their review, the CAC check; settings are for managers and admins. */
import { SALES } from '@contracts/sales';
import { staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
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

  route(app, SALES.dashboard, async ({ query }) => dashboard(pool, query.month ?? currentMonth()));

  route(app, SALES.activities, async ({ query }) => ({ activities: await listActivities(pool, query) }));

  route(app, SALES.log, async ({ body }, request, reply) => {
    const staff = staffOf(request);
    const today = ctx.now().toISOString().slice(0, 10);
    return createOnce(request, reply, pool, async (db) => {
      const id = await insertActivity(db, { ...body, staffId: body.staffId ?? staff.userId }, staff, today);
      const activity = await loadActivity(db, id);
      if (!activity) throw notFound('No such activity');
      return { status: 201, body: activity };
    });
  });

  route(app, SALES.reps, async (_, request) => repsFor(pool, staffOf(request)));

  route(app, SALES.customers, async ({ query }) => ({ customers: await customers(pool, query) }));

  route(app, SALES.company, async ({ params }) => {
    const view = await companyView(pool, params.id);
    if (!view) throw notFound('No such company');
    return view;
  });

  route(app, SALES.territories, async () => territoryOverview(pool));

  route(app, SALES.reassign, async ({ body }, request) => ({
    moved: await inTransaction(pool, (db) => reassign(db, body.companyIds, body.territoryId, me(request))),
  }));

  route(app, SALES.createTerritory, async ({ body }, request, reply) =>
    createOnce(request, reply, pool, async (db) => ({ status: 201, body: { id: await createTerritory(db, body, me(request)) } })),
  );

  route(app, SALES.updateTerritory, async ({ params, body }, request) => {
    await inTransaction(pool, (db) => updateTerritory(db, params.id, body, me(request)));
    return { id: params.id };
  });

  route(app, SALES.huhy, async () => huhyOverview(pool));

  route(app, SALES.confirmHuhy, async ({ params, body }, request) => ({
    companyId: await inTransaction(pool, (db) => confirmHuhy(db, params.id, body.companyId, me(request))),
  }));

  route(app, SALES.discardHuhy, async ({ params }, request) => {
    await inTransaction(pool, (db) => discardHuhy(db, params.id, me(request)));
    return { id: params.id };
  });

  route(app, SALES.cac, async ({ query }) => {
    const months = recentMonths();
    return cacReport(pool, query.from ?? months[0]!, query.to ?? months.at(-1)!, currentMonth());
  });

  route(app, SALES.settings, async () => loadSettings(pool, recentMonths()));

  route(app, SALES.saveTargets, async ({ body }, request) => {
    await inTransaction(pool, (db) => saveTargets(db, body.targets, me(request)));
    return loadSettings(pool, recentMonths());
  });

  route(app, SALES.saveSpend, async ({ body }, request) => {
    await inTransaction(pool, (db) => saveSpend(db, body.spend, me(request)));
    return loadSettings(pool, recentMonths());
  });

  route(app, SALES.saveChannels, async ({ body }, request) => {
    await inTransaction(pool, (db) => saveChannels(db, body.channels, me(request)));
    return loadSettings(pool, recentMonths());
  });

  route(app, SALES.saveProbabilities, async ({ body }, request) => {
    await inTransaction(pool, (db) => saveProbabilities(db, body, me(request)));
    return loadSettings(pool, recentMonths());
  });
};
