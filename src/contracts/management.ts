/** The management dashboard: team KPIs for managers and admins. */
import { MANAGER_ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { z } from './common/zod';

const int = z.number().int();

export const teamMemberKpiSchema = z.object({
  userid: int,
  name: z.string(),
  open: int,
  overdue: int,
  closed_30d: int,
});
export type TeamMemberKpi = z.infer<typeof teamMemberKpiSchema>;

export const managementDashboardSchema = z.object({
  open: int,
  overdue: int,
  closed_30d: int,
  /** Share of tickets closed in the last 30 days that closed by their due date (percent). */
  on_time_pct: z.number().nullable(),
  by_severity: z.array(z.object({ severity: z.string(), open: int })),
  team: z.array(teamMemberKpiSchema),
});
export type ManagementDashboard = z.infer<typeof managementDashboardSchema>;

export const MANAGEMENT = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/v2/management/dashboard',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: 'Management',
    summary: "The team's open, overdue and recently closed tickets, on-time share, open tickets by priority and figures per person",
    response: managementDashboardSchema,
  }),
} as const;
