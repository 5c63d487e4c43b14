import type { FastifyInstance } from 'fastify';
import { requireStaff, staffOf } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';

/** How many of a user's open tickets the home screen lists. */
const MY_TICKETS_LIMIT = 50;

export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v2/tickets/mine', { preHandler: requireStaff(ctx) }, async (request) => {
    const { rows } = await ctx.database.pool.query(
      `SELECT t.id, t.title, t.status, t.severity, c.name AS company_name, t.queue,
              to_char(t.duedate AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS duedate,
              to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
         FROM tickets t LEFT JOIN companies c ON c.id = t.company_id
        WHERE t.assignee_id = $1 AND t.status <> 'C'
        ORDER BY t.duedate ASC NULLS LAST, t.id
        LIMIT $2`,
      [staffOf(request).userId, MY_TICKETS_LIMIT],
    );
    return { tickets: rows };
  });
}
