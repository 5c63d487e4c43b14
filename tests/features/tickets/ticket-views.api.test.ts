/** The ticket search's views: built-in queues and each user's private saved filters, with exact counts in one call. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { BUILT_IN_TICKET_VIEWS, TICKET_VIEWS_PER_USER_MAX, type SavedTicketView, type TicketViews } from '@contracts/ticket-views';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('ticket views on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let manager: Api;
  let agentId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
    agentId = Number((await sql.one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).id);
  });
  afterAll(() => t?.close());

  const views = async (api: Api) => {
    const res = await api.get('/api/v2/ticket-views');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TicketViews).views;
  };
  const count = async (where: string, values: unknown[] = []) => Number((await sql.one(`SELECT count(*)::int AS n FROM tickets t WHERE ${where}`, values)).n);

  it('answers the built-in views first, each with the exact count of what its filters find', async () => {
    const list = await views(agent);
    expect(list.slice(0, BUILT_IN_TICKET_VIEWS.length).map((v) => v.name)).toEqual(['My open', 'Unassigned', 'Overdue', 'Waiting on Client']);
    const byKey = Object.fromEntries(list.map((v) => [v.key, v]));
    expect(byKey.mine!.filters).toEqual({ assignee: String(agentId), status: 'A,WOP,WOC,WOT' });
    expect(byKey.mine!.count).toBe(await count(`assignee_id = $1 AND status <> 'C'`, [agentId]));
    expect(byKey.unassigned!.count).toBe(await count(`assignee_id IS NULL AND status <> 'C'`));
    expect(byKey.overdue!.count).toBe(await count(`status <> 'C' AND duedate < now()`));
    expect(byKey['waiting-on-client']!.count).toBe(await count(`status = 'WOC'`));
  });

  it('counts exactly beyond the cap of a page total', async () => {
    // More open unassigned tickets than the search counts to for a page.
    const company = Number((await sql.one(`SELECT id FROM companies ORDER BY id LIMIT 1`)).id);
    await sql.rows(
      `INSERT INTO tickets (title, description, status, severity, company_id, queue, source)
       SELECT 'Bulk ' || g, 'Bulk ticket', 'WOC', 'L', $1, 'Support', 'staff' FROM generate_series(1, $2::int) g`,
      [company, TICKET_SEARCH.countCap + 5],
    );
    const byKey = Object.fromEntries((await views(agent)).map((v) => [v.key, v]));
    const woc = await count(`status = 'WOC'`);
    expect(woc).toBeGreaterThan(TICKET_SEARCH.countCap);
    expect(byKey['waiting-on-client']!.count).toBe(woc);
  });

  it("saves, renames and deletes a user's own filters; another user neither sees nor changes them (404)", async () => {
    const created = await agent.post('/api/v2/ticket-views', { name: '  Acme critical  ', filters: { severity: 'C', status: 'A' } });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json() as SavedTicketView;
    expect(view).toMatchObject({ name: 'Acme critical', filters: { severity: 'C', status: 'A' } });

    const mine = (await views(agent)).find((v) => v.id === view.id)!;
    expect(mine).toMatchObject({ key: `saved-${view.id}`, name: 'Acme critical' });
    expect(mine.count).toBe(await count(`severity = 'C' AND status = 'A'`));
    expect((await views(manager)).some((v) => v.id === view.id)).toBe(false);

    expect((await manager.patch(`/api/v2/ticket-views/${view.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await manager.delete(`/api/v2/ticket-views/${view.id}`)).statusCode).toBe(404);

    const renamed = await agent.patch(`/api/v2/ticket-views/${view.id}`, { name: 'Critical now' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as SavedTicketView).name).toBe('Critical now');

    expect((await agent.delete(`/api/v2/ticket-views/${view.id}`)).statusCode).toBe(200);
    expect((await views(agent)).some((v) => v.id === view.id)).toBe(false);
    expect((await agent.delete(`/api/v2/ticket-views/${view.id}`)).statusCode).toBe(404);
  });

  it('refuses a name taken by the same user (409), bad filters and a bad name (400, naming the field), and writes nothing', async () => {
    const before = await sql.count('ticket_saved_views');
    expect((await agent.post('/api/v2/ticket-views', { name: 'Mine twice', filters: { status: 'A' } })).statusCode).toBe(201);
    const again = await agent.post('/api/v2/ticket-views', { name: 'MINE TWICE', filters: { status: 'WOC' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('MINE TWICE');
    // Another user may use the same name.
    expect((await manager.post('/api/v2/ticket-views', { name: 'Mine twice', filters: {} })).statusCode).toBe(201);

    const badStatus = await agent.post('/api/v2/ticket-views', { name: 'Bad', filters: { status: 'NOPE' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.message).toMatch(/status/);
    const badKey = await agent.post('/api/v2/ticket-views', { name: 'Bad', filters: { page: '3' } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.message).toMatch(/filters .*page/);
    const noName = await agent.post('/api/v2/ticket-views', { name: '   ', filters: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toMatch(/Name is required/);
    expect(await sql.count('ticket_saved_views')).toBe(before + 2);
  });

  it(`keeps at most ${TICKET_VIEWS_PER_USER_MAX} saved views per user (409 past that)`, async () => {
    const admin = await apiAs(t, 'admin');
    for (let i = 0; i < TICKET_VIEWS_PER_USER_MAX; i++) expect((await admin.post('/api/v2/ticket-views', { name: `View ${i}`, filters: {} })).statusCode).toBe(201);
    const past = await admin.post('/api/v2/ticket-views', { name: 'One more', filters: {} });
    expect(past.statusCode).toBe(409);
    expect(past.json().error.message).toContain('delete one first');
  });
});

describe.each(BACKENDS)('remembered rows per page on %s', (backend) => {
  let t: TestApp;
  let agent: Api;
  let manager: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    agent = await apiAs(t, 'agent');
    manager = await apiAs(t, 'manager');
  });
  afterAll(() => t?.close());

  it('answers null until a size is chosen, then the last choice, per user and per table', async () => {
    expect((await agent.get('/api/v2/preferences/table-size/tickets')).json()).toEqual({ size: null });
    expect((await agent.put('/api/v2/preferences/table-size/tickets', { size: 50 })).statusCode).toBe(200);
    expect((await agent.put('/api/v2/preferences/table-size/tickets', { size: 20 })).statusCode).toBe(200);
    expect((await agent.put('/api/v2/preferences/table-size/companies', { size: -1 })).statusCode).toBe(200);
    // A new sign-in (another browser) finds the same choice.
    const elsewhere = await apiAs(t, 'agent', { fresh: true });
    expect((await elsewhere.get('/api/v2/preferences/table-size/tickets')).json()).toEqual({ size: 20 });
    expect((await elsewhere.get('/api/v2/preferences/table-size/companies')).json()).toEqual({ size: -1 });
    expect((await manager.get('/api/v2/preferences/table-size/tickets')).json()).toEqual({ size: null });
  });

  it('refuses a size the pager does not offer and a bad table name (400, naming the field), and keeps the last choice', async () => {
    await agent.put('/api/v2/preferences/table-size/projects', { size: 30 });
    const odd = await agent.put('/api/v2/preferences/table-size/projects', { size: 7 });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toMatch(/size must be one of 10, 20, 30, 40, 50 or -1/);
    const badTable = await agent.put('/api/v2/preferences/table-size/Bad%20Table', { size: 10 });
    expect(badTable.statusCode).toBe(400);
    expect(badTable.json().error.message).toMatch(/table must be a table name/);
    expect((await agent.get('/api/v2/preferences/table-size/projects')).json()).toEqual({ size: 30 });
  });
});
