/**
 * The mail a public staff note sends the ticket's contact: "[Ticket #1234] <title>", the note as
 * plain text and as HTML that shows it as text (nothing in a note becomes markup), a link to the
 * ticket in the client portal, and headers that thread every mail of a ticket together
 * (docs/adr/0120-ticket-mail-threading.md).
 */
import { CLIENT_PATHS } from '@contracts/common/constants';
import { OUTBOX_KIND_TICKET_REPLY } from '@contracts/tickets';
import type { Email, MailHeaders } from './outbox';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text: every character that could start markup or end an attribute is escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay breaks. */
export function textToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The subject of every mail about a ticket: its number first, so mail clients and people sort by it. */
export const ticketSubject = (ticketId: number, title: string) => `[Ticket #${ticketId}] ${title}`;

/** The address of a ticket in the client portal. */
export const clientTicketLink = (publicUrl: string, ticketId: number) => `${publicUrl}${CLIENT_PATHS.tickets}?id=${ticketId}`;

/**
 * The threading headers of a note's mail: the ticket's root id (`<ticket-1234@host>`) is the
 * message every mail of the ticket answers, each note has its own id (`<ticket-1234.note-99@host>`),
 * so a client's reply carries the ticket number in In-Reply-To and References.
 */
export function ticketThreadHeaders(publicUrl: string, ticketId: number, noteId: number): MailHeaders {
  const host = new URL(publicUrl).hostname;
  const root = `<ticket-${ticketId}@${host}>`;
  return { 'Message-ID': `<ticket-${ticketId}.note-${noteId}@${host}>`, 'In-Reply-To': root, References: root };
}

export type TicketReply = {
  ticket: { id: number; title: string };
  note: { id: number; body: string; author: string };
  to: { email: string; name: string | null };
};

/** The mail of a public note on a ticket, to the ticket's contact. */
export function ticketReplyEmail(publicUrl: string, reply: TicketReply): Email {
  const { ticket, note, to } = reply;
  const link = clientTicketLink(publicUrl, ticket.id);
  const greeting = `Hello${to.name ? ` ${to.name}` : ''},`;
  const intro = `${note.author} answered on your ticket #${ticket.id} "${ticket.title}":`;
  const body = [greeting, '', intro, '', note.body, '', 'See the whole conversation or answer in the client portal:', link, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
    `<div style="border-left:3px solid #c7d2de;padding:4px 0 4px 12px;margin:0 0 16px">${textToHtml(note.body)}</div>`,
    `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">Open ticket #${ticket.id} in the client portal</a> to see the whole conversation or answer.</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: to.email,
    kind: OUTBOX_KIND_TICKET_REPLY,
    subject: ticketSubject(ticket.id, ticket.title),
    body,
    html,
    headers: ticketThreadHeaders(publicUrl, ticket.id, note.id),
  };
}
