import type { FastifyInstance } from 'fastify';
import { loginRequestSchema, type ClientUser } from '@contracts/auth';
import { clientOf, requireClient } from '@server/platform/auth/guards';
import { createSession, type ClientPrincipal } from '@server/platform/auth/sessions';
import type { AppContext } from '@server/context';
import { parseInput } from '@server/platform/http/errors';
import { checkPassword, failSignIn, limitSignIn, passSignIn } from './staff.routes';

export function clientUserView(p: ClientPrincipal): ClientUser {
  return { id: p.userId, name: p.name, email: p.email, companyId: p.companyId, companyName: p.companyName };
}

export function registerClientAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v2/client/login', async (request) => {
    const input = parseInput(loginRequestSchema, request.body);
    const account = `client:${input.email}`;
    await limitSignIn(ctx, request, account);
    const { rows } = await ctx.database.pool.query(
      `SELECT u.id, u.name, u.email, u.company_id, c.name AS company_name, u.password_hash
         FROM client_users u JOIN companies c ON c.id = u.company_id
        WHERE u.email = $1 AND u.status = 'active'`,
      [input.email],
    );
    const user = rows[0];
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(ctx.database.pool, ctx.config, { audience: 'client', userId: user.id }, ctx.now());
    const view: ClientUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      companyId: user.company_id,
      companyName: user.company_name,
    };
    return { token, user: view };
  });

  app.post('/api/v2/client/verify-token', { preHandler: requireClient(ctx) }, async (request) => ({
    valid: true as const,
    user: clientUserView(clientOf(request)),
  }));
}
