import { describe, expect, it } from 'vitest';
import { foldLine, icsText, writeCalendar } from '@server/platform/calendar/ical';

describe('the iCalendar writer', () => {
  it('folds a content line at 75 octets without splitting a character, and unfolds to the same text', () => {
    const line = `SUMMARY:${'Überprüfung der Änderung – '.repeat(8)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => Buffer.byteLength(p) <= 75)).toBe(true);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    expect(icsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('writes all-day events as dates (end exclusive) and timed ones in UTC, lines ending in CRLF', () => {
    const text = writeCalendar({
      name: 'Test',
      product: 'Test',
      now: new Date('2026-11-26T10:00:00Z'),
      events: [
        { uid: 'a', day: '2026-12-31', summary: 'Year end' },
        { uid: 'b', start: '2026-11-27T08:00:00.000Z', end: '2026-11-27T16:00:00.000Z', summary: 'Shift' },
      ],
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(text).toContain('DTSTART:20261127T080000Z\r\nDTEND:20261127T160000Z\r\n');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
