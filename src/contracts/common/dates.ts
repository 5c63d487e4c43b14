/**
 * Calendar days and months as people read them (ADR 0130), for the screens (through
 * src/shared/ui/tokens/format.ts), the server's messages and mails, and its documents: a day is
 * itself in any zone ("Feb 14, 2026"), a month names its year in full ("November 2026",
 * "Nov 2026"), never the ISO form ("2026-02-14", "2026-11") nor a two-digit year that reads like a
 * day ("Nov 26"). `locale` defaults to the runtime's.
 */

/** Messages and mails the server writes cannot know the reader's locale: they use this one (as documents do). */
export const MESSAGE_LOCALE = 'en-US';

const formats = new Map<string, Intl.DateTimeFormat>();
function utcFormat(options: Intl.DateTimeFormatOptions, locale: string | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })));
  return format;
}

/** A calendar day (YYYY-MM-DD, or an ISO instant's day) as itself: "Feb 14, 2026" (en-US), "14 Feb 2026" (en-GB). */
export function formatDay(day: string, locale?: string): string {
  return utcFormat({ dateStyle: 'medium' }, locale).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** A month (YYYY-MM, or a day in it): "November 2026", or with `short` "Nov 2026". */
export function formatMonth(month: string, options: { locale?: string; short?: boolean } = {}): string {
  return utcFormat({ month: options.short ? 'short' : 'long', year: 'numeric' }, options.locale).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}
