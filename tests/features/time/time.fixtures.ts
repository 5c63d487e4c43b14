import type { ContractUsage, TeamWeek, TimeclockView, TimesheetWeek, TrackerView } from '@contracts/time';

const punch = { id: 1, punched_in_at: '2026-03-10T13:00:00Z', punched_out_at: null, break_started_at: null, break_seconds: 0, flagged: false, time_zone: 'Europe/Berlin' };
const base = { punches: [], days: ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'], minutes: [0, 0, 0, 0, 0, 0, 0], today: 0, week: 0, now: '2026-03-10T15:00:00Z' };

/** Timeclock answers in each of its three states. */
export const clockView = {
  out: { ...base, state: 'out', open: null } satisfies TimeclockView,
  in: { ...base, state: 'in', open: punch, punches: [punch], minutes: [0, 120, 0, 0, 0, 0, 0], today: 120, week: 120 } satisfies TimeclockView,
  onBreak: { ...base, state: 'onBreak', open: { ...punch, break_started_at: '2026-03-10T14:50:00Z' }, punches: [punch] } satisfies TimeclockView,
};

const company = { id: 1, name: 'Acme Utilities' };
const user = { id: 3, name: 'Avery Agent' };
/** Tracker answers: no timer, running for ten minutes, paused, and just stopped. */
export const trackerView = {
  idle: { company, user, rounding_minutes: 15, timer: null, now: '2026-04-06T08:10:00Z' } satisfies TrackerView,
  running: { company, user, rounding_minutes: 15, timer: { started_at: '2026-04-06T08:00:00Z', paused_at: null, paused_seconds: 0 }, now: '2026-04-06T08:10:00Z' } satisfies TrackerView,
  paused: { company, user, rounding_minutes: 15, timer: { started_at: '2026-04-06T08:00:00Z', paused_at: '2026-04-06T08:05:00Z', paused_seconds: 0 }, now: '2026-04-06T08:10:00Z' } satisfies TrackerView,
  stopped: { company, user, rounding_minutes: 15, timer: null, now: '2026-04-06T08:22:00Z', posted: { id: 7, minutes: 30, work_date: '2026-04-06' } } satisfies TrackerView,
};

/** A company's managed-services contract with this month's usage (95 % used, two alerts sent). */
export const contractUsage = (over: Partial<ContractUsage> = {}): ContractUsage => ({
  company_id: 1,
  company: 'Acme Utilities',
  account_manager: 'Sam Seller',
  plan: 'Managed Gold',
  included_minutes: 1200,
  overage_rate_cents: 15000,
  rounding_minutes: 15,
  rollover: true,
  rollover_cap_minutes: 300,
  rollover_in_minutes: 60,
  used_minutes: 1140,
  adjustment_minutes: 0,
  late_minutes: 0,
  remaining_minutes: 120,
  overage_minutes: 0,
  percent: 95,
  alerts: [80, 95],
  closed: null,
  ...over,
});

const sheetDays = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'];
const emptyCells = () => sheetDays.map(() => ({ minutes: 0, note: '', ticket_minutes: 0 }));
/** A timesheet week (the week of 9 March 2026) as the server answers it: a draft, and the same week submitted. */
export const sheetWeek = (over: Partial<TimesheetWeek> = {}): TimesheetWeek => ({
  user,
  week: '2026-03-09',
  days: sheetDays,
  status: 'draft',
  reason: null,
  decided_at: null,
  decided_by: null,
  rows: [{ item: { kind: 'company', id: 1 }, label: 'Acme Utilities', company: 'Managed services', billable: true, cells: emptyCells() }],
  totals: { days: sheetDays.map(() => 0), week: 0, billable: 0 },
  changes: [],
  can_decide: false,
  ...over,
});

/** A manager's team for the week of 9 March 2026: one submitted week, one draft. */
export const teamWeeks: TeamWeek[] = [
  { user_id: 3, name: 'Avery Agent', status: 'submitted', total_minutes: 2400, billable_minutes: 1800, submitted_at: '2026-03-13T17:00:00Z', changed_cells: 0 },
  { user_id: 7, name: 'Quinn QA', status: 'draft', total_minutes: 600, billable_minutes: 600, submitted_at: null, changed_cells: 0 },
];
