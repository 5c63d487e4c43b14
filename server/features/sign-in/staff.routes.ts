/** The signed-in staff session's own calls: the profile (role, initials) and the Learning Center link. */
import { SIGN_IN } from '@contracts/auth';
import { MANAGER_ROLES } from '@contracts/common/constants';
import { staffOf } from '@server/platform/auth/guards';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { route } from '@server/platform/http/endpoints';
import { forbidden, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { staffProfile } from './sign-in.repo';

/** A staff user may look up themselves; managers and admins may look up anyone. */
function assertMayRead(caller: StaffPrincipal, userid: number): void {
  if (caller.userId !== userid && !MANAGER_ROLES.includes(caller.role)) throw forbidden('You may only look up your own profile');
}

export const staffSessionRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, SIGN_IN.whoAmI, async ({ body: { userid } }, request) => {
    assertMayRead(staffOf(request), userid);
    const user = await staffProfile(pool, userid);
    return user ? [user] : [];
  });

  route(app, SIGN_IN.profileMe, async ({ body: { user: userid } }, request) => {
    assertMayRead(staffOf(request), userid);
    const user = await staffProfile(pool, userid);
    if (!user) throw notFound('No such user');
    return user;
  });

  route(app, SIGN_IN.learningCenterUrl, async () => ({ url: ctx.config.learningCenterUrl }));
};
