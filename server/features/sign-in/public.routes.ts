/** Sign-in of both audiences and sign-out: public on purpose (they answer the same 401 to everyone). */
import { loginRequestSchema, type ClientUser } from '@contracts/auth';
import { bearerToken } from '@server/platform/auth/guards';
import { createSession, revokeToken } from '@server/platform/auth/sessions';
import { parseInput, unauthenticated } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { checkPassword, failSignIn, limitSignIn, passSignIn } from './credentials';
import { clientCredentials, staffCredentials } from './sign-in.repo';

export const publicSignInRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  app.post('/api/v2/auth/login', async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const account = `staff:${input.email}`;
    await limitSignIn(ctx, request, account);
    const user = await staffCredentials(pool, input.email);
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(pool, ctx.config, { audience: 'staff', userId: user.id }, ctx.now());
    request.log.info({ userId: user.id }, 'staff signed in');
    return reply.send({ token, userid: user.id, username: user.name, role: user.role });
  });

  app.post('/api/v2/client/login', async (request) => {
    const input = parseInput(loginRequestSchema, request.body);
    const account = `client:${input.email}`;
    await limitSignIn(ctx, request, account);
    const user = await clientCredentials(pool, input.email);
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(pool, ctx.config, { audience: 'client', userId: user.id }, ctx.now());
    const view: ClientUser = { id: user.id, name: user.name, email: user.email, companyId: user.company_id, companyName: user.company_name };
    return { token, user: view };
  });

  app.get('/logout', async (request) => {
    const token = bearerToken(request);
    if (!token || !(await revokeToken(pool, token))) throw unauthenticated('No live session to sign out of');
    return { ok: true };
  });
};
