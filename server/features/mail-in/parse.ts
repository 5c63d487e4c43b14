/**
 * Reading a received message before anything is decided: its headers (read from the raw bytes, so
 * even a message too large or too broken to parse is named and filed), whether it is an automatic
 * message, a bounce, which ticket it answers, what the upstream server said of SPF/DKIM/DMARC, and
 * its text without the quoted history under it.
 */
import { createHash } from 'node:crypto';

/** Header names (lower case) to their values, unfolded, in order. */
export type MailHeaderMap = Map<string, string[]>;

/** The most of a message read for its headers. */
const HEADER_BYTES_MAX = 256 * 1024;

/** The header block of a raw message: everything before the first blank line. */
export function headerBlock(raw: Buffer): string {
  const head = raw.subarray(0, HEADER_BYTES_MAX).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  return end === -1 ? head : head.slice(0, end);
}

export function parseHeaders(raw: Buffer): MailHeaderMap {
  const headers: MailHeaderMap = new Map();
  const lines = headerBlock(raw).split(/\r?\n/);
  let current: { name: string; value: string } | null = null;
  const flush = () => {
    if (!current) return;
    const list = headers.get(current.name) ?? [];
    list.push(current.value.trim());
    headers.set(current.name, list);
    current = null;
  };
  for (const line of lines) {
    if (/^[ \t]/.test(line) && current) {
      current.value += ` ${line.trim()}`;
      continue;
    }
    flush();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    current = { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) };
  }
  flush();
  return headers;
}

export const header = (headers: MailHeaderMap, name: string): string | undefined => headers.get(name)?.[0];

const ADDRESS = /[A-Za-z0-9._%+'=-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?/;

/** The first email address in a header value ("Ann <ann@acme.test>" → ann@acme.test), lower case. */
export function firstAddress(value: string | undefined): string | null {
  const angle = value?.match(/<([^<>]+)>/)?.[1];
  const found = (angle ?? value ?? '').match(ADDRESS)?.[0];
  return found ? found.toLowerCase() : null;
}

/** The key a message is processed once by: its Message-ID, or without one a hash of its bytes. */
export function messageKey(headers: MailHeaderMap, raw: Buffer): string {
  const id = header(headers, 'message-id')?.match(/<[^<>\s]{1,990}>/)?.[0] ?? header(headers, 'message-id')?.trim();
  if (id) return id.slice(0, 998);
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

/**
 * Why a message is an automatic one that must not become a ticket or a note (an out-of-office, a
 * list, a robot), or null for a person's mail (RFC 3834 Auto-Submitted, Precedence, and the
 * X-Autoreply family Microsoft and others send).
 */
export function automaticReason(headers: MailHeaderMap): string | null {
  const auto = header(headers, 'auto-submitted')?.toLowerCase();
  if (auto && !auto.startsWith('no')) return `Automatic message (Auto-Submitted: ${auto})`;
  const precedence = header(headers, 'precedence')?.toLowerCase();
  if (precedence && ['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `Automatic message (Precedence: ${precedence})`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) {
    const value = header(headers, name);
    if (value !== undefined && !(name === 'x-auto-response-suppress' && /^none$/i.test(value))) return `Automatic message (${name})`;
  }
  if (header(headers, 'list-id') || header(headers, 'list-unsubscribe')) return 'Mailing list message';
  return null;
}

/** A delivery failure report (a bounce): multipart/report of delivery status, or from the mailer daemon. */
export function isBounce(headers: MailHeaderMap, from: string | null): boolean {
  const type = header(headers, 'content-type')?.toLowerCase() ?? '';
  if (type.includes('multipart/report') && type.includes('delivery-status')) return true;
  return !!from && /^(mailer-daemon|postmaster)@/i.test(from);
}

/** The addresses a bounce says could not be reached. */
export function bouncedAddresses(headers: MailHeaderMap, raw: Buffer): string[] {
  const found = new Set<string>();
  for (const value of headers.get('x-failed-recipients') ?? []) for (const a of value.split(',')) { const x = firstAddress(a); if (x) found.add(x); }
  const text = raw.subarray(0, 512 * 1024).toString('latin1');
  for (const match of text.matchAll(/^(?:Final|Original)-Recipient:\s*rfc822;\s*(\S+)/gim)) {
    const x = firstAddress(match[1]);
    if (x) found.add(x);
  }
  return [...found];
}

/** What the receiving server recorded (Authentication-Results): spf, dkim and dmarc results, when it said. */
export function authenticationResults(headers: MailHeaderMap): { spf: string | null; dkim: string | null; dmarc: string | null } {
  const all = (headers.get('authentication-results') ?? []).join('; ');
  const pick = (method: string) => all.match(new RegExp(`\\b${method}=([a-z]+)`, 'i'))?.[1]?.toLowerCase() ?? null;
  return { spf: pick('spf'), dkim: pick('dkim'), dmarc: pick('dmarc') };
}

/**
 * The tickets a message says it answers, most trusted first (docs/adr/0120): the `ticket-N` ids on
 * our host in In-Reply-To, then References, then "[Ticket #N]" in the subject.
 */
export function ticketReferences(headers: MailHeaderMap, subject: string | null, host: string): number[] {
  const ids: number[] = [];
  const hostPattern = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const byId = new RegExp(`<ticket-(\\d{1,9})(?:\\.note-\\d+)?@${hostPattern}>`, 'gi');
  for (const name of ['in-reply-to', 'references']) {
    for (const value of headers.get(name) ?? []) for (const m of value.matchAll(byId)) ids.push(Number(m[1]));
  }
  const inSubject = subject?.match(/\[Ticket #(\d{1,9})\]/i);
  if (inSubject) ids.push(Number(inSubject[1]));
  return [...new Set(ids)].filter((n) => n > 0 && n <= 2_147_483_647);
}

/** Lines that start the quoted history mail clients put under a reply. */
const QUOTE_STARTS = [
  /^On .{3,300}wrote:\s*$/, // Gmail, Apple Mail, Thunderbird
  /^Le .{3,300}a écrit\s*:\s*$/,
  /^Am .{3,300}schrieb .{0,100}:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i, // Outlook
  /^_{10,}\s*$/, // Outlook's rule above "From:"
  /^From: .+$/, // Outlook's header block of the quoted mail (when it follows a blank line)
];

/**
 * A reply's own text: the quoted history under it is cut (from the first line that starts a
 * quote, or the trailing block of "> " lines), trailing blank lines and signatures' "-- " kept out.
 */
export function trimQuoted(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const afterBlank = i === 0 || lines[i - 1]!.trim() === '';
    if (QUOTE_STARTS.slice(0, 5).some((re) => re.test(line.trim())) || (afterBlank && i > 0 && QUOTE_STARTS[5]!.test(line) && /^(Sent|To|Subject|Date):/m.test(lines.slice(i + 1, i + 5).join('\n')))) {
      end = i;
      break;
    }
    if (line === '-- ') {
      end = i;
      break;
    }
  }
  let kept = lines.slice(0, end);
  // A trailing block of quoted lines (bottom quoting without a lead-in line).
  while (kept.length && (kept[kept.length - 1]!.startsWith('>') || kept[kept.length - 1]!.trim() === '')) kept = kept.slice(0, -1);
  const result = kept.join('\n').trim();
  return result || text.trim();
}
