/**
 * Contracts of projects, their tasks (what the kanban board shows and moves), sprints and the
 * burndown: payloads the server validates, answers both sides read, the endpoints, the fractional
 * rank of a task and the burndown computation (pure, so the property tests, the server and the
 * screens share one copy).
 */
import { z } from './common/zod';
import { LIMITS, TICKET_SEARCH } from './common/constants';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, PAGE_MAX, pickedId, safeText } from './common/input';
import { chartSpec, type ChartSpec, type ChartSpecInput } from './charts';
import { pagedSchema, sortParam } from './tickets';

export const PROJECT_STATUSES = ['planned', 'active', 'on_hold', 'done', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  on_hold: 'On hold',
  done: 'Done',
  cancelled: 'Cancelled',
};
/** Statuses of a project whose work is still expected (overdue and over-budget figures count these). */
export const OPEN_PROJECT_STATUSES: readonly ProjectStatus[] = ['planned', 'active', 'on_hold'];

export const BOARD_COLUMNS = ['backlog', 'todo', 'in_progress', 'review', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];
export const BOARD_COLUMN_LABELS: Record<BoardColumn, string> = {
  backlog: 'Backlog',
  todo: 'To do',
  in_progress: 'In progress',
  review: 'Review',
  done: 'Done',
};

export const SPRINT_STATUSES = ['planned', 'active', 'closed'] as const;
export type SprintStatus = (typeof SPRINT_STATUSES)[number];
export const SPRINT_STATUS_LABELS: Record<SprintStatus, string> = { planned: 'Planned', active: 'Active', closed: 'Closed' };

export const PROJECT_LIMITS = {
  estimateMax: 1000,
  budgetHoursMax: 100_000,
  wipLimitMax: 99,
  goal: 500,
  sprintName: 120,
  /** A board answers at most this many tasks. */
  boardTasks: 5000,
  /** The longest text the project form's company picker searches for. */
  optionsQuery: 100,
  /** The sprint list shows this many. */
  sprintList: 500,
} as const;

// ---------------------------------------------------------------------------------------------
// Input

const id = (what: string) => idInput({ label: what });
const req = (what: string, max: number, missing = `${what} is required`) =>
  safeText(missing, what).trim().min(1, missing).max(max, `${what} must be at most ${max} characters`);

/** What the project form says of a field left empty, in its own words (also the server's 400). */
export const PROJECT_FORM_MESSAGES = { name: 'Give the project a name', company: 'Pick a company', owner: 'Pick an owner' } as const;
/** What a card's sheet says of a field to fix (also the server's 400, which names the field). */
export const TASK_FORM_MESSAGES = { title: 'Give the card a title', estimate: 'Enter the estimate in whole points, e.g. 3' } as const;

const longText = (what: string) =>
  safeText(`${what} must be text`, what, 'long').max(LIMITS.text, `${what} must be at most ${LIMITS.text} characters`);
const day = (what: string) => calendarDay(what).nullable().optional();
const status = z.enum(PROJECT_STATUSES, { error: `Status must be one of ${PROJECT_STATUSES.join(', ')}` });
const column = z.enum(BOARD_COLUMNS, { error: `column must be one of ${BOARD_COLUMNS.join(', ')}` });
const budgetHours = z
  .number({ error: 'Budget hours must be a number' })
  .min(0, 'Budget hours cannot be negative')
  .max(PROJECT_LIMITS.budgetHoursMax, `Budget hours must be at most ${PROJECT_LIMITS.budgetHoursMax}`)
  .nullable()
  .optional();
const estimate = z
  .number({ error: TASK_FORM_MESSAGES.estimate })
  .int(TASK_FORM_MESSAGES.estimate)
  .min(0, 'Estimate cannot be negative')
  .max(PROJECT_LIMITS.estimateMax, `Estimate must be at most ${PROJECT_LIMITS.estimateMax} points`)
  .nullable()
  .optional();
const wipLimit = z
  .number({ error: 'A WIP limit is a number' })
  .int('A WIP limit is a whole number')
  .min(1, 'A WIP limit is at least 1')
  .max(PROJECT_LIMITS.wipLimitMax, `A WIP limit is at most ${PROJECT_LIMITS.wipLimitMax}`)
  .nullable()
  .optional();
export const wipLimitsSchema = z.strictObject(Object.fromEntries(BOARD_COLUMNS.map((c) => [c, wipLimit])) as Record<BoardColumn, typeof wipLimit>);

const projectFields = {
  name: req('Name', LIMITS.title, PROJECT_FORM_MESSAGES.name),
  company_id: pickedId(PROJECT_FORM_MESSAGES.company),
  owner_id: pickedId(PROJECT_FORM_MESSAGES.owner),
  status: status.default('planned'),
  start_date: day('Start date'),
  due_date: day('Due date'),
  budget_hours: budgetHours,
  description: longText('Description').default(''),
};
export const createProjectSchema = z
  .strictObject(projectFields)
  .refine((v) => !v.start_date || !v.due_date || v.due_date >= v.start_date, { path: ['due_date'], message: 'Due date must be on or after the start date' });
export type CreateProjectInput = z.input<typeof createProjectSchema>;

export const updateProjectSchema = z
  .strictObject({
    name: projectFields.name.optional(),
    company_id: projectFields.company_id.optional(),
    owner_id: projectFields.owner_id.optional(),
    status: status.optional(),
    start_date: projectFields.start_date,
    due_date: projectFields.due_date,
    budget_hours: budgetHours,
    description: longText('Description').optional(),
    wip_limits: wipLimitsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { path: ['body'], message: 'Send at least one field to change' });
export type UpdateProjectInput = z.input<typeof updateProjectSchema>;

export const PROJECT_SORT_FIELDS = ['name', 'company_name', 'owner_name', 'status', 'due_date', 'hours_used'] as const;
export const projectSearchQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().max(TICKET_SEARCH.queryMax, `q must be at most ${TICKET_SEARCH.queryMax} characters`).optional(),
  status: status.optional(),
  company_id: id('company_id').optional(),
  /** Only projects past their due date that are not done or cancelled. */
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
  /** Only projects with more hours logged than budgeted. */
  over_budget: z.enum(['true', 'false'], { error: 'over_budget must be true or false' }).optional(),
  sort: sortParam(PROJECT_SORT_FIELDS, 3).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(PAGE_MAX).default(1),
  size: z.coerce.number({ error: 'size must be a number' }).int('size must be a whole number').min(1, 'size must be at least 1').max(100, 'size must be at most 100').default(TICKET_SEARCH.defaultPageSize),
});
export type ProjectSearchQuery = z.input<typeof projectSearchQuerySchema>;

export const projectOptionsQuerySchema = z.strictObject({
  q: safeText('q must be text', 'q').trim().max(PROJECT_LIMITS.optionsQuery, `q must be at most ${PROJECT_LIMITS.optionsQuery} characters`).optional(),
});

const taskFields = {
  title: req('Title', LIMITS.title, TASK_FORM_MESSAGES.title),
  description: longText('Description').default(''),
  column: column.default('backlog'),
  assignee_id: id('Assignee').nullable().optional(),
  estimate,
  sprint_id: id('Sprint').nullable().optional(),
  ticket_id: id('Ticket').nullable().optional(),
};
export const createTaskSchema = z.strictObject(taskFields);
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export const updateTaskSchema = z
  .strictObject({
    title: taskFields.title.optional(),
    description: longText('Description').optional(),
    assignee_id: taskFields.assignee_id,
    estimate,
    sprint_id: taskFields.sprint_id,
    ticket_id: taskFields.ticket_id,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { path: ['body'], message: 'Send at least one field to change' });
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

/**
 * A move: the column, and where in it (before a task, after a task, or at the end when neither
 * is given). The server places the task by the neighbours it finds then, so concurrent moves end
 * in one order.
 */
export const moveTaskSchema = z
  .strictObject({ column, before_id: id('before_id').nullable().optional(), after_id: id('after_id').nullable().optional() })
  .refine((v) => !(v.before_id && v.after_id), { path: ['after_id'], message: 'Give before_id or after_id, not both' });
export type MoveTaskInput = z.input<typeof moveTaskSchema>;

/** What the Plan sprint dialog says of a field to fix (also the server's 400, which names the field). */
export const SPRINT_FORM_MESSAGES = { name: 'Give the sprint a name', start: 'Pick the day the sprint starts', end: 'Pick the day the sprint ends' } as const;

export const createSprintSchema = z
  .strictObject({
    name: req('Name', PROJECT_LIMITS.sprintName, SPRINT_FORM_MESSAGES.name),
    goal: safeText('Goal must be text', 'Goal').trim().max(PROJECT_LIMITS.goal, `Goal must be at most ${PROJECT_LIMITS.goal} characters`).default(''),
    start_date: calendarDay('Start date', SPRINT_FORM_MESSAGES.start),
    end_date: calendarDay('End date', SPRINT_FORM_MESSAGES.end),
  })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: 'End date must be on or after the start date' });
export type CreateSprintInput = z.input<typeof createSprintSchema>;

/** Where a closing sprint's unfinished tasks go: the backlog, or the project's next planned sprint. */
export const CLOSE_DESTINATIONS = ['backlog', 'next'] as const;
export type CloseDestination = (typeof CLOSE_DESTINATIONS)[number];
export const closeSprintSchema = z
  .strictObject({
    unfinished: z.enum(CLOSE_DESTINATIONS, { error: 'unfinished must be backlog or next' }),
    next_sprint_id: id('next_sprint_id').nullable().optional(),
  })
  .refine((v) => v.unfinished !== 'next' || Boolean(v.next_sprint_id), { path: ['next_sprint_id'], message: 'Choose the sprint the unfinished tasks go to' });
export type CloseSprintInput = z.input<typeof closeSprintSchema>;

export const sprintListQuerySchema = z.strictObject({
  status: z.enum(SPRINT_STATUSES, { error: `status must be one of ${SPRINT_STATUSES.join(', ')}` }).optional(),
  project_id: id('project_id').optional(),
});
export type SprintListQuery = z.input<typeof sprintListQuerySchema>;

export const wipLimitsOf = (raw: unknown): WipLimits => {
  const out: WipLimits = {};
  if (raw && typeof raw === 'object') {
    for (const c of BOARD_COLUMNS) {
      const v = (raw as Record<string, unknown>)[c];
      if (typeof v === 'number' && v > 0) out[c] = v;
    }
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// Answers (plain shapes: each answer is encoded through its schema, and its type is inferred from it)

const count = z.number().int();
const rowId = z.number().int();
/** A calendar day as YYYY-MM-DD. */
const dayText = z.string();
/** An instant in ISO 8601, UTC. */
const instantText = z.string();

export const personSchema = z.object({ id: rowId, name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** The WIP limit of each column that has one. */
export const wipLimitsAnswerSchema = z.object(
  Object.fromEntries(BOARD_COLUMNS.map((c) => [c, count.optional()])) as Record<BoardColumn, z.ZodOptional<typeof count>>,
);
export type WipLimits = z.infer<typeof wipLimitsAnswerSchema>;

export const projectRowSchema = z.object({
  id: rowId,
  name: z.string(),
  company_id: rowId,
  company_name: z.string(),
  owner_id: rowId,
  owner_name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  start_date: dayText.nullable(),
  due_date: dayText.nullable(),
  budget_hours: z.number().nullable(),
  hours_used: z.number(),
});
export type ProjectRow = z.infer<typeof projectRowSchema>;

export const projectSchema = projectRowSchema.extend({ description: z.string(), wip_limits: wipLimitsAnswerSchema, created_at: instantText });
export type Project = z.infer<typeof projectSchema>;

/** A task of a project: one item of its kanban board, in a column at a rank. */
export const taskSchema = z.object({
  id: rowId,
  project_id: rowId,
  title: z.string(),
  description: z.string(),
  column: z.enum(BOARD_COLUMNS),
  rank: z.string(),
  assignee_id: rowId.nullable(),
  assignee_name: z.string().nullable(),
  estimate: count.nullable(),
  sprint_id: rowId.nullable(),
  sprint_name: z.string().nullable(),
  ticket_id: rowId.nullable(),
  ticket_title: z.string().nullable(),
  updated_at: instantText,
});
export type Task = z.infer<typeof taskSchema>;

export const sprintRowSchema = z.object({
  id: rowId,
  project_id: rowId,
  project_name: z.string(),
  name: z.string(),
  goal: z.string(),
  start_date: dayText,
  end_date: dayText,
  status: z.enum(SPRINT_STATUSES),
  /** Points committed at the start (planned: the points planned in it so far). */
  committed_points: count,
  /** Points done: at closing for a closed sprint, so far for the others. */
  done_points: count,
  task_count: count,
});
export type SprintRow = z.infer<typeof sprintRowSchema>;

export const activityEntrySchema = z.object({
  id: rowId,
  at: instantText,
  actor_name: z.string().nullable(),
  entity: z.string(),
  entity_id: rowId.nullable(),
  action: z.string(),
  summary: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const projectViewSchema = z.object({
  project: projectSchema,
  tasks: z.array(taskSchema),
  tickets: z.array(z.object({ id: rowId, title: z.string(), status: z.string(), task_id: rowId, task_title: z.string() })),
  sprints: z.array(sprintRowSchema),
  activity: z.array(activityEntrySchema),
});
export type ProjectView = z.infer<typeof projectViewSchema>;

export const boardSchema = z.object({
  project: projectSchema.pick({ id: true, name: true, company_name: true, status: true, wip_limits: true }),
  tasks: z.array(taskSchema),
  sprints: z.array(sprintRowSchema.pick({ id: true, name: true, status: true })),
  staff: z.array(personSchema),
});
export type Board = z.infer<typeof boardSchema>;

export const burndownFiguresSchema = z.object({
  days: z.array(dayText),
  committed: z.number(),
  /** Points remaining at the end of each day; null for days still to come. */
  remaining: z.array(z.number().nullable()),
  ideal: z.array(z.number()),
  /** Per day: scope added (added, estimates raised), removed (removed, estimates lowered), done (net of reopened). */
  added: z.array(z.number()),
  removed: z.array(z.number()),
  done: z.array(z.number()),
});
export type BurndownFigures = z.infer<typeof burndownFiguresSchema>;

export const sprintViewSchema = z.object({
  sprint: sprintRowSchema.extend({ started_at: instantText.nullable(), closed_at: instantText.nullable(), spillover_points: count.nullable() }),
  tasks: z.array(taskSchema),
  burndown: burndownFiguresSchema,
  /** The project's planned sprints, where a close can send the unfinished tasks. */
  next_sprints: z.array(z.object({ id: rowId, name: z.string() })),
});
export type SprintView = z.infer<typeof sprintViewSchema>;

export const sprintListSchema = z.object({ sprints: z.array(sprintRowSchema) });

export const projectStatsSchema = z.object({
  by_status: z.record(z.enum(PROJECT_STATUSES), count),
  overdue: z.array(projectRowSchema),
  over_budget: z.array(projectRowSchema),
  velocity: z.array(z.object({ id: rowId, name: z.string(), project_name: z.string(), committed_points: count, done_points: count, end_date: dayText })),
});
export type ProjectStats = z.infer<typeof projectStatsSchema>;

export const projectOptionsSchema = z.object({ staff: z.array(personSchema), companies: z.array(personSchema) });
export type ProjectOptions = z.infer<typeof projectOptionsSchema>;

export const projectPageSchema = pagedSchema(projectRowSchema);

export const taskDeletedSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Endpoints (staff of every role; clients see nothing of projects)

const TAG = 'Projects';
const staff = { audience: 'staff', tag: TAG } as const;

export const PROJECTS = {
  search: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/projects',
    summary: 'Search projects by text, status and company, or only the overdue or over-budget ones; sorted and paged',
    query: projectSearchQuerySchema,
    response: projectPageSchema,
  }),
  options: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/projects/options',
    summary: 'Active staff, and the companies whose name contains a text, for the project and task forms',
    query: projectOptionsQuerySchema,
    response: projectOptionsSchema,
  }),
  stats: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/projects/stats',
    summary: 'Projects by status, the most overdue and over-budget ones, and the velocity of the last closed sprints',
    response: projectStatsSchema,
  }),
  create: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/projects',
    summary: 'Create a project',
    body: createProjectSchema,
    status: 201,
    idempotent: true,
    response: projectViewSchema,
  }),
  view: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/projects/:id',
    summary: 'A project with its tasks, linked tickets, sprints and latest activity',
    params: idParamsSchema,
    response: projectViewSchema,
  }),
  update: endpoint({
    ...staff,
    method: 'PATCH',
    path: '/api/v2/projects/:id',
    summary: "Change a project's fields or its WIP limits",
    params: idParamsSchema,
    body: updateProjectSchema,
    response: projectViewSchema,
  }),
  board: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/projects/:id/board',
    summary: "A project's kanban board: its tasks in board order, its sprints and the staff to assign",
    params: idParamsSchema,
    response: boardSchema,
  }),
  addTask: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/projects/:id/tasks',
    summary: "Add a task to a project's board, at the end of its column",
    params: idParamsSchema,
    body: createTaskSchema,
    status: 201,
    idempotent: true,
    response: taskSchema,
  }),
  updateTask: endpoint({
    ...staff,
    method: 'PATCH',
    path: '/api/v2/tasks/:id',
    summary: 'Change a task (its column and place change only by a move)',
    params: idParamsSchema,
    body: updateTaskSchema,
    response: taskSchema,
  }),
  deleteTask: endpoint({
    ...staff,
    method: 'DELETE',
    path: '/api/v2/tasks/:id',
    summary: 'Delete a task; its active sprint loses its points',
    params: idParamsSchema,
    response: taskDeletedSchema,
  }),
  moveTask: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/tasks/:id/move',
    summary: 'Move a task to a column, before or after another task or at the end',
    params: idParamsSchema,
    body: moveTaskSchema,
    response: taskSchema,
  }),
  sprints: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/sprints',
    summary: 'Sprints, active ones first, by status or project',
    query: sprintListQuerySchema,
    response: sprintListSchema,
  }),
  createSprint: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/projects/:id/sprints',
    summary: 'Plan a sprint of a project',
    params: idParamsSchema,
    body: createSprintSchema,
    status: 201,
    idempotent: true,
    response: sprintViewSchema,
  }),
  sprint: endpoint({
    ...staff,
    method: 'GET',
    path: '/api/v2/sprints/:id',
    summary: 'A sprint with its tasks, its burndown, and the planned sprints a close can send unfinished tasks to',
    params: idParamsSchema,
    response: sprintViewSchema,
  }),
  startSprint: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/sprints/:id/start',
    summary: "Start a planned sprint, committing its tasks' points (one active sprint per project)",
    params: idParamsSchema,
    response: sprintViewSchema,
  }),
  closeSprint: endpoint({
    ...staff,
    method: 'POST',
    path: '/api/v2/sprints/:id/close',
    summary: 'Close the active sprint, its burndown frozen and its unfinished tasks sent to the backlog or the next sprint',
    params: idParamsSchema,
    body: closeSprintSchema,
    response: sprintViewSchema,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// Rank: fractional indexing over base-62 digits (ASCII order, compared byte-wise)

export const RANK_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A rank longer than this makes the server renumber the column (in the move's transaction). */
export const RANK_RENUMBER_LENGTH = 12;

function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const digitA = a ? RANK_DIGITS.indexOf(a[0]!) : 0;
  const digitB = b !== null ? RANK_DIGITS.indexOf(b[0]!) : RANK_DIGITS.length;
  if (digitB - digitA > 1) return RANK_DIGITS[Math.round((digitA + digitB) / 2)]!;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return RANK_DIGITS[digitA]! + midpoint(a.slice(1), null);
}

/**
 * A rank strictly between two ranks (null: the start or the end of the column). Ranks never end
 * in the zero digit, so there is always room between two of them.
 */
export function rankBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) throw new Error(`rank ${before} is not before ${after}`);
  return midpoint(before ?? '', after);
}

/** `count` evenly spread ranks, for a fresh or renumbered column. */
export function spreadRanks(count: number): string[] {
  const width = Math.max(1, Math.ceil(Math.log(count + 2) / Math.log(RANK_DIGITS.length - 1)));
  const span = (RANK_DIGITS.length - 1) ** width;
  const step = span / (count + 1);
  return Array.from({ length: count }, (_, i) => {
    let n = Math.max(1, Math.round(step * (i + 1)));
    let s = '';
    for (let w = 0; w < width; w++) {
      s = RANK_DIGITS[(n % (RANK_DIGITS.length - 1)) + 1]! + s;
      n = Math.floor(n / (RANK_DIGITS.length - 1));
    }
    return s;
  });
}

/** Tasks in board order: by column, then rank (byte-wise, as the database compares them), then id. */
export const byRank = (a: Pick<Task, 'rank' | 'id'>, b: Pick<Task, 'rank' | 'id'>) =>
  a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id - b.id;

// ---------------------------------------------------------------------------------------------
// Burndown

export const TASK_EVENT_KINDS = ['added', 'removed', 'estimate', 'done', 'undone'] as const;
export type TaskEventKind = (typeof TASK_EVENT_KINDS)[number];
/** `points`: the change to the points remaining (estimate changes either sign, the others by their kind). */
export type TaskEvent = { kind: TaskEventKind; points: number; at: string };

export type BurndownInput = {
  start_date: string;
  end_date: string;
  committed: number;
  events: readonly TaskEvent[];
  /** The last instant counted (closing time, or now): later events are ignored and later days are empty. */
  until: string;
};

const DAY_MS = 86_400_000;
const dayOf = (iso: string) => iso.slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The days of a sprint, start to end inclusive (UTC calendar days). */
export function sprintDays(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Points remaining per day: committed + added − removed − done, each summed up to that day.
 * Events before the first day count on it, after the last day on the last; events after `until`
 * are not counted, so a sprint computed up to its closing time gives the same figures forever.
 */
export function computeBurndown(input: BurndownInput): BurndownFigures {
  const days = sprintDays(input.start_date, input.end_date);
  const n = days.length;
  const added = new Array<number>(n).fill(0);
  const removed = new Array<number>(n).fill(0);
  const done = new Array<number>(n).fill(0);
  const untilMs = Date.parse(input.until);
  for (const e of input.events) {
    if (Date.parse(e.at) > untilMs) continue;
    const d = dayOf(e.at);
    const i = d < days[0]! ? 0 : d > days[n - 1]! ? n - 1 : days.indexOf(d);
    switch (e.kind) {
      case 'added':
        added[i]! += Math.abs(e.points);
        break;
      case 'removed':
        removed[i]! += Math.abs(e.points);
        break;
      case 'estimate':
        if (e.points >= 0) added[i]! += e.points;
        else removed[i]! += -e.points;
        break;
      case 'done':
        done[i]! += Math.abs(e.points);
        break;
      case 'undone':
        done[i]! -= Math.abs(e.points);
        break;
    }
  }
  const lastDay = dayOf(input.until);
  let total = input.committed;
  const remaining = days.map((d, i) => {
    total += added[i]! - removed[i]! - done[i]!;
    return d <= lastDay || i === 0 ? total : null;
  });
  const ideal = days.map((_, i) => (n === 1 ? 0 : Math.round((input.committed * (n - 1 - i) * 100) / (n - 1)) / 100));
  return { days, committed: input.committed, remaining, ideal, added, removed, done };
}

/** The burndown as a chart of the one Chart component: remaining against the ideal line, scope changes marked. */
export function burndownChart(figures: BurndownFigures, title: string): ChartSpecInput {
  const markers = figures.days
    .map((d, i) => ({ d, net: figures.added[i]! - figures.removed[i]! }))
    .filter((x) => x.net !== 0)
    .slice(0, 50)
    .map((x) => ({ type: 'category' as const, category: x.d, label: `Scope ${x.net > 0 ? '+' : '−'}${Math.abs(x.net)}` }));
  const last = figures.remaining.filter((v): v is number => v !== null).at(-1) ?? figures.committed;
  const changes = markers.length ? ` Scope changed on ${markers.length} day${markers.length === 1 ? '' : 's'}.` : '';
  return {
    kind: 'burndown',
    title,
    summary: `${figures.committed} points committed, ${last} remaining.${changes}`,
    unit: 'count',
    categories: figures.days,
    categoryLabel: 'Day',
    valueLabel: 'Points remaining',
    series: [
      { name: 'Remaining', values: figures.remaining, role: 'actual' },
      { name: 'Ideal', values: figures.ideal, role: 'ideal' },
    ],
    markers,
  };
}

/** A validated chart from a spec (the screens draw only validated specs). */
export const chartSpecOf = (input: ChartSpecInput): ChartSpec => chartSpec(input);
