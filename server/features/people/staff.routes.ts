import { PEOPLE } from '@contracts/people';
import { staffOf } from '@server/platform/auth/guards';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { deliverLater } from '@server/platform/mail/outbox';
import type { Routes } from '@server/platform/http/plugins';
import { changeManager, changePassword, readOrgChart, readProfile, updateNotificationSettings, updateProfile } from './people.commands';
import { orgChartPdf } from './pdf';

/** A staff member's own profile, and the org chart (changing who reports to whom is for admins). */
export const staffPeopleRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, PEOPLE.profile, async (_input, request) => readProfile(pool, staffOf(request).userId));
  route(app, PEOPLE.updateProfile, async ({ body }, request) => inTransaction(pool, (db) => updateProfile(db, staffOf(request).userId, body, ctx.now())));
  route(app, PEOPLE.updateNotifications, async ({ body }, request) =>
    inTransaction(pool, (db) => updateNotificationSettings(db, staffOf(request).userId, body, ctx.now())),
  );
  route(app, PEOPLE.changePassword, async ({ body }, request) => {
    const me = staffOf(request);
    const { ended, mail } = await inTransaction(pool, (db) => changePassword(db, me, body.current, body.next, ctx.now()));
    if (mail !== null) deliverLater(ctx, request.log, [mail]);
    return { ok: true as const, otherSessionsEnded: ended };
  });
  route(app, PEOPLE.orgChart, async () => readOrgChart(pool, ctx.now()));
  route(app, PEOPLE.orgChartPdf, async (_input, _request, reply) => {
    const now = ctx.now();
    const chart = await readOrgChart(pool, now);
    const pdf = await orgChartPdf(chart.people, now);
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="org-chart.pdf"').send(pdf);
  });
  route(app, PEOPLE.setManager, async ({ params, body }, request) =>
    inTransaction(pool, (db) => changeManager(db, staffOf(request).userId, params.id, body.managerId, ctx.now())),
  );
};
