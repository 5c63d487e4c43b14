/** Home's desk endpoint: counts from the database (never the length of a capped list), the first rows, and the ticket search that holds them all. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_LIST_ROWS, homeTicketSearch, type MyDesk } from '@contracts/home';
import type { TicketSearchResponse } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const NOW = '2030-04-10T15:00:00Z';
const OPEN = 55;

describe.each(BACKENDS)("Home's desk on %s", (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api;
  let managerId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    t.ctx.now = () => new Date(NOW);
    manager = await apiAs(t, 'manager');
    managerId = (await sql.one<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).id;
    const { id: companyId } = await sql.one<{ id: number }>(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    // The manager holds exactly 55 open tickets: 3 overdue, 2 due later today (UTC), 50 due next month; plus one closed.
    await sql.rows('UPDATE tickets SET assignee_id = NULL WHERE assignee_id = $1', [managerId]);
    const due = (i: number) => (i < 3 ? `2030-04-0${i + 1}T09:00:00Z` : i < 5 ? `2030-04-10T2${i - 2}:00:00Z` : `2030-05-${String((i % 28) + 1).padStart(2, '0')}T09:00:00Z`);
    for (let i = 0; i < OPEN + 1; i++) {
      const res = await manager.post('/api/v2/tickets', { title: `Desk ticket ${i}`, description: 'Counted on Home', company_id: companyId, severity: 'M', queue: 'Support', assignee_id: managerId, duedate: due(i) });
      expect(res.statusCode, res.body).toBe(201);
      if (i === OPEN) expect((await manager.patch(`/api/v2/tickets/${res.json().ticket.id}`, { status: 'C' })).statusCode).toBe(200);
    }
  });
  afterAll(() => t?.close());

  const desk = async (qs = '') => {
    const res = await manager.get(`/api/v2/tickets/mine${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MyDesk;
  };

  it('counts all 55 open tickets, and lists the first of them: the overdue ones apart, the rest soonest due first', async () => {
    const d = await desk('?tz=UTC');
    expect(d.counts).toEqual({ open: OPEN, overdue: 3, due_today: 2 });
    expect(d.tickets).toHaveLength(HOME_LIST_ROWS);
    expect(d.tickets.slice(0, 2).map((x) => x.title)).toEqual(['Desk ticket 3', 'Desk ticket 4']);
    expect(d.tickets.map((x) => x.title)).not.toContain('Desk ticket 0');
    expect(d.overdue.map((x) => x.title)).toEqual(['Desk ticket 0', 'Desk ticket 1', 'Desk ticket 2']);
    expect(d.today).toEqual({ from: '2030-04-10T00:00:00.000Z', to: '2030-04-10T23:59:59.999Z' });
    expect(d.assignee_id).toBe(managerId);
  });

  it('links "All 55" to the ticket search whose filters find the same 55', async () => {
    const d = await desk();
    const href = homeTicketSearch('open', d);
    expect(href).toBe(`/ticket/search?assignee=${managerId}&f.status=A%2CWOP%2CWOC%2CWOT&sort=duedate%3Aasc`);
    // The search screen sends its table filters (f.status) as the endpoint's own (status).
    const search = async (link: string) => {
      const params = new URLSearchParams(link.split('?')[1]);
      const status = params.get('f.status');
      params.delete('f.status');
      if (status) params.set('status', status);
      const res = await manager.get(`/api/v2/tickets?${params.toString()}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TicketSearchResponse;
    };
    expect((await search(href)).total).toBe(OPEN);
    expect((await search(homeTicketSearch('overdue', d))).total).toBe(3);
    expect((await search(homeTicketSearch('dueToday', d))).total).toBe(2);
  });

  it("counts today in the caller's time zone, and refuses a zone that is not one", async () => {
    // 15:00 UTC on 10 April is 20:30 in Kolkata (UTC+5:30); the two due at 21:00 and 22:00 UTC fall on its 11 April.
    const kolkata = await desk('?tz=Asia/Kolkata');
    expect(kolkata.counts).toEqual({ open: OPEN, overdue: 3, due_today: 0 });
    expect(kolkata.today).toEqual({ from: '2030-04-09T18:30:00.000Z', to: '2030-04-10T18:29:59.999Z' });
    const bad = await manager.get('/api/v2/tickets/mine?tz=Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['tz']);
  });
});
