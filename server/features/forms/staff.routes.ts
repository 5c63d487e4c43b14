/** The forms' own reads: the company values of a kudo, recent kudos (Home), a person's kudos (their profile), my time entries and punches a correction may pick. */
import { FORMS, RECEIVED_KUDOS_PAGE, RECENT_KUDOS } from '@contracts/forms';
import { ownRecentEntries, ownRecentPunches } from '@server/features/time';
import { staffOf } from '@server/platform/auth/guards';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { kudoValues, recentKudos } from './forms.repo';

export const staffFormRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, FORMS.kudoValues, async () => kudoValues(pool));
  route(app, FORMS.recentKudos, async ({ query }) => recentKudos(pool, query.person, RECENT_KUDOS));
  route(app, FORMS.receivedKudos, async ({ params, query }) => recentKudos(pool, params.person, RECEIVED_KUDOS_PAGE, query.before));
  route(app, FORMS.myTimeEntries, async ({ query }, request) => ownRecentEntries(pool, staffOf(request).userId, ctx.now(), query.tz));
  route(app, FORMS.myPunches, async ({ query }, request) => ownRecentPunches(pool, staffOf(request).userId, ctx.now(), query.tz));
};
