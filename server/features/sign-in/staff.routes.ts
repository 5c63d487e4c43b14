import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginRequestSchema, profileMeRequestSchema, whoAmIRequestSchema, type StaffUser } from '@contracts/auth';
import { ERROR_CODES } from '@contracts/common/errors';
import { bearerToken, MANAGER_ROLES, requireStaff, staffOf } from '@server/platform/auth/guards';
import { dummyPasswordHash, verifyPassword } from '@server/platform/auth/passwords';
import { createSession, revokeToken, type StaffPrincipal } from '@server/platform/auth/sessions';
import type { AppContext } from '@server/context';
import { ApiError, forbidden, notFound, parseInput, unauthenticated } from '@server/platform/http/errors';

export const INVALID_CREDENTIALS = 'Email or password is incorrect';

/**
 * Before a sign-in is checked: 429 with Retry-After while this account and address pair, or the
 * address, has used up its failures; an account with many recent failures waits a little first
 * (server/platform/auth/limits.ts). The account key names the audience and the email, known or not.
 */
export async function limitSignIn(ctx: AppContext, request: FastifyRequest, account: string): Promise<void> {
  await ctx.limits.signIn.before(account, request.ip);
}

/** Counts a failed sign-in, then answers the same 401 for every failure. */
export async function failSignIn(ctx: AppContext, request: FastifyRequest, account: string): Promise<never> {
  await ctx.limits.signIn.failed(account, request.ip);
  throw new ApiError(401, ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
}

/** A successful sign-in forgives the failures of this account and address pair. */
export async function passSignIn(ctx: AppContext, request: FastifyRequest, account: string): Promise<void> {
  await ctx.limits.signIn.passed(account, request.ip);
}

/** Looks up a password hash and checks it in constant work whether or not the account exists. */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await verifyPassword(password, hash ?? (await dummyPasswordHash()));
  return ok && Boolean(hash);
}

async function loadStaffUser(ctx: AppContext, id: number): Promise<StaffUser | null> {
  const { rows } = await ctx.database.pool.query(
    'SELECT id AS userid, name, email, role, title, department FROM staff_users WHERE id = $1 AND active',
    [id],
  );
  return (rows[0] as StaffUser | undefined) ?? null;
}

/** A staff user may look up themselves; managers and admins may look up anyone. */
function assertMayRead(caller: StaffPrincipal, userid: number): void {
  if (caller.userId !== userid && !MANAGER_ROLES.includes(caller.role)) throw forbidden('You may only look up your own profile');
}

export function registerStaffAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v2/auth/login', async (request, reply) => {
    const input = parseInput(loginRequestSchema, request.body);
    const account = `staff:${input.email}`;
    await limitSignIn(ctx, request, account);
    const { rows } = await ctx.database.pool.query(
      'SELECT id, name, role, password_hash FROM staff_users WHERE email = $1 AND active',
      [input.email],
    );
    const user = rows[0] as { id: number; name: string; role: StaffUser['role']; password_hash: string } | undefined;
    if (!(await checkPassword(input.password, user?.password_hash)) || !user) return failSignIn(ctx, request, account);
    await passSignIn(ctx, request, account);
    const token = await createSession(ctx.database.pool, ctx.config, { audience: 'staff', userId: user.id }, ctx.now());
    request.log.info({ userId: user.id }, 'staff signed in');
    return reply.send({ token, userid: user.id, username: user.name, role: user.role });
  });

  app.get('/logout', async (request) => {
    const token = bearerToken(request);
    if (!token || !(await revokeToken(ctx.database.pool, token))) throw unauthenticated('No live session to sign out of');
    return { ok: true };
  });

  app.post('/api/v2/profile/who/am/i', { preHandler: requireStaff(ctx) }, async (request) => {
    const { userid } = parseInput(whoAmIRequestSchema, request.body);
    assertMayRead(staffOf(request), userid);
    const user = await loadStaffUser(ctx, userid);
    return user ? [user] : [];
  });

  app.post('/api/v2/profile/me', { preHandler: requireStaff(ctx) }, async (request) => {
    const { user: userid } = parseInput(profileMeRequestSchema, request.body);
    assertMayRead(staffOf(request), userid);
    const user = await loadStaffUser(ctx, userid);
    if (!user) throw notFound('No such user');
    return user;
  });
}
