/**
 * Client portal users of every company, for staff: list and filter, invite (a set-password email
 * in the outbox), resend the invite, approve or decline a sign-up request, disable (ends every
 * session of the user).
 */
import { CLIENT_USERS } from '@contracts/client-users';
import type { ClientUser } from '@contracts/companies';
import { ERROR_CODES } from '@contracts/common/errors';
import { audit, staffActor } from '@server/platform/audit';
import { staffOf } from '@server/platform/auth/guards';
import { issuePasswordToken } from '@server/platform/auth/password-tokens';
import { inTransaction } from '@server/platform/db/database';
import { route } from '@server/platform/http/endpoints';
import { ApiError, invalidField, notFound } from '@server/platform/http/errors';
import type { Routes } from '@server/platform/http/plugins';
import { createOnce } from '@server/platform/idempotency';
import { deliverLater, queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import {
  companyName,
  deleteClientUser,
  disableClientUser,
  emailTaken,
  insertInvitedUser,
  isContactAt,
  loadClientUser,
  searchClientUsers,
  setStatus,
} from './client-users.repo';
import { activationEmail, inviteEmail } from './emails';

const onlyPending = () => new ApiError(409, ERROR_CODES.conflict, 'Only a sign-up request awaiting approval can be approved or declined');

/** The user, or 404. */
async function existing(db: Queryable, id: number, lock = false): Promise<ClientUser> {
  const user = await loadClientUser(db, id, lock);
  if (!user) throw notFound('No such client user');
  return user;
}

export const staffClientUserRoutes: Routes = (app, ctx) => {
  const pool = ctx.database.pool;

  route(app, CLIENT_USERS.list, async ({ query }) => searchClientUsers(pool, query));

  route(app, CLIENT_USERS.invite, async ({ body: input }, request, reply) => {
    const me = staffActor(staffOf(request).userId);
    const answer = createOnce(request, reply, pool, async (db) => {
      const company = await companyName(db, input.company_id);
      if (company === null) throw invalidField('company_id', 'No such company');
      if (input.contact_id && !(await isContactAt(db, input.contact_id, input.company_id))) throw invalidField('contact_id', 'This contact is not at the company');
      if (await emailTaken(db, input.email)) throw new ApiError(409, ERROR_CODES.conflict, 'A client user with this email exists', { email: 'A client user with this email exists' });
      const id = await insertInvitedUser(db, { companyId: input.company_id, contactId: input.contact_id ?? null, email: input.email, name: input.name });
      const token = await issuePasswordToken(db, id, 'invite');
      const queued = await queueEmail(db, inviteEmail(ctx.config, { email: input.email, name: input.name, company }, token));
      await audit(db, { actor: me, entity: 'client_user', entityId: id, action: 'invite', detail: { email: input.email, company_id: input.company_id } });
      // The invite goes out once the user and its email are committed, and not again on a replay.
      return { status: 201, body: await existing(db, id), afterCommit: () => deliverLater(ctx, request.log, [queued]) };
    });
    return answer;
  });

  route(app, CLIENT_USERS.resend, async ({ params: { id } }, request) => {
    const me = staffActor(staffOf(request).userId);
    const outboxId = await inTransaction(pool, async (db) => {
      const user = await existing(db, id);
      if (user.status !== 'invited') throw new ApiError(409, ERROR_CODES.conflict, 'Only an invited user who has not set a password yet gets the invite again');
      const token = await issuePasswordToken(db, id, 'invite');
      const queued = await queueEmail(db, inviteEmail(ctx.config, { email: user.email, name: user.name, company: user.company_name }, token));
      await audit(db, { actor: me, entity: 'client_user', entityId: id, action: 'resend_invite', detail: { email: user.email } });
      return queued;
    });
    deliverLater(ctx, request.log, [outboxId]);
    return existing(pool, id);
  });

  /** A sign-up request awaiting approval becomes an invited user, and gets the activation link. */
  route(app, CLIENT_USERS.approve, async ({ params: { id } }, request) => {
    const me = staffActor(staffOf(request).userId);
    const outboxId = await inTransaction(pool, async (db) => {
      const user = await existing(db, id, true);
      if (user.status !== 'pending_approval') throw onlyPending();
      await setStatus(db, id, 'invited');
      const token = await issuePasswordToken(db, id, 'invite');
      const queued = await queueEmail(db, activationEmail(ctx.config, { email: user.email, name: user.name, company: user.company_name }, token));
      await audit(db, { actor: me, entity: 'client_user', entityId: id, action: 'approve_signup', detail: { email: user.email, company_id: user.company_id } });
      return queued;
    });
    deliverLater(ctx, request.log, [outboxId]);
    return existing(pool, id);
  });

  /**
   * A sign-up request awaiting approval is deleted: nobody is told, and no account is left that a
   * password link or a sign-in could ever use. The audit log keeps who declined which address.
   */
  route(app, CLIENT_USERS.decline, async ({ params: { id } }, request) => {
    const me = staffActor(staffOf(request).userId);
    await inTransaction(pool, async (db) => {
      const user = await existing(db, id, true);
      if (user.status !== 'pending_approval') throw onlyPending();
      await deleteClientUser(db, id);
      await audit(db, { actor: me, entity: 'client_user', entityId: id, action: 'decline_signup', detail: { email: user.email, company_id: user.company_id } });
    });
    return { id, declined: true as const };
  });

  route(app, CLIENT_USERS.disable, async ({ params: { id } }, request) => {
    const me = staffActor(staffOf(request).userId);
    await inTransaction(pool, async (db) => {
      const user = await existing(db, id);
      await disableClientUser(db, id);
      await audit(db, { actor: me, entity: 'client_user', entityId: id, action: 'disable', detail: { from: user.status } });
    });
    return existing(pool, id);
  });
};
