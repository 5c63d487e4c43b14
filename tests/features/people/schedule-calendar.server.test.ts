/** Days and instants of the schedule (server/features/people/calendar.ts): DST, midnight, rotations, holidays, leave hours. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hoursOf, instantAt, leaveHours, localDays, onCallSlots, publicHolidays } from '@server/features/people/calendar';

const ZONES = ['America/Chicago', 'Europe/Berlin'] as const;

describe('shifts across midnight and daylight-saving days', () => {
  it('places a night shift on both local days it touches, and counts its real hours on DST days in two zones', () => {
    // Chicago springs forward on 8 March 2026 and falls back on 1 November; Berlin on 29 March and 25 October.
    const cases = [
      { zone: 'America/Chicago', day: '2026-03-07', hours: 9 },
      { zone: 'America/Chicago', day: '2026-10-31', hours: 11 },
      { zone: 'Europe/Berlin', day: '2026-03-28', hours: 9 },
      { zone: 'Europe/Berlin', day: '2026-10-24', hours: 11 },
      { zone: 'Europe/Berlin', day: '2026-06-10', hours: 10 },
    ];
    for (const c of cases) {
      const next = new Date(Date.parse(`${c.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const s = instantAt(c.day, '22:00', c.zone);
      const e = instantAt(next, '08:00', c.zone);
      expect(hoursOf(s, e), `${c.zone} ${c.day}`).toBe(c.hours);
      expect(localDays(s, e, c.zone)).toEqual([c.day, next]);
    }
  });

  it('keeps any shift inside the days it touches, in either zone (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: 0, max: 364 }), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 1, max: 14 }), (zone, d, h, len) => {
        const day = new Date(Date.parse('2026-01-01T00:00:00Z') + d * 86_400_000).toISOString().slice(0, 10);
        const s = instantAt(day, `${String(h).padStart(2, '0')}:00`, zone);
        const e = new Date(Date.parse(s) + len * 3_600_000).toISOString();
        const days = localDays(s, e, zone);
        expect(days[0]).toBe(day);
        expect(days.length).toBeGreaterThanOrEqual(1);
        expect(days.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 100 },
    );
  });
});

describe('on-call rotations', () => {
  const rotation = { rule: 'FREQ=WEEKLY;BYDAY=MO', timeZone: 'Europe/Berlin', handover: '09:00', startsOn: '2026-03-16', members: [11, 12, 13] };

  it('hands over at 09:00 local time every Monday across the DST change, in turn', () => {
    const slots = onCallSlots(rotation, [], new Date('2026-03-16T00:00:00Z'), new Date('2026-04-13T12:00:00Z'));
    expect(slots.map((s) => [s.staffId, s.startsAt])).toEqual([
      [11, '2026-03-16T08:00:00.000Z'],
      [12, '2026-03-23T08:00:00.000Z'],
      [13, '2026-03-30T07:00:00.000Z'],
      [11, '2026-04-06T07:00:00.000Z'],
      [12, '2026-04-13T07:00:00.000Z'],
    ]);
    expect(slots[1]!.endsAt).toBe('2026-03-30T07:00:00.000Z');
  });

  it('lets an override take the watch for its hours and gives it back', () => {
    const slots = onCallSlots(rotation, [{ staffId: 99, startsAt: '2026-03-18T00:00:00.000Z', endsAt: '2026-03-19T00:00:00.000Z' }], new Date('2026-03-16T00:00:00Z'), new Date('2026-03-23T08:00:00Z'));
    expect(slots).toEqual([
      { staffId: 11, startsAt: '2026-03-16T08:00:00.000Z', endsAt: '2026-03-18T00:00:00.000Z' },
      { staffId: 99, startsAt: '2026-03-18T00:00:00.000Z', endsAt: '2026-03-19T00:00:00.000Z' },
      { staffId: 11, startsAt: '2026-03-19T00:00:00.000Z', endsAt: '2026-03-23T08:00:00.000Z' },
    ]);
  });
});

describe('leave hours', () => {
  it('counts working days that are not public holidays, by region', () => {
    const us = publicHolidays('US', '2026-12-21', '2027-01-03');
    expect(us.get('2026-12-25')).toBe('Christmas Day');
    const ask = { from: '2026-12-21', to: '2027-01-03', unit: 'days' as const };
    // Ten weekdays, less Christmas Day (Friday) and New Year's Day (Friday).
    expect(leaveHours(ask, [1, 2, 3, 4, 5], us, 8)).toMatchObject({ hours: 64 });
    expect(leaveHours(ask, [1, 2, 3], us, 8).hours).toBe(48);
    expect(leaveHours({ from: '2026-12-25', to: '2026-12-25', unit: 'hours', hours: 4 }, [1, 2, 3, 4, 5], us, 8).hours).toBe(0);
    expect(leaveHours({ from: '2026-12-24', to: '2026-12-24', unit: 'hours', hours: 4 }, [1, 2, 3, 4, 5], us, 8).hours).toBe(4);
  });
});
