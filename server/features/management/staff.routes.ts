import type { FastifyInstance } from 'fastify';
import type { ManagementDashboard } from '@contracts/management';
import { MANAGER_ROLES, requireStaff } from '@server/platform/auth/guards';
import type { AppContext } from '@server/context';

export function registerManagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v2/management/dashboard', { preHandler: requireStaff(ctx, MANAGER_ROLES) }, async (): Promise<ManagementDashboard> => {
    const pool = ctx.database.pool;
    const [totals, severity, team] = await Promise.all([
      pool.query(`
        SELECT count(*) FILTER (WHERE status <> 'C')::int AS open,
               count(*) FILTER (WHERE status <> 'C' AND duedate < now())::int AS overdue,
               count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days')::int AS closed_30d,
               round(100.0 * count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days' AND closed_at <= duedate)
                     / NULLIF(count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days'), 0), 2)::float AS on_time_pct
          FROM tickets`),
      pool.query(`SELECT severity, count(*)::int AS open FROM tickets WHERE status <> 'C' GROUP BY severity ORDER BY severity`),
      pool.query(`
        SELECT u.id AS userid, u.name,
               count(t.id) FILTER (WHERE t.status <> 'C')::int AS open,
               count(t.id) FILTER (WHERE t.status <> 'C' AND t.duedate < now())::int AS overdue,
               count(t.id) FILTER (WHERE t.status = 'C' AND t.closed_at > now() - interval '30 days')::int AS closed_30d
          FROM staff_users u LEFT JOIN tickets t ON t.assignee_id = u.id
         WHERE u.active
         GROUP BY u.id, u.name ORDER BY u.name`),
    ]);
    return { ...totals.rows[0], by_severity: severity.rows, team: team.rows };
  });
}
