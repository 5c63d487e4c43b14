/**
 * One way to show dates and times across the product (QUALITY.md, UI; ADR 0130): the user's locale
 * through Intl.DateTimeFormat, a date as "Nov 26, 2026" and a date and time to the minute as
 * "Nov 26, 2026, 2:05 PM" (never seconds, never a numeric or ISO date on a screen), relative times
 * ("3 hr. ago") through Intl.RelativeTimeFormat where people scan lists, and the full date for a
 * title or tooltip. Pure functions, no React; `locale` defaults to the browser's, `timeZone` to the
 * reader's (the zone chosen on their profile, else the browser's: docs/adr/0163), and tests pass
 * fixed ones.
 */

export type DateInput = Date | string | number | null | undefined;

export type FormatOptions = {
  /** BCP 47 locale; default: the runtime's (the browser's language). */
  locale?: string;
  /** IANA time zone; default: the runtime's. */
  timeZone?: string;
};

export type RelativeOptions = FormatOptions & {
  /** The moment the value is compared with; default: now. */
  now?: DateInput;
  /** 'short' (default) gives "3 hr. ago", 'long' "3 hours ago", 'narrow' "3h ago". */
  style?: Intl.RelativeTimeFormatStyle;
};

/** What a missing date shows. */
export const NO_DATE = '—';

const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** Where this browser keeps the signed-in person's zone, so a reload formats dates in it from the first paint. */
export const TIME_ZONE_STORAGE_KEY = 'cc.timeZone';

const zoneStorage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

/** The zone the signed-in person chose on their profile; undefined: the browser's. */
let chosenTimeZone: string | undefined = zoneStorage()?.getItem(TIME_ZONE_STORAGE_KEY) || undefined;

/** How long a request waits for the session to tell the reader's zone before it takes the browser's. */
const ZONE_WAIT_MS = 3000;

/** Set while the session is loading the person's profile (after a reload): their zone is not known yet. */
let zonePending: { promise: Promise<void>; settle: () => void } | null = null;

/** The one seam of the reader's zone: the session sets it from the profile, the profile when it is saved, sign-out clears it. */
export function setReaderTimeZone(zone: string | null | undefined): void {
  chosenTimeZone = zone || undefined;
  try {
    if (chosenTimeZone) zoneStorage()?.setItem(TIME_ZONE_STORAGE_KEY, chosenTimeZone);
    else zoneStorage()?.removeItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    // A browser that refuses storage still formats in the zone for this page.
  }
  settleReaderTimeZone();
}

/** The session is loading the person's profile: requests that count days wait for their zone (readerTimeZoneSettled). */
export function expectReaderTimeZone(): void {
  if (zonePending) return;
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  zonePending = { promise, settle };
}

/** The profile answered or failed: nothing waits for the zone any longer. */
export function settleReaderTimeZone(): void {
  zonePending?.settle();
  zonePending = null;
}

/**
 * The reader's time zone once the session knows it: right away, unless the person's profile is
 * still loading after a reload (then at most ZONE_WAIT_MS later), so the first report or week
 * after a reload counts days in the person's zone and not the browser's.
 */
export async function readerTimeZoneSettled(): Promise<string> {
  const pending = zonePending;
  if (pending) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([pending.promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ZONE_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return readerTimeZone();
}

/** The reader's time zone: the one they chose, else the browser's (UTC when it names none). */
export function readerTimeZone(): string {
  return chosenTimeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

function dateTimeFormat(options: Intl.DateTimeFormatOptions, { locale, timeZone = chosenTimeZone }: FormatOptions): Intl.DateTimeFormat {
  const key = `dt|${locale ?? ''}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(key, format);
  }
  return format;
}

function relativeTimeFormat(locale: string | undefined, style: Intl.RelativeTimeFormatStyle): Intl.RelativeTimeFormat {
  const key = `rt|${locale ?? ''}|${style}`;
  let format = cache.get(key) as Intl.RelativeTimeFormat | undefined;
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { style, numeric: 'auto' });
    cache.set(key, format);
  }
  return format;
}

/** A valid Date, or null for a missing or unparseable value. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Minutes of work as hours and minutes: "2 h 5 min". */
export const formatMinutes = (minutes: number) => `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

/** "Jun 24, 2026" (en-US), "24 Jun 2026" (en-GB), "24.06.2026" (de-DE). */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ dateStyle: 'medium' }, options).format(date) : NO_DATE;
}

/** "Jun 24, 2026, 9:05 AM" (en-US), "24 Jun 2026, 14:05" (en-GB). */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }, options).format(date) : NO_DATE;
}

/** "9:05 AM" (en-US), "14:05" (en-GB). */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ timeStyle: 'short' }, options).format(date) : NO_DATE;
}

/** The long form for a title or tooltip: "Wednesday, June 24, 2026 at 9:05 AM". */
export function formatFullDateTime(value: DateInput, options: FormatOptions = {}): string {
  const date = toDate(value);
  return date ? dateTimeFormat({ dateStyle: 'full', timeStyle: 'short' }, options).format(date) : NO_DATE;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Below this age a time reads as "now". */
const NOW_WITHIN_MS = 45 * SECOND;

/**
 * "now", "5 min. ago", "3 hr. ago", "yesterday", "in 2 days", "3 wk. ago"; past four weeks the
 * date itself ("Jun 24, 2026"), which reads better than "7 mo. ago" in a list.
 */
export function formatRelative(value: DateInput, options: RelativeOptions = {}): string {
  const date = toDate(value);
  if (!date) return NO_DATE;
  const now = toDate(options.now ?? Date.now()) ?? new Date();
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  const rtf = relativeTimeFormat(options.locale, options.style ?? 'short');
  const sign = diff < 0 ? -1 : 1;
  if (abs < NOW_WITHIN_MS) return rtf.format(0, 'second');
  if (abs < HOUR) return rtf.format(sign * Math.max(1, Math.floor(abs / MINUTE)), 'minute');
  if (abs < DAY) return rtf.format(sign * Math.floor(abs / HOUR), 'hour');
  if (abs < WEEK) return rtf.format(sign * Math.floor(abs / DAY), 'day');
  if (abs < 4 * WEEK) return rtf.format(sign * Math.floor(abs / WEEK), 'week');
  return formatDate(date, options);
}

/** The ISO string for a <time dateTime> attribute, or undefined for a missing value. */
export function toIso(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}

/** A calendar day (YYYY-MM-DD) as a column header: "Mon, Nov 16" (en-US), "Mon 16 Nov" (en-GB); the day itself, not an instant. */
export function formatDayHeader(day: string, options: Omit<FormatOptions, 'timeZone'> = {}): string {
  return dateTimeFormat({ weekday: 'short', month: 'short', day: 'numeric' }, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
