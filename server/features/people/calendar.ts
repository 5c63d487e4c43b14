/**
 * Days and instants of the schedule: the working days a leave request counts, public holidays per
 * region (date-holidays, data CC-BY-3.0), and on-call hand-overs from a rotation's recurrence rule,
 * kept at their local time in the rotation's zone across daylight-saving changes (docs/adr/0192).
 */
import Holidays from 'date-holidays';
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

const DAY_MS = 86_400_000;

/** Every calendar day from `from` to `to` inclusive (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** ISO day of the week, 1 Monday … 7 Sunday. */
export const isoDay = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

const regions = new Map<string, Holidays>();
/** The public holidays of a region ("US", "DE", "US-CA") between two days, by day. */
export function publicHolidays(region: string, from: string, to: string): Map<string, string> {
  let h = regions.get(region);
  if (!h) {
    const [country, state] = region.split('-');
    h = state ? new Holidays(country!, state) : new Holidays(country!);
    regions.set(region, h);
  }
  const out = new Map<string, string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const d of h.getHolidays(y)) {
      const day = d.date.slice(0, 10);
      if (d.type === 'public' && day >= from && day <= to && !out.has(day)) out.set(day, d.name);
    }
  }
  return out;
}

/** Whether a region code names a region the holiday data knows. */
export function isKnownRegion(region: string): boolean {
  const [country, state] = region.split('-');
  const h = new Holidays();
  const countries = h.getCountries();
  if (!country || !countries[country]) return false;
  return !state || Boolean(h.getStates(country)?.[state]);
}

export type LeaveAsk = { from: string; to: string; unit: 'days' | 'hours'; hours?: number | undefined };

/**
 * The hours a leave request takes: each of the person's working days in the range that is not a
 * public holiday counts a full day; a request in hours is one working day and its hours.
 */
export function leaveHours(ask: LeaveAsk, workDays: readonly number[], holidays: ReadonlyMap<string, string>, hoursPerDay: number): { days: string[]; hours: number } {
  const days = daysBetween(ask.from, ask.to).filter((d) => workDays.includes(isoDay(d)) && !holidays.has(d));
  const hours = ask.unit === 'hours' ? (days.length ? (ask.hours ?? 0) : 0) : days.length * hoursPerDay;
  return { days, hours: Math.round(hours * 100) / 100 };
}

export type Rotation = { rule: string; timeZone: string; handover: string; startsOn: string; members: readonly number[] };
export type OnCallSlot = { staffId: number; startsAt: string; endsAt: string };
export type Override = { staffId: number; startsAt: string; endsAt: string };

/** The rotation's hand-over instants from its first day, as Temporal values in its zone. */
function handovers(r: Rotation, until: Date): Temporal.ZonedDateTime[] {
  const dtstart = Temporal.PlainDate.from(r.startsOn).toZonedDateTime({ timeZone: r.timeZone, plainTime: Temporal.PlainTime.from(r.handover) });
  const rule = new RRuleTemporal({ rruleString: r.rule, dtstart });
  const limit = Temporal.Instant.fromEpochMilliseconds(until.getTime());
  return rule.all((d) => Temporal.Instant.compare(d.toInstant(), limit) <= 0);
}

/**
 * Who is on call from `from` to `to`: each hand-over passes the watch to the next member in turn
 * (the first hand-over to the first member); overrides replace the rotation for their hours.
 * Slots are cut to the window and answered in UTC.
 */
export function onCallSlots(r: Rotation, overrides: readonly Override[], from: Date, to: Date): OnCallSlot[] {
  if (!r.members.length) return [];
  const instants = handovers(r, to).map((z) => z.toInstant().epochMilliseconds);
  const base: { staffId: number; s: number; e: number }[] = [];
  for (let i = 0; i < instants.length; i++) {
    const s = instants[i]!;
    const e = instants[i + 1] ?? to.getTime();
    if (e <= from.getTime() || s >= to.getTime()) continue;
    base.push({ staffId: r.members[i % r.members.length]!, s, e });
  }
  // Overrides cut the rotation's slots and take their place.
  let slots = base;
  for (const o of overrides) {
    const os = Date.parse(o.startsAt);
    const oe = Date.parse(o.endsAt);
    slots = slots.flatMap((x) => {
      if (oe <= x.s || os >= x.e) return [x];
      const parts: typeof base = [];
      if (os > x.s) parts.push({ ...x, e: os });
      if (oe < x.e) parts.push({ ...x, s: oe });
      return parts;
    });
    slots.push({ staffId: o.staffId, s: os, e: oe });
  }
  return slots
    .map((x) => ({ staffId: x.staffId, s: Math.max(x.s, from.getTime()), e: Math.min(x.e, to.getTime()) }))
    .filter((x) => x.e > x.s)
    .sort((a, b) => a.s - b.s)
    .map((x) => ({ staffId: x.staffId, startsAt: new Date(x.s).toISOString(), endsAt: new Date(x.e).toISOString() }));
}

/** The local calendar days (in `timeZone`) a stretch of time touches, for placing it on the grid. */
export function localDays(startsAt: string, endsAt: string, timeZone: string): string[] {
  const s = Temporal.Instant.from(startsAt).toZonedDateTimeISO(timeZone).toPlainDate();
  const e = Temporal.Instant.fromEpochMilliseconds(Date.parse(endsAt) - 1).toZonedDateTimeISO(timeZone).toPlainDate();
  return daysBetween(s.toString(), e.toString());
}

/** Hours between two instants (a shift across a DST change is an hour shorter or longer). */
export const hoursOf = (startsAt: string, endsAt: string) => (Date.parse(endsAt) - Date.parse(startsAt)) / 3_600_000;

/** The instant of a local wall-clock time in a zone (the later one when it falls into a gap). */
export function instantAt(day: string, time: string, timeZone: string): string {
  return Temporal.PlainDate.from(day).toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from(time) }).toInstant().toString();
}
