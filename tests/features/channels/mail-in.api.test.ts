import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailReadersOf, receiveMail } from '@server/features/mail-in';
import { deliverOutbox } from '@server/platform/mail/outbox';
import { sendSmtp } from '@server/platform/mail/smtp';
import { apiAs } from '@tests/support/api';
import { startDovecot, type Dovecot } from '@tests/support/dovecot';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { newMessageId, rawMail, TINY_PDF } from './mail-message';

const KEY = 'a-test-key-for-mailbox-passwords-0123456789';
const ACME = 'client@acme.demo.test';
const GLOBEX = 'client@globex.demo.test';

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.each(BACKENDS)('email in on %s', (backend) => {
  let t: TestApp;
  let dovecot: Dovecot;
  let imapId: number;
  let acmeId: number;
  let globexId: number;
  const sql = () => sqlOf(t);

  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await startTestApp(backend, { env: { MAIL_SECRET_KEY: KEY }, events: true });
    acmeId = (await sql().one(`SELECT company_id FROM client_users WHERE email = $1`, [ACME])).company_id;
    globexId = (await sql().one(`SELECT company_id FROM client_users WHERE email = $1`, [GLOBEX])).company_id;
    const admin = await apiAs(t, 'admin');
    const res = await admin.post('/api/v2/admin/mail-channels', {
      name: 'Support mailbox',
      kind: 'imap',
      enabled: true,
      address: 'support@helpdesk.example',
      queue: 'Support',
      severity: 'H',
      imapHost: dovecot.host,
      imapPort: dovecot.port,
      imapTls: false,
      imapUser: dovecot.user,
      imapPassword: dovecot.password,
    });
    expect(res.statusCode, res.body).toBe(201);
    imapId = res.json().id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  /** Delivers a message to the mailbox and waits until the reader has filed it. */
  async function deliverAndWait(raw: string | Buffer, messageKey: string) {
    await dovecot.deliver(raw);
    mailReadersOf(t.ctx)!.check(imapId);
    return vi.waitFor(
      async () => {
        const rows = await sql().rows(`SELECT id::int AS id, outcome, reason, ticket_id, note_id::int AS note_id, spf, dkim, raw_truncated FROM mail_messages WHERE channel_id = $1 AND message_key = $2`, [imapId, messageKey]);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.reason).not.toBe('Being processed');
        return rows[0]!;
      },
      { timeout: 20_000, interval: 50 },
    );
  }

  it('shows believable demo data: two example channels, off; email tickets with their originals; an unknown sender and an unreadable message waiting for review', async () => {
    const admin = await apiAs(t, 'admin');
    const channels = (await admin.get('/api/v2/admin/mail-channels')).json() as { name: string; kind: string; enabled: boolean; state: string }[];
    expect(channels.filter((c) => c.name !== 'Support mailbox').map(({ name, kind, enabled }) => ({ name, kind, enabled }))).toEqual([
      { name: 'Forwarded from the mail server', kind: 'smtp', enabled: false },
      { name: 'Support inbox', kind: 'imap', enabled: false },
    ]);
    const open = (await admin.get('/api/v2/mail-messages?open=true')).json() as { rows: { from: string | null; reason: string }[] };
    expect(open.rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['Unknown sender: not a contact or client user, and no company lists the domain', 'The message could not be read: it has no sender']));
    const filed = await sql().rows(
      `SELECT m.id::int AS id, m.subject, t.title, t.source FROM mail_messages m JOIN tickets t ON t.id = m.ticket_id WHERE m.outcome = 'ticket' AND m.message_key LIKE '<demo-ticket-%'`,
    );
    expect(filed.length).toBeGreaterThanOrEqual(3);
    for (const m of filed) expect(m).toMatchObject({ subject: m.title, source: 'email' });
    const original = await (await apiAs(t, 'agent')).get(`/api/v2/mail-messages/${filed[0]!.id}/raw`);
    expect(original.statusCode).toBe(200);
    expect(original.body).toContain(`Subject: ${filed[0]!.title}`);
  });

  it('stores the mailbox password encrypted and never answers it', async () => {
    const stored = await sql().one(`SELECT imap_password FROM mail_channels WHERE id = $1`, [imapId]);
    expect(stored.imap_password).toMatch(/^v1:/);
    expect(stored.imap_password).not.toContain(dovecot.password);
    const list = (await (await apiAs(t, 'admin')).get('/api/v2/admin/mail-channels')).json();
    expect(list.find((c: { id: number }) => c.id === imapId)).toMatchObject({ name: 'Support mailbox', hasPassword: true });
    expect(JSON.stringify(list)).not.toContain(dovecot.password);
  });

  it("turns a client's message into a ticket of their company, with its attachment, the original kept for staff", async () => {
    const id = newMessageId();
    const raw = rawMail({
      from: `Casey Client <${ACME}>`,
      subject: 'Printer on floor 3 is jammed',
      text: 'The printer jams on every page.\n\nOn Mon, Ann wrote:\n> an older message',
      messageId: id,
      headers: { 'Authentication-Results': 'mx.helpdesk.example; spf=pass smtp.mailfrom=acme.demo.test; dkim=pass header.d=acme.demo.test' },
      attachments: [{ filename: 'error-log.pdf', contentType: 'application/pdf', content: TINY_PDF }],
    });
    const filed = await deliverAndWait(raw, id);
    expect(filed).toMatchObject({ outcome: 'ticket', spf: 'pass', dkim: 'pass' });
    const ticket = await sql().one(`SELECT title, description, company_id, source, queue, severity, contact_email FROM tickets WHERE id = $1`, [filed.ticket_id]);
    expect(ticket).toEqual({ title: 'Printer on floor 3 is jammed', description: 'The printer jams on every page.', company_id: acmeId, source: 'email', queue: 'Support', severity: 'H', contact_email: ACME });
    const files = await sql().rows(`SELECT original_name AS name, mime_type FROM ticket_attachments WHERE ticket_id = $1`, [filed.ticket_id]);
    expect(files).toEqual([{ name: 'error-log.pdf', mime_type: 'application/pdf' }]);
    const original = await (await apiAs(t, 'agent')).get(`/api/v2/mail-messages/${filed.id}/raw`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toMatch(/^text\/plain/);
    expect(original.body).toContain('Subject: Printer on floor 3 is jammed');
    expect((await dovecot.count()).unseen).toBe(0);
  });

  it('adds an emailed reply as a public note from its sender and puts a ticket waiting on the client back to active', async () => {
    const ticketId = (await sql().one(`INSERT INTO tickets (title, status, severity, company_id, queue, source) VALUES ('VPN drops', 'WOC', 'M', $1, 'Support', 'staff') RETURNING id`, [acmeId])).id;
    const id = newMessageId('reply');
    const filed = await deliverAndWait(
      rawMail({ from: ACME, subject: `Re: [Ticket #${ticketId}] VPN drops`, text: 'It works again, thanks.\n\n> earlier', messageId: id, headers: { 'In-Reply-To': `<ticket-${ticketId}.note-5@localhost>`, References: `<ticket-${ticketId}@localhost>` } }),
      id,
    );
    expect(filed).toMatchObject({ outcome: 'note', ticket_id: ticketId });
    const note = await sql().one(`SELECT n.body, n.internal, c.email FROM ticket_notes n JOIN client_users c ON c.id = n.client_user_id WHERE n.id = $1`, [filed.note_id]);
    expect(note).toEqual({ body: 'It works again, thanks.', internal: false, email: ACME });
    expect((await sql().one(`SELECT status FROM tickets WHERE id = $1`, [ticketId])).status).toBe('A');
  });

  it("adds the emailed reply of a ticket's contact without a portal account as a public note, with their name and address", async () => {
    const contact = await sql().one(`INSERT INTO contacts (company_id, name, email) VALUES ($1, 'Dana Field', 'dana.field@acme.demo.test') RETURNING id`, [acmeId]);
    const agentId = (await sql().one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
    const ticketId = (await sql().one(`INSERT INTO tickets (title, status, severity, company_id, contact_id, queue, source, assignee_id) VALUES ('Scanner offline', 'WOC', 'M', $1, $2, 'Support', 'staff', $3) RETURNING id`, [acmeId, contact.id, agentId])).id;
    const id = newMessageId('contact-reply');
    const filed = await deliverAndWait(
      rawMail({ from: 'Dana Field <dana.field@acme.demo.test>', subject: `Re: [Ticket #${ticketId}] Scanner offline`, text: 'It scans again.', messageId: id, headers: { 'In-Reply-To': `<ticket-${ticketId}.note-7@localhost>` } }),
      id,
    );
    expect(filed).toMatchObject({ outcome: 'note', ticket_id: ticketId });
    expect(await sql().one(`SELECT body, internal, client_user_id, staff_user_id FROM ticket_notes WHERE id = $1`, [filed.note_id])).toEqual({ body: 'It scans again.', internal: false, client_user_id: null, staff_user_id: null });
    expect((await sql().one(`SELECT status FROM tickets WHERE id = $1`, [ticketId])).status).toBe('A');
    const view = (await (await apiAs(t, 'agent')).get(`/api/v2/tickets/${ticketId}`)).json() as { thread: { id: number; author_name: string | null; author_type: string | null; internal: boolean }[] };
    expect(view.thread.find((e) => e.id === filed.note_id)).toMatchObject({ author_name: 'Dana Field <dana.field@acme.demo.test>', author_type: 'client', internal: false });
    const portal = (await (await apiAs(t, 'acme')).get(`/api/v2/client/tickets/${ticketId}`)).json() as { notes: { id: number; author: string; fromClient: boolean }[] };
    expect(portal.notes.find((n) => n.id === filed.note_id)).toMatchObject({ author: 'Dana Field <dana.field@acme.demo.test>', fromClient: true });
    // The assignee is told on the bell, named after the contact, as for a client user's reply.
    await expect.poll(async () => await sql().rows(`SELECT kind, actor FROM notifications WHERE ticket_id = $1 AND user_id = $2`, [ticketId, agentId])).toEqual([{ kind: 'client_reply', actor: 'Dana Field' }]);

    // Another contact of the company, not the one the ticket's mail went to, still raises a ticket of their own.
    await sql().one(`INSERT INTO contacts (company_id, name, email) VALUES ($1, 'Lee Bystander', 'lee.bystander@acme.demo.test') RETURNING id`, [acmeId]);
    const other = newMessageId('contact-other');
    const elsewhere = await deliverAndWait(rawMail({ from: 'lee.bystander@acme.demo.test', subject: `Re: [Ticket #${ticketId}] Scanner offline`, text: 'Mine too', messageId: other, headers: { 'In-Reply-To': `<ticket-${ticketId}@localhost>` } }), other);
    expect(elsewhere.outcome).toBe('ticket');
    expect(elsewhere.ticket_id).not.toBe(ticketId);
  });

  it("never puts another company's user's reply on this company's ticket: it becomes their own ticket", async () => {
    const ticketId = (await sql().one(`INSERT INTO tickets (title, status, severity, company_id, queue, source) VALUES ('Acme only', 'WOC', 'M', $1, 'Support', 'staff') RETURNING id`, [acmeId])).id;
    const id = newMessageId('cross');
    const filed = await deliverAndWait(rawMail({ from: GLOBEX, subject: `Re: [Ticket #${ticketId}] Acme only`, text: 'Let me in', messageId: id, headers: { 'In-Reply-To': `<ticket-${ticketId}@localhost>` } }), id);
    expect(filed.outcome).toBe('ticket');
    expect(filed.ticket_id).not.toBe(ticketId);
    expect((await sql().one(`SELECT company_id FROM tickets WHERE id = $1`, [filed.ticket_id])).company_id).toBe(globexId);
    expect(await sql().count('ticket_notes WHERE ticket_id = $1', [ticketId])).toBe(0);
    expect((await sql().one(`SELECT status FROM tickets WHERE id = $1`, [ticketId])).status).toBe('WOC');
  });

  it('ignores auto-replies and mail from our own address (loops)', async () => {
    const auto = newMessageId('ooo');
    expect(await deliverAndWait(rawMail({ from: ACME, subject: 'Out of office', text: 'Away', messageId: auto, headers: { 'Auto-Submitted': 'auto-replied' } }), auto)).toMatchObject({ outcome: 'ignored', ticket_id: null });
    const xauto = newMessageId('xauto');
    expect(await deliverAndWait(rawMail({ from: ACME, subject: 'Away', text: 'Away', messageId: xauto, headers: { 'X-Autoreply': 'yes' } }), xauto)).toMatchObject({ outcome: 'ignored' });
    const loop = newMessageId('loop');
    const filed = await deliverAndWait(rawMail({ from: 'no-reply@localhost', subject: '[Ticket #1] Something', text: 'our own mail', messageId: loop }), loop);
    expect(filed).toMatchObject({ outcome: 'ignored', reason: 'Mail from our own address (a loop)' });
  });

  it('processes a message once even when it is fetched twice, or received by two servers at once', async () => {
    const id = newMessageId('twice');
    const raw = rawMail({ from: ACME, subject: 'Delivered twice', text: 'Same message', messageId: id });
    await deliverAndWait(raw, id);
    await dovecot.deliver(raw);
    mailReadersOf(t.ctx)!.check(imapId);
    await vi.waitFor(async () => expect((await dovecot.count()).unseen).toBe(0), { timeout: 20_000, interval: 50 });
    expect(await sql().count(`tickets WHERE title = 'Delivered twice'`)).toBe(1);
    // Two app servers filing the same message at the same moment: one ticket.
    const deps = { pool: t.ctx.database.pool, config: t.config, uploads: t.ctx.uploads, now: () => t.ctx.now() };
    const channel = { id: imapId, address: 'support@helpdesk.example', queue: 'Support', severity: 'M' };
    const racing = newMessageId('race');
    const raceRaw = Buffer.from(rawMail({ from: ACME, subject: 'Raced', text: 'Raced', messageId: racing }));
    const results = await Promise.all([receiveMail(deps, channel, raceRaw), receiveMail(deps, channel, raceRaw), receiveMail(deps, channel, raceRaw)]);
    expect(results.filter((r) => r.outcome === 'ticket')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(2);
    expect(await sql().count(`tickets WHERE title = 'Raced'`)).toBe(1);
  });

  it('stores a 20 MB message and a malformed one for review, and goes on reading', async () => {
    const big = newMessageId('big');
    const filler = 'x'.repeat(76) + '\r\n';
    const bigRaw = rawMail({ from: ACME, subject: 'Huge scan', text: filler.repeat(Math.ceil((20 * 1024 * 1024) / filler.length)), messageId: big });
    expect(bigRaw.length).toBeGreaterThan(20 * 1024 * 1024);
    const filedBig = await deliverAndWait(bigRaw, big);
    expect(filedBig).toMatchObject({ outcome: 'review', ticket_id: null });
    expect(filedBig.reason).toMatch(/larger than/);
    expect((await sql().one(`SELECT size_bytes, octet_length(raw) AS stored FROM mail_messages WHERE id = $1`, [filedBig.id])).stored).toBeGreaterThan(20 * 1024 * 1024);
    const broken = newMessageId('broken');
    const filedBroken = await deliverAndWait(`Message-ID: ${broken}\r\nSubject: no sender here\r\n\r\n\u0000\u0001 garbage`, broken);
    expect(filedBroken).toMatchObject({ outcome: 'review' });
    expect(filedBroken.reason).toMatch(/could not be read/);
    const after = newMessageId('after');
    expect(await deliverAndWait(rawMail({ from: ACME, subject: 'Still reading', text: 'ok', messageId: after }), after)).toMatchObject({ outcome: 'ticket' });
    expect(mailReadersOf(t.ctx)!.stateOf(imapId)).not.toBe('backoff');
  }, 60_000);

  it('puts an unknown sender on the review list, and routes by a domain a company lists', async () => {
    const unknown = newMessageId('unknown');
    const filed = await deliverAndWait(rawMail({ from: 'stranger@nowhere.example', subject: 'Hello?', text: 'Who are you', messageId: unknown }), unknown);
    expect(filed).toMatchObject({ outcome: 'review', ticket_id: null });
    const agent = await apiAs(t, 'agent');
    const open = (await agent.get('/api/v2/mail-messages?open=true')).json();
    expect(open.rows.map((r: { id: number }) => r.id)).toContain(filed.id);
    const made = await agent.post(`/api/v2/mail-messages/${filed.id}/review`, { action: 'ticket', companyId: globexId });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ outcome: 'ticket', companyId: globexId });
    expect((await agent.post(`/api/v2/mail-messages/${filed.id}/review`, { action: 'dismiss' })).statusCode).toBe(409);

    const admin = await apiAs(t, 'admin');
    expect((await admin.put('/api/v2/admin/mail-domains', { companyId: acmeId, domains: ['Acme-Partner.example'] })).statusCode).toBe(200);
    const byDomain = newMessageId('domain');
    const routed = await deliverAndWait(rawMail({ from: 'Dana <dana@acme-partner.example>', subject: 'New starter', text: 'Please set up an account', messageId: byDomain }), byDomain);
    expect(routed.outcome).toBe('ticket');
    expect(await sql().one(`SELECT company_id, contact_name, contact_email FROM tickets WHERE id = $1`, [routed.ticket_id])).toEqual({ company_id: acmeId, contact_name: 'Dana', contact_email: 'dana@acme-partner.example' });
  });

  it('marks the address of a bounce and takes no ticket from it', async () => {
    const id = newMessageId('bounce');
    const raw = [
      'From: MAILER-DAEMON@mx.example',
      'To: no-reply@localhost',
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${id}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      '',
      '--r',
      'Content-Type: text/plain',
      '',
      'Could not deliver.',
      '--r',
      'Content-Type: message/delivery-status',
      '',
      'Final-Recipient: rfc822; gone@acme.demo.test',
      'Action: failed',
      '--r--',
      '',
    ].join('\r\n');
    expect(await deliverAndWait(raw, id)).toMatchObject({ outcome: 'bounce', ticket_id: null });
    expect((await sql().one(`SELECT address FROM mail_bounces WHERE address = 'gone@acme.demo.test'`)).address).toBe('gone@acme.demo.test');
  });

  it('skips outgoing mail to an address that bounced: the outbox records why, the admin sees it, nothing is sent', async () => {
    const address = 'bounced-contact@acme.demo.test';
    const contactId = (await sql().one(`INSERT INTO contacts (company_id, name, email) VALUES ($1, 'Bo Unced', $2) RETURNING id`, [acmeId, address])).id;
    const deps = { pool: t.ctx.database.pool, config: t.config, uploads: t.ctx.uploads, now: () => t.ctx.now() };
    const channel = { id: imapId, address: 'support@helpdesk.example', queue: 'Support', severity: 'M' };
    const dsn = [
      'From: MAILER-DAEMON@mx.example',
      'To: no-reply@localhost',
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${newMessageId('bounce-skip')}`,
      'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
      '',
      '--r',
      'Content-Type: message/delivery-status',
      '',
      `Final-Recipient: rfc822; ${address}`,
      'Action: failed',
      '--r--',
      '',
    ].join('\r\n');
    expect(await receiveMail(deps, channel, Buffer.from(dsn))).toMatchObject({ outcome: 'bounce' });

    const agent = await apiAs(t, 'agent');
    const created = await agent.post('/api/v2/tickets', { title: 'Reads after the bounce', description: 'x', company_id: acmeId, contact_id: contactId, severity: 'M', queue: 'Support' });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().ticket.id as number;
    expect((await agent.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'We looked into it.', internal: false })).statusCode).toBe(201);

    const row = await sql().one(`SELECT id::int AS id, skipped_reason, sent_at, error FROM outbox WHERE subject LIKE $1`, [`[Ticket #${ticketId}]%`]);
    expect(row.skipped_reason).toMatch(/^Not sent: bounced-contact@acme\.demo\.test bounced on \d{4}-\d{2}-\d{2} \(Bounced: Undelivered Mail Returned to Sender\)$/);
    // A configured (here unreachable) SMTP server is never tried for it.
    await deliverOutbox(t.ctx.database.pool, 'smtp://127.0.0.1:9', [row.id], 'no-reply@localhost');
    expect(await sql().one(`SELECT sent_at, error FROM outbox WHERE id = $1`, [row.id])).toEqual({ sent_at: null, error: null });
    const page = (await (await apiAs(t, 'admin')).get('/api/v2/admin/outbox?pageSize=100')).json() as { rows: { id: number; skippedReason: string | null }[] };
    expect(page.rows.find((r) => r.id === row.id)?.skippedReason).toBe(row.skipped_reason);
  });

  it('ignores a sender past the hourly rate (a loop with a person-like sender)', async () => {
    const deps = { pool: t.ctx.database.pool, config: t.config, uploads: t.ctx.uploads, now: () => t.ctx.now() };
    const channel = { id: imapId, address: 'support@helpdesk.example', queue: 'Support', severity: 'M' };
    const results = [];
    for (let i = 0; i < 22; i++) results.push(await receiveMail(deps, channel, Buffer.from(rawMail({ from: 'Loopy <robot@acme.demo.test>', subject: `Alert ${i}`, text: 'x', messageId: newMessageId('rate') }))));
    expect(results.filter((r) => r.outcome !== 'ignored').length).toBe(20);
    expect(results.at(-1)!.reason).toMatch(/within an hour/);
  });

  it('takes mail forwarded to the SMTP listener, refuses one over its size, and is off until enabled', async () => {
    const admin = await apiAs(t, 'admin');
    const port = await freePort();
    const body = { name: 'Forwarded mail', kind: 'smtp', address: 'forward@helpdesk.example', queue: 'Managed Services', severity: 'L', listenHost: '127.0.0.1', listenPort: port, maxBytes: 64 * 1024 };
    const created = await admin.post('/api/v2/admin/mail-channels', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ enabled: false, state: 'stopped' });
    const refused = await new Promise<boolean>((resolve) => {
      const s = createConnection(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(false); });
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
    const enabled = await admin.put(`/api/v2/admin/mail-channels/${created.json().id}`, { ...body, enabled: true });
    expect(enabled.json().state).toBe('listening');
    await sendSmtp(`smtp://127.0.0.1:${port}`, { from: ACME, to: 'forward@helpdesk.example', subject: 'Forwarded: backup failed', body: 'The nightly backup failed.' });
    const ticket = await sql().one(`SELECT company_id, queue, severity, source FROM tickets WHERE title = 'Forwarded: backup failed'`);
    expect(ticket).toEqual({ company_id: acmeId, queue: 'Managed Services', severity: 'L', source: 'email' });
    await expect(sendSmtp(`smtp://127.0.0.1:${port}`, { from: ACME, to: 'forward@helpdesk.example', subject: 'Too big', body: 'y'.repeat(100 * 1024) })).rejects.toThrow();
    expect(await sql().count(`tickets WHERE title = 'Too big'`)).toBe(0);
  });

  it('names bad channel settings in plain words', async () => {
    const admin = await apiAs(t, 'admin');
    const res = await admin.post('/api/v2/admin/mail-channels', { name: 'Broken', kind: 'imap', address: 'nope', queue: 'Nowhere', severity: 'M' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ address: expect.stringMatching(/address/), queue: expect.stringMatching(/Queue must be/) });
    const dup = await admin.post('/api/v2/admin/mail-channels', { name: 'Support mailbox', kind: 'smtp', address: 'x@helpdesk.example', queue: 'Support', severity: 'M', listenHost: '127.0.0.1', listenPort: 2526 });
    expect(dup.statusCode).toBe(409);
  });
});
