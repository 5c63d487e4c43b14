import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_KIND_STAFF_NOTICE, OUTBOX_KIND_STATUS_CHANGE } from '@contracts/notifications';
import { OUTBOX_KIND_TICKET_REPLY, type TicketView } from '@contracts/tickets';
import { buildApp } from '@server/app';
import { createContext } from '@server/context';
import { heldMail, overdueSweep } from '@server/features/notifications';
import { mailFollowersOfReply, mailStaff } from '@server/features/notifications/notify';
import { openDatabase } from '@server/platform/db/database';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const HOUR = 3_600_000;

/** Events arrive on their own connection after the commit: waits for what they write. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(BACKENDS)('notification mail on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let acmeClient: Api;
  let admin: Api;
  let agentId: number;
  let managerId: number;
  let acme: { id: number; contactId: number; email: string };
  beforeAll(async () => {
    t = await startTestApp(backend, { events: true, jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    acmeClient = await apiAs(t, 'acme');
    admin = await apiAs(t, 'admin');
    agentId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
    managerId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).id;
    const row = await sql.one(
      `SELECT c.id, k.id AS contact_id, k.email FROM companies c JOIN contacts k ON k.company_id = c.id
        WHERE c.account_number = 'ACME-001' AND k.email <> '' ORDER BY k.id LIMIT 1`,
    );
    acme = { id: row.id, contactId: row.contact_id, email: row.email };
  });
  afterAll(() => t?.close());

  const create = async (as: Api, extra: object = {}) => {
    const res = await as.post('/api/v2/tickets', {
      title: `Mailed ${Math.random().toString(36).slice(2, 8)}`, description: 'Needs an owner', company_id: acme.id,
      contact_id: acme.contactId, severity: 'M', queue: 'Support', ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TicketView).ticket;
  };
  const mailOf = (ticketId: number) =>
    sql.rows(`SELECT to_address, subject, kind, body FROM outbox WHERE subject LIKE $1 ORDER BY id`, [`[Ticket #${ticketId}] %`]);
  const bellOf = (userId: number, ticketId: number) => sql.rows(`SELECT kind FROM notifications WHERE user_id = $1 AND ticket_id = $2`, [userId, ticketId]);
  const staffMail = <R extends { kind: string }>(rows: R[]) => rows.filter((r) => r.kind === OUTBOX_KIND_STAFF_NOTICE);

  it('mails the assignee once when someone else assigns them a ticket, threaded by the ticket number, and not the one who took it themselves', async () => {
    const ticket = await create(manager, { assignee_id: agentId });
    const rows = await eventually(() => mailOf(ticket.id), (r) => staffMail(r).length > 0);
    expect(staffMail(rows)).toEqual([expect.objectContaining({ to_address: 'agent@demo.test', subject: `[Ticket #${ticket.id}] ${ticket.title}` })]);
    expect(staffMail(rows)[0]!.body).toContain('assigned');

    const own = await create(manager, { assignee_id: managerId });
    const other = await create(manager, { assignee_id: agentId });
    await eventually(() => mailOf(other.id), (r) => staffMail(r).length > 0);
    expect(staffMail(await mailOf(own.id))).toEqual([]);
  });

  it('mails the assignee once when a client replies in the portal', async () => {
    const ticket = await create(manager, { assignee_id: agentId });
    await eventually(() => mailOf(ticket.id), (r) => staffMail(r).length > 0);
    const reply = await acmeClient.post(`/api/v2/client/tickets/${ticket.id}/replies`, { body: 'Still broken' });
    expect(reply.statusCode, reply.body).toBe(201);
    const rows = await eventually(() => mailOf(ticket.id), (r) => staffMail(r).length > 1);
    expect(staffMail(rows)).toHaveLength(2);
    expect(staffMail(rows)[1]).toMatchObject({ to_address: 'agent@demo.test', subject: `[Ticket #${ticket.id}] ${ticket.title}` });
    expect(staffMail(rows)[1]!.body).toContain('replied');
  });

  it('mails the assignee once when their ticket turns overdue', async () => {
    const due = new Date(Date.now() + HOUR);
    const ticket = await create(manager, { assignee_id: managerId, duedate: due.toISOString() });
    const sweep = async (at: Date) => {
      t.ctx.now = () => at;
      try {
        await t.ctx.jobs.send(overdueSweep, {});
        await t.ctx.jobs.runDue({ only: [overdueSweep] });
      } finally {
        t.ctx.now = () => new Date();
      }
    };
    await sweep(new Date(due.getTime() + 60_000));
    await sweep(new Date(due.getTime() + 120_000));
    const rows = staffMail(await mailOf(ticket.id));
    expect(rows).toEqual([expect.objectContaining({ to_address: 'manager@demo.test', subject: `[Ticket #${ticket.id}] ${ticket.title}` })]);
    expect(rows[0]!.body).toContain('overdue');
  });

  it('sends no mail to a person who turned the email off, who still gets the bell', async () => {
    await sql.rows(`INSERT INTO notification_preferences (staff_id, event, channel, enabled) VALUES ($1, 'assigned', 'email', false)`, [agentId]);
    try {
      const ticket = await create(manager, { assignee_id: agentId });
      await eventually(() => bellOf(agentId, ticket.id), (r) => r.length > 0);
      // Someone who kept the email on is mailed of the same kind of event, made after.
      const control = await create(agent, { assignee_id: managerId });
      const told = await eventually(() => mailOf(control.id), (r) => staffMail(r).length > 0);
      expect(staffMail(told)).toEqual([expect.objectContaining({ to_address: 'manager@demo.test' })]);
      expect(await bellOf(agentId, ticket.id)).toEqual([{ kind: 'assigned' }]);
      expect(staffMail(await mailOf(ticket.id))).toEqual([]);
    } finally {
      await sql.rows(`DELETE FROM notification_preferences WHERE staff_id = $1`, [agentId]);
    }
  });

  it('holds the mail within quiet hours and sends it when they end', async () => {
    const now = new Date();
    const clock = (d: Date) => d.toISOString().slice(11, 16);
    await sql.rows(
      `INSERT INTO staff_profiles (staff_id, time_zone, quiet_from, quiet_to) VALUES ($1, 'UTC', $2, $3)
       ON CONFLICT (staff_id) DO UPDATE SET time_zone = 'UTC', quiet_from = $2, quiet_to = $3`,
      [agentId, clock(new Date(now.getTime() - HOUR)), clock(new Date(now.getTime() + HOUR))],
    );
    try {
      const ticket = await create(manager, { assignee_id: agentId });
      await eventually(() => bellOf(agentId, ticket.id), (r) => r.length > 0);
      const heldJobs = () => sql.rows(`SELECT start_after, data FROM pgboss.job WHERE name = $1 AND data->>'key' LIKE $2`, [heldMail.name, `assigned:${ticket.id}:%`]);
      const held = await eventually(heldJobs, (r) => r.length > 0);
      expect(held).toHaveLength(1);
      // The same cause heard again (another server, a sweep a minute later) waits in the same job.
      const cause = String(held[0]!.data.key).split(':')[2]!;
      await mailStaff(t.ctx, t.app.log, { event: 'assigned', ticketId: ticket.id, userId: agentId, actor: 'Manager', cause });
      expect(await heldJobs()).toHaveLength(1);
      expect(new Date(held[0]!.start_after).getTime()).toBeGreaterThan(now.getTime() + HOUR - 120_000);
      expect(staffMail(await mailOf(ticket.id))).toEqual([]);

      await sql.rows(`UPDATE staff_profiles SET quiet_from = NULL, quiet_to = NULL WHERE staff_id = $1`, [agentId]);
      await t.ctx.jobs.runDue({ only: [heldMail], includeFuture: true });
      expect(staffMail(await mailOf(ticket.id))).toEqual([expect.objectContaining({ to_address: 'agent@demo.test', subject: `[Ticket #${ticket.id}] ${ticket.title}` })]);
    } finally {
      await sql.rows(`UPDATE staff_profiles SET quiet_from = NULL, quiet_to = NULL WHERE staff_id = $1`, [agentId]);
    }
  });

  it('mails the ticket contact once when staff change the status, and not the staff member who changed it', async () => {
    const ticket = await create(manager, { assignee_id: managerId });
    const res = await manager.patch(`/api/v2/tickets/${ticket.id}`, { status: 'WOC' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await eventually(() => mailOf(ticket.id), (r) => r.some((m) => m.kind === OUTBOX_KIND_STATUS_CHANGE));
    const status = rows.filter((r) => r.kind === OUTBOX_KIND_STATUS_CHANGE);
    expect(status).toEqual([expect.objectContaining({ to_address: acme.email, subject: `[Ticket #${ticket.id}] ${ticket.title}` })]);
    expect(status[0]!.body).toContain('Waiting on Client');
    expect(rows.filter((r) => r.to_address === 'manager@demo.test')).toEqual([]);
  });

  it('mails the client user who raised a ticket for another contact of a public staff reply and a status change, once each', async () => {
    const raised = await acmeClient.post('/api/v2/client/tickets', { title: `Raised for a colleague ${Math.random().toString(36).slice(2, 8)}`, description: 'Her printer is down', contactEmail: acme.email });
    expect(raised.statusCode, raised.body).toBe(201);
    const ticketId = (raised.json() as { id: number }).id;
    const creator = 'client@acme.demo.test';
    const note = await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'A technician is on the way.', internal: false });
    expect(note.statusCode, note.body).toBe(201);
    const internal = await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'Check the toner first.', internal: true });
    expect(internal.statusCode, internal.body).toBe(201);
    const status = await manager.patch(`/api/v2/tickets/${ticketId}`, { status: 'WOC' });
    expect(status.statusCode, status.body).toBe(200);
    const toCreator = <R extends { to_address: string }>(rows: R[]) => rows.filter((r) => r.to_address === creator);
    const rows = await eventually(() => mailOf(ticketId), (r) => toCreator(r).length >= 2 && r.filter((m) => m.to_address === acme.email).length >= 2);
    expect(toCreator(rows).map((r) => r.kind).sort()).toEqual([OUTBOX_KIND_STATUS_CHANGE, OUTBOX_KIND_TICKET_REPLY].sort());
    expect(toCreator(rows).find((r) => r.kind === OUTBOX_KIND_TICKET_REPLY)!.body).toContain('A technician is on the way.');
    expect(rows.filter((r) => r.to_address === acme.email).map((r) => r.kind).sort()).toEqual([OUTBOX_KIND_STATUS_CHANGE, OUTBOX_KIND_TICKET_REPLY].sort());
    // The internal note reached nobody; the same causes heard again (another server) write nothing more.
    expect(rows.some((r) => r.body.includes('toner'))).toBe(false);
    const noteId = (await sql.one(`SELECT id::int AS id FROM ticket_notes WHERE ticket_id = $1 AND NOT internal ORDER BY id DESC LIMIT 1`, [ticketId])).id;
    await mailFollowersOfReply(t.ctx, t.app.log, { ticketId, noteId, byId: managerId });
    expect(toCreator(await mailOf(ticketId))).toHaveLength(2);
  });

  it('mails no disabled client user who follows a ticket', async () => {
    const raised = await acmeClient.post('/api/v2/client/tickets', { title: `Raised then left ${Math.random().toString(36).slice(2, 8)}`, description: 'Scanner jams', contactEmail: acme.email });
    expect(raised.statusCode, raised.body).toBe(201);
    const ticketId = (raised.json() as { id: number }).id;
    await sql.rows(`UPDATE client_users SET status = 'disabled' WHERE email = 'client@acme.demo.test'`);
    try {
      const note = await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'Fixed the rollers.', internal: false });
      expect(note.statusCode, note.body).toBe(201);
      await eventually(() => mailOf(ticketId), (r) => r.length > 0);
      const noteId = (await sql.one(`SELECT id::int AS id FROM ticket_notes WHERE ticket_id = $1 ORDER BY id DESC LIMIT 1`, [ticketId])).id;
      await mailFollowersOfReply(t.ctx, t.app.log, { ticketId, noteId, byId: managerId });
      expect((await mailOf(ticketId)).map((r) => r.to_address)).toEqual([acme.email]);
    } finally {
      await sql.rows(`UPDATE client_users SET status = 'active' WHERE email = 'client@acme.demo.test'`);
    }
  });

  it("shows a public reply's threading headers in the admin outbox", async () => {
    const ticket = await create(manager);
    const res = await manager.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'We are on it.', internal: false });
    expect(res.statusCode, res.body).toBe(201);
    const host = new URL(t.config.publicUrl).hostname;
    const page = await admin.get('/api/v2/admin/outbox?page=1');
    expect(page.statusCode, page.body).toBe(200);
    const mail = (page.json() as { rows: { subject: string; messageId: string | null; inReplyTo: string | null; references: string | null }[] }).rows.find((r) => r.subject === `[Ticket #${ticket.id}] ${ticket.title}`);
    expect(mail?.messageId).toMatch(new RegExp(`^<ticket-${ticket.id}\\.note-\\d+@${host.replaceAll('.', '\\.')}>$`));
    expect(mail).toMatchObject({ inReplyTo: `<ticket-${ticket.id}@${host}>`, references: `<ticket-${ticket.id}@${host}>` });
  });

  it('writes one mail when two app servers hear the same event', async () => {
    const database = await openDatabase(t.config);
    const ctx = createContext(t.config, database, { jobs: { workers: false } });
    const app = await buildApp(ctx, { logger: false, serveStatic: false });
    await app.ready();
    await ctx.events.start();
    try {
      const ticket = await create(manager, { assignee_id: agentId });
      await eventually(() => mailOf(ticket.id), (r) => staffMail(r).length > 0);
      // Both servers deciding at the same moment: one row.
      const same = { event: 'assigned' as const, ticketId: ticket.id, userId: agentId, actor: 'Manager', cause: 'entry-race' };
      const ids = await Promise.all([mailStaff(t.ctx, app.log, same), mailStaff(ctx, app.log, same)]);
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      expect(staffMail(await mailOf(ticket.id))).toHaveLength(2);
    } finally {
      await app.close();
      await ctx.events.stop();
      await ctx.render.close();
      await database.close();
    }
  });
});
