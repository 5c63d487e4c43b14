/** A management dashboard answer as the API gives it: a manager's team with every figure. */
import type { ManagementDashboard } from '@contracts/management';

export const DASHBOARD_ANSWER: ManagementDashboard = {
  scope: {
    manager: { id: 2, name: 'Morgan Manager' },
    person: null,
    people: [
      { id: 1, name: 'Avery Agent' },
      { id: 2, name: 'Dana Developer' },
    ],
    managers: [{ id: 2, name: 'Morgan Manager' }],
  },
  sla: { closed: 40, met: 33, missed: 7 },
  by_queue: [
    { queue: 'Programming', open: 30, overdue: 3, unassigned: 1 },
    { queue: 'Support', open: 12, overdue: 7, unassigned: 4 },
  ],
  approvals: { waiting: 2, oldest_days: 6 },
  certifications: { expiring: 1 },
  sales: { month: '2026-11', sales: 4, sales_target: 6, revenue: 1250000, revenue_target: 2000000 },
  open: 141,
  overdue: 17,
  closed_30d: 57,
  unassigned: 5,
  on_time_pct: 82.456,
  // In code order, as the API sorts them: the charts read from the most urgent.
  by_severity: [
    { severity: 'C', open: 9, overdue: 0, unassigned: 1 },
    { severity: 'H', open: 31, overdue: 0, unassigned: 2 },
    { severity: 'L', open: 44, overdue: 0, unassigned: 0 },
    { severity: 'M', open: 57, overdue: 0, unassigned: 2 },
  ],
  coverage: { gaps: 3, teams: 1 },
  utilisation: { month: '2026-11', billable_hours: 96, available_hours: 160, pct: 60, people: 2 },
  trends: [
    { month: '2026-10', csat_responses: 0, satisfied: 0, csat: null, nps_responses: 0, promoters: 0, detractors: 0, nps: null },
    { month: '2026-11', csat_responses: 8, satisfied: 6, csat: 75, nps_responses: 3, promoters: 2, detractors: 1, nps: 33.33 },
  ],
  team: [
    { userid: 1, name: 'Avery Agent', open: 12, overdue: 7, closed_30d: 20 },
    { userid: 2, name: 'Dana Developer', open: 30, overdue: 3, closed_30d: 11 },
  ],
};
