/** Placing the schedule on its grid: the local day and time of an instant in the team's zone, and what each cell holds. */
import { CalendarDateTime, toZoned } from '@internationalized/date';
import type { Schedule, Shift } from '@contracts/people-schedule';
import { wallClockIn } from '@contracts/reports';
import { mondayOf } from '@contracts/time';

/** The local day (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export const localParts = (instant: string, timeZone: string) => wallClockIn(instant, timeZone);
export { mondayOf };
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export type Cell = { shifts: Shift[]; onCall: boolean; leave: 'approved' | 'pending' | null; holiday: string | null };

/** What a person's cell of a day holds: shifts starting that day (local), on-call touching it, leave covering it, the day's holiday. */
export function cellOf(s: Schedule, staffId: number, day: string): Cell {
  const zone = s.team.timeZone;
  return {
    shifts: s.shifts.filter((x) => x.staffId === staffId && localParts(x.startsAt, zone).day === day),
    onCall: s.onCall.some((o) => o.staffId === staffId && localParts(o.startsAt, zone).day <= day && localParts(new Date(Date.parse(o.endsAt) - 1).toISOString(), zone).day >= day),
    leave: s.leave.find((l) => l.staffId === staffId && l.from <= day && l.to >= day)?.state ?? null,
    holiday: s.holidays.find((h) => h.day === day)?.name ?? null,
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
/**
 * The instant (ISO) of a local day and time in a zone, or what was typed when it is not a day and a
 * time (the contract then names the field). A time skipped by a daylight-saving change moves on.
 */
export function instantIn(day: string, time: string, timeZone: string): string {
  const d = DAY.exec(day.trim());
  const t = CLOCK.exec(time.trim());
  if (!d || !t) return `${day} ${time}`.trim();
  try {
    return toZoned(new CalendarDateTime(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])), timeZone, 'later').toDate().toISOString();
  } catch {
    return `${day} ${time}`;
  }
}
