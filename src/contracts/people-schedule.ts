/**
 * The weekly schedule (/weekly-schedule: shifts and on-call per person per day, per team) and the
 * certification and PTO dashboard (/certification-pto-dashboard). Part of the people feature; PTO
 * requests and shift swaps are forms of the approval engine (docs/adr/0155, 0193).
 */
import { feedTokenParamsSchema } from './common/calendar-feed';
import { QUEUES } from './common/codes';
import { endpoint } from './common/endpoint';
import { calendarDay, dateTimeInput, idInput, idParamsSchema, safeText } from './common/input';
import { isTimeZone, TIME_ZONE_MAX } from './common/time-zone';
import { z } from './common/zod';

/** The grid shows this many weeks at most at once. */
export const SCHEDULE_WEEKS_MAX = 4;
/** Coverage gaps are listed for this many days ahead. */
export const COVERAGE_GAP_DAYS = 30;
/** Certification reminders go out this many days before expiry, each once. */
export const CERTIFICATION_REMINDER_DAYS = [90, 60, 30, 7] as const;
/** Managers see certifications expiring within this many days. */
export const CERTIFICATION_EXPIRING_DAYS = 90;
/** A shift is at most this long. */
export const SHIFT_HOURS_MAX = 24;
/** Longest name and issuer of a certification, and a note on a leave request. */
export const CERTIFICATION_TEXT_MAX = 120;
export const PTO_NOTE_MAX = 500;
/** A leave request spans at most this many calendar days. */
export const PTO_DAYS_MAX = 60;
/** Where the public-holiday data comes from (its licence asks for this credit). */
export const HOLIDAY_DATA_CREDIT = 'Public holidays: date-holidays data, CC BY 3.0';

const int = () => z.number().int();
const clock = (label: string) => safeText(`${label} must be a time such as 09:00`, label).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 09:00`);
const line = (label: string, max: number) => safeText(`${label} is required`, label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

// --- The schedule --------------------------------------------------------------------------------

/** A team; `member`: the reader is in it (the schedule opens on the reader's own team). */
export const teamSchema = z.object({ id: int(), name: z.string(), ownerName: z.string().nullable(), timeZone: z.string(), region: z.string(), canEdit: z.boolean(), member: z.boolean() });
export type Team = z.infer<typeof teamSchema>;

export const shiftSchema = z.object({ id: int(), staffId: int(), startsAt: z.string(), endsAt: z.string(), version: int() });
export type Shift = z.infer<typeof shiftSchema>;
export const onCallSlotSchema = z.object({ staffId: int(), startsAt: z.string(), endsAt: z.string(), override: z.boolean() });
export type OnCallSlot = z.infer<typeof onCallSlotSchema>;
export const leaveSchema = z.object({ staffId: int(), from: z.string(), to: z.string(), state: z.enum(['approved', 'pending']) });
export type Leave = z.infer<typeof leaveSchema>;
export const holidaySchema = z.object({ day: z.string(), name: z.string() });
export const gapSchema = z.object({ startsAt: z.string(), endsAt: z.string(), staffId: int().nullable(), reason: z.string() });
export type CoverageGap = z.infer<typeof gapSchema>;

/** An override: someone on call instead of the rotation from one instant to another. */
export const overrideSchema = z.object({ id: int(), staffId: int(), startsAt: z.string(), endsAt: z.string() });
export type OnCallOverride = z.infer<typeof overrideSchema>;

export const rotationSchema = z.object({ rule: z.string(), timeZone: z.string(), handover: z.string(), startsOn: z.string(), members: z.array(int()) });
export type RotationView = z.infer<typeof rotationSchema>;

export const scheduleSchema = z.object({
  team: teamSchema,
  /** The local days shown, in the team's zone. */
  days: z.array(z.string()),
  people: z.array(z.object({ id: int(), name: z.string() })),
  shifts: z.array(shiftSchema),
  onCall: z.array(onCallSlotSchema),
  leave: z.array(leaveSchema),
  holidays: z.array(holidaySchema),
  rotation: rotationSchema.nullable(),
  /** The team's overrides that have not ended yet. */
  overrides: z.array(overrideSchema),
  gaps: z.array(gapSchema),
  /** Who reads the grid (their own shifts are the ones they may offer in a swap). */
  me: int(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleQuerySchema = z.strictObject({
  team: idInput({ label: 'Team' }),
  from: calendarDay('Week start'),
  weeks: z.coerce.number({ error: 'Weeks must be a number' }).int('Weeks must be a whole number').min(1, 'Show at least one week').max(SCHEDULE_WEEKS_MAX, `Show at most ${SCHEDULE_WEEKS_MAX} weeks`).default(1),
});

export const shiftInputSchema = z
  .strictObject({
    teamId: idInput({ label: 'Team' }),
    staffId: idInput({ message: 'Pick who works the shift' }),
    day: calendarDay('Day'),
    start: clock('Start'),
    /** An end at or before the start ends the next day (a night shift). */
    end: clock('End'),
  })
  .refine((s) => s.start !== s.end, { path: ['end'], message: 'End must differ from the start' });
export type ShiftInput = z.input<typeof shiftInputSchema>;
export const shiftUpdateSchema = z.strictObject({ version: idInput({ label: 'Version' }), staffId: idInput({ message: 'Pick who works the shift' }), day: calendarDay('Day'), start: clock('Start'), end: clock('End') }).refine((s) => s.start !== s.end, { path: ['end'], message: 'End must differ from the start' });
export type ShiftUpdate = z.input<typeof shiftUpdateSchema>;

const TZ = 'Time zone must be a time zone name such as Europe/Berlin';
export const rotationInputSchema = z.strictObject({
  rule: safeText('Rule is required', 'Rule').trim().min(1, 'Rule is required').max(200, 'Rule must be at most 200 characters').regex(/^FREQ=(DAILY|WEEKLY|MONTHLY)(;[A-Z]+=[A-Z0-9,+-]+)*$/, 'Rule must be a recurrence rule such as FREQ=WEEKLY;BYDAY=MO'),
  timeZone: safeText(TZ, 'Time zone').max(TIME_ZONE_MAX, TZ).refine(isTimeZone, TZ),
  handover: clock('Hand-over time'),
  startsOn: calendarDay('First hand-over'),
  members: z.array(idInput({ message: 'Members must be staff ids' }), { error: 'Members must be a list of people' }).min(1, 'Put at least one person on the rotation').max(50, 'At most 50 people on a rotation'),
});
export type RotationInput = z.input<typeof rotationInputSchema>;

/** How long each person holds the watch in the rotation dialog, and the rule each length is. */
export const ROTATION_LENGTHS = [
  { id: 'day', label: '1 day' },
  { id: 'week', label: '1 week' },
  { id: 'twoWeeks', label: '2 weeks' },
] as const;
export type RotationLength = (typeof ROTATION_LENGTHS)[number]['id'];
/** The hand-over weekdays, as the recurrence rule names them (Monday first). */
export const WEEKDAYS = [
  { id: 'MO', label: 'Monday' },
  { id: 'TU', label: 'Tuesday' },
  { id: 'WE', label: 'Wednesday' },
  { id: 'TH', label: 'Thursday' },
  { id: 'FR', label: 'Friday' },
  { id: 'SA', label: 'Saturday' },
  { id: 'SU', label: 'Sunday' },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]['id'];
/** The recurrence rule of a hand-over every day, or every one or two weeks on a weekday. */
export function rotationRule(length: RotationLength, weekday: Weekday): string {
  if (length === 'day') return 'FREQ=DAILY';
  return `FREQ=WEEKLY;${length === 'twoWeeks' ? 'INTERVAL=2;' : ''}BYDAY=${weekday}`;
}
/** The length and weekday a rule reads as (a rule of another shape reads as weekly on its first day, Monday by default). */
export function rotationParts(rule: string): { length: RotationLength; weekday: Weekday } {
  const day = /BYDAY=([A-Z]{2})/.exec(rule)?.[1];
  const weekday = (WEEKDAYS.find((w) => w.id === day)?.id ?? 'MO') as Weekday;
  if (rule.startsWith('FREQ=DAILY')) return { length: 'day', weekday };
  return { length: /INTERVAL=2(;|$)/.test(rule) ? 'twoWeeks' : 'week', weekday };
}

export const overrideInputSchema = z
  .strictObject({ staffId: idInput({ message: 'Pick who takes the watch' }), startsAt: dateTimeInput('Start'), endsAt: dateTimeInput('End') })
  .refine((o) => Date.parse(o.endsAt) > Date.parse(o.startsAt), { path: ['endsAt'], message: 'The end must be after the start' });
export type OverrideInput = z.input<typeof overrideInputSchema>;

export const feedSchema = z.object({ id: int(), teamId: int().nullable(), teamName: z.string().nullable(), createdAt: z.string() });
export const newFeedSchema = z.strictObject({ teamId: idInput({ label: 'Team' }).nullable() });
export const feedCreatedSchema = feedSchema.extend({ url: z.string() });
export type Feed = z.infer<typeof feedSchema>;
export type FeedCreated = z.infer<typeof feedCreatedSchema>;
export { feedTokenParamsSchema };

/** A shift swap, a form of the approval engine: my shift for theirs; they accept, then the manager approves. */
export const swapPayloadSchema = z.strictObject({
  myShiftId: idInput({ message: 'Pick one of your own shifts' }),
  theirShiftId: idInput({ message: 'Pick a shift of the colleague you swap with' }),
  counterpartId: idInput({ message: 'Pick whom to swap with' }),
});
export type SwapPayload = z.input<typeof swapPayloadSchema>;

// --- PTO and certifications ---------------------------------------------------------------------

export const PTO_UNITS = ['days', 'hours'] as const;
export const ptoPayloadSchema = z
  .strictObject({
    from: calendarDay('First day'),
    to: calendarDay('Last day'),
    unit: z.enum(PTO_UNITS, { error: 'Ask in days or in hours' }),
    /** For a request in hours: the hours of that one day. */
    hours: z.number({ error: 'Hours must be a number' }).positive('Hours must be more than 0').max(24, 'Hours must be at most 24').multipleOf(0.25, 'Hours must be in quarters of an hour').optional(),
    note: safeText('Note must be text', 'Note', 'long').trim().max(PTO_NOTE_MAX, `Keep the note under ${PTO_NOTE_MAX} characters`).optional(),
  })
  .refine((p) => p.to >= p.from, { path: ['to'], message: 'The last day must not be before the first' })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 < PTO_DAYS_MAX, { path: ['to'], message: `Ask for at most ${PTO_DAYS_MAX} days at once` })
  .refine((p) => p.unit === 'days' || (p.hours !== undefined && p.from === p.to), { path: ['hours'], message: 'A request in hours is for one day: give its hours' });
export type PtoPayload = z.input<typeof ptoPayloadSchema>;

export const ledgerEntrySchema = z.object({ kind: z.string(), hours: z.number(), on: z.string(), source: z.string() });
export const ptoRequestSchema = z.object({ id: int(), from: z.string(), to: z.string(), hours: z.number(), state: z.string(), requester: z.string(), requesterId: int(), note: z.string().nullable() });
export type PtoRequest = z.infer<typeof ptoRequestSchema>;
export const certificationSchema = z.object({ id: int(), staffId: int(), person: z.string(), name: z.string(), issuer: z.string(), earnedOn: z.string(), expiresOn: z.string().nullable(), daysLeft: int().nullable() });
export type Certification = z.infer<typeof certificationSchema>;

export const ptoPlanSchema = z.object({ name: z.string(), hoursPerMonth: z.number(), capHours: z.number(), carryOverHours: z.number(), carryOverExpires: int(), floorHours: z.number(), hoursPerDay: z.number() });
export const myPtoSchema = z.object({
  asOf: z.string(),
  plan: ptoPlanSchema.nullable(),
  /** available = accrued − approved − pending; approved is the leave of this leave year (from 1 January of `asOf`) and later, accrued what was carried into the year and earned since. */
  balance: z.object({ accrued: z.number(), approved: z.number(), pending: z.number(), available: z.number() }),
  ledger: z.array(ledgerEntrySchema),
  requests: z.array(ptoRequestSchema),
  certifications: z.array(certificationSchema),
});
export type MyPto = z.infer<typeof myPtoSchema>;
export const myPtoQuerySchema = z.strictObject({ asOf: calendarDay('As of').optional() });

export const teamPtoSchema = z.object({
  leave: z.array(ptoRequestSchema),
  pending: z.array(ptoRequestSchema),
  expiring: z.array(certificationSchema),
});
export type TeamPto = z.infer<typeof teamPtoSchema>;

export const conflictsSchema = z.object({ hours: z.number(), uncovered: z.array(onCallSlotSchema.extend({ teamName: z.string() })) });
export type LeaveConflicts = z.infer<typeof conflictsSchema>;

export const certificationInputSchema = z
  .strictObject({ name: line('Name', CERTIFICATION_TEXT_MAX), issuer: line('Issuer', CERTIFICATION_TEXT_MAX), earnedOn: calendarDay('Earned on'), expiresOn: calendarDay('Expires on').nullable() })
  .refine((c) => c.expiresOn === null || c.expiresOn > c.earnedOn, { path: ['expiresOn'], message: 'Expires on must be after the day it was earned' });
export type CertificationInput = z.input<typeof certificationInputSchema>;

/** A ticket queue's rule: whoever a ticket in it is assigned to holds a valid certification of this name (docs/adr/0223). */
export const queueRuleSchema = z.object({ queue: z.enum(QUEUES), certification: z.string().nullable() });
export type QueueRule = z.infer<typeof queueRuleSchema>;
export const queueRuleInputSchema = z.strictObject({
  queue: z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` }),
  /** null: the queue requires no certification. */
  certification: line('Certification', CERTIFICATION_TEXT_MAX).nullable(),
});
export type QueueRuleInput = z.input<typeof queueRuleInputSchema>;
/** Who may take a ticket in a queue: its rule, and the active staff without a valid certification of that name today (none without a rule). */
export const queueAssigneesQuerySchema = z.strictObject({ queue: z.enum(QUEUES, { error: `Queue must be one of ${QUEUES.join(', ')}` }) });
export const queueAssigneesSchema = z.object({ queue: z.enum(QUEUES), certification: z.string().nullable(), uncertified: z.array(int()) });
export type QueueAssignees = z.infer<typeof queueAssigneesSchema>;
/** Why a person cannot take a ticket in the queue picked, shown beside their name in the assignee pickers. */
export const notCertifiedReason = (a: Pick<QueueAssignees, 'certification'>) => `Not certified in ${a.certification}`;

const tag = 'Schedule and PTO';
export const SCHEDULE = {
  teams: endpoint({ method: 'GET', path: '/api/v2/schedule/teams', audience: 'staff', tag, summary: 'The teams with a schedule, and whether I may edit each', response: z.array(teamSchema) }),
  week: endpoint({ method: 'GET', path: '/api/v2/schedule', audience: 'staff', tag, summary: "A team's shifts, on-call, leave and holidays for one to four weeks, and its coverage gaps", query: scheduleQuerySchema, response: scheduleSchema }),
  addShift: endpoint({ method: 'POST', path: '/api/v2/schedule/shifts', audience: 'staff', tag, summary: 'Adds a shift (the team owner or an admin)', body: shiftInputSchema, status: 201, response: shiftSchema }),
  updateShift: endpoint({ method: 'PUT', path: '/api/v2/schedule/shifts/:id', audience: 'staff', tag, summary: 'Moves or changes a shift as I read it (its version)', params: idParamsSchema, body: shiftUpdateSchema, response: shiftSchema }),
  removeShift: endpoint({ method: 'DELETE', path: '/api/v2/schedule/shifts/:id', audience: 'staff', tag, summary: 'Removes a shift', params: idParamsSchema, status: 204 }),
  setRotation: endpoint({ method: 'PUT', path: '/api/v2/schedule/teams/:id/rotation', audience: 'staff', tag, summary: "Sets a team's on-call rotation: a recurrence rule, a zone, a hand-over time, its members in turn", params: idParamsSchema, body: rotationInputSchema, response: rotationSchema }),
  addOverride: endpoint({ method: 'POST', path: '/api/v2/schedule/teams/:id/overrides', audience: 'staff', tag, summary: 'Puts someone on call instead of the rotation for a while', params: idParamsSchema, body: overrideInputSchema, status: 201, response: z.object({ id: int() }) }),
  removeOverride: endpoint({ method: 'DELETE', path: '/api/v2/schedule/overrides/:id', audience: 'staff', tag, summary: 'Removes an override: the rotation holds the watch again for its hours', params: idParamsSchema, status: 204 }),
  feeds: endpoint({ method: 'GET', path: '/api/v2/schedule/feeds', audience: 'staff', tag, summary: 'My calendar feeds', response: z.array(feedSchema) }),
  addFeed: endpoint({ method: 'POST', path: '/api/v2/schedule/feeds', audience: 'staff', tag, summary: 'A secret calendar feed of my schedule or of a team (its address shown once)', body: newFeedSchema, status: 201, response: feedCreatedSchema }),
  revokeFeed: endpoint({ method: 'DELETE', path: '/api/v2/schedule/feeds/:id', audience: 'staff', tag, summary: 'Revokes one of my calendar feeds', params: idParamsSchema, status: 204 }),
  feed: endpoint({ method: 'GET', path: '/api/v2/schedule/feed/:token', audience: 'public', tag, summary: 'A calendar feed (iCalendar, times in UTC); a revoked feed is not found', params: feedTokenParamsSchema, produces: 'text/calendar' }),
} as const;

export const PTO = {
  mine: endpoint({ method: 'GET', path: '/api/v2/pto', audience: 'staff', tag, summary: 'My PTO balance as of a day (accrued − approved − pending), ledger, requests and certifications', query: myPtoQuerySchema, response: myPtoSchema }),
  team: endpoint({ method: 'GET', path: '/api/v2/pto/team', audience: 'staff', roles: ['manager', 'admin'], tag, summary: "My people's leave, the requests waiting, and certifications expiring", response: teamPtoSchema }),
  conflicts: endpoint({ method: 'GET', path: '/api/v2/pto/requests/:id/conflicts', audience: 'staff', tag, summary: 'The on-call hours a leave request would leave uncovered', params: idParamsSchema, response: conflictsSchema }),
  addCertification: endpoint({ method: 'POST', path: '/api/v2/certifications', audience: 'staff', tag, summary: 'Adds one of my certifications', body: certificationInputSchema, status: 201, response: certificationSchema }),
  removeCertification: endpoint({ method: 'DELETE', path: '/api/v2/certifications/:id', audience: 'staff', tag, summary: 'Removes one of my certifications', params: idParamsSchema, status: 204 }),
  queueRules: endpoint({ method: 'GET', path: '/api/v2/queue-certifications', audience: 'staff', tag, summary: 'Each ticket queue and the certification its assignees must hold (null: none)', response: z.array(queueRuleSchema) }),
  certificationNames: endpoint({ method: 'GET', path: '/api/v2/certifications/names', audience: 'staff', tag, summary: 'The certification names people hold, each once, by name (a queue rule picks one)', response: z.array(z.string()) }),
  queueAssignees: endpoint({ method: 'GET', path: '/api/v2/queue-certifications/assignees', audience: 'staff', tag, summary: "A queue's certification rule and the staff who hold no valid certification of it today", query: queueAssigneesQuerySchema, response: queueAssigneesSchema }),
  setQueueRule: endpoint({ method: 'PUT', path: '/api/v2/queue-certifications', audience: 'staff', roles: ['admin'], tag, summary: "Sets or clears the certification a queue's assignees must hold", body: queueRuleInputSchema, response: queueRuleSchema }),
} as const;
