import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overdueCheckResponseSchema } from '@contracts/overdue';
import { DEMO_AGENT_OVERDUE } from '@server/seed/demo';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('overdue check and learning-center link on %s', (backend) => {
  let t: TestApp;
  let agentId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    agentId = (await sqlOf(t).one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id;
  });
  afterAll(() => t?.close());

  const check = (as: Api, userId: unknown) => as.post('/api/v2/ticket/check/overdue', { userId });

  it("answers the caller's overdue tickets with the fields of the spec, oldest due first", async () => {
    const res = await check(await apiAs(t, 'agent'), agentId);
    expect(res.statusCode).toBe(200);
    const list = res.json().overdueTickets;
    expect(list).toHaveLength(DEMO_AGENT_OVERDUE);
    expect(Object.keys(list[0]).sort()).toEqual(
      ['company_name', 'contact', 'contact_email', 'created_at', 'duedate', 'id', 'queue', 'severity', 'status', 'title'].sort(),
    );
    const dues = list.map((x: { duedate: string }) => x.duedate);
    expect([...dues].sort()).toEqual(dues);
    for (const x of list) {
      expect(x.status).not.toBe('C');
      expect(new Date(x.duedate).getTime()).toBeLessThan(Date.now());
    }
  });

  it('drops a ticket from the list once it is closed or its due date moves out', async () => {
    const agent = await apiAs(t, 'agent');
    const [first, second] = (await check(agent, agentId)).json().overdueTickets;
    await t.ctx.database.pool.query(`UPDATE tickets SET status = 'C', closed_at = now() WHERE id = $1`, [first.id]);
    await t.ctx.database.pool.query(`UPDATE tickets SET duedate = now() + interval '1 day' WHERE id = $1`, [second.id]);
    const ids = (await check(agent, agentId)).json().overdueTickets.map((x: { id: number }) => x.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
    expect(ids).toHaveLength(DEMO_AGENT_OVERDUE - 2);
  });

  it("lets a manager read an agent's list and refuses an agent another's", async () => {
    expect((await check(await apiAs(t, 'manager'), agentId)).statusCode).toBe(200);
    const adminId = (await sqlOf(t).one(`SELECT id FROM staff_users WHERE email = 'admin@demo.test'`)).id;
    const res = await check(await apiAs(t, 'agent'), adminId);
    expect(res.statusCode).toBe(403);
  });

  it('names a bad user id', async () => {
    const res = await check(await apiAs(t, 'agent'), 'me');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ userId: 'Must be a user id' });
  });

  it('answers the learning-center address from configuration, only for dtcUser true', async () => {
    const agent = await apiAs(t, 'agent');
    const ok = await agent.post('/api/v2/moodleurl', { dtcUser: true });
    expect(ok.json()).toEqual({ url: t.config.learningCenterUrl });
    const bad = await agent.post('/api/v2/moodleurl', { dtcUser: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('dtcUser');
  });

  it('answers each field as stored, whatever characters a title holds, in the shape of the schema', async () => {
    const managerId = (await sqlOf(t).one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).id;
    const titles = ['Quote " and \\ backslash', 'Line\nbreak and\ttab', 'Émoji 🖨️ and 日本語', 'Control \u0001 char', '</script><b>'];
    const made: number[] = [];
    for (const [i, title] of titles.entries()) {
      const { rows } = await t.ctx.database.pool.query<{ id: number }>(
        `INSERT INTO tickets (title, description, assignee_id, contact_name, contact_email, duedate, created_at)
         VALUES ($1, 'Overdue answer check', $2, $3, $4, now() - make_interval(days => 9000 + $5::int, secs => 0.75), now() - make_interval(days => 9100))
         RETURNING id`,
        [title, managerId, i % 2 ? null : `Ann "Quote" O'Neil`, i % 2 ? null : 'ann@example.test', titles.length - i],
      );
      made.push(rows[0]!.id);
    }
    const res = await check(await apiAs(t, 'manager'), managerId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const answer = overdueCheckResponseSchema.parse(res.json());
    // Due 9,000 days and more ago: the oldest due, first, in their due order.
    const first = answer.overdueTickets.slice(0, titles.length);
    expect(first.map((x) => x.id)).toEqual(made);
    const { rows: stored } = await t.ctx.database.pool.query(
      `SELECT id, title, status, severity, company_name, contact_name AS contact, contact_email, queue, created_at, duedate FROM tickets WHERE id = ANY($1) ORDER BY duedate`,
      [made],
    );
    const second = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
    expect(first).toEqual(stored.map((r) => ({ ...r, created_at: second(r.created_at), duedate: second(r.duedate) })));
    expect(first.map((x) => x.title)).toEqual(titles);
  });

  it('uses the partial overdue index', async () => {
    // One connection for the setting and the plan; the demo table is small enough for a seq scan.
    const client = await t.ctx.database.pool.connect();
    await client.query('SET enable_seqscan = off');
    try {
      const { rows } = await client.query(
        `EXPLAIN SELECT id FROM tickets WHERE assignee_id = $1 AND status <> 'C' AND duedate < now() ORDER BY duedate`,
        [agentId],
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('tickets_overdue_idx');
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});
