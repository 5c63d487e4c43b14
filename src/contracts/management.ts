/** GET /api/v2/management/dashboard: team KPIs for managers and admins. */
export type TeamMemberKpi = {
  userid: number;
  name: string;
  open: number;
  overdue: number;
  closed_30d: number;
};

export type ManagementDashboard = {
  open: number;
  overdue: number;
  closed_30d: number;
  /** Share of tickets closed in the last 30 days that closed by their due date (percent). */
  on_time_pct: number | null;
  by_severity: { severity: string; open: number }[];
  team: TeamMemberKpi[];
};
