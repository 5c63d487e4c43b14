/** The rules every sign-in follows, staff and client alike (limits in server/platform/auth/limits.ts). */
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@contracts/common/errors';
import type { AppContext } from '@server/context';
import { dummyPasswordHash, verifyPassword } from '@server/platform/auth/passwords';
import { ApiError } from '@server/platform/http/errors';

export const INVALID_CREDENTIALS = 'Email or password is incorrect';

/**
 * Before a sign-in is checked: 429 with Retry-After while this account and address pair, or the
 * address, has used up its failures; an account with many recent failures waits a little first.
 * The account key names the audience and the email, known or not.
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

/** Checks a password in constant work whether or not the account exists. */
export async function checkPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await verifyPassword(password, hash ?? (await dummyPasswordHash()));
  return ok && Boolean(hash);
}
