/**
 * The management dashboard: a manager's own team (their subtree of the org chart, at every level)
 * by default, everyone for an admin; every figure drills to the list it counts (docs/adr/0233).
 */
import { QUEUES, SEVERITY_CODES } from './common/codes';
import { MANAGER_ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { idInput, pageInput } from './common/input';
import { z } from './common/zod';
import { monthInput } from './sales';

const int = z.number().int();

/** The windows the figures look at, in days. */
export const MANAGEMENT_WINDOWS = {
  /** Closed tickets (and their service level) are counted over the last this many days. */
  closedDays: 30,
  /** Certifications expiring within this many days. */
  certificationDays: 90,
  /** CSAT and NPS are shown by month over this many months, this one included. */
  trendMonths: 6,
  /** On-call coverage gaps are looked for over the next this many days. */
  coverageDays: 14,
} as const;

/** The closed sales list is paged on the server (a team can close more in a month than one answer should carry). */
export const MANAGEMENT_PAGING = {
  /** Rows of a page when the query names no page size. */
  pageSize: 25,
  /** The largest page a list answers. */
  pageSizeMax: 200,
} as const;

/** The lists paged on the server; every other list answers all its rows on one page. */
export const PAGED_FIGURES = ['sales'] as const;
export const isPagedFigure = (figure: string): boolean => (PAGED_FIGURES as readonly string[]).includes(figure);

/** The figures a list opens from. */
export const DRILL_FIGURES = ['open', 'overdue', 'unassigned', 'sla_met', 'sla_missed', 'approvals', 'certifications', 'sales', 'csat', 'nps', 'utilisation', 'coverage'] as const;
export type DrillFigure = (typeof DRILL_FIGURES)[number];

/** Each figure's list title. */
export const DRILL_TITLES: Record<DrillFigure, string> = {
  open: 'Open tickets',
  overdue: 'Overdue tickets',
  unassigned: 'Unassigned open tickets',
  sla_met: 'Closed within due date',
  sla_missed: 'Closed late',
  approvals: 'Approvals waiting',
  certifications: 'Certifications expiring',
  sales: 'Closed sales this month',
  csat: 'Support survey responses',
  nps: 'Client care survey responses',
  utilisation: 'Billable and available hours this month',
  coverage: 'On-call coverage gaps, next 14 days',
};

/** The columns of a list (the fields of its rows) a manager may sort it by (docs/adr/0257). */
export const DRILL_SORT_FIELDS = ['date', 'title', 'person', 'detail'] as const;
export type DrillSortField = (typeof DRILL_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type DrillSort = { field: DrillSortField; dir: (typeof SORT_DIRECTIONS)[number] };

/**
 * The columns each list sorts by, where the order means something: the sales list on the server (its
 * amount is `detail`), the others in the browser (their `detail` is a sentence, not a value).
 */
export const DRILL_SORTS: Record<DrillFigure, readonly DrillSortField[]> = {
  open: ['title', 'person', 'date'],
  overdue: ['title', 'person', 'date'],
  unassigned: ['title', 'date'],
  sla_met: ['title', 'person', 'date'],
  sla_missed: ['title', 'person', 'date'],
  approvals: ['title', 'person', 'date'],
  certifications: ['title', 'person', 'date'],
  sales: ['title', 'person', 'date', 'detail'],
  csat: ['title', 'person', 'date'],
  nps: ['title', 'date'],
  utilisation: ['title'],
  coverage: ['title', 'person', 'date'],
};

/** A paged list's order when the query names none: the sales list newest first. */
export const DEFAULT_PAGED_SORT: DrillSort = { field: 'date', dir: 'desc' };

const id = (label: string) => idInput({ label });

/** Whose figures: a manager's subtree (manager), one person (person), or by default the viewer's own team. */
export const managementScopeSchema = z.strictObject({
  manager: id('Manager').optional(),
  person: id('Person').optional(),
});
export type ManagementScope = z.input<typeof managementScopeSchema>;

export const managementDrillQuerySchema = managementScopeSchema.extend({
  figure: z.enum(DRILL_FIGURES, { error: `Figure must be one of ${DRILL_FIGURES.join(', ')}` }),
  severity: z.enum(SEVERITY_CODES as [string, ...string[]], { error: `Priority must be one of ${SEVERITY_CODES.join(', ')}` }).optional(),
  queue: z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` }).optional(),
  /** The month of a CSAT or NPS point (YYYY-MM); without it, every month of the trend. */
  month: monthInput('Month').optional(),
  /** A page of a paged list (PAGED_FIGURES), from 1. */
  page: pageInput('Page must be a page number').optional(),
  /** Rows per page of a paged list. */
  pageSize: z.coerce
    .number({ error: 'Rows per page must be a number' })
    .int('Rows per page must be a whole number')
    .min(1, 'Rows per page must be 1 or more')
    .max(MANAGEMENT_PAGING.pageSizeMax, `Rows per page must be at most ${MANAGEMENT_PAGING.pageSizeMax}`)
    .optional(),
  /** The column a paged list (PAGED_FIGURES) is sorted by; newest first when not given. The other lists sort in the browser. */
  sort: z.enum(DRILL_SORT_FIELDS, { error: `Sort must be one of ${DRILL_SORT_FIELDS.join(', ')}` }).optional(),
  /** The direction of `sort` (ascending when not given). */
  dir: z.enum(SORT_DIRECTIONS, { error: `Direction must be ${SORT_DIRECTIONS.join(' or ')}` }).optional(),
}).superRefine((q, ctx) => {
  if (q.sort === undefined && q.dir === undefined) return;
  if (!isPagedFigure(q.figure)) {
    ctx.addIssue({ code: 'custom', path: [q.sort === undefined ? 'dir' : 'sort'], message: `Sort applies to the paged lists only (${PAGED_FIGURES.join(', ')}): the ${q.figure} list answers every row` });
    return;
  }
  if (q.sort === undefined) ctx.addIssue({ code: 'custom', path: ['dir'], message: 'Direction needs a sort column' });
  else if (!DRILL_SORTS[q.figure].includes(q.sort)) ctx.addIssue({ code: 'custom', path: ['sort'], message: `Sort of the ${q.figure} list must be one of ${DRILL_SORTS[q.figure].join(', ')}` });
});
export type ManagementDrillQuery = z.input<typeof managementDrillQuerySchema>;

const personRef = z.object({ id: int, name: z.string() });

export const teamMemberKpiSchema = z.object({
  userid: int,
  name: z.string(),
  open: int,
  overdue: int,
  closed_30d: int,
});
export type TeamMemberKpi = z.infer<typeof teamMemberKpiSchema>;

export const managementDashboardSchema = z.object({
  scope: z.object({
    /** Whose subtree is shown (null: everyone, for an admin). */
    manager: personRef.nullable(),
    /** The one person shown, when narrowed to a person. */
    person: personRef.nullable(),
    /** The people the viewer may narrow to (their subtree; everyone for an admin). */
    people: z.array(personRef),
    /** The people with reports the viewer may pick a subtree of. */
    managers: z.array(personRef),
  }),
  open: int,
  overdue: int,
  closed_30d: int,
  /**
   * Open tickets with no assignee in the queues the people in scope work (docs/adr/0243): the queues
   * of their open tickets and of those they closed in the last `closedDays` days. Every queue for an
   * admin looking at everyone.
   */
  unassigned: int,
  /** Share of tickets closed in the last 30 days with a due date that closed by it (percent), as the SLA attainment report counts it. */
  on_time_pct: z.number().nullable(),
  sla: z.object({ closed: int, met: int, missed: int }),
  /** Open and overdue tickets of the people in scope, and the unassigned ones of their queues, by priority and by queue (a row where any is above 0). */
  by_severity: z.array(z.object({ severity: z.string(), open: int, overdue: int, unassigned: int })),
  by_queue: z.array(z.object({ queue: z.string(), open: int, overdue: int, unassigned: int })),
  /** Requests waiting on someone in scope to decide (the approvals inbox's rule), and the days the oldest has waited. */
  approvals: z.object({ waiting: int, oldest_days: int.nullable() }),
  certifications: z.object({ expiring: int }),
  /** This month's closed sales of the people in scope against their monthly targets (revenue in cents), as the sales dashboard counts them. */
  sales: z.object({ month: z.string(), sales: int, sales_target: z.number(), revenue: z.number(), revenue_target: z.number() }),
  team: z.array(teamMemberKpiSchema),
  /**
   * CSAT and NPS by month over the last `trendMonths` months, as the CSAT and NPS report counts them:
   * the support survey's answers on tickets of the people in scope, and the client care survey's
   * answers from companies with a ticket assigned to someone in scope. Percent and points; null without answers.
   */
  /**
   * This month (to its last day): billable hours logged ÷ available hours (each person's working
   * hours less public holidays and approved leave, as the people feature counts them), in percent;
   * null when nobody is available. `people` is how many rows its list holds.
   */
  utilisation: z.object({ month: z.string(), billable_hours: z.number(), available_hours: z.number(), pct: z.number().nullable(), people: int }),
  /** On-call coverage gaps over the next `coverageDays` days of the schedule teams with someone in scope (the weekly schedule's gaps). */
  coverage: z.object({ gaps: int, teams: int }),
  trends: z.array(z.object({ month: z.string(), csat_responses: int, satisfied: int, csat: z.number().nullable(), nps_responses: int, promoters: int, detractors: int, nps: z.number().nullable() })),
});
export type ManagementDashboard = z.infer<typeof managementDashboardSchema>;

export const drillRowSchema = z.object({
  id: int,
  title: z.string(),
  person: z.string(),
  detail: z.string(),
  /** The due date, the day submitted or the day a certification expires (YYYY-MM-DD); a coverage gap's start (an ISO instant). */
  date: z.string().nullable(),
  /** A coverage gap's end (an ISO instant): the view shows both in the reader's time zone. */
  until: z.string().optional(),
  href: z.string().nullable(),
});
export type DrillRow = z.infer<typeof drillRowSchema>;

/** A list: `rows` is one page of a paged list (PAGED_FIGURES) and all rows of any other; `total` is how many rows it has in all, the figure's count. */
export const managementDrillSchema = z.object({ figure: z.enum(DRILL_FIGURES), title: z.string(), rows: z.array(drillRowSchema), total: int });
export type ManagementDrill = z.infer<typeof managementDrillSchema>;

export const MANAGEMENT = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/v2/management/dashboard',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: 'Management',
    summary: "A team's open and overdue tickets by priority and queue, service level, approvals waiting, certifications expiring and figures per person",
    query: managementScopeSchema,
    response: managementDashboardSchema,
  }),
  drill: endpoint({
    method: 'GET',
    path: '/api/v2/management/drill',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag: 'Management',
    summary: 'The list behind one figure of the dashboard, as many rows as the figure counts',
    query: managementDrillQuerySchema,
    response: managementDrillSchema,
  }),
} as const;
