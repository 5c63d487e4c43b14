/**
 * Time: the weekly timesheet and its approval, the timeclock, the managed-services timer and
 * managed-services contracts. Schemas of every input, the answers' types, and the pure rules both
 * the browser and the server apply (week days in a time zone, rounding, month close).
 */
import { CalendarDate, parseDate, startOfWeek, toZoned, type DateValue } from '@internationalized/date';
import { calendarDay, idInput, safeText } from './common/input';
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

export type MonthCloseFigures = {
  included_minutes: number;
  rollover_in_minutes: number;
  billed_minutes: number;
  overage_minutes: number;
  overage_cents: number;
  rollover_out_minutes: number;
};

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
export const punchSchema = z.strictObject({ action: z.enum(['in', 'breakStart', 'breakEnd', 'out'], { error: 'Action must be in, breakStart, breakEnd or out' }), tz: timeZoneInput });
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

export type TimesheetCell = { minutes: number; note: string; ticket_minutes: number };
export type TimesheetRow = { item: TimeItem; label: string; company: string | null; billable: boolean; cells: TimesheetCell[] };
export type WeekChange = { label: string; day: string; before: number; after: number };
export type TimesheetWeek = {
  user: { id: number; name: string };
  week: string;
  days: string[];
  status: WeekStatus;
  reason: string | null;
  decided_at: string | null;
  decided_by: string | null;
  rows: TimesheetRow[];
  totals: { days: number[]; week: number; billable: number };
  /** Cells changed since the last decision (a resubmission after a rejection or a reopen). */
  changes: WeekChange[];
  can_decide: boolean;
};
export type TeamWeek = { user_id: number; name: string; status: WeekStatus; total_minutes: number; billable_minutes: number; submitted_at: string | null; changed_cells: number };

export type Punch = { id: number; punched_in_at: string; punched_out_at: string | null; break_started_at: string | null; break_seconds: number; flagged: boolean; time_zone: string };
export type TimeclockState = 'out' | 'in' | 'onBreak';
export type TimeclockView = { state: TimeclockState; open: Punch | null; punches: Punch[]; days: string[]; minutes: number[]; today: number; week: number; now: string };
export type FlaggedPunch = Punch & { staff_user_id: number; name: string };

export type TrackerTimer = { started_at: string; paused_at: string | null; paused_seconds: number };
export type TrackerView = {
  company: { id: number; name: string };
  user: { id: number; name: string };
  rounding_minutes: RoundingRule;
  timer: TrackerTimer | null;
  /** The server's clock when it answered, so the window counts from the server's time. */
  now: string;
  /** The entry the last stop posted (answer of stop only). */
  posted?: { id: number; minutes: number; work_date: string };
};

export type ContractUsage = {
  company_id: number;
  company: string;
  account_manager: string | null;
  plan: string;
  included_minutes: number;
  overage_rate_cents: number;
  rounding_minutes: RoundingRule;
  rollover: boolean;
  rollover_cap_minutes: number;
  rollover_in_minutes: number;
  /**
   * The month's usage. An open month: its own time plus the late time waiting for the next bill
   * (`adjustment_minutes`). A closed month: what its bill counted (the bill never changes).
   */
  used_minutes: number;
  /**
   * Late time in `used_minutes`: time dated in an earlier, closed month that arrived after that
   * month's bill. An open month: waiting for the next bill (the next month closed takes it). A
   * closed month: what its bill carried.
   */
  adjustment_minutes: number;
  /** A closed month: time dated in it that arrived after its bill, carried by the next bill (0 for an open month). */
  late_minutes: number;
  remaining_minutes: number;
  overage_minutes: number;
  percent: number;
  alerts: UsageThreshold[];
  closed: MonthCloseFigures | null;
};
export type ContractsView = { month: string; contracts: ContractUsage[] };
export type MsTicket = { id: number; title: string; company: string; status: string; severity: string; assignee: string | null; updated_at: string };
