/**
 * What happens to a received message (docs/adr/0166-email-in.md), in one transaction: its record is
 * inserted first (one per channel and Message-ID, so a message fetched twice, or by two app
 * servers, is processed once), then it is filed: ignored (automatic, our own, too many from one
 * sender), a bounce (the address marked), a note on the ticket it answers (when the sender may see
 * that ticket, or is the contact without a portal account its mail went to), a new ticket of the sender's company, or the review list.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { MAIL_LIMITS, type MailOutcome } from '@contracts/mail-channels';
import type { Severity } from '@contracts/common/codes';
import type { Config } from '@server/config';
import { addClientReply, addContactReply, attachToTicket, createMailTicket } from '@server/features/tickets';
import { audit } from '@server/platform/audit';
import { inTransaction } from '@server/platform/db/database';
import { conflict, notFound } from '@server/platform/http/errors';
import { mailFrom } from '@server/platform/mail/outbox';
import { withFileContents, type StoredFile, type UploadStore } from '@server/platform/uploads';
import type { Pool, PoolClient } from 'pg';
import {
  claimMessage,
  companyExists,
  countFromSender,
  findMessage,
  findSender,
  isKnownMessage,
  rawMessage,
  recordBounces,
  settleMessage,
  ticketCompany,
  type Sender,
} from './mail-in.repo';
import { authenticationResults, automaticReason, bouncedAddresses, firstAddress, header, isBounce, messageKey, parseHeaders, ticketReferences, trimQuoted } from './parse';

export type MailDeps = { pool: Pool; config: Pick<Config, 'publicUrl' | 'responseTargetHours'>; uploads: UploadStore; now: () => Date };
export type InboundChannel = { id: number; address: string; queue: string; severity: string };
export type Filed = { id: number | null; outcome: MailOutcome | 'duplicate'; reason: string; ticketId: number | null; noteId: number | null };

const HOUR_MS = 3_600_000;

/** Text as the database and the screens take it: no NUL, no lone surrogates. */
const clean = (text: string) => text.replaceAll('\u0000', '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The subject as a ticket title: reply/forward prefixes and our "[Ticket #N]" off, at most MAIL_LIMITS.titleChars. */
export function titleOf(subject: string | null | undefined): string {
  const title = clean(subject ?? '')
    .replace(/\[Ticket #\d+\]/gi, '')
    .replace(/^\s*((re|fw|fwd|aw|sv|tr)\s*:\s*)+/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return (title || '(no subject)').slice(0, MAIL_LIMITS.titleChars);
}

/** A message's own text: the text part (or its HTML as text, from the parser), the quoted history cut. */
export function bodyOf(mail: ParsedMail, refused: readonly { name: string; reason: string }[]): string {
  const text = mail.text ?? '';
  let body = clean(trimQuoted(text)).slice(0, MAIL_LIMITS.noteChars);
  if (!body.trim()) body = '(no text)';
  if (refused.length) body += `\n\nNot attached: ${refused.map((r) => r.reason).join('; ')}`;
  return body;
}

/** Files and receives one raw message from a channel. */
export async function receiveMail(deps: MailDeps, channel: InboundChannel, raw: Buffer, size = raw.length): Promise<Filed> {
  const headers = parseHeaders(raw);
  const key = messageKey(headers, raw);
  // A message seen before costs one lookup (the insert below is what guarantees once).
  if (await isKnownMessage(deps.pool, channel.id, key)) return { id: null, outcome: 'duplicate', reason: 'Already received', ticketId: null, noteId: null };
  const from = firstAddress(header(headers, 'from'));
  const truncated = size > raw.length;
  let parsed: ParsedMail | null = null;
  let unreadable: string | null = null;
  if (size > MAIL_LIMITS.processBytes) unreadable = `The message is larger than ${Math.round(MAIL_LIMITS.processBytes / 1024 / 1024)} MB`;
  else if (headers.size === 0 || !from) unreadable = 'The message could not be read: it has no sender';
  else {
    try {
      parsed = await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: MAIL_LIMITS.processBytes });
    } catch (error) {
      unreadable = `The message could not be read: ${String((error as Error).message ?? error).slice(0, 200)}`;
    }
  }
  const subject = parsed?.subject ?? header(headers, 'subject') ?? null;
  const attachments = (parsed?.attachments ?? []).filter((a) => !a.related).map((a) => ({ filename: a.filename ?? 'attachment', content: a.content }));
  const auth = authenticationResults(headers);
  const now = deps.now();

  return withFileContents(deps.uploads, parsed ? attachments : [], async (files, refused, keep) => {
    const filed = await inTransaction(deps.pool, async (db) => {
      const id = await claimMessage(db, { channelId: channel.id, key, receivedAt: now, from, subject: subject ? clean(subject) : null, size, raw, truncated, ...auth });
      if (id === null) return { id: null, outcome: 'duplicate', reason: 'Already received', ticketId: null, noteId: null } satisfies Filed;
      const result = await decide(db, deps, channel, { id, from, parsed, unreadable, headers, raw, subject, files, refused, now });
      await settleMessage(db, id, result);
      await audit(db, { actor: { type: 'system' }, entity: 'mail_message', entityId: id, action: 'receive', detail: { outcome: result.outcome, ticketId: result.ticketId ?? null } });
      return { id, outcome: result.outcome, reason: result.reason, ticketId: result.ticketId ?? null, noteId: result.noteId ?? null } satisfies Filed;
    });
    if (filed.outcome === 'ticket' || filed.outcome === 'note') keep();
    return filed;
  });
}

type Decided = { outcome: MailOutcome; reason: string; companyId?: number | null; ticketId?: number | null; noteId?: number | null };

async function decide(
  db: PoolClient,
  deps: MailDeps,
  channel: InboundChannel,
  m: { id: number; from: string | null; parsed: ParsedMail | null; unreadable: string | null; headers: ReturnType<typeof parseHeaders>; raw: Buffer; subject: string | null; files: readonly StoredFile[]; refused: readonly { name: string; reason: string }[]; now: Date },
): Promise<Decided> {
  if (m.unreadable || !m.parsed || !m.from) return { outcome: 'review', reason: m.unreadable ?? 'The message could not be read' };
  if (isBounce(m.headers, m.from)) {
    const addresses = bouncedAddresses(m.headers, m.raw);
    await recordBounces(db, addresses, `Bounced: ${titleOf(m.subject)}`, m.id, m.now);
    return { outcome: 'bounce', reason: addresses.length ? `Delivery failed to ${addresses.join(', ')}`.slice(0, 300) : 'Delivery failure report' };
  }
  const automatic = automaticReason(m.headers);
  if (automatic) return { outcome: 'ignored', reason: automatic };
  const ours = [mailFrom(deps.config.publicUrl), channel.address.toLowerCase()];
  if (ours.includes(m.from)) return { outcome: 'ignored', reason: 'Mail from our own address (a loop)' };
  const recent = await countFromSender(db, channel.id, m.from, new Date(m.now.getTime() - HOUR_MS), m.id);
  if (recent >= MAIL_LIMITS.perSenderPerHour) return { outcome: 'ignored', reason: `More than ${MAIL_LIMITS.perSenderPerHour} messages from this sender within an hour` };

  const sender = await findSender(db, m.from);
  const body = bodyOf(m.parsed, m.refused);
  let note = '';
  for (const ticketId of ticketReferences(m.headers, m.subject, new URL(deps.config.publicUrl).hostname)) {
    const companyId = await ticketCompany(db, ticketId);
    if (companyId === null) continue;
    if (sender.kind === 'user' && sender.companyId === companyId) {
      const noteId = await addClientReply(db, ticketId, { userId: sender.userId, companyId }, body, m.now, m.files);
      return { outcome: 'note', reason: `Reply added to ticket #${ticketId}`, companyId, ticketId, noteId };
    }
    if (sender.kind === 'contact' && sender.companyId === companyId) {
      // A contact without a portal account answers the ticket's mail they were sent.
      const noteId = await addContactReply(db, ticketId, { contactId: sender.contactId, companyId, name: sender.name, email: m.from }, body, m.now, m.files);
      if (noteId !== null) return { outcome: 'note', reason: `Reply added to ticket #${ticketId}`, companyId, ticketId, noteId };
    }
    note = ` (it answers ticket #${ticketId}, which this sender may not see)`;
    break;
  }
  return newTicket(db, deps, channel, sender, m, body, note);
}

async function newTicket(
  db: PoolClient,
  deps: MailDeps,
  channel: InboundChannel,
  sender: Sender,
  m: { parsed: ParsedMail | null; from: string | null; subject: string | null; files: readonly StoredFile[]; now: Date },
  body: string,
  note: string,
): Promise<Decided> {
  if (sender.kind === 'unknown') return { outcome: 'review', reason: `${sender.reason}${note}` };
  const fromName = clean(m.parsed?.from?.value[0]?.name ?? '').slice(0, 120) || null;
  const contact =
    sender.kind === 'user' ? { id: sender.contactId, name: sender.name, email: m.from }
    : sender.kind === 'contact' ? { id: sender.contactId, name: sender.name, email: m.from }
    : { id: null, name: fromName, email: m.from };
  const ticketId = await createMailTicket(
    db,
    deps.config,
    { companyId: sender.companyId, clientUserId: sender.kind === 'user' ? sender.userId : null, contact, title: titleOf(m.subject), description: body, severity: channel.severity as Severity, queue: channel.queue },
    m.now,
  );
  if (m.files.length) await attachToTicket(db, ticketId, m.files, sender.kind === 'user' ? { type: 'client', id: sender.userId } : { type: 'system' }, m.now);
  const how = sender.kind === 'domain' ? 'by its domain' : sender.kind === 'user' ? 'from a client user' : 'from a contact';
  return { outcome: 'ticket', reason: `New ticket #${ticketId} ${how}${note}`.slice(0, 300), companyId: sender.companyId, ticketId };
}

/** A person files a message from the review list: a ticket of the company they pick, or set aside. */
export async function reviewMessage(deps: MailDeps & { channelOf: (id: number) => Promise<InboundChannel | null> }, id: number, action: { action: 'ticket'; companyId: number } | { action: 'dismiss' }, staffId: number) {
  const now = deps.now();
  const message = await findMessage(deps.pool, id);
  if (!message) throw notFound('No such message');
  const raw = await rawMessage(deps.pool, id);
  const parsed = action.action === 'ticket' && raw ? await simpleParser(raw).catch(() => null) : null;
  const channel = await deps.channelOf(message.channelId);
  return inTransaction(deps.pool, async (db) => {
    const current = await findMessage(db, id, true);
    if (!current) throw notFound('No such message');
    if (current.outcome !== 'review' || current.reviewedAt) throw conflict('This message was already dealt with');
    if (action.action === 'dismiss') {
      await settleMessage(db, id, { outcome: 'review', reason: current.reason, reviewedBy: staffId, reviewedAt: now });
    } else {
      if (!(await companyExists(db, action.companyId))) throw notFound('No such company');
      const body = parsed ? bodyOf(parsed, []) : '(the message could not be read; see the original)';
      const ticketId = await createMailTicket(
        db,
        deps.config,
        { companyId: action.companyId, clientUserId: null, contact: { id: null, name: clean(parsed?.from?.value[0]?.name ?? '').slice(0, 120) || null, email: current.from }, title: titleOf(current.subject), description: body, severity: (channel?.severity ?? 'M') as Severity, queue: channel?.queue ?? 'Support' },
        now,
      );
      await settleMessage(db, id, { outcome: 'ticket', reason: `Made ticket #${ticketId} on review`, companyId: action.companyId, ticketId, reviewedBy: staffId, reviewedAt: now });
    }
    await audit(db, { actor: { type: 'staff', id: staffId }, entity: 'mail_message', entityId: id, action: `review-${action.action}` });
    return (await findMessage(db, id))!;
  });
}
