import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_KIND_TICKET_REPLY } from '@contracts/tickets';
import type { TicketView } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

type MailRow = { to_address: string; subject: string; body: string; html: string | null; headers: Record<string, string> | null; kind: string };

describe.each(BACKENDS)('a public note mails the ticket contact on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let acme: { id: number; contactId: number; email: string };
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    const row = await sql.one(
      `SELECT c.id, k.id AS contact_id, k.email FROM companies c JOIN contacts k ON k.company_id = c.id
        WHERE c.account_number = 'ACME-001' AND k.email <> '' ORDER BY k.id LIMIT 1`,
    );
    acme = { id: row.id, contactId: row.contact_id, email: row.email };
  });
  afterAll(() => t?.close());

  const create = async (extra: object = {}) => {
    const res = await agent.post('/api/v2/tickets', {
      title: 'Meter <reads> & "gaps"', description: 'Half the meters report no reads', company_id: acme.id,
      contact_id: acme.contactId, severity: 'M', queue: 'Support', ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TicketView).ticket;
  };
  const mailsOf = (id: number) =>
    sql.rows<MailRow>(`SELECT to_address, subject, body, html, headers, kind FROM outbox WHERE kind = $1 AND subject LIKE $2 ORDER BY id`, [OUTBOX_KIND_TICKET_REPLY, `[Ticket #${id}]%`]);

  it('queues exactly one mail to the contact with the ticket number in the subject, the text and a portal link', async () => {
    const ticket = await create();
    const res = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'We restarted the collector.\n<b>Reads</b> are back & flowing.', internal: false });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await mailsOf(ticket.id);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to_address).toBe(acme.email);
    expect(mail.subject).toBe(`[Ticket #${ticket.id}] Meter <reads> & "gaps"`);
    expect(mail.body).toContain('We restarted the collector.\n<b>Reads</b> are back & flowing.');
    expect(mail.body).toContain(`${t.config.publicUrl}/client/tickets?id=${ticket.id}`);
    // The HTML part shows the text as text: nothing the note says becomes markup.
    expect(mail.html).toContain('&lt;b&gt;Reads&lt;/b&gt; are back &amp; flowing.');
    expect(mail.html).not.toContain('<b>Reads');
    expect(mail.html).toContain(`href="${t.config.publicUrl}/client/tickets?id=${ticket.id}"`);
    // Threading: one root per ticket, one id per note.
    const host = new URL(t.config.publicUrl).hostname;
    expect(mail.headers).toMatchObject({ 'In-Reply-To': `<ticket-${ticket.id}@${host}>`, References: `<ticket-${ticket.id}@${host}>` });
    expect(mail.headers!['Message-ID']).toMatch(new RegExp(`^<ticket-${ticket.id}\\.note-\\d+@${host.replace(/\./g, '\\.')}>$`));
  });

  it('queues nothing for an internal note', async () => {
    const ticket = await create();
    const res = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'The collector box is ours to fix', internal: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(await mailsOf(ticket.id)).toEqual([]);
  });

  it('saves the note without a mail when the ticket has no contact email', async () => {
    const ticket = await create({ contact_id: undefined });
    expect(ticket.contact_email).toBeNull();
    const res = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'Nobody to tell yet', internal: false });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as TicketView).thread.map((n) => n.body)).toContain('Nobody to tell yet');
    expect(await mailsOf(ticket.id)).toEqual([]);
  });

  it('queues one mail per note even when the note is retried with the same idempotency key', async () => {
    const ticket = await create();
    const headers = { 'idempotency-key': `note-${ticket.id}-retry` };
    for (let i = 0; i < 2; i++) {
      const res = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'Once only', internal: false }, { headers });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await mailsOf(ticket.id)).toHaveLength(1);
  });
});
