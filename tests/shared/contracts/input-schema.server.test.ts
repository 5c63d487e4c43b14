/** The input schemas every contract is built from: text, ids and dates (src/contracts/input.ts). */
import { describe, expect, it } from 'vitest';
import { calendarDay, dateTimeInput, idInput, isSafeText, pageInput, safeText } from '@contracts/common/input';

describe('the one text schema', () => {
  it('refuses NUL and unpaired surrogates, and takes any other text, paired surrogates included', () => {
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'x\udfff', '\udc00\ud800', '\ud83d']) expect(isSafeText(bad), JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'plain', '😀 emoji', 'tab\tand\nnewline', '\u0001\u001f', '\ufffd', 'العربية', '\u{10FFFF}']) expect(isSafeText(good), good).toBe(true);
    const title = safeText('Title is required', 'Title');
    expect(title.safeParse('ok').success).toBe(true);
    expect(title.safeParse('a\u0000b').error?.issues[0]?.message).toBe('Title must not contain NUL characters or unpaired surrogate code units');
    expect(title.safeParse(7).error?.issues[0]?.message).toBe('Title is required');
  });
});

describe('ids', () => {
  it('are whole numbers from 1 to 2147483647, from JSON or a query string', () => {
    const id = idInput({ label: 'Company' });
    expect(id.parse('2147483647')).toBe(2_147_483_647);
    expect(id.parse(1)).toBe(1);
    expect(id.safeParse(2_147_483_648).error?.issues[0]?.message).toBe('Company is too large');
    expect(id.safeParse('1e20').error?.issues[0]?.message).toBe('Company is too large');
    expect(id.safeParse(0).error?.issues[0]?.message).toBe('Company must be positive');
    expect(id.safeParse(1.5).error?.issues[0]?.message).toBe('Company must be a whole number');
    expect(id.safeParse('abc').success).toBe(false);
    expect(idInput().safeParse(-1).error?.issues[0]?.message).toBe('Must be an id');
    expect(pageInput().safeParse(1_000_001).success).toBe(false);
  });
});

describe('dates', () => {
  it('a calendar day is a real day between 1900 and 2200', () => {
    const day = calendarDay('From');
    for (const good of ['2024-02-29', '1900-01-01', '2200-12-31', '2026-12-31']) expect(day.safeParse(good).success, good).toBe(true);
    for (const bad of ['2026-02-30', '2100-02-29', '2026-13-01', '2026-00-10', '1899-12-31', '2201-01-01', '0000-01-01', '+275760-09-13', '2026-1-1', '2026-02-28T00:00', '']) {
      expect(day.safeParse(bad).error?.issues[0]?.message, bad).toBe('From must be a real day as YYYY-MM-DD between 1900 and 2200');
    }
  });

  it('an instant is ISO 8601 with a real day and time, in range, answered in UTC', () => {
    const at = dateTimeInput('Due date');
    expect(at.parse('2026-03-01T10:00:00.000Z')).toBe('2026-03-01T10:00:00.000Z');
    expect(at.parse('2026-03-01T10:00:00+02:00')).toBe('2026-03-01T08:00:00.000Z');
    expect(at.parse('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(at.safeParse('2026-03-01T10:00').success).toBe(true);
    for (const bad of ['2026-02-30T10:00:00Z', '2026-02-28T24:00:00Z', '2026-02-28T10:60:00Z', '+275760-09-13', '0000-01-01', '2201-01-01T00:00:00Z', 'tomorrow', '1e12', '2026-03-01T10:00:00+99:00']) {
      expect(at.safeParse(bad).success, bad).toBe(false);
    }
  });
});
