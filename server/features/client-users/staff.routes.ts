/**
 * Client portal users of every company, for staff: list and filter, invite (a set-password email
 * in the outbox), resend the invite, approve or decline a sign-up request, disable (ends every
 * session of the user).
 */
import type { FastifyInstance } from 'fastify';
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { clientUserQuerySchema, inviteClientUserSchema, type ClientUser } from '@contracts/companies';
import { CLIENT_PATHS, PASSWORD_TOKEN_TTL_MINUTES } from '@contracts/common/constants';
import { ERROR_CODES } from '@contracts/common/errors';
import { requireStaff, staffOf } from '@server/platform/auth/guards';
import { revokeAllSessions } from '@server/platform/auth/sessions';
import { issuePasswordToken } from '@server/platform/auth/password-tokens';
import type { AppContext } from '@server/context';
import { inTransaction } from '@server/platform/db/database';
import { ApiError, notFound, parseInput } from '@server/platform/http/errors';
import { queueEmail } from '@server/platform/mail/outbox';
import { activationEmail } from './signup';
import { deliverLater } from '@server/platform/sql';
import { auditStaff } from '@server/platform/audit';

const idParam = z.strictObject({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive').max(2_147_483_647, 'id is too large'),
});

/** The invitation a staff member sends (or sends again): a set-password link, through the outbox. */
function queueInviteEmail(db: Pick<PoolClient, 'query'>, publicUrl: string, user: { email: string; name: string; company: string }, token: string) {
  const link = `${publicUrl}${CLIENT_PATHS.setPassword}/${token}`;
  return queueEmail(db, {
    to: user.email,
    kind: 'client_invite',
    subject: 'Your client portal account',
    body:
      `Hello ${user.name},\n\nYou have been invited to the client portal for ${user.company}.\n` +
      `Choose your password here (the link works once, for ${PASSWORD_TOKEN_TTL_MINUTES} minutes):\n${link}\n`,
  });
}

const onlyPending = () => new ApiError(409, ERROR_CODES.conflict, 'Only a sign-up request awaiting approval can be approved or declined');

/** Sort columns of the list; a sort always ends with the id so pages do not overlap. */
const SORT_SQL: Record<string, string> = {
  name: 'lower(u.name)',
  email: 'u.email',
  company: 'lower(c.name)',
  status: 'u.status',
  last_invited_at: 'last_invited_at',
  created_at: 'u.created_at',
};
const DEFAULT_ORDER = 'lower(c.name), lower(u.name)';

const USER_COLUMNS = `u.id, u.company_id, c.name AS company_name, u.contact_id, u.name, u.email, u.status, u.created_at,
  (SELECT max(i.created_at) FROM password_tokens i WHERE i.client_user_id = u.id AND i.purpose = 'invite') AS last_invited_at`;

export function registerClientUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const pool = ctx.database.pool;
  const staff = { preHandler: requireStaff(ctx) };

  async function loadUser(db: Pick<PoolClient, 'query'>, id: number, lock = false): Promise<ClientUser | null> {
    const { rows } = await db.query(
      `SELECT ${USER_COLUMNS} FROM client_users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1 ${lock ? 'FOR UPDATE OF u' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  app.get('/api/v2/client-users', staff, async (request) => {
    const query = parseInput(clientUserQuerySchema, request.query, 'query');
    const values: unknown[] = [];
    const conds: string[] = [];
    if (query.q) {
      values.push(`%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      conds.push(`(u.name ILIKE $${values.length} OR u.email ILIKE $${values.length})`);
    }
    if (query.company) {
      values.push(query.company);
      conds.push(`u.company_id = $${values.length}`);
    }
    if (query.status) {
      values.push(query.status);
      conds.push(`u.status = $${values.length}`);
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const order = query.sort?.length ? query.sort.map((s) => `${SORT_SQL[s.field]} ${s.dir.toUpperCase()} NULLS LAST`).join(', ') : DEFAULT_ORDER;
    const { rows: count } = await pool.query(`SELECT count(*)::int AS n FROM client_users u ${where}`, values);
    const { rows } = await pool.query(
      `SELECT ${USER_COLUMNS} FROM client_users u JOIN companies c ON c.id = u.company_id ${where}
        ORDER BY ${order}, u.id LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, query.size, (query.page - 1) * query.size],
    );
    return { rows, page: query.page, size: query.size, total: count[0].n, totalExact: true };
  });

  app.post('/api/v2/client-users', staff, async (request, reply) => {
    const input = parseInput(inviteClientUserSchema, request.body);
    const me = staffOf(request);
    const id = await inTransaction(pool, async (db) => {
      const { rows: company } = await db.query('SELECT name FROM companies WHERE id = $1', [input.company_id]);
      if (!company[0]) throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: company_id (No such company)', { company_id: 'No such company' });
      if (input.contact_id) {
        const { rows } = await db.query('SELECT 1 FROM contacts WHERE id = $1 AND company_id = $2', [input.contact_id, input.company_id]);
        if (!rows.length) {
          throw new ApiError(400, ERROR_CODES.invalidInput, 'Invalid body: contact_id (This contact is not at the company)', {
            contact_id: 'This contact is not at the company',
          });
        }
      }
      const { rows: existing } = await db.query('SELECT 1 FROM client_users WHERE email = $1', [input.email]);
      if (existing.length) throw new ApiError(409, ERROR_CODES.conflict, 'A client user with this email exists', { email: 'A client user with this email exists' });
      const { rows } = await db.query(
        `INSERT INTO client_users (company_id, contact_id, email, name, status) VALUES ($1, $2, $3, $4, 'invited') RETURNING id`,
        [input.company_id, input.contact_id ?? null, input.email, input.name],
      );
      const userId: number = rows[0].id;
      const token = await issuePasswordToken(db, userId, 'invite');
      const outboxId = await queueInviteEmail(db, ctx.config.publicUrl, { email: input.email, name: input.name, company: company[0].name }, token);
      await auditStaff(db, me.userId, 'client_user', userId, 'invite', { email: input.email, company_id: input.company_id });
      return { userId, outboxId };
    });
    deliverLater(ctx, request, [id.outboxId]);
    return reply.status(201).send(await loadUser(pool, id.userId));
  });

  app.post('/api/v2/client-users/:id/resend', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const me = staffOf(request);
    const outboxId = await inTransaction(pool, async (db) => {
      const user = await loadUser(db, id);
      if (!user) throw notFound('No such client user');
      if (user.status !== 'invited') throw new ApiError(409, ERROR_CODES.conflict, 'Only an invited user who has not set a password yet gets the invite again');
      const token = await issuePasswordToken(db, id, 'invite');
      const queued = await queueInviteEmail(db, ctx.config.publicUrl, { email: user.email, name: user.name, company: user.company_name }, token);
      await auditStaff(db, me.userId, 'client_user', id, 'resend_invite', { email: user.email });
      return queued;
    });
    deliverLater(ctx, request, [outboxId]);
    return loadUser(pool, id);
  });

  /** A sign-up request awaiting approval becomes an invited user, and gets the activation link. */
  app.post('/api/v2/client-users/:id/approve', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const me = staffOf(request);
    const outboxId = await inTransaction(pool, async (db) => {
      const user = await loadUser(db, id, true);
      if (!user) throw notFound('No such client user');
      if (user.status !== 'pending_approval') throw onlyPending();
      await db.query(`UPDATE client_users SET status = 'invited' WHERE id = $1`, [id]);
      const token = await issuePasswordToken(db, id, 'invite');
      const queued = await queueEmail(db, activationEmail(ctx.config, { email: user.email, name: user.name, company: user.company_name }, token));
      await auditStaff(db, me.userId, 'client_user', id, 'approve_signup', { email: user.email, company_id: user.company_id });
      return queued;
    });
    deliverLater(ctx, request, [outboxId]);
    return loadUser(pool, id);
  });

  /**
   * A sign-up request awaiting approval is deleted: nobody is told, and no account is left that a
   * password link or a sign-in could ever use. The audit log keeps who declined which address.
   */
  app.post('/api/v2/client-users/:id/decline', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const me = staffOf(request);
    await inTransaction(pool, async (db) => {
      const user = await loadUser(db, id, true);
      if (!user) throw notFound('No such client user');
      if (user.status !== 'pending_approval') throw onlyPending();
      await db.query('DELETE FROM client_users WHERE id = $1', [id]);
      await auditStaff(db, me.userId, 'client_user', id, 'decline_signup', { email: user.email, company_id: user.company_id });
    });
    return { id, declined: true as const };
  });

  app.post('/api/v2/client-users/:id/disable', staff, async (request) => {
    const { id } = parseInput(idParam, request.params, 'path');
    const me = staffOf(request);
    await inTransaction(pool, async (db) => {
      const user = await loadUser(db, id);
      if (!user) throw notFound('No such client user');
      await db.query(`UPDATE client_users SET status = 'disabled' WHERE id = $1`, [id]);
      await db.query('UPDATE password_tokens SET used_at = now() WHERE client_user_id = $1 AND used_at IS NULL', [id]);
      await revokeAllSessions(db, { audience: 'client', userId: id });
      await auditStaff(db, me.userId, 'client_user', id, 'disable', { from: user.status });
    });
    return loadUser(pool, id);
  });
}
