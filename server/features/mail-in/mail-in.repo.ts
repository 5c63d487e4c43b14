/** Email in's SQL: channels, received messages, company mail domains and bounced addresses (only this feature writes them). */
import type { MailChannel, MailMessage, MailOutcome } from '@contracts/mail-channels';
import { allQueries, iso, offsetOf, type Queryable } from '@server/platform/sql';

export type ChannelRow = MailChannel & { imapPassword: string | null };

const CHANNEL_COLUMNS = `id, name, kind, enabled, address, queue, severity, imap_host AS "imapHost", imap_port AS "imapPort", imap_tls AS "imapTls",
  imap_user AS "imapUser", imap_password AS "imapPassword", (imap_password IS NOT NULL) AS "hasPassword", imap_folder AS "imapFolder",
  listen_host AS "listenHost", listen_port AS "listenPort", max_bytes AS "maxBytes", state, last_error AS "lastError", ${iso('last_checked_at', '"lastCheckedAt"')}`;

export const withoutPassword = ({ imapPassword: _p, ...channel }: ChannelRow): MailChannel => channel;

export async function listChannels(db: Queryable): Promise<ChannelRow[]> {
  return (await db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM mail_channels ORDER BY name`)).rows;
}

export async function findChannel(db: Queryable, id: number): Promise<ChannelRow | null> {
  return (await db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM mail_channels WHERE id = $1`, [id])).rows[0] ?? null;
}

export type ChannelValues = {
  name: string; kind: string; enabled: boolean; address: string; queue: string; severity: string;
  imapHost: string | null; imapPort: number | null; imapTls: boolean; imapUser: string | null; imapPassword: string | null; imapFolder: string;
  listenHost: string | null; listenPort: number | null; maxBytes: number;
};

const VALUE_ORDER = (v: ChannelValues) => [v.name, v.kind, v.enabled, v.address, v.queue, v.severity, v.imapHost, v.imapPort, v.imapTls, v.imapUser, v.imapPassword, v.imapFolder, v.listenHost, v.listenPort, v.maxBytes];

export async function insertChannel(db: Queryable, v: ChannelValues, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO mail_channels (name, kind, enabled, address, queue, severity, imap_host, imap_port, imap_tls, imap_user, imap_password, imap_folder,
                                listen_host, listen_port, max_bytes, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)
     ON CONFLICT (name) DO NOTHING RETURNING id`,
    [...VALUE_ORDER(v), now],
  );
  return rows[0]?.id ?? 0;
}

/** Answers false when another channel has the name. The password is kept when `imapPassword` is null. */
export async function updateChannel(db: Queryable, id: number, v: ChannelValues, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE mail_channels SET name = $2, kind = $3, enabled = $4, address = $5, queue = $6, severity = $7, imap_host = $8, imap_port = $9,
            imap_tls = $10, imap_user = $11, imap_password = COALESCE($12, imap_password), imap_folder = $13, listen_host = $14, listen_port = $15,
            max_bytes = $16, updated_at = $17
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM mail_channels o WHERE o.name = $2 AND o.id <> $1)`,
    [id, ...VALUE_ORDER(v), now],
  );
  return (rowCount ?? 0) > 0;
}

export async function recordChannelState(db: Queryable, id: number, state: string, error: string | null, now: Date): Promise<void> {
  await db.query('UPDATE mail_channels SET state = $2, last_error = $3, last_checked_at = $4 WHERE id = $1', [id, state, error?.slice(0, 1000) ?? null, now]);
}

export async function isKnownMessage(db: Queryable, channelId: number, key: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM mail_messages WHERE channel_id = $1 AND message_key = $2', [channelId, key])).rows.length > 0;
}

/** The first record of a message: answers its id, or null when this channel already has it (processed once). */
export async function claimMessage(
  db: Queryable,
  m: { channelId: number; key: string; receivedAt: Date; from: string | null; subject: string | null; size: number; raw: Buffer; truncated: boolean; spf: string | null; dkim: string | null; dmarc: string | null },
): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO mail_messages (channel_id, message_key, received_at, from_address, subject, size_bytes, raw, raw_truncated, outcome, reason, spf, dkim, dmarc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'review', 'Being processed', $9, $10, $11)
     ON CONFLICT (channel_id, message_key) DO NOTHING RETURNING id`,
    [m.channelId, m.key, m.receivedAt, m.from?.slice(0, 254) ?? null, m.subject?.slice(0, 300) ?? null, m.size, m.raw, m.truncated, m.spf, m.dkim, m.dmarc],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function settleMessage(
  db: Queryable,
  id: number,
  r: { outcome: MailOutcome; reason: string; companyId?: number | null; ticketId?: number | null; noteId?: number | null; reviewedBy?: number | null; reviewedAt?: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE mail_messages SET outcome = $2, reason = $3, company_id = $4, ticket_id = $5, note_id = $6,
            reviewed_by = COALESCE($7, reviewed_by), reviewed_at = COALESCE($8, reviewed_at) WHERE id = $1`,
    [id, r.outcome, r.reason.slice(0, 300), r.companyId ?? null, r.ticketId ?? null, r.noteId ?? null, r.reviewedBy ?? null, r.reviewedAt ?? null],
  );
}

/** Messages of one sender on one channel since a moment (the loop guard's rate). */
export async function countFromSender(db: Queryable, channelId: number, from: string, since: Date, exceptId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_messages WHERE channel_id = $1 AND from_address = $2 AND received_at >= $3 AND id <> $4 AND outcome <> 'ignored'`,
    [channelId, from, since, exceptId],
  );
  return rows[0]!.n;
}

export type Sender =
  | { kind: 'user'; userId: number; companyId: number; name: string; contactId: number | null }
  | { kind: 'contact'; contactId: number; companyId: number; name: string }
  | { kind: 'domain'; companyId: number }
  | { kind: 'unknown'; reason: string };

/** Who wrote: a client user (not disabled), else a contact of exactly one company, else a company listing the domain. */
export async function findSender(db: Queryable, address: string): Promise<Sender> {
  const { rows: users } = await db.query<{ id: number; company_id: number; name: string; contact_id: number | null }>(
    `SELECT id, company_id, name, contact_id FROM client_users WHERE lower(email) = $1 AND status <> 'disabled'`,
    [address],
  );
  if (users[0]) return { kind: 'user', userId: users[0].id, companyId: users[0].company_id, name: users[0].name, contactId: users[0].contact_id };
  const { rows: contacts } = await db.query<{ id: number; company_id: number; name: string }>(
    'SELECT id, company_id, name FROM contacts WHERE lower(email) = $1 ORDER BY id LIMIT 5',
    [address],
  );
  const companies = new Set(contacts.map((c) => c.company_id));
  if (companies.size === 1) return { kind: 'contact', contactId: contacts[0]!.id, companyId: contacts[0]!.company_id, name: contacts[0]!.name };
  if (companies.size > 1) return { kind: 'unknown', reason: 'The sender is a contact of several companies' };
  const domain = address.split('@')[1] ?? '';
  const { rows: byDomain } = await db.query<{ company_id: number }>('SELECT company_id FROM company_mail_domains WHERE domain = $1', [domain]);
  if (byDomain[0]) return { kind: 'domain', companyId: byDomain[0].company_id };
  return { kind: 'unknown', reason: 'Unknown sender: not a contact or client user, and no company lists the domain' };
}

export async function ticketCompany(db: Queryable, ticketId: number): Promise<number | null> {
  const { rows } = await db.query<{ company_id: number | null }>('SELECT company_id FROM tickets WHERE id = $1', [ticketId]);
  return rows[0]?.company_id ?? null;
}

export async function companyExists(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM companies WHERE id = $1', [id])).rows.length > 0;
}

export async function recordBounces(db: Queryable, addresses: readonly string[], reason: string, messageId: number, now: Date): Promise<void> {
  for (const address of addresses) {
    await db.query(
      `INSERT INTO mail_bounces (address, bounced_at, reason, message_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (address) DO UPDATE SET bounced_at = EXCLUDED.bounced_at, reason = EXCLUDED.reason, message_id = EXCLUDED.message_id`,
      [address.toLowerCase().slice(0, 254), now, reason.slice(0, 300), messageId],
    );
  }
}

const MESSAGE_COLUMNS = `m.id::int AS id, c.name AS channel, ${iso('m.received_at', '"receivedAt"')}, m.from_address AS "from", m.subject, m.size_bytes AS "sizeBytes",
  m.outcome, m.reason, m.company_id AS "companyId", m.ticket_id AS "ticketId", m.spf, m.dkim, ${iso('m.reviewed_at', '"reviewedAt"')}`;

export async function messagePage(db: Queryable, q: { page: number; pageSize: number; outcome?: MailOutcome | undefined; open?: boolean | undefined }) {
  const where = ['true'];
  const values: unknown[] = [];
  if (q.outcome) where.push(`m.outcome = $${values.push(q.outcome)}`);
  if (q.open !== undefined) where.push(q.open ? `(m.outcome = 'review' AND m.reviewed_at IS NULL)` : `NOT (m.outcome = 'review' AND m.reviewed_at IS NULL)`);
  const filter = where.join(' AND ');
  const [rows, count] = await allQueries(db, [
    () => db.query<MailMessage>(
      `SELECT ${MESSAGE_COLUMNS} FROM mail_messages m JOIN mail_channels c ON c.id = m.channel_id WHERE ${filter}
        ORDER BY m.received_at DESC, m.id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, q.pageSize, offsetOf(q.page, q.pageSize)],
    ),
    () => db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages m WHERE ${filter}`, values),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n, page: q.page, pageSize: q.pageSize };
}

export async function findMessage(db: Queryable, id: number, lock = false): Promise<(MailMessage & { channelId: number }) | null> {
  const { rows } = await db.query<MailMessage & { channelId: number }>(
    `SELECT ${MESSAGE_COLUMNS}, m.channel_id AS "channelId" FROM mail_messages m JOIN mail_channels c ON c.id = m.channel_id WHERE m.id = $1 ${lock ? 'FOR UPDATE OF m' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function rawMessage(db: Queryable, id: number): Promise<Buffer | null> {
  const { rows } = await db.query<{ raw: Buffer }>('SELECT raw FROM mail_messages WHERE id = $1', [id]);
  return rows[0]?.raw ?? null;
}

export async function setCompanyDomains(db: Queryable, companyId: number, domains: readonly string[]): Promise<string | null> {
  await db.query('DELETE FROM company_mail_domains WHERE company_id = $1', [companyId]);
  for (const domain of domains) {
    const { rowCount } = await db.query('INSERT INTO company_mail_domains (domain, company_id) VALUES ($1, $2) ON CONFLICT (domain) DO NOTHING', [domain, companyId]);
    if (!rowCount) return domain;
  }
  return null;
}
