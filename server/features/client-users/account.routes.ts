import type { FastifyRequest } from 'fastify';
import { CLIENT_ACCOUNTS, FORGOT_PASSWORD_MESSAGE, SIGNUP_ACCEPTED_MESSAGE, TOKEN_INVALID_MESSAGE, type SetPasswordRequest } from '@contracts/client-portal';
import { ERROR_CODES } from '@contracts/common/errors';
import { consumePasswordToken, issuePasswordToken, type PasswordTokenPurpose } from '@server/platform/auth/password-tokens';
import { hashPassword, passwordProblem } from '@server/platform/auth/passwords';
import { revokeAllSessions } from '@server/platform/auth/sessions';
import { audit, clientActor, SYSTEM } from '@server/platform/audit';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { deliverLater, queueEmail } from '@server/platform/mail/outbox';
import { resettableUser, setPasswordHash } from './client-users.repo';
import { resetEmail } from './emails';
import { processSignup } from './signup';

function badPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: password (${problem})`, { password: problem });
}

const tokenInvalid = () => new ApiError(400, ERROR_CODES.invalidInput, TOKEN_INVALID_MESSAGE, { token: TOKEN_INVALID_MESSAGE });

/**
 * Signup, forgot password, set password (invitations and signups) and reset password for client
 * users. Emails go through the outbox.
 */
export const publicAccountRoutes: Routes = (app, ctx) => {
  const { resetByAddress, resetByAccount, signupByAddress } = ctx.limits;

  /**
   * The same answer after the same work whatever the account number, the company's policy or the
   * email: parse, count, check and hash the password, answer; `processSignup` runs afterwards.
   */
  route(app, CLIENT_ACCOUNTS.signup, async ({ body: input }, request) => {
    await signupByAddress.hit(request.ip);
    badPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    ctx.background.run(request.log, 'signup', async () => {
      const { outcome, outboxIds } = await inTransaction(ctx.database.pool, (db) => processSignup(db, ctx.config, input, passwordHash));
      request.log.info({ outcome }, 'client signup handled');
      deliverLater(ctx, request.log, outboxIds);
    });
    return { accepted: true as const, message: SIGNUP_ACCEPTED_MESSAGE };
  });

  /** Mails a reset link when the email has an account that may use one; nothing otherwise. */
  async function sendResetLink(email: string, request: FastifyRequest): Promise<void> {
    const outboxIds = await inTransaction(ctx.database.pool, async (db) => {
      const user = await resettableUser(db, email);
      if (!user) return [];
      const token = await issuePasswordToken(db, user.id, 'reset');
      await audit(db, { actor: SYSTEM, entity: 'client_user', entityId: user.id, action: 'password_reset_requested' });
      return [await queueEmail(db, resetEmail(ctx.config, { email, name: user.name }, token))];
    });
    deliverLater(ctx, request.log, outboxIds);
  }

  /**
   * Always the same answer, after the same work (the limits): whether the email has an account is
   * looked at only after the reply went out, so neither the text nor the time tells.
   */
  route(app, CLIENT_ACCOUNTS.forgotPassword, async ({ body: input }, request) => {
    await resetByAddress.hit(request.ip);
    await resetByAccount.hit(input.email);
    ctx.background.run(request.log, 'password reset email', () => sendResetLink(input.email, request));
    return { accepted: true as const, message: FORGOT_PASSWORD_MESSAGE };
  });

  const redeemPasswordToken = (purpose: PasswordTokenPurpose) => async ({ body: input }: { body: SetPasswordRequest }, request: FastifyRequest) => {
    await resetByAddress.hit(request.ip);
    badPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    await inTransaction(ctx.database.pool, async (db) => {
      const userId = await consumePasswordToken(db, input.token, purpose);
      if (userId === null) throw tokenInvalid();
      if (!(await setPasswordHash(db, userId, passwordHash))) throw tokenInvalid();
      // A new password ends every session of the account; nobody is signed in automatically.
      await revokeAllSessions(db, { audience: 'client', userId });
      await audit(db, {
        actor: clientActor(userId),
        entity: 'client_user',
        entityId: userId,
        action: purpose === 'invite' ? 'password_set' : 'password_reset',
      });
    });
    return { done: true as const };
  };

  route(app, CLIENT_ACCOUNTS.setPassword, redeemPasswordToken('invite'));
  route(app, CLIENT_ACCOUNTS.resetPassword, redeemPasswordToken('reset'));
};
