/**
 * Email in for the demo: an IMAP mailbox and an SMTP listener, both off (a fresh install has no
 * mail server to reach), the latest open tickets that came by email with the originals they were
 * made from, an out-of-office reply that was ignored, and two messages waiting for review (a
 * sender nobody knows, and a message that could not be read). Dates follow the tickets'.
 */
import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';

/** How many of the demo's email tickets get their original message. */
export const DEMO_MAIL_TICKETS = 6;
const HOUR_MS = 3_600_000;
const SUPPORT_ADDRESS = 'support@clientcare.example';

type Raw = { from: string; subject: string; messageId: string; date: Date; body: string; extra?: string[] };

/** A plain-text message as a mail client sends it (RFC 5322, CRLF line ends). */
function rawMessage(m: Raw): Buffer {
  return Buffer.from(
    [
      `From: ${m.from}`,
      `To: Client Care Support <${SUPPORT_ADDRESS}>`,
      `Subject: ${m.subject}`,
      `Date: ${m.date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: ${m.messageId}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      ...(m.extra ?? []),
      '',
      m.body,
      '',
    ].join('\r\n'),
  );
}

export async function seedMail(client: PoolClient, now = new Date()): Promise<void> {
  const { rows: channels } = await client.query<{ id: number }>(
    `INSERT INTO mail_channels (name, kind, enabled, address, queue, severity, imap_host, imap_port, imap_tls, imap_user, imap_folder, listen_host, listen_port)
     VALUES ('Support inbox', 'imap', false, $1, 'Support', 'M', 'imap.clientcare.example', 993, true, $1, 'INBOX', NULL, NULL),
            ('Forwarded from the mail server', 'smtp', false, 'help@clientcare.example', 'Support', 'M', NULL, NULL, true, NULL, 'INBOX', '127.0.0.1', 2525)
     RETURNING id`,
    [SUPPORT_ADDRESS],
  );
  const mailbox = channels[0]!.id;
  const insert = (m: Raw & { outcome: string; reason: string; fromAddress: string | null; subjectColumn: string | null; companyId?: number; ticketId?: number; raw?: Buffer }) => {
    const raw = m.raw ?? rawMessage(m);
    return client.query(
      `INSERT INTO mail_messages (channel_id, message_key, received_at, from_address, subject, size_bytes, raw, outcome, reason, company_id, ticket_id, spf, dkim, dmarc)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $12)`,
      [mailbox, m.messageId, m.date, m.fromAddress, m.subjectColumn, raw.length, raw, m.outcome, m.reason, m.companyId ?? null, m.ticketId ?? null, m.fromAddress ? 'pass' : null],
    );
  };

  const { rows: tickets } = await client.query<{ id: number; title: string; description: string; company_id: number; contact_name: string; contact_email: string; created_at: Date }>(
    `SELECT id, title, description, company_id, contact_name, contact_email, created_at FROM tickets
      WHERE source = 'email' AND contact_email IS NOT NULL AND status <> 'C' ORDER BY created_at DESC LIMIT $1`,
    [DEMO_MAIL_TICKETS],
  );
  for (const t of tickets) {
    await insert({
      from: `${t.contact_name} <${t.contact_email}>`,
      subject: t.title,
      messageId: `<demo-ticket-${t.id}@${t.contact_email.split('@')[1]}>`,
      date: t.created_at,
      body: `Hello,\r\n\r\n${t.description}\r\n\r\nThanks,\r\n${t.contact_name}`,
      outcome: 'ticket',
      reason: `New ticket #${t.id} from a contact`,
      fromAddress: t.contact_email.toLowerCase(),
      subjectColumn: t.title,
      companyId: t.company_id,
      ticketId: t.id,
    });
  }

  const contact = tickets[0];
  if (contact) {
    await insert({
      from: `${contact.contact_name} <${contact.contact_email}>`,
      subject: `Automatic reply: ${contact.title}`,
      messageId: `<demo-ooo-${contact.id}@${contact.contact_email.split('@')[1]}>`,
      date: new Date(contact.created_at.getTime() + 2 * HOUR_MS),
      body: `I am out of the office until Monday and will answer your mail when I am back.\r\n\r\n${contact.contact_name}`,
      extra: ['Auto-Submitted: auto-replied'],
      outcome: 'ignored',
      reason: 'Automatic message (Auto-Submitted: auto-replied)',
      fromAddress: contact.contact_email.toLowerCase(),
      subjectColumn: `Automatic reply: ${contact.title}`,
    });
  }

  const unknown = {
    from: 'Dana Whitfield <dana.whitfield@harbourfreight-logistics.example>',
    subject: 'Quote for meter reading handhelds?',
    messageId: '<demo-unknown-1@harbourfreight-logistics.example>',
    date: new Date(now.getTime() - 5 * HOUR_MS),
    body: 'Hi,\r\n\r\nwe run 3 depots and are looking at handhelds for meter reading. Could someone send us a quote and tell us whether you support them on site?\r\n\r\nBest regards,\r\nDana Whitfield\r\nOperations, Harbourfreight Logistics',
  };
  await insert({ ...unknown, outcome: 'review', reason: 'Unknown sender: not a contact or client user, and no company lists the domain', fromAddress: 'dana.whitfield@harbourfreight-logistics.example', subjectColumn: unknown.subject });

  // A message cut off in transit: no header block a sender can be read from.
  const broken = Buffer.from('\r\n\r\n--b1_5f2c\r\nContent-Type: text/plain\r\n\r\nThe invoice for October is attached; please confirm the meter count on\r\n', 'utf8');
  await insert({
    from: '',
    subject: '',
    // Without a Message-ID the message is known by its hash, as the reader keys it.
    messageId: `sha256:${createHash('sha256').update(broken).digest('hex')}`,
    date: new Date(now.getTime() - 2 * HOUR_MS),
    body: '',
    raw: broken,
    outcome: 'review',
    reason: 'The message could not be read: it has no sender',
    fromAddress: null,
    subjectColumn: null,
  });
}
