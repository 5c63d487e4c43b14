import { describe, expect, it } from 'vitest';
import { formatDay, formatMonth } from '@contracts/common/dates';
import * as format from '@/shared/ui/tokens/format';
import { formatDate, formatDateTime, formatFullDateTime, formatRelative, formatTime, NO_DATE, toIso } from '@/shared/ui/tokens/format';

const AT = '2026-06-24T13:05:00Z';

describe('formatDate, formatDateTime and formatTime', () => {
  it('use the locale and the time zone given', () => {
    expect(formatDateTime(AT, { locale: 'en-US', timeZone: 'America/New_York' })).toBe('Jun 24, 2026, 9:05 AM');
    expect(formatDateTime(AT, { locale: 'en-GB', timeZone: 'Europe/London' })).toBe('24 Jun 2026, 14:05');
    expect(formatDateTime(AT, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('24.06.2026, 15:05');
    expect(formatDate(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Jun 24, 2026');
    expect(formatTime(AT, { locale: 'en-GB', timeZone: 'UTC' })).toBe('13:05');
  });

  it('move the calendar day with the time zone', () => {
    const lateUtc = '2026-06-24T23:30:00Z';
    expect(formatDate(lateUtc, { locale: 'en-US', timeZone: 'UTC' })).toBe('Jun 24, 2026');
    expect(formatDate(lateUtc, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Jun 25, 2026');
    expect(formatDate(lateUtc, { locale: 'en-US', timeZone: 'America/Los_Angeles' })).toBe('Jun 24, 2026');
  });

  it('accept Date objects and epoch milliseconds', () => {
    const date = new Date(AT);
    expect(formatDate(date, { locale: 'en-US', timeZone: 'UTC' })).toBe('Jun 24, 2026');
    expect(formatDate(date.getTime(), { locale: 'en-US', timeZone: 'UTC' })).toBe('Jun 24, 2026');
  });

  it('show a dash for missing or unparseable values', () => {
    expect(formatDate(null)).toBe(NO_DATE);
    expect(formatDateTime(undefined)).toBe(NO_DATE);
    expect(formatDate('')).toBe(NO_DATE);
    expect(formatDate('not a date')).toBe(NO_DATE);
    expect(toIso(null)).toBeUndefined();
    expect(toIso(AT)).toBe('2026-06-24T13:05:00.000Z');
  });

  it('gives the long form for titles', () => {
    expect(formatFullDateTime(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Wednesday, June 24, 2026 at 1:05 PM');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-06-24T14:00:00Z');
  const rel = (value: string, locale = 'en-US') => formatRelative(value, { now, locale, timeZone: 'UTC' });

  it('says now, minutes, hours, days and weeks in the past and the future', () => {
    expect(rel('2026-06-24T13:59:30Z')).toBe('now');
    expect(rel('2026-06-24T13:55:00Z')).toBe('5 min. ago');
    expect(rel('2026-06-24T11:00:00Z')).toBe('3 hr. ago');
    expect(rel('2026-06-23T09:00:00Z')).toBe('yesterday');
    expect(rel('2026-06-20T09:00:00Z')).toBe('4 days ago');
    expect(rel('2026-06-10T09:00:00Z')).toBe('2 wk. ago');
    expect(rel('2026-06-24T14:20:00Z')).toBe('in 20 min.');
    expect(rel('2026-06-26T15:00:00Z')).toBe('in 2 days');
  });

  it('falls back to the date past four weeks', () => {
    expect(rel('2026-04-02T09:00:00Z')).toBe('Apr 2, 2026');
  });

  it('speaks the locale', () => {
    expect(rel('2026-06-24T11:00:00Z', 'de-DE')).toBe('vor 3 Std.');
    expect(rel('2026-06-24T11:00:00Z', 'fr-FR')).toBe('il y a 3\u00a0h');
    expect(rel('2026-06-24T11:00:00Z', 'en-GB')).toBe('3 hr ago');
    expect(formatRelative('2026-06-24T11:00:00Z', { now, locale: 'en-US', style: 'long' })).toBe('3 hours ago');
  });

  it('shows a dash for a missing value', () => {
    expect(formatRelative(null, { now })).toBe(NO_DATE);
  });
});

describe('one format for the whole product', () => {
  it('writes a date and a date-time one way, to the minute, and offers no other way', () => {
    const at = '2026-11-26T14:05:42Z';
    expect(formatDate(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 26, 2026');
    expect(formatDateTime(at, { locale: 'en-US', timeZone: 'UTC' }).replace(/\u202f/g, ' ')).toBe('Nov 26, 2026, 2:05 PM');
    expect(Object.keys(format).filter((name) => /numeric|precise|seconds/i.test(name))).toEqual([]);
  });
});

describe('days and months people read', () => {
  it('writes a calendar day as itself and a month with its whole year, never ISO nor a year that reads like a day', () => {
    expect(formatDay('2026-02-14', 'en-US')).toBe('Feb 14, 2026');
    expect(formatMonth('2026-11', { locale: 'en-US' })).toBe('November 2026');
    expect(formatMonth('2026-11', { locale: 'en-US', short: true })).toBe('Nov 2026');
    expect(formatMonth('2026-11-30', { locale: 'en-US', short: true })).toBe('Nov 2026');
  });

  it('leaves no screen formatting a date itself: every date goes through this module or the calendar days and months of @contracts/common/dates', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk('src/features');
    const own = /toLocale(Date|Time)String\(|toLocaleString\([^)]*(month|year|day|hour)|new Intl\.DateTimeFormat\(/;
    expect(files.filter((f) => own.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
});
