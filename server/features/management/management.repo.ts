import type { ManagementDashboard, TeamMemberKpi } from '@contracts/management';
import { allQueries, type Queryable } from '@server/platform/sql';

type Totals = Pick<ManagementDashboard, 'open' | 'overdue' | 'closed_30d' | 'on_time_pct'>;

/** The team's KPIs: open, overdue, closed in 30 days and on time, in total, by severity and per person. */
export async function managementDashboard(db: Queryable): Promise<ManagementDashboard> {
  const [totals, severity, team] = await allQueries(db, [
    () => db.query<Totals>(`
      SELECT count(*) FILTER (WHERE status <> 'C')::int AS open,
             count(*) FILTER (WHERE status <> 'C' AND duedate < now())::int AS overdue,
             count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days')::int AS closed_30d,
             round(100.0 * count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days' AND closed_at <= duedate)
                   / NULLIF(count(*) FILTER (WHERE status = 'C' AND closed_at > now() - interval '30 days'), 0), 2)::float AS on_time_pct
        FROM tickets`),
    () => db.query<ManagementDashboard['by_severity'][number]>(`SELECT severity, count(*)::int AS open FROM tickets WHERE status <> 'C' GROUP BY severity ORDER BY severity`),
    () => db.query<TeamMemberKpi>(`
      SELECT u.id AS userid, u.name,
             count(t.id) FILTER (WHERE t.status <> 'C')::int AS open,
             count(t.id) FILTER (WHERE t.status <> 'C' AND t.duedate < now())::int AS overdue,
             count(t.id) FILTER (WHERE t.status = 'C' AND t.closed_at > now() - interval '30 days')::int AS closed_30d
        FROM staff_users u LEFT JOIN tickets t ON t.assignee_id = u.id
       WHERE u.active
       GROUP BY u.id, u.name ORDER BY u.name`),
  ]);
  return { ...totals.rows[0]!, by_severity: severity.rows, team: team.rows };
}
