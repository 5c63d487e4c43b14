/**
 * The schemas every input of the API is built from (docs/adr/0045-one-input-schema.md): text
 * that PostgreSQL can store and compare, ids that fit its integer, dates that are real calendar
 * days in a sane range. Anything else is a 400 naming the field, never a 500 from the database.
 */
import { LIMITS } from './constants';
import { z } from './zod';

/** The largest PostgreSQL `integer`: every id of the schema is one. */
export const PG_INTEGER_MAX = 2_147_483_647;
/** Dates outside these years are typing mistakes or probes, never business dates. */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 2200;
/** The deepest page any list serves. */
export const PAGE_MAX = 1_000_000;

export const BAD_TEXT = 'must not contain NUL characters or unpaired surrogate code units';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can take: no NUL (text columns refuse it) and no lone UTF-16 surrogate (not Unicode). */
export const isSafeText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * The explicit direction controls of Unicode: embeddings and overrides (LRE, RLE, PDF, LRO, RLO:
 * U+202A–U+202E) and isolates (LRI, RLI, FSI, PDI: U+2066–U+2069). Invisible, they make text read
 * differently from what it is ("invoice", RLO, "fdp.exe" shows as "invoiceexe.pdf"); docs/adr/0102.
 * The direction marks (U+200E, U+200F, U+061C) cannot embed or override and stay allowed.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const DIRECTION_CODES = '(U+202A–U+202E, U+2066–U+2069)';
export const BIDI_LINE_TEXT = `must not contain characters that change the direction of text ${DIRECTION_CODES}`;
export const BIDI_LONG_TEXT = `must close each character that changes the direction of text ${DIRECTION_CODES} on the line where it opens`;
const PDF = '\u202C';
const PDI = '\u2069';
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/** One-line text (a name, a title, a search): no direction control at all. */
export const hasNoDirectionControls = (value: string) => !DIRECTION_CONTROL.test(value);

/**
 * Long text (a note, a description): every embedding, override or isolate is closed on the line
 * where it opens, innermost first (PDF closes an embedding or override, PDI an isolate), so none
 * reaches past its line, as right-to-left text pasted from a word processor or an app has them.
 */
export function hasClosedDirectionControls(value: string): boolean {
  if (hasNoDirectionControls(value)) return true;
  for (const line of value.split(LINE_BREAK)) {
    const open: string[] = [];
    for (const c of line) {
      if (c === PDF || c === PDI) {
        if (open.pop() !== c) return false;
      } else if (c >= '\u202A' && c <= '\u202E') open.push(PDF);
      else if (c >= '\u2066' && c <= '\u2068') open.push(PDI);
    }
    if (open.length) return false;
  }
  return true;
}

/**
 * `line`: names, titles and any other one-line text; `long`: notes, descriptions, Markdown, files;
 * `secret`: passwords, never shown to anyone, so any character PostgreSQL can store is theirs.
 */
export type TextForm = 'line' | 'long' | 'secret';

/**
 * The one text schema: every text field and query parameter of every contract starts here.
 * `required` is the message when the value is missing or not text; `label` names it in the
 * messages about bad characters. `form` says how direction controls are judged (docs/adr/0102):
 * one-line text refuses them, long text takes them when each is closed on its own line.
 */
export function safeText(required = 'Must be text', label = 'Text', form: TextForm = 'line') {
  const text = z.string({ error: required }).refine(isSafeText, `${label} ${BAD_TEXT}`);
  if (form === 'secret') return text;
  return form === 'line'
    ? text.refine(hasNoDirectionControls, `${label} ${BIDI_LINE_TEXT}`)
    : text.refine(hasClosedDirectionControls, `${label} ${BIDI_LONG_TEXT}`);
}

/** Messages of an id: one for every problem, or per problem from a label ("Company must be a number"). */
type IdMessages = { label: string } | { message: string };

/** A positive whole number within PostgreSQL's integer, from JSON or a query string. */
export function idInput(messages: IdMessages = { message: 'Must be an id' }) {
  const m =
    'message' in messages
      ? { number: messages.message, whole: messages.message, positive: messages.message, large: messages.message }
      : {
          number: `${messages.label} must be a number`,
          whole: `${messages.label} must be a whole number`,
          positive: `${messages.label} must be positive`,
          large: `${messages.label} is too large`,
        };
  return z.coerce.number({ error: m.number }).max(PG_INTEGER_MAX, m.large).int(m.whole).positive(m.positive);
}

/**
 * An id a person chooses in a picker (a company, an owner, a channel): whatever is wrong with it,
 * the message says what to do ("Pick a company"), never "must be a number". The field's name is in
 * the 400's `fields` for integrators.
 */
export const pickedId = (pick: string) => idInput({ message: pick });

/** The page query of a list: `page` from 1, and `pageSize` up to LIMITS.pageSizeMax. */
export function pageQuery(defaultSize: number) {
  return {
    page: pageInput().default(1),
    pageSize: z.coerce
      .number({ error: 'Must be a page size' })
      .int()
      .min(1, 'Must be 1 or more')
      .max(LIMITS.pageSizeMax, `Must be at most ${LIMITS.pageSizeMax}`)
      .default(defaultSize),
  };
}

/** The `:id` of a path: the one schema of every route that takes an id. */
export const idParamsSchema = z.strictObject({ id: idInput({ label: 'id' }) });

/** A page number of a list: 1 up to PAGE_MAX. */
export function pageInput(message = 'Must be a page number') {
  return z.coerce.number({ error: message }).int(message).min(1, 'Must be 1 or more').max(PAGE_MAX, `Must be at most ${PAGE_MAX}`);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Year, month and day are a day of the calendar within the sane range. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A calendar day as YYYY-MM-DD: a real day (no 30 February) between DATE_YEAR_MIN and DATE_YEAR_MAX.
 * `pick` replaces the format's message for a day a person picks in a form ("Pick the day the sprint starts").
 */
export function calendarDay(label: string, pick?: string) {
  const message = pick ?? `${label} must be a real day as YYYY-MM-DD between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;
  return safeText(message, label)
    .max(10, message)
    .refine((v) => {
      const m = DAY.exec(v);
      return Boolean(m) && isCalendarDay(Number(m![1]), Number(m![2]), Number(m![3]));
    }, message);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An instant as ISO 8601 (a day, or a day and time with an optional offset; no offset is the
 * server's time zone), answered as an ISO string in UTC. The day must be real, the time of day
 * below 24:00 and the year between DATE_YEAR_MIN and DATE_YEAR_MAX, so PostgreSQL never meets an
 * impossible or far-off timestamp.
 */
export function dateTimeInput(label: string) {
  const message = `${label} must be a date and time (ISO 8601) between ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`;
  return safeText(message, label)
    .max(40, message)
    .refine((v) => {
      const m = DATE_TIME.exec(v.trim());
      if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
      if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59) return false;
      const time = Date.parse(v.trim().replace(' ', 'T'));
      if (Number.isNaN(time)) return false;
      const year = new Date(time).getUTCFullYear();
      return year >= DATE_YEAR_MIN && year <= DATE_YEAR_MAX;
    }, message)
    .transform((v) => new Date(v.trim().replace(' ', 'T')).toISOString());
}
