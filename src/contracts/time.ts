/**
 * Time: the weekly timesheet and its approval, the timeclock, the managed-services timer and
 * managed-services contracts. Schemas of every input, the answers' types, and the pure rules both
 * the browser and the server apply (week days in a time zone, rounding, month close).
 */
import { CalendarDate, parseDate, startOfWeek, toZoned, type DateValue } from '@internationalized/date';
import { MANAGER_ROLES } from './common/constants';
import { endpoint } from './common/endpoint';
import { calendarDay, idInput, idParamsSchema, safeText } from './common/input';
import { isTimeZone } from './common/time-zone';
import { z } from './common/zod';

export const MINUTES_PER_DAY = 24 * 60;
export const TIMESHEET_NOTE_MAX = 500;
export const REJECT_REASON_MAX = 500;
/** Usage alerts of a managed-services contract, in percent of the month's included hours. */
export const USAGE_THRESHOLDS = [80, 95, 100] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];
/** Rounding rules of a contract: none, or up to the next 6, 15 or 30 minutes. */
export const ROUNDING_RULES = [0, 6, 15, 30] as const;
export type RoundingRule = (typeof ROUNDING_RULES)[number];
export const WEEK_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number];
/** Weeks that refuse changes: waiting for a decision, or approved (locked). */
export const LOCKED_STATUSES: readonly WeekStatus[] = ['submitted', 'approved'];

// ---------------------------------------------------------------------------------------------
// Pure rules

/** The Monday (YYYY-MM-DD) of the week holding a calendar day. */
export function mondayOf(day: string): string {
  return startOfWeek(parseDate(day), 'en-GB').toString();
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The seven days of the week starting on a Monday. */
export function weekDays(monday: string): string[] {
  const start = parseDate(monday);
  return Array.from({ length: 7 }, (_, i) => start.add({ days: i }).toString());
}

export const addDays = (day: string, days: number) => parseDate(day).add({ days }).toString();

/** The instant a calendar day starts in a time zone (23 or 25 hours before the next on DST days). */
export function startOfDayIn(day: string | DateValue, timeZone: string): Date {
  const date = typeof day === 'string' ? parseDate(day) : day;
  return toZoned(new CalendarDate(date.year, date.month, date.day), timeZone).toDate();
}

/**
 * Minutes of intervals per calendar day of a time zone, for the given days: an interval crossing
 * midnight is split at the local midnight, and a day of a daylight-saving change counts the real
 * minutes (23 or 25 hours long). An open interval runs until `now`.
 */
export function minutesByDay(intervals: readonly { start: Date; end: Date | null; breakMinutes?: number }[], days: readonly string[], timeZone: string, now: Date): number[] {
  const bounds = days.map((d) => [startOfDayIn(d, timeZone).getTime(), startOfDayIn(addDays(d, 1), timeZone).getTime()] as const);
  const totals = days.map(() => 0);
  for (const interval of intervals) {
    const start = interval.start.getTime();
    const end = (interval.end ?? now).getTime();
    const length = Math.max(0, end - start);
    bounds.forEach(([from, to], i) => {
      const overlap = Math.max(0, Math.min(end, to) - Math.max(start, from));
      if (overlap === 0) return;
      // Breaks are spread over the interval's days in proportion to its time in each.
      const share = length > 0 && interval.breakMinutes ? (interval.breakMinutes * 60_000 * overlap) / length : 0;
      totals[i] = totals[i]! + (overlap - share) / 60_000;
    });
  }
  return totals.map((m) => Math.round(m));
}

/** Rounds worked minutes up to the rule (0: to the whole minute, at least one). */
export function roundMinutes(minutes: number, rule: RoundingRule): number {
  const whole = Math.max(1, Math.ceil(minutes - 1e-9));
  return rule === 0 ? whole : Math.ceil(whole / rule) * rule;
}

/** Seconds a timer has run: from its start to its pause (or now), less the paused seconds. */
export function timerSeconds(timer: { started_at: string; paused_at: string | null; paused_seconds: number }, now: Date): number {
  const until = timer.paused_at ? Date.parse(timer.paused_at) : now.getTime();
  return Math.max(0, Math.floor((until - Date.parse(timer.started_at)) / 1000) - timer.paused_seconds);
}

export const monthCloseFiguresSchema = z.object({
  included_minutes: z.number().int(),
  rollover_in_minutes: z.number().int(),
  billed_minutes: z.number().int(),
  overage_minutes: z.number().int(),
  overage_cents: z.number().int(),
  rollover_out_minutes: z.number().int(),
});
/** What a month close bills (and what a closed month shows). */
export type MonthCloseFigures = z.infer<typeof monthCloseFiguresSchema>;

/**
 * The month close of a contract: billed minutes are the sum of the month's entries (each already
 * rounded by the contract's rule when posted); what exceeds the included minutes plus what rolled
 * over is overage, charged per started minute at the hourly rate; unused included minutes roll
 * over up to the cap when the contract says so.
 */
export function closeMonth(
  contract: { included_minutes: number; overage_rate_cents: number; rollover: boolean; rollover_cap_minutes: number },
  entryMinutes: readonly number[],
  rolloverIn: number,
): MonthCloseFigures {
  const billed = entryMinutes.reduce((a, b) => a + b, 0);
  const available = contract.included_minutes + rolloverIn;
  const overage = Math.max(0, billed - available);
  const unused = Math.max(0, available - billed);
  return {
    included_minutes: contract.included_minutes,
    rollover_in_minutes: rolloverIn,
    billed_minutes: billed,
    overage_minutes: overage,
    overage_cents: Math.ceil((overage * contract.overage_rate_cents) / 60),
    rollover_out_minutes: contract.rollover ? Math.min(unused, contract.rollover_cap_minutes) : 0,
  };
}

/** The thresholds usage has passed (in percent of the included minutes). */
export function passedThresholds(usedMinutes: number, includedMinutes: number): UsageThreshold[] {
  if (includedMinutes <= 0) return usedMinutes > 0 ? [...USAGE_THRESHOLDS] : [];
  return USAGE_THRESHOLDS.filter((t) => usedMinutes * 100 >= t * includedMinutes);
}

const HOURS = /^(\d{1,2})(?:[.,](\d{1,2}))?$/;
const CLOCK = /^(\d{1,2}):([0-5]\d)$/;
/** Minutes from what a person types in a cell: "1.5", "1,25", "1:30", "2" or "" (none); null when unreadable. */
export function parseHours(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const clock = CLOCK.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const hours = HOURS.exec(value);
  if (hours) return Math.round(Number(`${hours[1]}.${hours[2] ?? '0'}`) * 60);
  return null;
}

/** Minutes as "h:mm" (7:30), the timesheet's cell format. */
export function formatHours(minutes: number): string {
  if (!minutes) return '';
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const message = (label: string) => ({ label });
/** A Monday; a text that is not a calendar day is refused by calendarDay, never read as one. */
const isMonday = (d: string) => {
  try {
    return mondayOf(d) === d;
  } catch {
    return false;
  }
};
const monday = (label: string) => calendarDay(label).refine(isMonday, `${label} must be a Monday`);
/** A time zone the runtime knows (on the server, one PostgreSQL knows too: not a name the tz database dropped, such as US/Pacific-New). */
export const timeZoneInput = safeText('Time zone must be an IANA zone such as Europe/Berlin', 'Time zone').refine(isTimeZone, 'Time zone must be a current IANA zone such as Europe/Berlin');
const minutesInput = (label: string) =>
  z.coerce.number({ error: `${label} must be a number of minutes` }).int(`${label} must be whole minutes`).min(0, `${label} must not be negative`).max(MINUTES_PER_DAY, `${label} must be at most 24 hours`);

export const itemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ticket'), id: idInput(message('Ticket')) }),
  z.strictObject({ kind: z.literal('project'), id: idInput(message('Project')) }),
  z.strictObject({ kind: z.literal('company'), id: idInput(message('Company')) }),
]);
export type TimeItem = z.infer<typeof itemSchema>;

/** GET /api/v2/timesheet */
export const weekQuerySchema = z.strictObject({ week: monday('Week'), user: idInput(message('User')).optional() });
/** PUT /api/v2/timesheet/cells: the minutes of one item on one day (the hours logged on the ticket itself stay). */
export const cellSchema = z.strictObject({
  week: monday('Week'),
  item: itemSchema,
  day: calendarDay('Day'),
  minutes: minutesInput('Minutes'),
  note: safeText('Note must be text', 'Note', 'long').max(TIMESHEET_NOTE_MAX, `Note must be at most ${TIMESHEET_NOTE_MAX} characters`).optional(),
  billable: z.boolean({ error: 'Billable must be true or false' }).optional(),
});
/** POST /api/v2/timesheet/rows: add a row (an item) to a week. */
export const addRowSchema = z.strictObject({ week: monday('Week'), item: itemSchema, billable: z.boolean({ error: 'Billable must be true or false' }).default(true) });
/** POST /api/v2/timesheet/copy-last-week, /submit */
export const weekBodySchema = z.strictObject({ week: monday('Week') });
/** POST /api/v2/timesheet/decisions: approve or reject weeks of the team in bulk. */
export const decisionSchema = z
  .strictObject({
    week: monday('Week'),
    users: z.array(idInput(message('User')), { error: 'Users must be a list of ids' }).min(1, 'Choose at least one week').max(200, 'At most 200 weeks at once'),
    decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }),
    reason: safeText('Reason must be text', 'Reason', 'long').trim().max(REJECT_REASON_MAX, `Reason must be at most ${REJECT_REASON_MAX} characters`).optional(),
  })
  .refine((d) => d.decision === 'approve' || Boolean(d.reason), { path: ['reason'], message: 'Say why the week is rejected' });
/** POST /api/v2/timesheet/reopen */
export const reopenSchema = z.strictObject({ week: monday('Week'), user: idInput(message('User')) });
/** GET /api/v2/timesheet/team */
export const teamQuerySchema = z.strictObject({ week: monday('Week') });

/** GET /api/v2/timeclock */
export const timeclockQuerySchema = z.strictObject({ week: monday('Week'), tz: timeZoneInput });
/** POST /api/v2/timeclock/punch */
/** What a punch does: punch in, start or end a break, punch out. */
export const PUNCH_ACTIONS = ['in', 'breakStart', 'breakEnd', 'out'] as const;
export type PunchActionName = (typeof PUNCH_ACTIONS)[number];
export const punchSchema = z.strictObject({ action: z.enum(PUNCH_ACTIONS, { error: 'Action must be in, breakStart, breakEnd or out' }), tz: timeZoneInput });
/** PATCH /api/v2/timeclock/punches/:id: a manager's correction of a forgotten punch-out. */
export const correctPunchSchema = z.strictObject({ punched_out_at: safeText('Punched out must be a date and time', 'Punched out').pipe(z.iso.datetime({ offset: true, error: 'Punched out must be an ISO date and time' })) });

/** /api/v2/ms/tracker/:company/:user */
export const trackerParamsSchema = z.strictObject({ company: idInput(message('Company')), user: idInput(message('User')) });
/** What the timer window asks of the timer; discard drops it without posting (the way out of a timer whose time cannot be posted). */
export const TRACKER_ACTIONS = ['start', 'pause', 'resume', 'stop', 'discard'] as const;
export type TrackerActionName = (typeof TRACKER_ACTIONS)[number];
export const trackerActionSchema = z.strictObject({
  action: z.enum(TRACKER_ACTIONS, { error: 'Action must be start, pause, resume, stop or discard' }),
  note: safeText('Note must be text', 'Note', 'long').trim().max(TIMESHEET_NOTE_MAX, `Note must be at most ${TIMESHEET_NOTE_MAX} characters`).optional(),
  tz: timeZoneInput,
});

/** GET /api/v2/ms/contracts */
export const monthInput = safeText('Month must be YYYY-MM', 'Month').regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM');
export const contractsQuerySchema = z.strictObject({ month: monthInput.optional() });
/** PUT /api/v2/ms/contracts/:id */
export const contractSchema = z.strictObject({
  plan: safeText('Plan is required', 'Plan').trim().min(1, 'Plan is required').max(120, 'Plan must be at most 120 characters'),
  included_hours: z.coerce.number({ error: 'Included hours must be a number' }).min(0, 'Included hours must not be negative').max(10_000, 'Included hours must be at most 10000'),
  overage_rate_cents: z.coerce.number({ error: 'Overage rate must be a number of cents' }).int('Overage rate must be whole cents').min(0, 'Overage rate must not be negative').max(10_000_000, 'Overage rate is too large'),
  rounding_minutes: z.union(ROUNDING_RULES.map((r) => z.literal(r)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<6>, z.ZodLiteral<15>, z.ZodLiteral<30>], { error: 'Rounding must be 0, 6, 15 or 30 minutes' }),
  rollover: z.boolean({ error: 'Rollover must be true or false' }),
  rollover_cap_hours: z.coerce.number({ error: 'Rollover cap must be a number' }).min(0, 'Rollover cap must not be negative').max(10_000, 'Rollover cap must be at most 10000').default(0),
});
/** POST /api/v2/ms/contracts/:id/close */
export const closeSchema = z.strictObject({ month: monthInput });

// ---------------------------------------------------------------------------------------------
// Answers

const int = () => z.number().int();
const named = z.object({ id: int(), name: z.string() });

/** A row's item as answers carry it. */
const itemAnswerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ticket'), id: int() }),
  z.object({ kind: z.literal('project'), id: int() }),
  z.object({ kind: z.literal('company'), id: int() }),
]);

export const timesheetCellSchema = z.object({ minutes: int(), note: z.string(), ticket_minutes: int() });
export type TimesheetCell = z.infer<typeof timesheetCellSchema>;
export const timesheetRowSchema = z.object({ item: itemAnswerSchema, label: z.string(), company: z.string().nullable(), billable: z.boolean(), cells: z.array(timesheetCellSchema) });
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;
export const weekChangeSchema = z.object({ label: z.string(), day: z.string(), before: int(), after: int() });
export type WeekChange = z.infer<typeof weekChangeSchema>;
export const timesheetWeekSchema = z.object({
  user: named,
  week: z.string(),
  days: z.array(z.string()),
  status: z.enum(WEEK_STATUSES),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  rows: z.array(timesheetRowSchema),
  totals: z.object({ days: z.array(int()), week: int(), billable: int() }),
  /** Cells changed since the last decision (a resubmission after a rejection or a reopen). */
  changes: z.array(weekChangeSchema),
  can_decide: z.boolean(),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekSchema>;
export const teamWeekSchema = z.object({
  user_id: int(),
  name: z.string(),
  status: z.enum(WEEK_STATUSES),
  total_minutes: int(),
  billable_minutes: int(),
  submitted_at: z.string().nullable(),
  changed_cells: int(),
});
export type TeamWeek = z.infer<typeof teamWeekSchema>;

export const TIMECLOCK_STATES = ['out', 'in', 'onBreak'] as const;
export type TimeclockState = (typeof TIMECLOCK_STATES)[number];
export const punchAnswerSchema = z.object({
  id: int(),
  punched_in_at: z.string(),
  punched_out_at: z.string().nullable(),
  break_started_at: z.string().nullable(),
  break_seconds: int(),
  flagged: z.boolean(),
  time_zone: z.string(),
});
export type Punch = z.infer<typeof punchAnswerSchema>;
export const timeclockViewSchema = z.object({
  state: z.enum(TIMECLOCK_STATES),
  open: punchAnswerSchema.nullable(),
  punches: z.array(punchAnswerSchema),
  days: z.array(z.string()),
  minutes: z.array(int()),
  today: int(),
  week: int(),
  now: z.string(),
});
export type TimeclockView = z.infer<typeof timeclockViewSchema>;
export const flaggedPunchSchema = punchAnswerSchema.extend({ staff_user_id: int(), name: z.string() });
export type FlaggedPunch = z.infer<typeof flaggedPunchSchema>;

const roundingRuleSchema = z.literal(ROUNDING_RULES);
export const trackerTimerSchema = z.object({ started_at: z.string(), paused_at: z.string().nullable(), paused_seconds: int() });
export type TrackerTimer = z.infer<typeof trackerTimerSchema>;
export const postedEntrySchema = z.object({ id: int(), minutes: int(), work_date: z.string() });
export const trackerViewSchema = z.object({
  company: named,
  user: named,
  rounding_minutes: roundingRuleSchema,
  timer: trackerTimerSchema.nullable(),
  /** The server's clock when it answered, so the window counts from the server's time. */
  now: z.string(),
  /** The entry the last stop posted (answer of stop only). */
  posted: postedEntrySchema.optional(),
});
export type TrackerView = z.infer<typeof trackerViewSchema>;

export const contractUsageSchema = z.object({
  company_id: int(),
  company: z.string(),
  account_manager: z.string().nullable(),
  plan: z.string(),
  included_minutes: int(),
  overage_rate_cents: int(),
  rounding_minutes: roundingRuleSchema,
  rollover: z.boolean(),
  rollover_cap_minutes: int(),
  rollover_in_minutes: int(),
  /**
   * The month's usage. An open month: its own time plus the late time waiting for the next bill
   * (`adjustment_minutes`). A closed month: what its bill counted (the bill never changes).
   */
  used_minutes: int(),
  /**
   * Late time in `used_minutes`: time dated in an earlier, closed month that arrived after that
   * month's bill. An open month: waiting for the next bill (the next month closed takes it). A
   * closed month: what its bill carried.
   */
  adjustment_minutes: int(),
  /** A closed month: time dated in it that arrived after its bill, carried by the next bill (0 for an open month). */
  late_minutes: int(),
  remaining_minutes: int(),
  overage_minutes: int(),
  percent: z.number(),
  alerts: z.array(z.literal(USAGE_THRESHOLDS)),
  closed: monthCloseFiguresSchema.nullable(),
});
export type ContractUsage = z.infer<typeof contractUsageSchema>;
export const contractsViewSchema = z.object({ month: z.string(), contracts: z.array(contractUsageSchema) });
export type ContractsView = z.infer<typeof contractsViewSchema>;
export const contractAnswerSchema = z.object({ contract: contractUsageSchema.nullable() });
export const msTicketSchema = z.object({
  id: int(),
  title: z.string(),
  company: z.string().nullable(),
  status: z.string(),
  severity: z.string(),
  assignee: z.string().nullable(),
  updated_at: z.string(),
});
export type MsTicket = z.infer<typeof msTicketSchema>;

const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Endpoints

const tag = 'Time';

export const TIME = {
  week: endpoint({
    method: 'GET',
    path: '/api/v2/timesheet',
    audience: 'staff',
    tag,
    summary: "A week of a person's timesheet (their own, or of someone they manage)",
    query: weekQuerySchema,
    response: timesheetWeekSchema,
  }),
  setCell: endpoint({
    method: 'PUT',
    path: '/api/v2/timesheet/cells',
    audience: 'staff',
    tag,
    summary: 'Sets the minutes (and note, billable flag) of one item on one day of my week',
    body: cellSchema,
    response: timesheetWeekSchema,
  }),
  addRow: endpoint({
    method: 'POST',
    path: '/api/v2/timesheet/rows',
    audience: 'staff',
    tag,
    summary: 'Adds a ticket, project or company row to my week',
    body: addRowSchema,
    response: timesheetWeekSchema,
  }),
  copyLastWeek: endpoint({
    method: 'POST',
    path: '/api/v2/timesheet/copy-last-week',
    audience: 'staff',
    tag,
    summary: "Copies last week's rows (not their hours) into my week",
    body: weekBodySchema,
    response: z.object({ added: int(), week: timesheetWeekSchema }),
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/v2/timesheet/submit',
    audience: 'staff',
    tag,
    summary: 'Submits my week for approval (it is locked until a decision)',
    body: weekBodySchema,
    response: timesheetWeekSchema,
  }),
  team: endpoint({
    method: 'GET',
    path: '/api/v2/timesheet/team',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: 'The weeks of the people I manage',
    query: teamQuerySchema,
    response: z.array(teamWeekSchema),
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/v2/timesheet/decisions',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: 'Approves or rejects submitted weeks of my team, all or none',
    body: decisionSchema,
    response: z.object({ decided: int() }),
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/v2/timesheet/reopen',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: 'Reopens a submitted or approved week of a person I manage',
    body: reopenSchema,
    response: timesheetWeekSchema,
  }),
  timeclock: endpoint({
    method: 'GET',
    path: '/api/v2/timeclock',
    audience: 'staff',
    tag,
    summary: 'My timeclock: the open punch, the week’s punches and hours per day in my time zone',
    query: timeclockQuerySchema,
    response: timeclockViewSchema,
  }),
  punch: endpoint({
    method: 'POST',
    path: '/api/v2/timeclock/punch',
    audience: 'staff',
    tag,
    summary: 'Punches in or out, or starts or ends a break',
    body: punchSchema,
    response: okSchema,
  }),
  flagged: endpoint({
    method: 'GET',
    path: '/api/v2/timeclock/flagged',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: 'Forgotten punch-outs of my team, not corrected yet',
    response: z.array(flaggedPunchSchema),
  }),
  correctPunch: endpoint({
    method: 'PATCH',
    path: '/api/v2/timeclock/punches/:id',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: 'Sets the punch-out of a forgotten punch of a person I manage',
    params: idParamsSchema,
    body: correctPunchSchema,
    response: okSchema,
  }),
  tracker: endpoint({
    method: 'GET',
    path: '/api/v2/ms/tracker/:company/:user',
    audience: 'staff',
    tag,
    summary: "A person's managed-services timer on a company",
    params: trackerParamsSchema,
    response: trackerViewSchema,
  }),
  track: endpoint({
    method: 'POST',
    path: '/api/v2/ms/tracker/:company/:user',
    audience: 'staff',
    tag,
    summary: "Starts, pauses, resumes, stops (posting the time) or discards a person's managed-services timer",
    params: trackerParamsSchema,
    body: trackerActionSchema,
    response: trackerViewSchema,
  }),
  contracts: endpoint({
    method: 'GET',
    path: '/api/v2/ms/contracts',
    audience: 'staff',
    tag,
    summary: 'Managed-services contracts with their usage in a month',
    query: contractsQuerySchema,
    response: contractsViewSchema,
  }),
  contract: endpoint({
    method: 'GET',
    path: '/api/v2/ms/contracts/:id',
    audience: 'staff',
    tag,
    summary: "A company's managed-services contract with this month's usage (null without one)",
    params: idParamsSchema,
    response: contractAnswerSchema,
  }),
  saveContract: endpoint({
    method: 'PUT',
    path: '/api/v2/ms/contracts/:id',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: "Creates or changes a company's managed-services contract",
    params: idParamsSchema,
    body: contractSchema,
    response: contractAnswerSchema,
  }),
  closeMonth: endpoint({
    method: 'POST',
    path: '/api/v2/ms/contracts/:id/close',
    audience: 'staff',
    roles: MANAGER_ROLES,
    tag,
    summary: "Closes (bills) an ended month of a company's contract",
    params: idParamsSchema,
    body: closeSchema,
    response: monthCloseFiguresSchema,
  }),
  msTickets: endpoint({
    method: 'GET',
    path: '/api/v2/ms/tickets',
    audience: 'staff',
    tag,
    summary: 'Open tickets of the Managed Services queue, most recently changed first',
    response: z.array(msTicketSchema),
  }),
} as const;
