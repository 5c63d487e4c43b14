/**
 * The time feature's commands: each one a transaction script run inside the caller's transaction
 * (rules, writes through the repositories, the audit row, mail and jobs), so a refusal leaves
 * nothing half-written. Routes parse, call one of these and answer; SQL lives in the repositories.
 * `logTime` is the one way a time entry is added, by this feature and by others (a ticket's note
 * or time entry): the person lock, the week lock, the 24-hour day, then the entry and its audit row.
 */
import type { z } from 'zod';
import { formatMonth, MESSAGE_LOCALE } from '@contracts/common/dates';
import { isTimeZone } from '@contracts/common/time-zone';
import { CORRECTABLE_DAYS, CORRECTABLE_ENTRIES_MAX, CORRECTABLE_ZONE_MESSAGE, type OwnPunch, type OwnTimeEntry, type PunchBefore, type PunchFields } from '@contracts/forms';
import {
  addDays,
  closeMonth,
  dayInZone,
  LOCKED_STATUSES,
  MINUTES_PER_DAY,
  mondayOf,
  passedThresholds,
  roundMinutes,
  weekDays,
  type addRowSchema,
  type cellSchema,
  type contractSchema,
  type MonthCloseFigures,
  type PunchActionName,
  type TimeItem,
  type TrackerActionName,
  type TrackerView,
  type UsageThreshold,
} from '@contracts/time';
import { audit, SYSTEM, type AuditActor } from '@server/platform/audit';
import type { StaffPrincipal } from '@server/platform/auth/sessions';
import { conflict, forbidden, invalidField, notFound, type ApiError } from '@server/platform/http/errors';
import { queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import { lockPerson, manages, person, type Person } from './access';
import {
  companyExists,
  contractOf,
  contractRows,
  contractsUsage,
  contractTermsForUpdate,
  entriesToBill,
  insertMonthClose,
  monthClosed,
  monthOf,
  recordAlertOnce,
  upsertContract,
} from './managed.repo';
import {
  correctablePunch,
  flagOpenPunchesPastTheirDay,
  insertPunch,
  openPunch,
  openPunchesInUnknownZones,
  overlappingPunch,
  ownPunchesSince,
  punchForUpdate,
  setPunchOut,
  setPunchTimes,
  updatePunch,
} from './timeclock.repo';
import {
  correctableEntry,
  ownEntriesSince,
  dayMinutes,
  deleteOwnCellEntries,
  insertTimeEntry,
  itemRecord,
  keyOf,
  lockCell,
  markDecided,
  markDraft,
  markSubmitted,
  pinRow,
  projectsIn,
  snapshotOf,
  updateEntryFields,
  weekRow,
  weekRows,
  type NewTimeEntry,
} from './timesheet.repo';
import { deleteTimer, insertTimer, overlappingEntry, pauseTimer, resumeTimer, secondsOf, timerOf } from './tracker.repo';

// --- Rules shared by every path that adds time -----------------------------------------------------

/** A punch lasts at most a day. */
const PUNCH_MAX_MS = 24 * 3600_000;

/** Where a person asks for a change of an approved week's time. */
export const CORRECTION_FORM_PATH = '/forms/correction';

/** Refuses a change to a week that waits for a decision or is approved, with a 409 naming why (and, once approved, the Correction form). */
export async function assertWeekOpen(db: Queryable, userId: number, day: string): Promise<void> {
  const week = mondayOf(day);
  const row = await weekRow(db, userId, week, true);
  if (LOCKED_STATUSES.includes(row.status)) {
    throw conflict(
      row.status === 'submitted'
        ? `The week of ${week} is submitted for approval; it is locked until a manager approves or rejects it`
        : `The week of ${week} is approved and locked; correct its time through the Correction form (${CORRECTION_FORM_PATH}), or ask a manager to reopen it`,
    );
  }
}

/** The refusal of time that would take a day past 24 hours: a 400 on `minutes` (the timesheet's, a ticket's note or entry). */
const dayIsFull = () => invalidField('minutes', 'A day holds at most 24 hours');

/** Whether adding minutes to a person's day (less what is replaced) would take it past 24 hours. */
async function overFullDay(db: Queryable, userId: number, day: string, adding: number, replacing = 0): Promise<boolean> {
  return (await dayMinutes(db, userId, day)) - replacing + adding > MINUTES_PER_DAY;
}

/** A time entry to add: whose, on what, which day, how long; timed work (the timer) carries its interval. */
export type TimeToLog = {
  staffUserId: number;
  workDate: string;
  minutes: number;
  billable: boolean;
  description: string;
  /** Where it is logged from: a ticket (a note's minutes or the ticket's time entry), or the managed-services timer. */
  source: 'ticket' | 'tracker';
  ticketId?: number | null;
  projectId?: number | null;
  companyId: number | null;
  noteId?: number | null;
  interval?: { start: Date; end: Date } | null;
};

/** How a path says a refusal in its own words (the timer tells the person to discard it). */
export type LogTimeRefusals = { fullDay?: (day: string) => ApiError; overlap?: (entryId: number) => ApiError };

/**
 * Adds a time entry, under the rules of every path that adds time: one change of a person's time
 * at a time (the person is locked), nothing on a day of a submitted or approved week (409), no
 * day past 24 hours (400 on `minutes`), no two timed entries of a person overlapping (409). Time
 * dated in a closed managed-services month is taken: it is late time, billed with the next month
 * closed (docs/adr/0100). Writes the entry and its audit row; answers the entry's id.
 */
export async function logTime(db: Queryable, actor: AuditActor, entry: TimeToLog, refusals: LogTimeRefusals = {}): Promise<number> {
  const { staffUserId: userId, workDate: day, minutes } = entry;
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, day);
  if (await overFullDay(db, userId, day, minutes)) throw (refusals.fullDay ?? dayIsFull)(day);
  if (entry.interval) {
    const overlap = await overlappingEntry(db, userId, entry.interval.start, entry.interval.end);
    if (overlap !== null) throw refusals.overlap ? refusals.overlap(overlap) : conflict(`This time overlaps time entry ${overlap}, which was tracked at the same time`);
  }
  const row: NewTimeEntry = {
    staffUserId: userId,
    ticketId: entry.ticketId ?? null,
    projectId: entry.projectId ?? null,
    companyId: entry.companyId,
    noteId: entry.noteId ?? null,
    workDate: day,
    minutes,
    billable: entry.billable,
    description: entry.description,
    source: entry.source,
    interval: entry.interval ?? null,
  };
  const id = await insertTimeEntry(db, row);
  const on = { ...(row.ticketId ? { ticket_id: row.ticketId } : {}), ...(row.projectId ? { project_id: row.projectId } : {}), company_id: row.companyId };
  await audit(db, { actor, entity: 'time_entry', entityId: id, action: entry.source === 'tracker' ? 'track' : 'log', detail: { ...on, minutes, day, source: entry.source } });
  return id;
}

// --- Record corrections ----------------------------------------------------------------------------------

/** A time entry as a correction states it. */
export type EntryFields = { workDate: string; minutes: number; description: string };
const sameFields = (a: EntryFields, b: EntryFields) => a.workDate === b.workDate && a.minutes === b.minutes && a.description === b.description;

/** A person's own time entry as it is now (for a correction to state as "before"), or null when it is not theirs. */
export async function ownEntryFields(db: Queryable, userId: number, entryId: number): Promise<EntryFields | null> {
  const entry = await correctableEntry(db, entryId);
  return entry && entry.staffUserId === userId ? { workDate: entry.workDate, minutes: entry.minutes, description: entry.description } : null;
}

/** The first day a correction may pick from: the last days counted back from today in my time zone (400 on `tz` when it is not one). */
function firstCorrectableDay(now: Date, timeZone: string): string {
  if (!isTimeZone(timeZone)) throw invalidField('tz', CORRECTABLE_ZONE_MESSAGE);
  return addDays(dayInZone(now, timeZone), -CORRECTABLE_DAYS);
}

/** My time entries of the last days (in my time zone) a correction may pick from, newest first. */
export async function ownRecentEntries(db: Queryable, userId: number, now: Date, timeZone = 'UTC'): Promise<OwnTimeEntry[]> {
  return ownEntriesSince(db, userId, firstCorrectableDay(now, timeZone), CORRECTABLE_ENTRIES_MAX);
}

/** My punches that started in the last days (in my time zone), newest first, for a correction to pick from. */
export async function ownRecentPunches(db: Queryable, userId: number, now: Date, timeZone = 'UTC'): Promise<OwnPunch[]> {
  return ownPunchesSince(db, userId, firstCorrectableDay(now, timeZone), timeZone, CORRECTABLE_ENTRIES_MAX);
}

const samePunch = (a: PunchBefore, b: PunchBefore) => a.punchedInAt === b.punchedInAt && a.punchedOutAt === b.punchedOutAt;
/** Instants compared to the second (as punches are read). */
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * The rules a corrected punch keeps, against the person's other punches as they are now: not in the
 * future, at most a day long, longer than its breaks, no overlap with another punch of theirs (a 400
 * naming the field; `overlap` says how an overlap is refused at approval, where it means "changed since").
 */
async function assertPunchFits(db: Queryable, userId: number, punchId: number, after: PunchFields, breakSeconds: number, now: Date, overlap = (message: string) => invalidField('after.punchedInAt', message)): Promise<void> {
  const start = new Date(after.punchedInAt);
  const end = new Date(after.punchedOutAt);
  if (end > now) throw invalidField('after.punchedOutAt', 'Punched out must not be in the future');
  if (end.getTime() - start.getTime() > PUNCH_MAX_MS) throw invalidField('after.punchedOutAt', 'A punch lasts at most 24 hours');
  if ((end.getTime() - start.getTime()) / 1000 <= breakSeconds) throw invalidField('after.punchedOutAt', `The punch holds ${Math.round(breakSeconds / 60)} minutes of breaks; it must last longer than that`);
  const other = await overlappingPunch(db, userId, punchId, start, end);
  if (other) throw overlap(`This overlaps your punch ${other.id} (punched in at ${other.punchedInAt}); punches may not overlap`);
}

/**
 * A punch of mine as it is now, for a correction to state as "before", with the corrected in and out
 * checked: 400 on `punchId` when it is not mine or still open (an open punch is punched out, or its
 * forgotten punch-out set by a manager, not corrected: docs/adr/0231), on `after.*` when the times break a rule.
 */
export async function checkPunchCorrection(db: Queryable, userId: number, punchId: number, after: PunchFields, now: Date): Promise<PunchBefore> {
  const punch = await correctablePunch(db, punchId);
  if (!punch || punch.staffUserId !== userId) throw invalidField('punchId', 'Pick a punch of yours');
  if (punch.punchedOutAt === null) throw invalidField('punchId', 'This punch is still open; punch out first, then correct it');
  await assertPunchFits(db, userId, punchId, after, punch.breakSeconds, now);
  return { punchedInAt: punch.punchedInAt, punchedOutAt: punch.punchedOutAt };
}

/**
 * Applies an approved correction of a punch, in the approving transaction: the one way a punch of an
 * approved week changes. The punch must still be as the correction read it, and still fit among the
 * person's punches (409 otherwise, nothing written); the audit row keeps before and after, in the approver's name.
 */
export async function correctPunchTimes(db: Queryable, actor: AuditActor, input: { punchId: number; userId: number; before: PunchBefore; after: PunchFields; requestId: number }, now: Date): Promise<void> {
  await lockPerson(db, input.userId);
  const punch = await correctablePunch(db, input.punchId, true);
  if (!punch || punch.staffUserId !== input.userId || !samePunch(punch, input.before)) {
    throw conflict('The punch changed since this correction was sent; ask for a new correction of it as it is now');
  }
  await assertPunchFits(db, input.userId, input.punchId, input.after, punch.breakSeconds, now, (message) => conflict(`${message}. Your punches changed since this correction was sent`));
  await setPunchTimes(db, input.punchId, input.after.punchedInAt, input.after.punchedOutAt, actor.type === 'staff' ? actor.id : null);
  const after = { punchedInAt: toSecond(input.after.punchedInAt), punchedOutAt: toSecond(input.after.punchedOutAt) };
  await audit(db, { actor, entity: 'punch', entityId: input.punchId, action: 'correct', detail: { request_id: input.requestId, before: input.before, after } });
}

/**
 * Applies an approved correction of a time entry: the one way an approved week changes. The entry
 * must still be as the correction read it (409 otherwise, nothing written); the day may not pass 24
 * hours; the audit row keeps the entry before and after.
 */
export async function correctTimeEntry(db: Queryable, actor: AuditActor, input: { entryId: number; userId: number; before: EntryFields; after: EntryFields; requestId: number }): Promise<void> {
  await lockPerson(db, input.userId);
  const entry = await correctableEntry(db, input.entryId, true);
  if (!entry || entry.staffUserId !== input.userId || !sameFields(entry, input.before)) {
    throw conflict('The time entry changed since this correction was sent; ask for a new correction of it as it is now');
  }
  const replacing = entry.workDate === input.after.workDate ? entry.minutes : 0;
  if (await overFullDay(db, input.userId, input.after.workDate, input.after.minutes, replacing)) throw dayIsFull();
  await updateEntryFields(db, input.entryId, input.after);
  await audit(db, { actor, entity: 'time_entry', entityId: input.entryId, action: 'correct', detail: { request_id: input.requestId, before: input.before, after: input.after } });
}

// --- Timesheet ----------------------------------------------------------------------------------------

/** Project statuses that take no more time (the projects feature's closed states). */
const CLOSED_PROJECT_STATUSES: readonly string[] = ['done', 'cancelled'];

/** What an entry of the item is filed under (its company) and what names it; 400 on item.id when it cannot take time. */
async function itemTarget(db: Queryable, item: TimeItem): Promise<{ companyId: number | null; label: string }> {
  const found = await itemRecord(db, item);
  if (!found) throw invalidField('item.id', `No such ${item.kind}`);
  if (item.kind === 'project' && found.status && CLOSED_PROJECT_STATUSES.includes(found.status)) {
    throw invalidField('item.id', `${found.label} is ${found.status}; time is logged on open projects only`);
  }
  return found;
}

/**
 * Sets one cell: the timesheet's own entry of the item on the day becomes what makes the cell
 * hold the typed minutes (time logged on the ticket or by the timer stays as it is, and so does
 * time a closed managed-services month billed: more goes on the next bill as late time).
 */
export async function setCell(db: Queryable, actor: AuditActor, userId: number, input: z.output<typeof cellSchema>): Promise<void> {
  if (!weekDays(input.week).includes(input.day)) throw invalidField('day', 'Day must be in the week');
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, input.day);
  const target = await itemTarget(db, input.item);
  // The cell's entries are locked first: a month close billing them meanwhile is waited for, and then seen.
  const { other, billed, own, billable: ownBillable } = await lockCell(db, userId, input.day, input.item);
  if (input.minutes < other) {
    throw invalidField(
      'minutes',
      billed === other
        ? `This cell holds ${billed} minutes billed on a closed managed-services month; it cannot go below that`
        : billed > 0
          ? `This cell holds ${other} minutes logged on the ticket, by the timer or billed on a closed managed-services month; it cannot go below that`
          : `This cell holds ${other} minutes logged on the ticket or by the timer; change those there`,
    );
  }
  const mine = input.minutes - other;
  if (await overFullDay(db, userId, input.day, mine, own)) throw dayIsFull();
  const billable = input.billable ?? ownBillable ?? true;
  await deleteOwnCellEntries(db, userId, input.day, input.item);
  if (mine > 0) {
    await insertTimeEntry(db, {
      staffUserId: userId,
      ticketId: input.item.kind === 'ticket' ? input.item.id : null,
      projectId: input.item.kind === 'project' ? input.item.id : null,
      companyId: target.companyId,
      noteId: null,
      workDate: input.day,
      minutes: mine,
      billable,
      description: input.note ?? '',
      source: 'timesheet',
      interval: null,
    });
  }
  await pinRow(db, userId, input.week, input.item, billable);
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'set_cell', detail: { item: input.item, label: target.label, day: input.day, minutes: input.minutes, before: own + other } });
}

export async function addRow(db: Queryable, actor: AuditActor, userId: number, input: z.output<typeof addRowSchema>): Promise<void> {
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, input.week);
  const target = await itemTarget(db, input.item);
  await pinRow(db, userId, input.week, input.item, input.billable);
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'add_row', detail: { week: input.week, item: input.item, label: target.label } });
}

/**
 * Copies last week's rows (items and billable flags, not hours) into the week, leaving out projects
 * closed since (done or cancelled take no time); answers how many were new.
 */
export async function copyLastWeek(db: Queryable, actor: AuditActor, userId: number, week: string): Promise<number> {
  await lockPerson(db, userId);
  await assertWeekOpen(db, userId, week);
  const last = await weekRows(db, userId, addDays(week, -7));
  const current = new Set((await weekRows(db, userId, week)).map((r) => keyOf(r.item)));
  const closed = await projectsIn(
    db,
    last.filter((r) => r.item.kind === 'project').map((r) => r.item.id),
    CLOSED_PROJECT_STATUSES,
  );
  let added = 0;
  for (const r of last) {
    if (current.has(keyOf(r.item)) || (r.item.kind === 'project' && closed.has(r.item.id))) continue;
    await pinRow(db, userId, week, r.item, r.billable);
    added += 1;
  }
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'copy_last_week', detail: { week, added } });
  return added;
}

export async function submitWeek(db: Queryable, actor: AuditActor, userId: number, week: string, now: Date): Promise<void> {
  await lockPerson(db, userId);
  const state = await weekRow(db, userId, week, true);
  if (LOCKED_STATUSES.includes(state.status)) throw conflict(state.status === 'submitted' ? `The week of ${week} is already submitted` : `The week of ${week} is approved and locked`);
  await markSubmitted(db, userId, week, now);
  await audit(db, { actor, entity: 'timesheet', entityId: userId, action: 'submit', detail: { week, from: state.status } });
}

/** Approves or rejects submitted weeks of people the principal manages; all or none. */
export async function decideWeeks(db: Queryable, me: StaffPrincipal, input: { week: string; users: number[]; decision: 'approve' | 'reject'; reason?: string | undefined }, now: Date): Promise<number> {
  const actor: AuditActor = { type: 'staff', id: me.userId };
  for (const userId of [...new Set(input.users)].sort((a, b) => a - b)) {
    const who = await person(db, userId);
    if (!manages(me, who)) throw forbidden(`You do not manage ${who.name}`);
    await lockPerson(db, userId);
    const state = await weekRow(db, userId, input.week, true);
    if (state.status !== 'submitted') throw conflict(`${who.name}'s week of ${input.week} is ${state.status}, not submitted`);
    const rows = await weekRows(db, userId, input.week);
    await markDecided(db, {
      userId,
      week: input.week,
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      reason: input.decision === 'reject' ? (input.reason ?? null) : null,
      at: now,
      by: me.userId,
      cells: snapshotOf(rows, weekDays(input.week)),
    });
    await audit(db, { actor, entity: 'timesheet', entityId: userId, action: input.decision, detail: { week: input.week, reason: input.reason ?? null } });
  }
  return input.users.length;
}

/** A manager reopens a submitted or approved week: it is a draft again, and the last decision is kept for comparison. */
export async function reopenWeek(db: Queryable, me: StaffPrincipal, userId: number, week: string): Promise<void> {
  const who = await person(db, userId);
  if (!manages(me, who)) throw forbidden(`You do not manage ${who.name}`);
  await lockPerson(db, userId);
  const state = await weekRow(db, userId, week, true);
  if (!LOCKED_STATUSES.includes(state.status)) throw conflict(`${who.name}'s week of ${week} is ${state.status}; only a submitted or approved week is reopened`);
  await markDraft(db, userId, week);
  await audit(db, { actor: { type: 'staff', id: me.userId }, entity: 'timesheet', entityId: userId, action: 'reopen', detail: { week, from: state.status } });
}

// --- Timeclock -----------------------------------------------------------------------------------------

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** One punch action; the database refuses a second open punch of a person (two tabs, two devices). */
export async function punch(db: Queryable, actor: AuditActor, userId: number, action: PunchActionName, timeZone: string, now: Date): Promise<void> {
  if (action === 'in') {
    let id: number;
    try {
      id = await insertPunch(db, userId, timeZone, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('You are already punched in (in another tab or on another device)');
      throw error;
    }
    await audit(db, { actor, entity: 'punch', entityId: id, action: 'in' });
    return;
  }
  const open = await openPunch(db, userId);
  if (!open) throw conflict('You are not punched in');
  if (action === 'breakStart' && open.on_break) throw conflict('You are already on a break');
  if (action === 'breakEnd' && !open.on_break) throw conflict('You are not on a break');
  await updatePunch(db, open.id, action, now);
  await audit(db, { actor, entity: 'punch', entityId: open.id, action });
}

/** Said when a punch's stored zone is one the database does not know (stored before zones were checked with it). */
export type UnknownZoneLog = (detail: { punch: number; time_zone: string }, message: string) => void;

/**
 * Flags punches left open past the end of the day they started (in the zone they were punched
 * in): the person forgot to punch out. A punch whose stored zone the database does not know is
 * counted in UTC and logged, so it cannot stop the sweep for everyone. Answers how many were
 * flagged. Idempotent.
 */
export async function flagForgottenPunches(db: Queryable, now: Date, log: UnknownZoneLog = () => undefined): Promise<number> {
  const rows = await flagOpenPunchesPastTheirDay(db, now);
  for (const u of await openPunchesInUnknownZones(db, now)) log({ punch: u.id, time_zone: u.time_zone }, 'A punch has a time zone the database does not know; its day is counted in UTC');
  for (const r of rows) {
    const fallback = r.zone !== r.stored ? { counted_in: r.zone, unknown_time_zone: r.stored } : undefined;
    await audit(db, { actor: SYSTEM, entity: 'punch', entityId: r.id, action: 'flag_forgotten_punch_out', ...(fallback ? { detail: fallback } : {}) });
  }
  return rows.length;
}

/** The day of an instant in a zone, or in UTC when the zone is not one this runtime knows. */
function dayInKnownZone(at: Date, timeZone: string): string {
  try {
    return dayInZone(at, timeZone);
  } catch {
    return dayInZone(at, 'UTC');
  }
}

/** A manager sets the punch-out of a person's punch (a forgotten one); audit logged with before and after. */
export async function correctPunch(db: Queryable, me: StaffPrincipal, id: number, punchedOutAt: Date, now: Date): Promise<void> {
  const p = await punchForUpdate(db, id);
  if (!p) throw notFound('No such punch');
  if (!manages(me, await person(db, p.staff_user_id))) throw forbidden("Only the person's manager or an admin corrects a punch");
  // A punch of a submitted or approved week is locked with it (counted in the zone it was punched in).
  await assertWeekOpen(db, p.staff_user_id, dayInKnownZone(p.punched_in_at, p.time_zone));
  if (punchedOutAt < p.punched_in_at) throw invalidField('punched_out_at', 'Punched out must be after the punch-in');
  if (punchedOutAt > now) throw invalidField('punched_out_at', 'Punched out must not be in the future');
  if (punchedOutAt.getTime() - p.punched_in_at.getTime() > PUNCH_MAX_MS) throw invalidField('punched_out_at', 'A punch lasts at most 24 hours');
  await setPunchOut(db, id, punchedOutAt, me.userId);
  await audit(db, {
    actor: { type: 'staff', id: me.userId },
    entity: 'punch',
    entityId: id,
    action: 'correct',
    detail: { before: p.punched_out_at?.toISOString() ?? null, after: punchedOutAt.toISOString() },
  });
}

// --- Managed-services timer ------------------------------------------------------------------------------

export type TrackerResult = Pick<TrackerView, 'posted'>;

/**
 * start, pause, resume, stop (with a note) or discard; each refuses what the timer's state does
 * not allow with a 409. Stop posts the time through `logTime`, rounded by the contract and dated
 * by the local day it started; a stop it refuses (a locked week, a full day, an overlap) leaves
 * the timer running and says to discard it. Discard drops a running or paused timer without
 * posting anything, for its owner or whoever may act for them.
 */
export async function trackerAction(
  db: Queryable,
  actor: AuditActor,
  who: Person,
  companyId: number,
  input: { action: TrackerActionName; note?: string | undefined; tz: string },
  now: Date,
): Promise<TrackerResult> {
  await lockPerson(db, who.id);
  const contract = await contractOf(db, companyId);
  if (!contract) throw conflict('This company has no managed-services contract, so its time cannot be tracked here');
  const timer = await timerOf(db, who.id, companyId, true);
  const detail = { company_id: companyId };
  switch (input.action) {
    case 'start':
      if (timer) throw conflict('The timer is already running for this company');
      await insertTimer(db, who.id, companyId, now);
      break;
    case 'pause':
      if (!timer || timer.paused) throw conflict(timer ? 'The timer is already paused' : 'The timer is not running');
      await pauseTimer(db, who.id, companyId, now);
      break;
    case 'resume':
      if (!timer?.paused) throw conflict(timer ? 'The timer is not paused' : 'The timer is not running');
      await resumeTimer(db, who.id, companyId, now);
      break;
    case 'discard': {
      if (!timer) throw conflict('The timer is not running');
      await deleteTimer(db, who.id, companyId);
      await audit(db, { actor, entity: 'ms_timer', entityId: who.id, action: 'discard', detail: { ...detail, started_at: timer.started.toISOString(), seconds: secondsOf(timer, now) } });
      return {};
    }
    case 'stop': {
      if (!timer) throw conflict('The timer is not running');
      const minutes = roundMinutes(secondsOf(timer, now) / 60, contract.rounding_minutes);
      const day = dayInZone(timer.started, input.tz);
      // The entry's interval ends at the pause (or now), and after its start even when stopped at
      // the instant it started, or by a server whose clock is a little behind the one that started it.
      const end = new Date(Math.max((timer.paused ?? now).getTime(), timer.started.getTime() + 1));
      const id = await logTime(
        db,
        actor,
        { staffUserId: who.id, companyId, workDate: day, minutes, billable: true, description: input.note ?? '', source: 'tracker', interval: { start: timer.started, end } },
        {
          fullDay: (d) => conflict(`${d} would hold more than 24 hours; discard this timer and log the time on the timesheet`),
          overlap: (entry) => conflict(`This time overlaps time entry ${entry}, which was tracked at the same time; discard this timer and log the time on the timesheet`),
        },
      );
      await deleteTimer(db, who.id, companyId);
      return { posted: { id, minutes, work_date: day } };
    }
  }
  await audit(db, { actor, entity: 'ms_timer', entityId: who.id, action: input.action, detail });
  return {};
}

// --- Managed-services contracts -----------------------------------------------------------------------------

export async function saveContract(db: Queryable, actor: AuditActor, companyId: number, input: z.output<typeof contractSchema>): Promise<void> {
  if (!(await companyExists(db, companyId))) throw notFound('No such company');
  await upsertContract(db, companyId, input);
  await audit(db, { actor, entity: 'ms_contract', entityId: companyId, action: 'save', detail: input });
}

/**
 * Closes a month of a contract, which bills it: the month's entries (already rounded) and the
 * late time of earlier closed months (an adjustment), with overage and roll-over by the contract.
 * Every entry billed is marked with the month, so no bill takes it twice and a late one is told
 * apart. Once per company and month; the month must have ended.
 */
export async function closeContractMonth(db: Queryable, actor: AuditActor & { type: 'staff' }, companyId: number, month: string, now: Date): Promise<MonthCloseFigures> {
  if (month >= monthOf(now)) throw invalidField('month', 'Month must have ended before it is closed');
  const terms = await contractTermsForUpdate(db, companyId);
  if (!terms) throw notFound('This company has no managed-services contract');
  if (await monthClosed(db, companyId, month)) throw conflict(`${formatMonth(month, { locale: MESSAGE_LOCALE })} is already closed for this company`);
  const { own, late, rolloverIn } = await entriesToBill(db, companyId, month);
  const billed = [...own, ...late];
  const figures = closeMonth(terms, billed.map((e) => e.minutes), rolloverIn);
  const adjustment = late.reduce((sum, e) => sum + e.minutes, 0);
  await insertMonthClose(db, { companyId, month, entryIds: billed.map((e) => e.id), figures, adjustment, at: now, by: actor.id });
  await audit(db, { actor, entity: 'ms_contract', entityId: companyId, action: 'close_month', detail: { month, ...figures, adjustment_minutes: adjustment } });
  return figures;
}

/**
 * Sends the usage alerts due this month: for each threshold passed, one row in ms_usage_alerts
 * (its primary key makes "once" hold whoever runs concurrently) and one email to the account
 * manager through the outbox, in the same transaction. Answers the alerts sent.
 */
export async function sendUsageAlerts(db: Queryable, now: Date, companyId?: number): Promise<{ company_id: number; threshold: UsageThreshold }[]> {
  const month = monthOf(now);
  const contracts = await contractRows(db, companyId);
  const usage = await contractsUsage(db, month, companyId);
  const sent: { company_id: number; threshold: UsageThreshold }[] = [];
  for (const u of usage) {
    const contract = contracts.find((c) => c.company_id === u.company_id)!;
    for (const threshold of passedThresholds(u.used_minutes, u.included_minutes + u.rollover_in_minutes)) {
      if (!(await recordAlertOnce(db, u.company_id, month, threshold, now))) continue;
      sent.push({ company_id: u.company_id, threshold });
      if (contract.account_manager_email) {
        const hours = (m: number) => (m / 60).toFixed(1);
        await queueEmail(db, {
          to: contract.account_manager_email,
          kind: 'ms_usage_alert',
          subject: `${u.company}: managed-services usage passed ${threshold} % of included hours`,
          body: `${u.company} (${u.plan}) has used ${hours(u.used_minutes)} of ${hours(u.included_minutes + u.rollover_in_minutes)} included hours in ${formatMonth(month, { locale: MESSAGE_LOCALE })} (${u.percent} %).`,
        });
      }
      await audit(db, { actor: SYSTEM, entity: 'ms_contract', entityId: u.company_id, action: 'usage_alert', detail: { month, threshold } });
    }
  }
  return sent;
}
