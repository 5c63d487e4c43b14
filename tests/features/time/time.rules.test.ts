import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closeMonth, dayInZone, minutesByDay, mondayOf, parseHours, passedThresholds, roundMinutes, startOfDayIn, timerSeconds, weekDays, ROUNDING_RULES } from '@contracts/time';

const at = (iso: string) => new Date(iso);
const NOW = at('2027-01-01T00:00:00Z');

describe('weeks in a time zone', () => {
  it('runs Monday to Sunday', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('splits a shift crossing midnight at the local midnight', () => {
    // 22:00 to 02:00 in Berlin (UTC+1 in winter).
    const shift = { start: at('2026-01-12T21:00:00Z'), end: at('2026-01-13T01:00:00Z') };
    expect(minutesByDay([shift], weekDays('2026-01-12'), 'Europe/Berlin', NOW)).toEqual([120, 120, 0, 0, 0, 0, 0]);
    // The same instants are one day's work in New York (16:00 to 20:00).
    expect(minutesByDay([shift], weekDays('2026-01-12'), 'America/New_York', NOW)).toEqual([240, 0, 0, 0, 0, 0, 0]);
  });

  it('counts the real hours over the spring-forward night (America/New_York, 8 March 2026)', () => {
    const days = weekDays('2026-03-02');
    expect(startOfDayIn('2026-03-09', 'America/New_York').getTime() - startOfDayIn('2026-03-08', 'America/New_York').getTime()).toBe(23 * 3600_000);
    // 00:00 to 04:00 on the clock is 3 hours: 02:00 does not exist that night.
    const night = { start: startOfDayIn('2026-03-08', 'America/New_York'), end: at('2026-03-08T08:00:00Z') };
    expect(minutesByDay([night], days, 'America/New_York', NOW)[6]).toBe(180);
    // A whole Sunday punched in is 23 hours; the week totals it so.
    const sunday = { start: startOfDayIn('2026-03-08', 'America/New_York'), end: startOfDayIn('2026-03-09', 'America/New_York') };
    const week = minutesByDay([sunday], days, 'America/New_York', NOW);
    expect(week).toEqual([0, 0, 0, 0, 0, 0, 23 * 60]);
  });

  it('counts the real hours over the fall-back night (Europe/Berlin, 25 October 2026), across midnight too', () => {
    const days = weekDays('2026-10-19');
    // Saturday 22:00 (UTC+2) to Sunday 06:00 (UTC+1): 2 hours on Saturday, 7 on Sunday (03:00 came twice).
    const shift = { start: at('2026-10-24T20:00:00Z'), end: at('2026-10-25T05:00:00Z') };
    expect(minutesByDay([shift], days, 'Europe/Berlin', NOW)).toEqual([0, 0, 0, 0, 0, 120, 420]);
    expect(startOfDayIn('2026-10-26', 'Europe/Berlin').getTime() - startOfDayIn('2026-10-25', 'Europe/Berlin').getTime()).toBe(25 * 3600_000);
  });

  it('counts an open punch until now and takes breaks off in proportion', () => {
    const open = { start: at('2026-01-12T08:00:00Z'), end: null, breakMinutes: 30 };
    expect(minutesByDay([open], ['2026-01-12'], 'UTC', at('2026-01-12T12:00:00Z'))).toEqual([210]);
    expect(dayInZone(at('2026-01-13T04:30:00Z'), 'America/New_York')).toBe('2026-01-12');
  });
});

describe('rounding and the timer', () => {
  it('rounds up to the contract rule, at least one minute', () => {
    expect(ROUNDING_RULES.map((r) => roundMinutes(22, r))).toEqual([22, 24, 30, 30]);
    expect(ROUNDING_RULES.map((r) => roundMinutes(0.2, r))).toEqual([1, 6, 15, 30]);
    expect(roundMinutes(15, 15)).toBe(15);
    expect(roundMinutes(15.01, 15)).toBe(30);
    expect(roundMinutes(60, 6)).toBe(60);
  });

  it('runs a timer from its start, less its pauses, frozen while paused', () => {
    const timer = { started_at: '2026-04-06T08:00:00Z', paused_at: null, paused_seconds: 600 };
    expect(timerSeconds(timer, at('2026-04-06T09:00:00Z'))).toBe(3000);
    expect(timerSeconds({ ...timer, paused_at: '2026-04-06T08:30:00Z' }, at('2026-04-06T12:00:00Z'))).toBe(1200);
  });

  it('reads hours as people type them', () => {
    expect(['1.5', '1,25', '1:30', '2', '', '0:05', '24', 'abc', '1:75', '-1'].map(parseHours)).toEqual([90, 75, 90, 120, 0, 5, 1440, null, null, null]);
  });
});

describe('month close', () => {
  const contract = fc.record({
    included_minutes: fc.integer({ min: 0, max: 200 * 60 }),
    overage_rate_cents: fc.integer({ min: 0, max: 50_000 }),
    rollover: fc.boolean(),
    rollover_cap_minutes: fc.integer({ min: 0, max: 40 * 60 }),
  });
  const worked = fc.array(fc.double({ min: 0.01, max: 600, noNaN: true }), { maxLength: 80 });
  const rule = fc.constantFrom(...ROUNDING_RULES);

  it('bills the sum of the month entries after rounding, and splits it into included, roll-over and overage (property)', () => {
    fc.assert(
      fc.property(contract, worked, rule, fc.integer({ min: 0, max: 40 * 60 }), (c, minutes, r, rolloverIn) => {
        const entries = minutes.map((m) => roundMinutes(m, r));
        const figures = closeMonth(c, entries, rolloverIn);
        expect(figures.billed_minutes).toBe(entries.reduce((a, b) => a + b, 0));
        for (const e of entries) if (r) expect(e % r).toBe(0);
        const available = c.included_minutes + rolloverIn;
        expect(figures.overage_minutes).toBe(Math.max(0, figures.billed_minutes - available));
        expect(figures.overage_cents).toBeGreaterThanOrEqual((figures.overage_minutes * c.overage_rate_cents) / 60);
        expect(figures.overage_cents - (figures.overage_minutes * c.overage_rate_cents) / 60).toBeLessThan(1);
        expect(figures.rollover_out_minutes).toBeLessThanOrEqual(c.rollover ? c.rollover_cap_minutes : 0);
        if (figures.overage_minutes > 0) expect(figures.rollover_out_minutes).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('passes thresholds at 80, 95 and 100 % of included hours', () => {
    expect(passedThresholds(959, 1200)).toEqual([]);
    expect(passedThresholds(960, 1200)).toEqual([80]);
    expect(passedThresholds(1140, 1200)).toEqual([80, 95]);
    expect(passedThresholds(1200, 1200)).toEqual([80, 95, 100]);
    expect(passedThresholds(10, 0)).toEqual([80, 95, 100]);
  });
});
