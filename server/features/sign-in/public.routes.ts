/** Sign-in of both audiences and sign-out: public on purpose (they answer the same 401 to everyone). */
import { SIGN_IN, type ClientUser } from '@contracts/auth';
import { DEFAULT_LANDING_PAGE } from '@contracts/people';
import { bearerToken } from '@server/platform/auth/guards';
import { createSession, revokeToken } from '@server/platform/auth/sessions';
import { route } from '@server/platform/http/endpoints';
import { unauthenticated } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { checkPassword, failSignIn, limitSignIn, passSignIn } from './credentials';
import { clientCredentials, staffCredentials } from './sign-in.repo';

export const publicSignInRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, SIGN_IN.staffLogin, async ({ body: input }, request) => {
    const account = `staff:${input.email}`;
    await limitSignIn(ctx, request, account);
    const user = await staffCredentials(pool, input.email);
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(pool, ctx.config, { audience: 'staff', userId: user.id }, ctx.now());
    request.log.info({ userId: user.id }, 'staff signed in');
    return { token, userid: user.id, username: user.name, role: user.role, landingPage: user.landing_page ?? DEFAULT_LANDING_PAGE, theme: user.theme ?? 'system', timeZone: user.time_zone };
  });

  route(app, SIGN_IN.clientLogin, async ({ body: input }, request) => {
    const account = `client:${input.email}`;
    await limitSignIn(ctx, request, account);
    const user = await clientCredentials(pool, input.email);
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(pool, ctx.config, { audience: 'client', userId: user.id }, ctx.now());
    const view: ClientUser = { id: user.id, name: user.name, email: user.email, companyId: user.company_id, companyName: user.company_name };
    return { token, user: view };
  });

  route(app, SIGN_IN.logout, async (_, request) => {
    const token = bearerToken(request);
    if (!token || !(await revokeToken(pool, token))) throw unauthenticated('No live session to sign out of');
    return { ok: true as const };
  });
};
