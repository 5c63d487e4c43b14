import { PTO, SCHEDULE } from '@contracts/people-schedule';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import * as schedule from './schedule.commands';
import { certificationNames as repoNames, feedsOf } from './schedule.repo';

/** The weekly schedule, calendar feeds, PTO and certifications, for staff. */
export const staffScheduleRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, SCHEDULE.teams, async (_input, request) => schedule.readTeams(pool, staffOf(request)));
  route(app, SCHEDULE.week, async ({ query }, request) => schedule.readSchedule(pool, staffOf(request), query.team, query.from, query.weeks, ctx.now()));
  route(app, SCHEDULE.addShift, async ({ body }, request) => inTransaction(pool, (db) => schedule.addShift(db, staffOf(request), body)));
  route(app, SCHEDULE.updateShift, async ({ params, body }, request) => inTransaction(pool, (db) => schedule.changeShift(db, staffOf(request), params.id, body)));
  route(app, SCHEDULE.removeShift, async ({ params }, request) => void (await inTransaction(pool, (db) => schedule.removeShift(db, staffOf(request), params.id))));
  route(app, SCHEDULE.setRotation, async ({ params, body }, request) => inTransaction(pool, (db) => schedule.setRotation(db, staffOf(request), params.id, body)));
  route(app, SCHEDULE.addOverride, async ({ params, body }, request) => inTransaction(pool, (db) => schedule.addOverride(db, staffOf(request), params.id, body)));
  route(app, SCHEDULE.removeOverride, async ({ params }, request) => void (await inTransaction(pool, (db) => schedule.removeOverride(db, staffOf(request), params.id))));
  route(app, SCHEDULE.feeds, async (_input, request) => feedsOf(pool, staffOf(request).userId));
  route(app, SCHEDULE.addFeed, async ({ body }, request) => inTransaction(pool, (db) => schedule.addFeed(db, staffOf(request), body.teamId, ctx.config.publicUrl, ctx.now())));
  route(app, SCHEDULE.revokeFeed, async ({ params }, request) => void (await inTransaction(pool, (db) => schedule.revokeFeed(db, staffOf(request), params.id, ctx.now()))));
  route(app, PTO.mine, async ({ query }, request) => schedule.readMyPto(pool, staffOf(request), query.asOf, ctx.now()));
  route(app, PTO.team, async (_input, request) => schedule.readTeamPto(pool, staffOf(request), ctx.now()));
  route(app, PTO.conflicts, async ({ params }, request) => schedule.readConflicts(pool, staffOf(request), params.id));
  route(app, PTO.addCertification, async ({ body }, request) => inTransaction(pool, (db) => schedule.addCertification(db, staffOf(request), body, ctx.now())));
  route(app, PTO.removeCertification, async ({ params }, request) => void (await inTransaction(pool, (db) => schedule.removeCertification(db, staffOf(request), params.id))));
  route(app, PTO.queueRules, async () => schedule.readQueueRules(pool));
  route(app, PTO.certificationNames, async () => repoNames(pool));
  route(app, PTO.queueAssignees, async ({ query }) => schedule.readQueueAssignees(pool, query.queue, ctx.now()));
  route(app, PTO.setQueueRule, async ({ body }, request) => inTransaction(pool, (db) => schedule.setQueueRule(db, staffOf(request), body, ctx.now())));
};

/** A calendar feed, reached by its secret address from a calendar app (no session). */
export const publicScheduleRoutes: Routes = (app, ctx) => {
  route(app, SCHEDULE.feed, async ({ params }, _request, reply) => {
    const text = await schedule.feedCalendar(ctx.database.pool, params.token, ctx.now());
    return reply.header('content-type', 'text/calendar; charset=utf-8').send(text);
  });
};
