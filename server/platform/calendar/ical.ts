/**
 * The one writer of iCalendar (RFC 5545) in the product, and the secret addresses of calendar feeds.
 * Text values are escaped (backslash, semicolon, comma, newline); every content line is folded at 75
 * octets (a CRLF and one space), never inside a UTF-8 character; lines end in CRLF. Timed events are
 * written in UTC, all-day events as dates (DTEND the day after, exclusive).
 */
import { createHash, randomBytes } from 'node:crypto';

export type CalendarEvent = {
  /** Unique and stable across fetches (the domain is appended). */
  uid: string;
  summary: string;
  url?: string;
  description?: string;
} & ({ start: string; end: string } | { day: string });

export type Calendar = { name: string; product: string; events: readonly CalendarEvent[]; now: Date };

const UID_DOMAIN = 'client-care';
const FOLD_OCTETS = 75;

/** An instant as an iCalendar UTC date-time (20261126T101500Z). */
export const icsTime = (isoTime: string) => `${new Date(isoTime).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
/** A calendar day (YYYY-MM-DD) as an iCalendar DATE. */
const icsDate = (day: string) => day.replace(/-/g, '');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n. */
export const icsText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** One content line folded at 75 octets: continuation lines start with a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The text of a calendar: VCALENDAR with one VEVENT per event, folded, CRLF line ends. */
export function writeCalendar(cal: Calendar): string {
  const stamp = icsTime(cal.now.toISOString());
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//Client Care//${icsText(cal.product)}//EN`, 'CALSCALE:GREGORIAN', `X-WR-CALNAME:${icsText(cal.name)}`];
  for (const e of cal.events) {
    lines.push('BEGIN:VEVENT', `UID:${icsText(e.uid)}@${UID_DOMAIN}`, `DTSTAMP:${stamp}`);
    if ('day' in e) lines.push(`DTSTART;VALUE=DATE:${icsDate(e.day)}`, `DTEND;VALUE=DATE:${icsDate(nextDay(e.day))}`, 'TRANSP:TRANSPARENT');
    else lines.push(`DTSTART:${icsTime(e.start)}`, `DTEND:${icsTime(e.end)}`);
    lines.push(`SUMMARY:${icsText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A feed's secret: 256 random bits, URL-safe (43 characters). Only its hash is stored. */
export const newFeedToken = () => randomBytes(32).toString('base64url');
/** The stored hash of a feed's token (the address's last segment, with or without ".ics"). */
export const feedTokenHash = (token: string) => createHash('sha256').update(token.replace(/\.ics$/, '')).digest();
