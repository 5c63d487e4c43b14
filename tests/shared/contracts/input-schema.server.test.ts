/** The input schemas every contract is built from: text, ids and dates (src/contracts/input.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordInputSchema } from '@contracts/auth';
import { newPasswordSchema } from '@contracts/client-portal';
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

describe('characters that change the direction of text (spoofing)', () => {
  const CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const LINE_MESSAGE = 'Name must not contain characters that change the direction of text (U+202A–U+202E, U+2066–U+2069)';
  const LONG_MESSAGE = 'Note must close each character that changes the direction of text (U+202A–U+202E, U+2066–U+2069) on the line where it opens';
  const name = safeText('Name is required', 'Name');
  const note = safeText('Note must be text', 'Note', 'long');

  it('a name, a title or any one-line text refuses every one of them, closed or not, naming the field', () => {
    for (const control of CONTROLS) {
      expect(name.safeParse(`Ann${control}gpj.exe`).error?.issues[0]?.message, JSON.stringify(control)).toBe(LINE_MESSAGE);
    }
    // Closed again, an override still shows "invoice", RLO, "fdp.exe", PDF as "invoiceexe.pdf".
    expect(name.safeParse('invoice\u202efdp.exe\u202c').error?.issues[0]?.message).toBe(LINE_MESSAGE);
    expect(name.safeParse('\u2067Acme\u2069').success).toBe(false);
  });

  it('right-to-left writing and the direction marks stay accepted', () => {
    for (const good of ['שלום עולם', 'مرحبا بالعالم Acme 2026', 'Acme\u200f (RLM)', '\u200eLRM', 'ALM\u061c', 'Zero\u200dwidth joiner', '👩‍💻 Dev']) {
      expect(name.safeParse(good).success, good).toBe(true);
      expect(note.safeParse(good).success, good).toBe(true);
    }
  });

  it('long text (notes, descriptions) takes them when each is closed on its own line, in order', () => {
    for (const good of ['Customer wrote: \u2067שלום\u2069 twice', 'a \u202bעברית\u202c b\nsecond \u2068x\u2069', '\u2067outer \u202bin\u202c\u2069', '\u202b\u2067x\u2069\u202c\r\nnext']) {
      expect(note.safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
    for (const bad of ['\u202eevil', 'stray \u202c close', 'stray \u2069 close', '\u2067opened\nclosed\u2069', '\u2067crossed\u202c', '\u202bcrossed \u2067x\u202c\u2069', 'ok \u2066x\u2069 then \u202d']) {
      expect(note.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(LONG_MESSAGE);
    }
  });

  it('a password takes them: it is never shown, and a password set before still signs in', () => {
    for (const control of CONTROLS) {
      const password = `correct horse${control} battery staple`;
      expect(passwordInputSchema.safeParse(password).success, JSON.stringify(control)).toBe(true);
      expect(newPasswordSchema.safeParse(password).success, JSON.stringify(control)).toBe(true);
    }
    expect(passwordInputSchema.safeParse('a\u0000b').success).toBe(false);
  });

  it('text without them is judged as before, in either form', () => {
    const noControls = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 30 }).map((t) => t.replace(/[\u202a-\u202e\u2066-\u2069]/g, ''));
    fc.assert(
      fc.property(noControls, (text) => {
        expect(name.safeParse(text).success).toBe(isSafeText(text));
        expect(note.safeParse(text).success).toBe(isSafeText(text));
      }),
    );
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
