import type { FastifyInstance } from 'fastify';
import { moodleUrlRequestSchema, overdueCheckRequestSchema } from '@contracts/overdue';
import { MANAGER_ROLES, requireStaff, staffOf } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';
import { forbidden, parseInput } from '@server/platform/http/errors';

/** At most this many overdue tickets come back; the badge count is exact regardless. */
export const OVERDUE_LIST_LIMIT = 500;

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * An assignee's overdue tickets: due date past and status not C. Served by the partial index
 * tickets_overdue_idx (assignee_id, duedate) WHERE status <> 'C'.
 */
export const OVERDUE_SQL = `
  SELECT t.id, t.title, t.status, t.severity, t.company_name, t.contact_name AS contact,
         t.contact_email, t.queue, ${ISO('t.created_at')} AS created_at, ${ISO('t.duedate')} AS duedate
    FROM tickets t
   WHERE t.assignee_id = $1 AND t.status <> 'C' AND t.duedate < now()
   ORDER BY t.duedate ASC, t.id
   LIMIT $2`;

export function registerOverdueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v2/ticket/check/overdue', { preHandler: requireStaff(ctx) }, async (request) => {
    const { userId } = parseInput(overdueCheckRequestSchema, request.body);
    const caller = staffOf(request);
    if (userId !== caller.userId && !MANAGER_ROLES.includes(caller.role)) {
      throw forbidden("Only a manager or admin may see another user's overdue tickets");
    }
    const { rows } = await ctx.database.pool.query(OVERDUE_SQL, [userId, OVERDUE_LIST_LIMIT]);
    return { overdueTickets: rows };
  });

  app.post('/api/v2/moodleurl', { preHandler: requireStaff(ctx) }, async (request) => {
    parseInput(moodleUrlRequestSchema, request.body);
    return { url: ctx.config.learningCenterUrl };
  });
}
