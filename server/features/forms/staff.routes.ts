/** The forms' own reads: the company values of a kudo, and recent kudos (Home, a person's profile). */
import { FORMS, RECENT_KUDOS } from '@contracts/forms';
import { route } from '@server/platform/http/endpoints';
import type { Routes } from '@server/platform/http/plugins';
import { kudoValues, recentKudos } from './forms.repo';

export const staffFormRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;
  route(app, FORMS.kudoValues, async () => kudoValues(pool));
  route(app, FORMS.recentKudos, async ({ query }) => recentKudos(pool, query.person, RECENT_KUDOS));
};
