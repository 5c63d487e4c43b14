/**
 * A client user's ticket mail settings (docs/adr/0201) and the signed links that turn one event off
 * from the mail itself (docs/adr/0202), and the same links for ticket contacts without an account
 * (docs/adr/0215). Only this feature writes `client_mail_opt_outs` and `contact_mail_opt_outs`; the
 * notifications feature and the tickets' reply mail ask `clientMailRecipient` before mailing a client.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLIENT_MAIL_EVENTS, UNSUBSCRIBE_LINK_DAYS, UNSUBSCRIBE_LINK_TEXT, UNSUBSCRIBE_PATH, type ClientMailEvent, type ClientMailSettings } from '@contracts/client-mail';
import type { Email } from '@server/platform/mail/outbox';
import { escapeHtml } from '@server/platform/mail/ticket-reply';
import type { Queryable } from '@server/platform/sql';

const SIGNATURE_LENGTH = 32;
/** The mark of a contact's link before its id: a client user's link has a bare id. */
const CONTACT_MARK = 'c';

/** Whose link it is: a client user (portal account) or a ticket contact without one (docs/adr/0215). */
export type MailRecipient = { kind: 'user' | 'contact'; id: number };

const DAY_MS = 86_400_000;
/** The day a link is made, in days since 1970 (UTC): it is part of the link and of what is signed (docs/adr/0214). */
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

const signature = (mailKey: string, who: MailRecipient, event: ClientMailEvent, day: number) =>
  createHmac('sha256', mailKey)
    .update(who.kind === 'user' ? `unsubscribe:${who.id}:${event}:${day}` : `unsubscribe:contact:${who.id}:${event}:${day}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);

const idPart = (who: MailRecipient) => (who.kind === 'user' ? String(who.id) : `${CONTACT_MARK}${who.id}`);

/** The token of a link for one event made on `day`: whose it is, the event, the day and a signature of all three with the owner's key. */
export const unsubscribeToken = (who: MailRecipient & { mailKey: string }, event: ClientMailEvent, day: number) => `${idPart(who)}.${event}.${day}.${signature(who.mailKey, who, event, day)}`;

/** The address of a one-click unsubscribe link for one event, made now. */
export const unsubscribeUrl = (publicUrl: string, who: MailRecipient & { mailKey: string }, event: ClientMailEvent, now: Date) =>
  `${publicUrl}${UNSUBSCRIBE_PATH}/${unsubscribeToken(who, event, dayOf(now))}`;

/**
 * What a token names, when its signature is its owner's: who, their address, the event and whether
 * the link is still within its days (`expired`); null for anything else (made up, moved, changed,
 * or signed with a key since replaced).
 */
export async function readUnsubscribeToken(db: Queryable, token: string, now: Date): Promise<{ who: MailRecipient; email: string; event: ClientMailEvent; expired: boolean } | null> {
  const [id, event, dayText, sig, ...rest] = token.split('.');
  const known = CLIENT_MAIL_EVENTS.find((e) => e.event === event);
  const match = /^(c?)([1-9]\d{0,9})$/.exec(id ?? '');
  if (rest.length || !known || !sig || !match || !/^[1-9]\d{0,5}$/.test(dayText ?? '')) return null;
  const day = Number(dayText);
  const who: MailRecipient = { kind: match[1] === CONTACT_MARK ? 'contact' : 'user', id: Number(match[2]) };
  const { rows } = await db.query<{ mail_key: string; email: string }>(
    who.kind === 'user' ? 'SELECT mail_key::text, email FROM client_users WHERE id = $1' : "SELECT mail_key::text, email FROM contacts WHERE id = $1 AND email <> ''",
    [who.id],
  );
  const owner = rows[0];
  if (!owner?.email) return null;
  const expected = Buffer.from(signature(owner.mail_key, who, known.event, day));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { who, email: owner.email, event: known.event, expired: dayOf(now) - day > UNSUBSCRIBE_LINK_DAYS };
}

/** Turns one event off for a ticket contact without a portal account (again is no change). */
export async function setContactMailEventOff(db: Queryable, contactId: number, event: ClientMailEvent, now: Date): Promise<void> {
  await db.query('INSERT INTO contact_mail_opt_outs (contact_id, event, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [contactId, event, now]);
}

/** A user's settings: every event on unless they turned it off. */
export async function mailSettings(db: Queryable, userId: number): Promise<ClientMailSettings> {
  const { rows } = await db.query<{ event: ClientMailEvent }>('SELECT event FROM client_mail_opt_outs WHERE client_user_id = $1', [userId]);
  const off = new Set(rows.map((r) => r.event));
  return Object.fromEntries(CLIENT_MAIL_EVENTS.map((e) => [e.key, !off.has(e.event)])) as ClientMailSettings;
}

/** Turns one event on or off for a user (again is no change). */
export async function setMailEvent(db: Queryable, userId: number, event: ClientMailEvent, on: boolean, now: Date): Promise<void> {
  if (on) await db.query('DELETE FROM client_mail_opt_outs WHERE client_user_id = $1 AND event = $2', [userId, event]);
  else await db.query('INSERT INTO client_mail_opt_outs (client_user_id, event, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, event, now]);
}

/** Saves a user's settings, every event as given. */
export async function saveMailSettings(db: Queryable, userId: number, settings: ClientMailSettings, now: Date): Promise<void> {
  for (const e of CLIENT_MAIL_EVENTS) await setMailEvent(db, userId, e.event, settings[e.key], now);
}

/**
 * Whether a client at this address may be mailed of this event, and how they unsubscribe: an
 * active client user's address gets the mail unless they turned the event off, with their link; an
 * address of a ticket contact without a portal account likewise, with the link of its first contact
 * (an address that is several contacts' stops when any of them turned the event off: it is one
 * mailbox, docs/adr/0215); any other address gets the mail without a link (nothing to turn off).
 */
export async function clientMailRecipient(db: Queryable, email: string, event: ClientMailEvent, publicUrl: string, now: Date): Promise<{ send: false } | { send: true; unsubscribe: string | null }> {
  const { rows } = await db.query<{ id: number; mail_key: string; off: boolean }>(
    `SELECT u.id, u.mail_key::text, EXISTS (SELECT 1 FROM client_mail_opt_outs o WHERE o.client_user_id = u.id AND o.event = $2) AS off
       FROM client_users u WHERE lower(u.email) = lower($1) AND u.status = 'active'`,
    [email, event],
  );
  const user = rows[0];
  if (user) return user.off ? { send: false } : { send: true, unsubscribe: unsubscribeUrl(publicUrl, { kind: 'user', id: user.id, mailKey: user.mail_key }, event, now) };
  const { rows: contacts } = await db.query<{ id: number; mail_key: string; off: boolean }>(
    `SELECT c.id, c.mail_key::text,
            EXISTS (SELECT 1 FROM contact_mail_opt_outs o JOIN contacts k ON k.id = o.contact_id WHERE lower(k.email) = lower($1) AND o.event = $2) AS off
       FROM contacts c WHERE lower(c.email) = lower($1) ORDER BY c.id LIMIT 1`,
    [email, event],
  );
  const contact = contacts[0];
  if (!contact) return { send: true, unsubscribe: null };
  if (contact.off) return { send: false };
  return { send: true, unsubscribe: unsubscribeUrl(publicUrl, { kind: 'contact', id: contact.id, mailKey: contact.mail_key }, event, now) };
}

/**
 * A client's ticket mail with its one-click unsubscribe (RFC 8058): the link in the footer of both
 * alternatives and the `List-Unsubscribe` and `List-Unsubscribe-Post` headers mail clients offer as
 * their own button. Without a link (an address that is nobody's we know) the mail is as it was.
 */
export function withUnsubscribe(mail: Email, url: string | null): Email {
  if (!url) return mail;
  const body = `${mail.body.replace(/\n*$/, '')}\n\n--\n${UNSUBSCRIBE_LINK_TEXT}: ${url}\n`;
  const footer = `<p style="margin:24px 0 0;font-size:13px;color:#52606d"><a href="${escapeHtml(url)}" style="color:#52606d">${escapeHtml(UNSUBSCRIBE_LINK_TEXT)}</a></p>`;
  const html = mail.html?.includes('</body>') ? mail.html.replace('</body>', `${footer}\n</body>`) : mail.html;
  return { ...mail, body, ...(html ? { html } : {}), headers: { ...mail.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
}
