import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE, OVERDUE_NOTICE_WINDOW_HOURS, type NotificationPage } from '@contracts/notifications';
import type { TicketView } from '@contracts/tickets';
import { overdueSweep } from '@server/features/notifications';
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

describe.each(BACKENDS)('staff notifications on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let acmeClient: Api;
  let agentId: number;
  let managerId: number;
  let acme: { id: number; contactId: number };
  beforeAll(async () => {
    t = await startTestApp(backend, { events: true, jobs: 'manual' });
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    acmeClient = await apiAs(t, 'acme');
    agentId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
    managerId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).id;
    const row = await sql.one(`SELECT c.id, min(k.id) AS contact_id FROM companies c JOIN contacts k ON k.company_id = c.id WHERE c.account_number = 'ACME-001' GROUP BY c.id`);
    acme = { id: row.id, contactId: row.contact_id };
  });
  afterAll(() => t?.close());

  const create = async (as: Api, extra: object = {}) => {
    const res = await as.post('/api/v2/tickets', {
      title: `Notified ${Math.random().toString(36).slice(2, 8)}`, description: 'Needs an owner', company_id: acme.id,
      contact_id: acme.contactId, severity: 'M', queue: 'Support', ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as TicketView).ticket;
  };
  const mine = async (as: Api) => (await as.get('/api/v2/notifications')).json() as NotificationPage;
  const unread = async (as: Api) => ((await as.get('/api/v2/notifications/unread-count')).json() as { unread: number }).unread;
  const ofTicket = (userId: number, ticketId: number) =>
    sql.rows(`SELECT kind, ref, actor, read_at FROM notifications WHERE user_id = $1 AND ticket_id = $2 ORDER BY id`, [userId, ticketId]);

  it('tells the assignee when a ticket is assigned to them by someone else, once, and not when they take it themselves', async () => {
    const before = await unread(agent);
    const ticket = await create(manager, { assignee_id: agentId });
    const rows = await eventually(() => ofTicket(agentId, ticket.id), (r) => r.length > 0);
    expect(rows).toEqual([expect.objectContaining({ kind: 'assigned', actor: expect.any(String), read_at: null })]);
    expect(await unread(agent)).toBe(before + 1);

    const own = await create(agent, { assignee_id: agentId });
    const reassigned = await manager.patch(`/api/v2/tickets/${own.id}`, { assignee_id: managerId });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    const back = await manager.patch(`/api/v2/tickets/${own.id}`, { assignee_id: agentId });
    expect(back.statusCode, back.body).toBe(200);
    const ownRows = await eventually(() => ofTicket(agentId, own.id), (r) => r.length > 0);
    // Taking it themselves told nothing; the manager giving it back told them once.
    expect(ownRows.map((r) => r.kind)).toEqual(['assigned']);
    expect(await ofTicket(managerId, own.id)).toEqual([]);
  });

  it('tells the assignee when a client replies on their ticket in the portal', async () => {
    const ticket = await create(manager, { assignee_id: agentId });
    const reply = await acmeClient.post(`/api/v2/client/tickets/${ticket.id}/replies`, { body: 'Still no reads this morning' });
    expect(reply.statusCode, reply.body).toBe(201);
    // The assignment's notice comes by its own event: wait for both, so nothing of this test arrives during the next.
    const rows = await eventually(() => ofTicket(agentId, ticket.id), (r) => r.some((n) => n.kind === 'client_reply') && r.some((n) => n.kind === 'assigned'));
    expect(rows.filter((r) => r.kind === 'client_reply')).toEqual([expect.objectContaining({ ref: `note-${(reply.json() as { id: number }).id}`, actor: expect.any(String) })]);
    // Newest first: the reply's notice and the assignment's, each written by its own event in
    // whichever order their events are handled, are the two on top.
    const page = await mine(agent);
    expect(page.items.slice(0, 2)).toContainEqual(expect.objectContaining({ kind: 'client_reply', ticket_id: ticket.id, ticket_title: ticket.title, read: false }));
  });

  it('tells the assignee once when their ticket turns overdue, and not of tickets overdue long before', async () => {
    const due = new Date(Date.now() + HOUR);
    const ticket = await create(manager, { assignee_id: managerId, duedate: due.toISOString() });
    const old = await create(manager, { assignee_id: managerId, duedate: new Date(due.getTime() - (OVERDUE_NOTICE_WINDOW_HOURS + 1) * HOUR).toISOString() });
    const sweep = async (at: Date) => {
      t.ctx.now = () => at;
      try {
        await t.ctx.jobs.send(overdueSweep, {});
        await t.ctx.jobs.runDue({ only: [overdueSweep] });
      } finally {
        t.ctx.now = () => new Date();
      }
    };
    await sweep(new Date(due.getTime() - 60_000));
    expect(await ofTicket(managerId, ticket.id)).toEqual([]);
    await sweep(new Date(due.getTime() + 60_000));
    await sweep(new Date(due.getTime() + 120_000));
    expect(await ofTicket(managerId, ticket.id)).toEqual([expect.objectContaining({ kind: 'overdue', actor: null })]);
    expect(await ofTicket(managerId, old.id)).toEqual([]);
  });

  it('lists only my own, newest first and paged, and marks one or all read', async () => {
    const created: number[] = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i++) created.push((await create(manager, { assignee_id: agentId })).id);
    // Each ticket's notice arrives by its own event: read the pages once all of them are in.
    const told = () => sql.one(`SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND ticket_id = ANY($2::int[])`, [agentId, created]);
    await eventually(told, (r) => r.n === created.length);
    const page = await mine(agent);
    expect(page.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const ids = page.items.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await agent.get(`/api/v2/notifications?page=2&pageSize=${NOTIFICATIONS_PAGE_SIZE}`)).json() as NotificationPage;
    expect(second.items[0]!.id).toBeLessThan(ids.at(-1)!);
    const theirs = (await sql.rows(`SELECT id FROM notifications WHERE user_id = $1`, [agentId])).map((r) => Number(r.id));
    expect((await mine(manager)).items.map((n) => n.id).filter((id) => theirs.includes(id))).toEqual([]);

    // Another user's notification is not found for me, and stays unread.
    const notMine = await manager.post(`/api/v2/notifications/${ids[0]}/read`);
    expect(notMine.statusCode).toBe(404);
    expect((await sql.one(`SELECT read_at FROM notifications WHERE id = $1`, [ids[0]])).read_at).toBeNull();

    const before = page.unread;
    const one = await agent.post(`/api/v2/notifications/${ids[0]}/read`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ unread: before - 1 });
    expect((await agent.post(`/api/v2/notifications/${ids[0]}/read`)).json()).toEqual({ unread: before - 1 });

    // Mark all read up to what I saw: a newer one stays unread.
    const newer = await create(manager, { assignee_id: agentId });
    await eventually(() => ofTicket(agentId, newer.id), (r) => r.length > 0);
    const all = await agent.post('/api/v2/notifications/read-all', { through: ids[0] });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ unread: 1 });
    expect((await agent.post('/api/v2/notifications/read-all', {})).json()).toEqual({ unread: 0 });
  });

  it('names a bad field', async () => {
    const res = await agent.get('/api/v2/notifications?pageSize=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('pageSize');
    const bad = await agent.post('/api/v2/notifications/read-all', { through: 'latest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('through');
  });
});
