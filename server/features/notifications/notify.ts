/**
 * The one place that decides who is told of a ticket event and on which channel: the staff
 * member it concerns gets the bell and a mail, each only when their settings allow that channel
 * (`notificationAllowed`, the people feature's rule); a ticket's client contact gets a mail when
 * staff change its status, and so does each client user who follows the ticket, who also gets
 * staff's public notes (docs/adr/0198), unless that client user turned the event off (their "Email
 * me when…" settings, `clientMailRecipient`; every such mail carries their one-click unsubscribe
 * link: docs/adr/0201, docs/adr/0202). Nobody is mailed about their own
 * change. Each mail carries the key of its cause (event, ticket, cause, recipient, channel), so
 * every app server hearing the same event writes it once. A mail held back by the person's quiet
 * hours is sent by a job when their quiet hours end (ADR 0170).
 */
import { statusLabel } from '@contracts/common/codes';
import type { ClientMailEvent } from '@contracts/client-mail';
import { clientMailRecipient, withUnsubscribe } from '@server/features/client-users';
import { notificationAllowed } from '@server/features/people';
import type { AppContext } from '@server/context';
import { deliverLater, queueEmailOnce, type Email } from '@server/platform/mail/outbox';
import { staffNoticeEmail, statusChangeEmail, type StaffNotice } from '@server/platform/mail/ticket-notice';
import { ticketReplyEmail } from '@server/platform/mail/ticket-reply';
import { heldMail } from './jobs';
import { emailTurnedOff, publicNote, quietHoursEnd, staffRecipient, ticketContact, ticketFollowers } from './notifications.repo';

type Ctx = Pick<AppContext, 'config' | 'database' | 'jobs' | 'now'>;
type Log = { error(obj: object, msg: string): void };

/** The key that makes a notice's mail one row, however many servers hear its cause. */
export const mailKey = (event: string, ticketId: number, cause: string, recipient: string) => `${event}:${ticketId}:${cause}:${recipient}:email`;

/**
 * Mails a staff member of an event on their ticket when their settings allow it now; within their
 * quiet hours the mail waits for a job at the end of them. Answers the outbox id, if written now.
 */
export async function mailStaff(ctx: Ctx, log: Log, n: { event: StaffNotice['event']; ticketId: number; userId: number; actor: string | null; cause: string }): Promise<number | null> {
  const pool = ctx.database.pool;
  const at = ctx.now();
  const who = await staffRecipient(pool, n.userId, n.ticketId);
  if (!who) return null;
  const key = mailKey(n.event, n.ticketId, n.cause, `staff-${n.userId}`);
  const mail = staffNoticeEmail(ctx.config.publicUrl, { event: n.event, ticket: { id: n.ticketId, title: who.title }, to: who, actor: n.actor, cause: n.cause });
  if (await notificationAllowed(pool, { userId: n.userId, event: n.event, channel: 'email', at })) return send(ctx, log, key, mail);
  if (await emailTurnedOff(pool, n.userId, n.event)) return null;
  const end = await quietHoursEnd(pool, n.userId, at);
  if (end && ctx.jobs.started) await ctx.jobs.send(heldMail, { key, userId: n.userId, event: n.event, email: mail }, { startAfter: end, singletonKey: key });
  return null;
}

/** A held mail at the end of its quiet hours: written once, unless the person turned the event off meanwhile. */
export async function sendHeld(ctx: Ctx, log: Log, held: { key: string; userId: number; event: StaffNotice['event']; email: Email }): Promise<number | null> {
  if (await emailTurnedOff(ctx.database.pool, held.userId, held.event)) return null;
  return send(ctx, log, held.key, held.email);
}

/**
 * Mails a ticket's contact that staff changed its status (not when the contact is the one who
 * changed it), and each client user who follows the ticket. Answers the contact's outbox id, if written now.
 */
export async function mailStatusChange(ctx: Ctx, log: Log, e: { ticketId: number; from: string; to: string; byId: number; entry: string }): Promise<number | null> {
  const contact = await ticketContact(ctx.database.pool, e.ticketId, e.byId);
  const told = { from: statusLabel(e.from), status: statusLabel(e.to), cause: e.entry };
  for (const f of await ticketFollowers(ctx.database.pool, e.ticketId)) {
    const mail = statusChangeEmail(ctx.config.publicUrl, { ticket: { id: e.ticketId, title: f.title }, to: { email: f.email, name: f.name }, ...told });
    await sendToClient(ctx, log, 'status_change', mailKey('status', e.ticketId, e.entry, f.email.toLowerCase()), mail);
  }
  if (!contact?.email || contact.isActor) return null;
  const mail = statusChangeEmail(ctx.config.publicUrl, { ticket: { id: e.ticketId, title: contact.title }, to: { email: contact.email, name: contact.name }, ...told });
  return sendToClient(ctx, log, 'status_change', mailKey('status', e.ticketId, e.entry, contact.email.toLowerCase()), mail);
}

/**
 * Mails each client user who follows a ticket the public note staff added to it (its contact got it
 * with the note). Answers the outbox ids written now.
 */
export async function mailFollowersOfReply(ctx: Ctx, log: Log, e: { ticketId: number; noteId: number; byId: number }): Promise<number[]> {
  const note = await publicNote(ctx.database.pool, e.noteId);
  if (!note) return [];
  const ids: number[] = [];
  for (const f of await ticketFollowers(ctx.database.pool, e.ticketId)) {
    const mail = ticketReplyEmail(ctx.config.publicUrl, { ticket: { id: e.ticketId, title: f.title }, note: { id: e.noteId, body: note.body, author: note.author }, to: { email: f.email, name: f.name } });
    const id = await sendToClient(ctx, log, 'staff_reply', mailKey('reply', e.ticketId, `note-${e.noteId}`, f.email.toLowerCase()), mail);
    if (id !== null) ids.push(id);
  }
  return ids;
}

/** A client's mail, unless they turned its event off; with their unsubscribe link when they have an account. */
async function sendToClient(ctx: Ctx, log: Log, event: ClientMailEvent, key: string, mail: Email): Promise<number | null> {
  const to = await clientMailRecipient(ctx.database.pool, mail.to, event, ctx.config.publicUrl, ctx.now());
  return to.send ? send(ctx, log, key, withUnsubscribe(mail, to.unsubscribe)) : null;
}

async function send(ctx: Ctx, log: Log, key: string, mail: Email): Promise<number | null> {
  const id = await queueEmailOnce(ctx.database.pool, key, mail);
  if (id !== null) deliverLater(ctx, log, [id]);
  return id;
}
