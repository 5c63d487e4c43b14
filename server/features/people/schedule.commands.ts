/**
 * The schedule's and PTO's transaction scripts: the grid of a team, editing it (the team's owner or
 * an admin), rotations and overrides, coverage gaps, calendar feeds, balances, certifications and
 * their reminders. Shift swaps and PTO requests are forms of the approval engine (./schedule-forms.ts).
 */
import {
  CERTIFICATION_EXPIRING_DAYS,
  CERTIFICATION_REMINDER_DAYS,
  COVERAGE_GAP_DAYS,
  SHIFT_HOURS_MAX,
  type Certification,
  type QueueAssignees,
  type QueueRule,
  type CoverageGap,
  type LeaveConflicts,
  type MyPto,
  type OnCallSlot,
  type PtoRequest,
  type Schedule,
  type Team,
  type TeamPto,
} from '@contracts/people-schedule';
import { QUEUES } from '@contracts/common/codes';
import { DEFAULT_WORKING_HOURS } from '@contracts/people';
import { dayInZone } from '@contracts/time';
import { audit, staffActor } from '@server/platform/audit';
import { feedTokenHash, newFeedToken, writeCalendar, type CalendarEvent } from '@server/platform/calendar/ical';
import { conflict, forbidden, invalidField, notFound } from '@server/platform/http/errors';
import { queueEmail } from '@server/platform/mail/outbox';
import type { Queryable } from '@server/platform/sql';
import { daysBetween, instantAt, leaveHours, onCallSlots, publicHolidays, type LeaveAsk } from './calendar';
import { balanceOn, dueEntries } from './pto-ledger';
import * as repo from './schedule.repo';

type Me = { userId: number; role: string };
const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** Today in a person's own zone (their profile's, else their team's): the day their ledger and certifications are read on. */
export async function todayOf(db: Queryable, staffId: number, now: Date): Promise<string> {
  return dayInZone(now, await repo.zoneOf(db, staffId));
}

const canEdit = (me: Me, team: repo.TeamRow) => me.role === 'admin' || team.owner_id === me.userId;
const teamView = (me: Me, t: repo.TeamRow, member: boolean): Team => ({ id: t.id, name: t.name, ownerName: t.owner_name, timeZone: t.time_zone, region: t.region, canEdit: canEdit(me, t), member });

export async function readTeams(db: Queryable, me: Me): Promise<Team[]> {
  const mine = new Set((await repo.teamsOfPerson(db, me.userId)).map((t) => t.id));
  return (await repo.teams(db)).map((t) => teamView(me, t, mine.has(t.id)));
}

async function teamOrFail(db: Queryable, id: number, field = 'team'): Promise<repo.TeamRow> {
  const team = await repo.teamOf(db, id);
  if (!team) throw invalidField(field, 'No such team');
  return team;
}

async function editableTeam(db: Queryable, me: Me, id: number, field = 'teamId'): Promise<repo.TeamRow> {
  const team = await teamOrFail(db, id, field);
  if (!canEdit(me, team)) throw forbidden(`Only ${team.owner_name ?? 'the schedule owner'} or an admin edits the ${team.name} schedule`);
  return team;
}

/** On-call slots of a team between two instants (rotation with its overrides), marked where an override holds the watch. */
async function teamOnCall(db: Queryable, teamId: number, from: Date, to: Date): Promise<OnCallSlot[]> {
  const rotation = await repo.rotationOf(db, teamId);
  const overrides = await repo.overridesBetween(db, teamId, from, to);
  if (!rotation) return [];
  return onCallSlots(rotation, overrides, from, to).map((s) => ({ ...s, override: overrides.some((o) => o.staffId === s.staffId && o.startsAt <= s.startsAt && o.endsAt >= s.endsAt) }));
}

type LeaveSpan = { staffId: number; from: string; to: string; state: 'approved' | 'pending' };
const leaveOf = (rows: Awaited<ReturnType<typeof repo.ptoRequests>>): LeaveSpan[] =>
  rows.map((r) => ({ staffId: r.requesterId, from: r.payload.from, to: r.payload.to, state: r.state === 'applied' ? 'approved' : 'pending' }));

/** On-call slots whose person is on approved leave, in the team's zone, cut to the leave's days. */
function uncovered(slots: OnCallSlot[], leave: LeaveSpan[], timeZone: string): { slot: OnCallSlot; leave: LeaveSpan }[] {
  const out: { slot: OnCallSlot; leave: LeaveSpan }[] = [];
  for (const l of leave) {
    const s = instantAt(l.from, '00:00', timeZone);
    const e = instantAt(addDays(l.to, 1), '00:00', timeZone);
    for (const slot of slots) {
      if (slot.staffId !== l.staffId || slot.endsAt <= s || slot.startsAt >= e) continue;
      out.push({ slot: { ...slot, startsAt: slot.startsAt > s ? slot.startsAt : s, endsAt: slot.endsAt < e ? slot.endsAt : e }, leave: l });
    }
  }
  return out;
}

/** Coverage gaps of a team for the next days (`days`, the schedule's window by default): nobody on call, or the person on call on approved leave. */
export async function coverageGaps(db: Queryable, team: repo.TeamRow, now: Date, names: Map<number, string>, days = COVERAGE_GAP_DAYS): Promise<CoverageGap[]> {
  const to = new Date(now.getTime() + days * DAY_MS);
  const rotation = await repo.rotationOf(db, team.id);
  if (!rotation) return [{ startsAt: now.toISOString(), endsAt: to.toISOString(), staffId: null, reason: 'No on-call rotation is set' }];
  const slots = await teamOnCall(db, team.id, now, to);
  const gaps: CoverageGap[] = [];
  let at = now.toISOString();
  for (const s of slots) {
    if (s.startsAt > at) gaps.push({ startsAt: at, endsAt: s.startsAt, staffId: null, reason: 'Nobody is on call' });
    if (s.endsAt > at) at = s.endsAt;
  }
  if (at < to.toISOString()) gaps.push({ startsAt: at, endsAt: to.toISOString(), staffId: null, reason: 'Nobody is on call' });
  const members = (await repo.teamMembers(db, team.id)).map((m) => m.id);
  const leave = leaveOf(await repo.ptoRequests(db, { staffIds: members, states: ['applied'], from: dayOf(now), to: dayOf(to) }));
  for (const u of uncovered(slots, leave, team.time_zone)) {
    gaps.push({ startsAt: u.slot.startsAt, endsAt: u.slot.endsAt, staffId: u.slot.staffId, reason: `${names.get(u.slot.staffId) ?? 'The person on call'} is on leave` });
  }
  return gaps.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** A team's grid: from a week start (a local day in the team's zone), one to four weeks. */
export async function readSchedule(db: Queryable, me: Me, teamId: number, fromDay: string, weeks: number, now: Date): Promise<Schedule> {
  const team = await teamOrFail(db, teamId);
  const lastDay = addDays(fromDay, weeks * 7 - 1);
  const from = new Date(instantAt(fromDay, '00:00', team.time_zone));
  const to = new Date(instantAt(addDays(lastDay, 1), '00:00', team.time_zone));
  const people = await repo.teamMembers(db, team.id);
  const ids = people.map((p) => p.id);
  const names = new Map(people.map((p) => [p.id, p.name]));
  const leave = leaveOf(await repo.ptoRequests(db, { staffIds: ids, states: ['applied', 'inReview', 'changesRequested'], from: fromDay, to: lastDay }));
  return {
    team: teamView(me, team, await repo.isMember(db, team.id, me.userId)),
    days: daysBetween(fromDay, lastDay),
    people,
    shifts: (await repo.shiftsBetween(db, team.id, from, to)).map(({ teamId: _t, ...s }) => s),
    onCall: await teamOnCall(db, team.id, from, to),
    leave,
    holidays: [...publicHolidays(team.region, fromDay, lastDay)].map(([day, name]) => ({ day, name })),
    rotation: await repo.rotationOf(db, team.id),
    overrides: await repo.overridesAfter(db, team.id, now),
    gaps: await coverageGaps(db, team, now, names),
    me: me.userId,
  };
}

/** The instants of a shift given as a local day, start and end (an end at or before the start is the next day). */
function shiftInstants(team: repo.TeamRow, day: string, start: string, end: string): { startsAt: string; endsAt: string } {
  const startsAt = instantAt(day, start, team.time_zone);
  const endsAt = instantAt(end <= start ? addDays(day, 1) : day, end, team.time_zone);
  if ((Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000 > SHIFT_HOURS_MAX) throw invalidField('end', `A shift lasts at most ${SHIFT_HOURS_MAX} hours`);
  return { startsAt, endsAt };
}

async function memberOrFail(db: Queryable, team: repo.TeamRow, staffId: number): Promise<void> {
  if (!(await repo.isMember(db, team.id, staffId))) throw invalidField('staffId', `Pick someone of the ${team.name} team`);
}

export async function addShift(db: Queryable, me: Me, s: { teamId: number; staffId: number; day: string; start: string; end: string }) {
  const team = await editableTeam(db, me, s.teamId);
  await memberOrFail(db, team, s.staffId);
  const shift = await repo.insertShift(db, { teamId: team.id, staffId: s.staffId, ...shiftInstants(team, s.day, s.start, s.end) });
  await audit(db, { actor: staffActor(me.userId), entity: 'shift', entityId: shift.id, action: 'shift.add', detail: { teamId: team.id, staffId: s.staffId, startsAt: shift.startsAt } });
  return shift;
}

export async function changeShift(db: Queryable, me: Me, id: number, s: { version: number; staffId: number; day: string; start: string; end: string }) {
  const current = await repo.shiftById(db, id);
  if (!current) throw notFound('No such shift');
  const team = await editableTeam(db, me, current.teamId);
  await memberOrFail(db, team, s.staffId);
  const shift = await repo.updateShift(db, id, s.version, { staffId: s.staffId, ...shiftInstants(team, s.day, s.start, s.end) });
  if (!shift) throw conflict('This shift changed since you read it; look again', { version: 'Changed since you read it' });
  await audit(db, { actor: staffActor(me.userId), entity: 'shift', entityId: id, action: 'shift.change', detail: { staffId: s.staffId, startsAt: shift.startsAt } });
  return shift;
}

export async function removeShift(db: Queryable, me: Me, id: number): Promise<void> {
  const current = await repo.shiftById(db, id);
  if (!current) throw notFound('No such shift');
  await editableTeam(db, me, current.teamId);
  await repo.deleteShift(db, id);
  await audit(db, { actor: staffActor(me.userId), entity: 'shift', entityId: id, action: 'shift.remove', detail: { staffId: current.staffId } });
}

export async function setRotation(db: Queryable, me: Me, teamId: number, r: repo.RotationRow) {
  const team = await editableTeam(db, me, teamId, 'id');
  for (const m of r.members) if (!(await repo.isMember(db, team.id, m))) throw invalidField('members', `Everyone on the rotation must be of the ${team.name} team`);
  try {
    onCallSlots(r, [], new Date(instantAt(r.startsOn, '00:00', r.timeZone)), new Date(Date.parse(instantAt(r.startsOn, '00:00', r.timeZone)) + 7 * DAY_MS));
  } catch {
    throw invalidField('rule', 'Rule must be a recurrence rule such as FREQ=WEEKLY;BYDAY=MO');
  }
  await repo.saveRotation(db, team.id, r);
  await audit(db, { actor: staffActor(me.userId), entity: 'team', entityId: team.id, action: 'rotation.set', detail: r });
  return (await repo.rotationOf(db, team.id))!;
}

export async function addOverride(db: Queryable, me: Me, teamId: number, o: { staffId: number; startsAt: string; endsAt: string }): Promise<{ id: number }> {
  const team = await editableTeam(db, me, teamId, 'id');
  await memberOrFail(db, team, o.staffId);
  const id = await repo.insertOverride(db, team.id, o);
  await audit(db, { actor: staffActor(me.userId), entity: 'team', entityId: team.id, action: 'rotation.override', detail: o });
  return { id };
}

export async function removeOverride(db: Queryable, me: Me, id: number): Promise<void> {
  const current = await repo.overrideById(db, id);
  if (!current) throw notFound('No such override; it may have been removed already');
  const team = await editableTeam(db, me, current.teamId, 'id');
  await repo.deleteOverride(db, id);
  await audit(db, { actor: staffActor(me.userId), entity: 'team', entityId: team.id, action: 'rotation.override.remove', detail: { overrideId: id, staffId: current.staffId } });
}

// --- Calendar feeds --------------------------------------------------------------------------------

export async function addFeed(db: Queryable, me: Me, teamId: number | null, publicUrl: string, now: Date) {
  if (teamId !== null) await teamOrFail(db, teamId, 'teamId');
  const token = newFeedToken();
  const id = await repo.insertFeed(db, { ownerId: me.userId, teamId, tokenHash: feedTokenHash(token), now });
  const feed = (await repo.feedsOf(db, me.userId)).find((f) => f.id === id)!;
  return { id, teamId: feed.teamId, teamName: feed.teamName, createdAt: feed.createdAt, url: `${publicUrl}/api/v2/schedule/feed/${token}.ics` };
}

export async function revokeFeed(db: Queryable, me: Me, id: number, now: Date): Promise<void> {
  if (!(await repo.revokeFeed(db, me.userId, id, now))) throw notFound('No such feed');
}

/** The iCalendar text of a feed: shifts and on-call, four weeks back and eight ahead, every time in UTC. */
export async function feedCalendar(db: Queryable, token: string, now: Date): Promise<string> {
  const feed = await repo.feedByHash(db, feedTokenHash(token));
  if (!feed) throw notFound('No such feed');
  const from = new Date(now.getTime() - 28 * DAY_MS);
  const to = new Date(now.getTime() + 56 * DAY_MS);
  const teamIds = feed.teamId !== null ? [feed.teamId] : (await repo.teamsOfPerson(db, feed.staffId!)).map((t) => t.id);
  const events: CalendarEvent[] = [];
  for (const teamId of teamIds) {
    const team = (await repo.teamOf(db, teamId))!;
    const names = new Map((await repo.teamMembers(db, teamId)).map((p) => [p.id, p.name]));
    for (const s of await repo.shiftsBetween(db, teamId, from, to)) {
      if (feed.staffId !== null && s.staffId !== feed.staffId) continue;
      events.push({ uid: `shift-${s.id}`, start: s.startsAt, end: s.endsAt, summary: `${team.name} shift${feed.staffId === null ? `: ${names.get(s.staffId) ?? ''}` : ''}` });
    }
    for (const s of await teamOnCall(db, teamId, from, to)) {
      if (feed.staffId !== null && s.staffId !== feed.staffId) continue;
      events.push({ uid: `oncall-${teamId}-${s.staffId}-${s.startsAt}`, start: s.startsAt, end: s.endsAt, summary: `${team.name} on call${feed.staffId === null ? `: ${names.get(s.staffId) ?? ''}` : ''}` });
    }
  }
  return writeCalendar({ name: 'Client Care schedule', product: 'Weekly Schedule', events, now });
}

// --- PTO --------------------------------------------------------------------------------------------

/** The hours a leave request takes for a person: their working days, their team's public holidays, their plan's day. */
export async function hoursOfLeave(db: Queryable, staffId: number, ask: LeaveAsk, hoursPerDay: number): Promise<number> {
  const workDays = (await repo.workDaysOf(db, staffId)) ?? [...DEFAULT_WORKING_HOURS.days];
  const region = (await repo.teamsOfPerson(db, staffId))[0]?.region ?? 'US';
  return leaveHours(ask, workDays, publicHolidays(region, ask.from, ask.to), hoursPerDay).hours;
}

/** The coverage gaps of the next `days` days of every schedule team with a member among `staffIds`, each with its team, by start. */
export async function coverageGapsOfTeamsWith(db: Queryable, staffIds: readonly number[], now: Date, days: number): Promise<(CoverageGap & { team: string; person: string | null })[]> {
  const out: (CoverageGap & { team: string; person: string | null })[] = [];
  for (const team of await repo.teams(db)) {
    const members = await repo.teamMembers(db, team.id);
    if (!members.some((m) => staffIds.includes(m.id))) continue;
    const names = new Map(members.map((m) => [m.id, m.name]));
    for (const g of await coverageGaps(db, team, now, names, days)) out.push({ ...g, team: team.name, person: g.staffId === null ? null : (names.get(g.staffId) ?? null) });
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.team.localeCompare(b.team));
}

/** A person's hours from `from` to `to` (days, inclusive): their working days' hours, the public holidays and approved leave among them, and what is left to work. */
export type AvailableHours = { working: number; holidays: number; pto: number; available: number };

/**
 * A person's available hours over a range of days: each working day of theirs counts their own
 * working hours (their profile's start to end), or their plan's day where they set none (8 hours
 * without a plan); their team's public holidays on working days and their approved leave in the
 * range (a day of leave as long as their working day) come off.
 */
export async function availableHours(db: Queryable, staffId: number, from: string, to: string): Promise<AvailableHours> {
  const hoursPerDay = (await repo.workDayHoursOf(db, staffId)) ?? (await repo.planOf(db, staffId))?.hoursPerDay ?? 8;
  const workDays = (await repo.workDaysOf(db, staffId)) ?? [...DEFAULT_WORKING_HOURS.days];
  const region = (await repo.teamsOfPerson(db, staffId))[0]?.region ?? 'US';
  const holidays = publicHolidays(region, from, to);
  const working = leaveHours({ from, to, unit: 'days' }, workDays, new Map(), hoursPerDay).hours;
  const open = leaveHours({ from, to, unit: 'days' }, workDays, holidays, hoursPerDay).hours;
  let pto = 0;
  for (const r of await repo.ptoRequests(db, { staffIds: [staffId], states: ['applied'], from, to })) {
    const ask = { ...r.payload, from: r.payload.from < from ? from : r.payload.from, to: r.payload.to > to ? to : r.payload.to };
    pto += leaveHours(ask, workDays, holidays, hoursPerDay).hours;
  }
  const round = (h: number) => Math.round(h * 100) / 100;
  return { working: round(working), holidays: round(working - open), pto: round(pto), available: round(Math.max(0, open - pto)) };
}

const PENDING = ['inReview', 'changesRequested'];

async function requestViews(db: Queryable, rows: Awaited<ReturnType<typeof repo.ptoRequests>>): Promise<PtoRequest[]> {
  const out: PtoRequest[] = [];
  for (const r of rows) {
    const plan = await repo.planOf(db, r.requesterId);
    out.push({ id: r.id, from: r.payload.from, to: r.payload.to, hours: await hoursOfLeave(db, r.requesterId, r.payload, plan?.hoursPerDay ?? 8), state: r.state, requester: r.requester, requesterId: r.requesterId, note: r.payload.note ?? null });
  }
  return out;
}

/** Hours of a person's pending requests (all but `except`). */
export async function pendingHours(db: Queryable, staffId: number, except?: number): Promise<number> {
  const rows = (await repo.ptoRequests(db, { staffIds: [staffId], states: PENDING })).filter((r) => r.id !== except);
  return (await requestViews(db, rows)).reduce((a, r) => a + r.hours, 0);
}

export async function readMyPto(db: Queryable, me: Me, asOf: string | undefined, now: Date): Promise<MyPto> {
  const today = await todayOf(db, me.userId, now);
  const day = asOf ?? today;
  const plan = await repo.planOf(db, me.userId);
  const ledger = await repo.ledgerOf(db, me.userId);
  const requests = await requestViews(db, await repo.ptoRequests(db, { staffIds: [me.userId], states: ['inReview', 'changesRequested', 'applied', 'rejected'] }));
  const pending = requests.filter((r) => PENDING.includes(r.state)).reduce((a, r) => a + r.hours, 0);
  // Approved: the leave booked in this leave year (from 1 January of the day read) and after; earlier years' leave is history.
  const yearStart = `${day.slice(0, 4)}-01-01`;
  const approved = Math.round(-ledger.filter((e) => e.kind === 'taken' && e.on >= yearStart).reduce((a, e) => a + e.hours, 0) * 100) / 100;
  const available = balanceOn(ledger, day, pending);
  return {
    asOf: day,
    plan: plan ? { ...plan } : null,
    balance: { accrued: Math.round((available + approved + pending) * 100) / 100, approved, pending, available },
    ledger: ledger.filter((e) => e.on <= day || e.kind === 'taken'),
    requests,
    certifications: await repo.certificationsOf(db, [me.userId], today),
  };
}

export async function readTeamPto(db: Queryable, me: Me, now: Date): Promise<TeamPto> {
  const people = await repo.reportsOf(db, me.role === 'admin' ? null : me.userId);
  const today = dayOf(now);
  return {
    leave: await requestViews(db, await repo.ptoRequests(db, { staffIds: people, states: ['applied'], from: today, to: addDays(today, 60) })),
    pending: await requestViews(db, await repo.ptoRequests(db, { staffIds: me.role === 'admin' ? null : people, states: ['inReview'], waitingOn: me.role === 'admin' ? undefined : me.userId })),
    expiring: await repo.certificationsOf(db, people, today, CERTIFICATION_EXPIRING_DAYS),
  };
}

/** On-call hours of the requester inside the leave, across their teams (for the approver, before deciding). */
export async function leaveConflictsOf(db: Queryable, staffId: number, ask: LeaveAsk): Promise<LeaveConflicts['uncovered']> {
  const out: LeaveConflicts['uncovered'] = [];
  for (const team of await repo.teamsOfPerson(db, staffId)) {
    const from = new Date(instantAt(ask.from, '00:00', team.time_zone));
    const to = new Date(instantAt(addDays(ask.to, 1), '00:00', team.time_zone));
    const slots = await teamOnCall(db, team.id, from, to);
    for (const u of uncovered(slots, [{ staffId, from: ask.from, to: ask.to, state: 'approved' }], team.time_zone)) out.push({ ...u.slot, teamName: team.name });
  }
  return out;
}

export async function readConflicts(db: Queryable, me: Me, id: number): Promise<LeaveConflicts> {
  const r = await repo.ptoRequestById(db, id);
  if (!r || (r.requesterId !== me.userId && !r.approvers.includes(me.userId) && me.role !== 'admin')) throw notFound('No such request');
  const plan = await repo.planOf(db, r.requesterId);
  return { hours: await hoursOfLeave(db, r.requesterId, r.payload, plan?.hoursPerDay ?? 8), uncovered: await leaveConflictsOf(db, r.requesterId, r.payload) };
}

/** Tells each schedule owner of the on-call hours an approved leave leaves uncovered. */
export async function flagGaps(db: Queryable, staffId: number, ask: LeaveAsk): Promise<number> {
  const gaps = await leaveConflictsOf(db, staffId, ask);
  if (!gaps.length) return 0;
  const [person] = await repo.staffNamed(db, [staffId]);
  let sent = 0;
  for (const team of await repo.teamsOfPerson(db, staffId)) {
    const mine = gaps.filter((g) => g.teamName === team.name);
    if (!mine.length || team.owner_id === null) continue;
    const [owner] = await repo.staffNamed(db, [team.owner_id]);
    if (!owner) continue;
    const list = mine.map((g) => `- ${g.startsAt.slice(0, 16).replace('T', ' ')} to ${g.endsAt.slice(0, 16).replace('T', ' ')} UTC`).join('\n');
    await queueEmail(db, {
      to: owner.email,
      subject: `Coverage gap: ${person?.name ?? 'someone'} is on leave while on call`,
      body: `Hello ${owner.name},\n\n${person?.name ?? 'Someone'}'s leave from ${ask.from} to ${ask.to} was approved. They were on call for the ${team.name} team then:\n\n${list}\n\nPut someone else on call for those hours on the Weekly Schedule.`,
      kind: 'schedule.coverage-gap',
    });
    sent++;
  }
  return sent;
}

/** The accrual job for one person: the entries due today that the ledger does not hold. */
export async function accrue(db: Queryable, staffId: number, now: Date): Promise<number> {
  await repo.lockPto(db, staffId);
  const plan = await repo.planOf(db, staffId);
  if (!plan) return 0;
  return repo.addLedgerEntries(db, staffId, dueEntries(plan, await repo.ledgerOf(db, staffId), await todayOf(db, staffId, now)), now);
}

// --- Certifications ------------------------------------------------------------------------------

export async function addCertification(db: Queryable, me: Me, c: { name: string; issuer: string; earnedOn: string; expiresOn: string | null }, now: Date): Promise<Certification> {
  const cert = await repo.insertCertification(db, me.userId, c, dayOf(now));
  await audit(db, { actor: staffActor(me.userId), entity: 'certification', entityId: cert.id, action: 'certification.add', detail: c });
  return cert;
}

export async function removeCertification(db: Queryable, me: Me, id: number): Promise<void> {
  if (!(await repo.deleteCertification(db, me.userId, id))) throw notFound('No such certification');
  await audit(db, { actor: staffActor(me.userId), entity: 'certification', entityId: id, action: 'certification.remove', detail: {} });
}

// --- Queues that require a certification (docs/adr/0223) ----------------------------------------

export async function readQueueRules(db: Queryable): Promise<QueueRule[]> {
  const set = new Map((await repo.queueRules(db)).map((r) => [r.queue, r.certification]));
  return QUEUES.map((queue) => ({ queue, certification: set.get(queue) ?? null }));
}

/** A queue's rule and who could not take its tickets today (the same check as assertQualifiedForQueue, for every active person at once). */
export async function readQueueAssignees(db: Queryable, queue: QueueAssignees['queue'], now: Date): Promise<QueueAssignees> {
  const certification = await repo.queueRule(db, queue);
  return { queue, certification, uncertified: certification ? await repo.staffWithoutValidCertification(db, certification, now) : [] };
}

export async function setQueueRule(db: Queryable, me: Me, rule: QueueRule, now: Date): Promise<QueueRule> {
  await repo.setQueueRule(db, rule.queue, rule.certification, me.userId, now);
  await audit(db, { actor: staffActor(me.userId), entity: 'queue', entityId: null, action: 'queue.certification', detail: rule });
  return rule;
}

/**
 * The guard of ticket assignment: a ticket in a queue that requires a certification goes only to a
 * person holding one of that name that has not expired on their own day; otherwise 409 naming both.
 */
export async function assertQualifiedForQueue(db: Queryable, queue: string, staffId: number, now: Date): Promise<void> {
  const certification = await repo.queueRule(db, queue);
  if (!certification) return;
  if (await repo.holdsValidCertification(db, staffId, certification, await todayOf(db, staffId, now))) return;
  const person = (await repo.staffName(db, staffId)) ?? `Staff member #${staffId}`;
  throw conflict(`The ${queue} queue requires a valid ${certification} certification, and ${person} has none that is valid today`, {
    assignee_id: `${person} has no valid ${certification} certification`,
  });
}

/**
 * Sends the certification reminders due today, each once: the nearest reminder a certification has
 * reached is mailed, the earlier ones it passed are marked with it (a certification added 20 days
 * before expiry gets the 30-day reminder, not three). The marks are written with the mail, so a
 * second run, or one at the same time, sends nothing again.
 */
export async function sendCertificationReminders(db: Queryable, now: Date): Promise<number> {
  const today = dayOf(now);
  let sent = 0;
  for (const c of await repo.certificationsExpiringWithin(db, today, Math.max(...CERTIFICATION_REMINDER_DAYS))) {
    const reached = CERTIFICATION_REMINDER_DAYS.filter((d) => c.daysLeft <= d);
    const nearest = Math.min(...reached);
    const marked = await repo.markReminders(db, c.id, [...reached], now);
    if (!marked.includes(nearest)) continue;
    await queueEmail(db, {
      to: c.email,
      subject: `Your ${c.name} certification expires in ${c.daysLeft} days`,
      body: `Hello ${c.person},\n\nYour ${c.name} certification expires on ${c.expiresOn}, in ${c.daysLeft} days. Renew it before then and add the new dates on the Certification and PTO dashboard.`,
      kind: 'certification.reminder',
    });
    sent++;
  }
  return sent;
}
