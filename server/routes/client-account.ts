import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordRequestSchema,
  setPasswordRequestSchema,
  SIGNUP_ACCEPTED_MESSAGE,
  signupRequestSchema,
  TOKEN_INVALID_MESSAGE,
  type AcceptedResponse,
} from '../../src/contracts/client-portal';
import { CLIENT_PATHS, PASSWORD_TOKEN_TTL_MINUTES } from '../../src/contracts/constants';
import { ERROR_CODES } from '../../src/contracts/errors';
import { consumePasswordToken, issuePasswordToken, type PasswordTokenPurpose } from '../auth/password-tokens';
import { hashPassword, passwordProblem } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import { inTransaction } from '../db/database';
import { ApiError, parseInput } from '../http/errors';
import { queueEmail } from '../mail/outbox';
import { audit, deliverLater } from './client-shared';

function badPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new ApiError(400, ERROR_CODES.invalidInput, `Invalid body: password (${problem})`, { password: problem });
}

const tokenInvalid = () => new ApiError(400, ERROR_CODES.invalidInput, TOKEN_INVALID_MESSAGE, { token: TOKEN_INVALID_MESSAGE });

/**
 * Signup, forgot password, set password (invitations and signups) and reset password for client
 * users. Emails go through the outbox.
 */
export function registerClientAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { resetByAddress, resetByAccount, signupByAddress } = ctx.limits;
  const link = (path: string, token: string) => `${ctx.config.publicUrl}${path}/${encodeURIComponent(token)}`;

  app.post('/api/v2/client/signup', async (request, reply): Promise<AcceptedResponse> => {
    const input = parseInput(signupRequestSchema, request.body);
    await signupByAddress.hit(request.ip);
    badPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const outboxIds = await inTransaction(ctx.database.pool, async (db) => {
      const { rows: companies } = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM companies WHERE account_number = $1 AND status <> 'inactive'`,
        [input.accountNumber],
      );
      const company = companies[0];
      if (!company) {
        throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: accountNumber (No company has this account number)', {
          accountNumber: 'No company has this account number',
        });
      }
      const { rows: existing } = await db.query<{ id: number; status: string; company_id: number }>(
        'SELECT id, status, company_id FROM client_users WHERE email = $1 FOR UPDATE',
        [input.email],
      );
      const user = existing[0];
      // An account that is active, disabled, or pending for another company is not taken over.
      if (user && (user.status !== 'invited' || user.company_id !== company.id)) {
        // The same answer as a new signup; the owner of the address learns what happened.
        return [
          await queueEmail(db, {
            to: input.email,
            kind: 'signup-existing',
            subject: 'You already have a Client Care account',
            body: `Someone asked to sign up with this email address, which already has an account.\n\nIf it was you, log in at ${ctx.config.publicUrl}${CLIENT_PATHS.login} or reset your password at ${ctx.config.publicUrl}${CLIENT_PATHS.forgotPassword}.\nIf it was not you, you can ignore this email.`,
          }),
        ];
      }
      let userId: number;
      if (user) {
        // A pending signup or invitation asked again: refresh it (still invited until the link is used).
        await db.query('UPDATE client_users SET name = $2, password_hash = $3 WHERE id = $1', [user.id, input.name, passwordHash]);
        userId = user.id;
      } else {
        const { rows } = await db.query<{ id: number }>(
          `INSERT INTO client_users (company_id, email, name, status, password_hash) VALUES ($1, $2, $3, 'invited', $4) RETURNING id`,
          [company.id, input.email, input.name, passwordHash],
        );
        userId = rows[0]!.id;
      }
      const token = await issuePasswordToken(db, userId, 'invite');
      await audit(db, { actorType: 'client', actorId: userId, entity: 'client_user', entityId: userId, action: 'signup', detail: { companyId: company.id } });
      return [
        await queueEmail(db, {
          to: input.email,
          kind: 'signup',
          subject: 'Activate your Client Care account',
          body: `Hello ${input.name},\n\nTo activate your client portal account for ${company.name}, set your password here (the link works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n\n${link(CLIENT_PATHS.setPassword, token)}\n\nIf you did not sign up, you can ignore this email.`,
        }),
      ];
    });
    deliverLater(ctx, request, outboxIds);
    reply.status(202);
    return { accepted: true, message: SIGNUP_ACCEPTED_MESSAGE };
  });

  /** Mails a reset link when the email has an account that may use one; nothing otherwise. */
  async function sendResetLink(email: string, request: FastifyRequest): Promise<void> {
    const outboxIds = await inTransaction(ctx.database.pool, async (db) => {
      const { rows } = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM client_users WHERE email = $1 AND status IN ('invited', 'active')`,
        [email],
      );
      const user = rows[0];
      if (!user) return [];
      const token = await issuePasswordToken(db, user.id, 'reset');
      await audit(db, { actorType: 'system', actorId: null, entity: 'client_user', entityId: user.id, action: 'password_reset_requested' });
      return [
        await queueEmail(db, {
          to: email,
          kind: 'password-reset',
          subject: 'Reset your Client Care password',
          body: `Hello ${user.name},\n\nTo choose a new password, open this link (it works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n\n${link(CLIENT_PATHS.resetPassword, token)}\n\nIf you did not ask for this, you can ignore this email; your password stays as it is.`,
        }),
      ];
    });
    deliverLater(ctx, request, outboxIds);
  }

  /**
   * Always the same answer, after the same work (the limits): whether the email has an account is
   * looked at only after the reply went out, so neither the text nor the time tells.
   */
  app.post('/api/v2/client/forgot-password', async (request, reply): Promise<AcceptedResponse> => {
    const input = parseInput(forgotPasswordRequestSchema, request.body);
    await resetByAddress.hit(request.ip);
    await resetByAccount.hit(input.email);
    ctx.background.run(request.log, 'password reset email', () => sendResetLink(input.email, request));
    reply.status(202);
    return { accepted: true, message: FORGOT_PASSWORD_MESSAGE };
  });

  const redeemPasswordToken = (purpose: PasswordTokenPurpose) => async (request: FastifyRequest) => {
    const input = parseInput(setPasswordRequestSchema, request.body);
    await resetByAddress.hit(request.ip);
    badPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    await inTransaction(ctx.database.pool, async (db) => {
      const userId = await consumePasswordToken(db, input.token, purpose);
      if (userId === null) throw tokenInvalid();
      const { rowCount } = await db.query(
        `UPDATE client_users SET password_hash = $2, status = 'active' WHERE id = $1 AND status <> 'disabled'`,
        [userId, passwordHash],
      );
      if (!rowCount) throw tokenInvalid();
      // A new password ends every session of the account; nobody is signed in automatically.
      await revokeAllSessions(db, { audience: 'client', userId });
      await audit(db, {
        actorType: 'client',
        actorId: userId,
        entity: 'client_user',
        entityId: userId,
        action: purpose === 'invite' ? 'password_set' : 'password_reset',
      });
    });
    return { done: true as const };
  };

  app.post('/api/v2/client/set-password', redeemPasswordToken('invite'));
  app.post('/api/v2/client/reset-password', redeemPasswordToken('reset'));
}
