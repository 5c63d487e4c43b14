/** The signed-in staff session's own calls: the profile (role, initials) and the Learning Center link. */
import { profileMeRequestSchema, whoAmIRequestSchema } from '@contracts/auth';
import { MANAGER_ROLES } from '@contracts/common/constants';
import { moodleUrlRequestSchema } from '@contracts/overdue';
import { staffOf } from '@server/platform/auth/guards';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { forbidden, notFound, parseInput } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { staffProfile } from './sign-in.repo';

/** A staff user may look up themselves; managers and admins may look up anyone. */
function assertMayRead(caller: StaffPrincipal, userid: number): void {
  if (caller.userId !== userid && !MANAGER_ROLES.includes(caller.role)) throw forbidden('You may only look up your own profile');
}

export const staffSessionRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.post('/api/v2/profile/who/am/i', async (request) => {
    const { userid } = parseInput(whoAmIRequestSchema, request.body);
    assertMayRead(staffOf(request), userid);
    const user = await staffProfile(pool, userid);
    return user ? [user] : [];
  });

  app.post('/api/v2/profile/me', async (request) => {
    const { user: userid } = parseInput(profileMeRequestSchema, request.body);
    assertMayRead(staffOf(request), userid);
    const user = await staffProfile(pool, userid);
    if (!user) throw notFound('No such user');
    return user;
  });

  app.post('/api/v2/moodleurl', async (request) => {
    parseInput(moodleUrlRequestSchema, request.body);
    return { url: ctx.config.learningCenterUrl };
  });
};
