/** Placing the schedule on its grid: the local day and time of an instant in the team's zone, and what each cell holds. */
import type { Schedule, Shift } from '@contracts/people-schedule';

const parts = new Map<string, Intl.DateTimeFormat>();
/** The local day (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export function localParts(instant: string, timeZone: string): { day: string; time: string } {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    parts.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The Monday (YYYY-MM-DD) of the week holding a day. */
export function mondayOf(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * 86_400_000).toISOString().slice(0, 10);
}
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
