/**
 * The mail that tells someone of an event on a ticket: a staff member (assigned to them, a client
 * replied, it turned overdue) or a client (its status changed). Same subject and threading as the
 * ticket's other mail ("[Ticket #1234] <title>", docs/adr/0120-ticket-mail-threading.md).
 */
import { OUTBOX_KIND_STAFF_NOTICE, OUTBOX_KIND_STATUS_CHANGE } from '@contracts/notifications';
import type { Email, MailHeaders } from './outbox';
import { clientTicketLink, escapeHtml, ticketSubject } from './ticket-reply';

/** Threading headers of a notice: its own id (`<ticket-1234.<cause>@host>`), answering the ticket's root. */
function noticeHeaders(publicUrl: string, ticketId: number, cause: string): MailHeaders {
  const host = new URL(publicUrl).hostname;
  const root = `<ticket-${ticketId}@${host}>`;
  return { 'Message-ID': `<ticket-${ticketId}.${cause}@${host}>`, 'In-Reply-To': root, References: root };
}

function noticeEmail(to: string, kind: string, ticket: { id: number; title: string }, lines: string[], link: string, headers: MailHeaders): Email {
  const body = [...lines, '', link, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...lines.filter(Boolean).map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`),
    `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">Open ticket #${ticket.id}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, kind, subject: ticketSubject(ticket.id, ticket.title), body, html, headers };
}

export type StaffNotice = {
  event: 'assigned' | 'client_reply' | 'overdue';
  ticket: { id: number; title: string };
  to: { email: string; name: string };
  /** Who caused it (the one who assigned, the client who replied); null for overdue. */
  actor: string | null;
  /** The cause, unique per ticket (`entry-12`, `note-99`, `due-…`): the mail's own Message-ID part. */
  cause: string;
};

/** The address of a ticket on the staff desk. */
export const staffTicketLink = (publicUrl: string, ticketId: number) => `${publicUrl}/ticket/${ticketId}`;

export function staffNoticeEmail(publicUrl: string, n: StaffNotice): Email {
  const what = {
    assigned: `${n.actor ?? 'Someone'} assigned ticket #${n.ticket.id} "${n.ticket.title}" to you.`,
    client_reply: `${n.actor ?? 'The client'} replied on your ticket #${n.ticket.id} "${n.ticket.title}".`,
    overdue: `Your ticket #${n.ticket.id} "${n.ticket.title}" is now overdue.`,
  }[n.event];
  return noticeEmail(n.to.email, OUTBOX_KIND_STAFF_NOTICE, n.ticket, [`Hello ${n.to.name},`, '', what, '', 'Open it on the desk:'], staffTicketLink(publicUrl, n.ticket.id), noticeHeaders(publicUrl, n.ticket.id, n.cause));
}

export type StatusNotice = { ticket: { id: number; title: string }; to: { email: string; name: string | null }; from: string; status: string; cause: string };

/** The mail to a ticket's contact when staff change its status (labels as the portal shows them). */
export function statusChangeEmail(publicUrl: string, n: StatusNotice): Email {
  const lines = [`Hello${n.to.name ? ` ${n.to.name}` : ''},`, '', `Your ticket #${n.ticket.id} "${n.ticket.title}" changed from ${n.from} to ${n.status}.`, '', 'See it in the client portal:'];
  return noticeEmail(n.to.email, OUTBOX_KIND_STATUS_CHANGE, n.ticket, lines, clientTicketLink(publicUrl, n.ticket.id), noticeHeaders(publicUrl, n.ticket.id, n.cause));
}
