/**
 * The management dashboard's API: a manager's own subtree of the org chart (every level), everyone
 * for an admin, 403 outside it and for staff who are not managers; every figure's list holds as many
 * rows as the figure counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey } from '@contracts/common/endpoint';
import { DRILL_FIGURES, MANAGEMENT, MANAGEMENT_WINDOWS, type ManagementDashboard, type ManagementDrill } from '@contracts/management';
import { listApiRoutes, listEndpointlessRoutes } from '@server/app';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** The subtree as the org chart has it, counted here independently of the app. */
const SUBTREE = `WITH RECURSIVE sub(id) AS (SELECT id FROM staff_users WHERE email = $1 UNION SELECT u.id FROM staff_users u JOIN sub ON u.manager_id = sub.id)
  SELECT u.id, u.name FROM sub JOIN staff_users u USING (id) WHERE u.active ORDER BY u.name, u.id`;

describe.each(BACKENDS)('management dashboard on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api<string>;
  let admin: Api<string>;
  let deepId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    [manager, admin] = await Promise.all([apiAs(t, 'manager'), apiAs(t, 'admin')]);
    // Someone two levels below the demo manager (reporting to Avery Agent), with an overdue ticket.
    const [deep] = await sql.rows<{ id: number }>(
      `INSERT INTO staff_users (email, name, role, title, department, manager_id, password_hash)
       SELECT 'deep.report@demo.test', 'Dee Report', 'user', 'Support Engineer', 'Support', id, password_hash FROM staff_users WHERE email = 'agent@demo.test' RETURNING id`,
    );
    deepId = deep!.id;
    await sql.rows(`INSERT INTO tickets (title, severity, queue, assignee_id, duedate) VALUES ('Printer on fire', 'C', 'Support', $1, now() - interval '2 days')`, [deepId]);
  });
  afterAll(() => t?.close());

  const dashboard = async (api: Api<string>, query = '') => {
    const res = await api.get(`${MANAGEMENT.dashboard.path}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ManagementDashboard;
  };
  const drill = async (api: Api<string>, query: string) => {
    const res = await api.get(`${MANAGEMENT.drill.path}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ManagementDrill;
  };

  it('registers the dashboard and its lists from their endpoint definitions', () => {
    expect(listApiRoutes(t.app)).toEqual(expect.arrayContaining([endpointKey(MANAGEMENT.dashboard), endpointKey(MANAGEMENT.drill)]));
    expect(listEndpointlessRoutes(t.app).filter((key) => /^\w+ \/api\/v2\/management(\/|$)/.test(key))).toEqual([]);
  });

  it('shows the demo manager a few open tickets nobody has picked up yet in the queues the team works, from the demo data alone', async () => {
    const mine = await dashboard(manager);
    expect(mine.unassigned).toBeGreaterThanOrEqual(3);
    expect(mine.unassigned).toBeLessThanOrEqual(10);
    // New arrivals: raised in the last day, each with the client's first message and no staff work yet.
    const fresh = await sql.rows<{ n: number; recent: number; spoken: number; worked: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE created_at > now() - interval '1 day')::int AS recent,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM ticket_notes n WHERE n.ticket_id = t.id AND n.staff_user_id IS NULL))::int AS spoken,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM time_entries w WHERE w.ticket_id = t.id))::int AS worked
         FROM tickets t WHERE assignee_id IS NULL AND status <> 'C'`,
    );
    expect(fresh[0]).toEqual({ n: mine.unassigned, recent: mine.unassigned, spoken: mine.unassigned, worked: 0 });
  });

  it('answers 403 to a staff user who is not a manager, for the figures and every list', async () => {
    const agent = await apiAs(t, 'agent');
    expect((await agent.get(MANAGEMENT.dashboard.path)).statusCode).toBe(403);
    for (const figure of DRILL_FIGURES) expect((await agent.get(`${MANAGEMENT.drill.path}?figure=${figure}`)).statusCode, figure).toBe(403);
  });

  it("shows a manager their own subtree at every level by default, and counts only its people's tickets", async () => {
    const body = await dashboard(manager);
    const team = await sql.rows<{ id: number; name: string }>(SUBTREE, ['manager@demo.test']);
    expect(team.map((p) => p.id)).toContain(deepId);
    expect(body.team.map((m) => m.name)).toEqual(team.map((p) => p.name));
    expect(body.scope.manager?.name).toBe('Morgan Manager');
    expect(body.scope.people.map((p) => p.id).sort()).toEqual(team.map((p) => p.id).sort());
    const [counts] = await sql.rows<{ open: number; overdue: number }>(
      `SELECT count(*) FILTER (WHERE status <> 'C')::int AS open, count(*) FILTER (WHERE status <> 'C' AND duedate < now())::int AS overdue FROM tickets WHERE assignee_id = ANY($1::int[])`,
      [team.map((p) => p.id)],
    );
    expect({ open: body.open, overdue: body.overdue }).toEqual(counts);
    expect(body.by_severity.reduce((a, s) => a + s.open, 0)).toBe(counts!.open);
    expect(body.by_queue.reduce((a, s) => a + s.overdue, 0)).toBe(counts!.overdue);
  });

  it('lets a manager narrow to a person of their team, and answers 403 for anyone outside it', async () => {
    const narrowed = await dashboard(manager, `?person=${deepId}`);
    expect(narrowed.team.map((m) => m.name)).toEqual(['Dee Report']);
    expect(narrowed.overdue).toBe(1);
    const [outside] = await sql.rows<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'dana.dev@demo.test'`);
    for (const q of [`?person=${outside!.id}`, `?manager=${outside!.id}`, '?person=999999']) {
      const res = await manager.get(`${MANAGEMENT.dashboard.path}${q}`);
      expect(res.statusCode, q).toBe(403);
      expect(res.json().error.message).toMatch(/only your own team/);
    }
    expect((await manager.get(`${MANAGEMENT.drill.path}?figure=open&person=${outside!.id}`)).statusCode).toBe(403);
  });

  it("shows an admin everyone, and any manager's subtree on request", async () => {
    const all = await dashboard(admin);
    const active = await sql.rows<{ name: string }>('SELECT name FROM staff_users WHERE active ORDER BY name, id');
    expect(all.team.map((m) => m.name)).toEqual(active.map((s) => s.name));
    expect(all.scope.manager).toBeNull();
    const [riley] = await sql.rows<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'riley.chen@demo.test'`);
    expect(all.scope.managers.map((m) => m.id)).toContain(riley!.id);
    const sub = await dashboard(admin, `?manager=${riley!.id}`);
    expect(sub.team.map((m) => m.name)).toEqual((await sql.rows<{ name: string }>(SUBTREE, ['riley.chen@demo.test'])).map((p) => p.name));
    expect((await admin.get(`${MANAGEMENT.dashboard.path}?person=999999`)).statusCode).toBe(404);
  });

  it('opens, for every figure, a list with as many rows as the figure counts', async () => {
    for (const [who, api] of [['manager', manager], ['admin', admin]] as const) {
      const d = await dashboard(api);
      const counts: [string, number][] = [
        ['figure=open', d.open],
        ['figure=overdue', d.overdue],
        ['figure=unassigned', d.unassigned],
        ['figure=sla_met', d.sla.met],
        ['figure=sla_missed', d.sla.missed],
        ['figure=approvals', d.approvals.waiting],
        ['figure=certifications', d.certifications.expiring],
        ['figure=sales', d.sales.sales],
        ['figure=coverage', d.coverage.gaps],
        ...d.by_severity.flatMap((s): [string, number][] => [[`figure=open&severity=${s.severity}`, s.open], [`figure=overdue&severity=${s.severity}`, s.overdue]]),
        ...d.by_queue.flatMap((q): [string, number][] => [[`figure=open&queue=${encodeURIComponent(q.queue)}`, q.open], [`figure=overdue&queue=${encodeURIComponent(q.queue)}`, q.overdue]]),
        ...d.by_severity.map((s): [string, number] => [`figure=unassigned&severity=${s.severity}`, s.unassigned]),
        ...d.by_queue.map((q): [string, number] => [`figure=unassigned&queue=${encodeURIComponent(q.queue)}`, q.unassigned]),
        ...d.team.slice(0, 3).map((m): [string, number] => [`figure=overdue&person=${m.userid}`, m.overdue]),
      ];
      for (const [query, count] of counts) {
        const list = await drill(api, query);
        expect(list.rows.length, `${who}: ${query}`).toBe(count);
        expect(list.total, `${who}: ${query}`).toBe(count);
      }
      expect(d.open + d.approvals.waiting + d.certifications.expiring, `${who} has figures to show`).toBeGreaterThan(0);
      // The demo's unassigned tickets show in the split too, every one of them in one priority and one queue.
      expect(d.unassigned, `${who} has unassigned tickets in the demo`).toBeGreaterThan(0);
      expect(d.by_severity.reduce((a, s) => a + s.unassigned, 0), who).toBe(d.unassigned);
      expect(d.by_queue.reduce((a, q) => a + q.unassigned, 0), who).toBe(d.unassigned);
      if (who === 'admin') expect(d.sales.sales_target, 'the demo sets sales targets').toBeGreaterThan(0);
    }
  });

  it("shows CSAT and NPS by month for the team's tickets and companies, each point opening the responses it counts", async () => {
    // Two support survey answers on the deep report's ticket this month (one satisfied), one on a ticket of someone outside the team.
    const [ticket] = await sql.rows<{ id: number }>(`SELECT id FROM tickets WHERE title = 'Printer on fire'`);
    const [outside] = await sql.rows<{ id: number }>(
      `INSERT INTO tickets (title, severity, queue, assignee_id) SELECT 'Elsewhere', 'L', 'Support', id FROM staff_users WHERE email = 'dana.dev@demo.test' RETURNING id`,
    );
    const before = (await dashboard(manager)).trends;
    expect(before).toHaveLength(MANAGEMENT_WINDOWS.trendMonths);
    const answer = async (key: string, ticketId: number, q1: number, at: string) => {
      const [k] = await sql.rows<{ id: number }>(`INSERT INTO survey_keys (key, type, ticket_id, email) VALUES ($1, 'TCS', $2, 'x@demo.test') RETURNING id`, [key, ticketId]);
      await sql.rows(`INSERT INTO survey_responses (survey_key_id, type, q1, answers, received_at) VALUES ($1, 'TCS', $2, '{}', $3::timestamptz)`, [k!.id, q1, at]);
    };
    await answer('mgmt-csat-a', ticket!.id, 5, 'now');
    // The same ticket's survey answered again counts once, with its latest answer (as the report counts).
    const [again] = await sql.rows<{ id: number }>(`SELECT id FROM survey_keys WHERE key = 'mgmt-csat-a'`);
    await sql.rows(`INSERT INTO survey_responses (survey_key_id, type, q1, answers, received_at) VALUES ($1, 'TCS', 2, '{}', now() + interval '1 second')`, [again!.id]);
    await answer('mgmt-csat-out', outside!.id, 5, 'now');
    const after = (await dashboard(manager)).trends;
    const month = after.at(-1)!;
    const was = before.at(-1)!;
    expect(month.month).toBe(new Date().toISOString().slice(0, 7));
    expect(month.csat_responses - was.csat_responses).toBe(1);
    expect(month.satisfied - was.satisfied).toBe(0);
    for (const [who, api] of [['manager', manager], ['admin', admin]] as const) {
      const { trends } = await dashboard(api);
      for (const point of trends) {
        expect((await drill(api, `figure=csat&month=${point.month}`)).rows.length, `${who}: CSAT ${point.month}`).toBe(point.csat_responses);
        expect((await drill(api, `figure=nps&month=${point.month}`)).rows.length, `${who}: NPS ${point.month}`).toBe(point.nps_responses);
      }
      expect((await drill(api, 'figure=csat')).rows.length, `${who}: every month`).toBe(trends.reduce((a, p) => a + p.csat_responses, 0));
    }
    const bad = await manager.get(`${MANAGEMENT.drill.path}?figure=csat&month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Month must be a month as YYYY-MM/);
  });

  it("shows this month's utilisation as billable hours over available hours, opening the people with their hours", async () => {
    const before = (await dashboard(manager, `?person=${deepId}`)).utilisation;
    await sql.rows(`INSERT INTO time_entries (staff_user_id, work_date, minutes, billable) VALUES ($1, $2::date, 150, true), ($1, $2::date, 60, false)`, [deepId, new Date().toISOString().slice(0, 10)]);
    const after = (await dashboard(manager, `?person=${deepId}`)).utilisation;
    expect(after.billable_hours - before.billable_hours).toBe(2.5);
    expect(after.available_hours).toBeGreaterThan(0);
    expect(after.pct).toBe(Math.round((10000 * after.billable_hours) / after.available_hours) / 100);
    for (const [who, api] of [['manager', manager], ['admin', admin]] as const) {
      const { utilisation, team } = await dashboard(api);
      const list = await drill(api, 'figure=utilisation');
      expect(list.rows.length, who).toBe(utilisation.people);
      expect(utilisation.people, who).toBe(team.length);
      const billable = list.rows.reduce((a, r) => a + Number(/^([\d.]+) billable/.exec(r.detail)![1]), 0);
      expect(Math.round(billable * 100) / 100, who).toBe(utilisation.billable_hours);
    }
  });

  it("counts the on-call coverage gaps of the next 14 days of the team's schedule teams, as the weekly schedule finds them", async () => {
    // A schedule team of the deep report's with no rotation: one gap over the whole window.
    const [team] = await sql.rows<{ id: number }>(`INSERT INTO teams (name, owner_id, time_zone, region) VALUES ('Deep cover', $1, 'UTC', 'US') RETURNING id`, [deepId]);
    await sql.rows('INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2)', [team!.id, deepId]);
    const mine = await dashboard(manager, `?person=${deepId}`);
    expect(mine.coverage).toEqual({ gaps: 1, teams: 1 });
    const [gap] = (await drill(manager, `figure=coverage&person=${deepId}`)).rows;
    expect(gap!.title).toBe('Deep cover');
    expect(gap!.detail).toMatch(/^No on-call rotation is set/);
    // The gap's instants, for the view to show in the reader's time zone.
    const days = (Date.parse(gap!.until!) - Date.parse(gap!.date!)) / 86_400_000;
    expect(Math.round(days)).toBe(MANAGEMENT_WINDOWS.coverageDays);
  });

  it("counts the unassigned open tickets of the queues the team works, and every unassigned one for an admin, each opening as many rows", async () => {
    // The team works Support (the deep report's overdue ticket); nobody in it has a Sales ticket.
    const [support, sales, closed] = await sql.rows<{ id: number }>(
      `INSERT INTO tickets (title, severity, queue, assignee_id, status) VALUES ('Nobody has this', 'H', 'Support', NULL, 'A'), ('Nobody sells this', 'L', 'Sales', NULL, 'A'), ('Nobody closed this', 'L', 'Support', NULL, 'C') RETURNING id`,
    );
    const team = await sql.rows<{ id: number }>(SUBTREE, ['manager@demo.test']);
    const [expected] = await sql.rows<{ mine: number; all: number }>(
      `SELECT count(*) FILTER (WHERE queue IN (SELECT queue FROM tickets WHERE assignee_id = ANY($1::int[]) AND (status <> 'C' OR closed_at > now() - interval '${MANAGEMENT_WINDOWS.closedDays} days')))::int AS mine,
              count(*)::int AS all
         FROM tickets WHERE assignee_id IS NULL AND status <> 'C'`,
      [team.map((p) => p.id)],
    );
    const mine = await dashboard(manager);
    expect(mine.unassigned).toBe(expected!.mine);
    const list = await drill(manager, 'figure=unassigned');
    expect(list.rows.map((r) => r.id)).toContain(support!.id);
    expect(list.rows.map((r) => r.id)).not.toContain(closed!.id);
    expect(list.rows.length).toBe(mine.unassigned);
    expect(list.rows.find((r) => r.id === support!.id)!.person).toBe('Unassigned');
    const all = await dashboard(admin);
    expect(all.unassigned).toBe(expected!.all);
    expect((await drill(admin, 'figure=unassigned')).rows.map((r) => r.id)).toEqual(expect.arrayContaining([support!.id, sales!.id]));
    expect((await drill(admin, 'figure=unassigned')).rows.length).toBe(all.unassigned);
    // One person's queues: the deep report works Support only.
    const deep = await dashboard(manager, `?person=${deepId}`);
    expect((await drill(manager, `figure=unassigned&person=${deepId}`)).rows.map((r) => r.id)).not.toContain(sales!.id);
    expect((await drill(manager, `figure=unassigned&person=${deepId}`)).rows.length).toBe(deep.unassigned);
  });

  it('splits the unassigned tickets by priority and queue like open and overdue, each cell opening as many rows, the queues the team does not work left out', async () => {
    const cell = (d: ManagementDashboard) => ({
      critical: d.by_severity.find((s) => s.severity === 'C')?.unassigned ?? 0,
      support: d.by_queue.find((q) => q.queue === 'Support')?.unassigned ?? 0,
      sales: d.by_queue.find((q) => q.queue === 'Sales')?.unassigned ?? 0,
    });
    // The deep report works Support only (their overdue ticket); an admin looking at everyone sees every queue.
    const scopes = [['the deep report', manager, `person=${deepId}&`], ['admin', admin, '']] as const;
    const [deepBefore, allBefore] = [cell(await dashboard(manager, `?person=${deepId}`)), cell(await dashboard(admin))];
    // Two critical unassigned tickets: one in Support, one in Sales.
    await sql.rows(`INSERT INTO tickets (title, severity, queue, assignee_id, status) VALUES ('Split: support', 'C', 'Support', NULL, 'A'), ('Split: sales', 'C', 'Sales', NULL, 'WOC')`);
    const [deep, all] = [await dashboard(manager, `?person=${deepId}`), await dashboard(admin)];
    expect(cell(deep)).toEqual({ critical: deepBefore.critical + 1, support: deepBefore.support + 1, sales: 0 });
    expect(cell(all)).toEqual({ critical: allBefore.critical + 2, support: allBefore.support + 1, sales: allBefore.sales + 1 });
    for (const [[who, api, scope], d] of [[scopes[0], deep], [scopes[1], all]] as const) {
      expect(d.by_severity.reduce((a, s) => a + s.unassigned, 0), who).toBe(d.unassigned);
      expect(d.by_queue.reduce((a, q) => a + q.unassigned, 0), who).toBe(d.unassigned);
      for (const s of d.by_severity) {
        const list = await drill(api, `${scope}figure=unassigned&severity=${s.severity}`);
        expect(list.rows.length, `${who}: unassigned ${s.severity}`).toBe(s.unassigned);
        expect(list.rows.every((r) => r.person === 'Unassigned'), who).toBe(true);
      }
      for (const q of d.by_queue) expect((await drill(api, `${scope}figure=unassigned&queue=${encodeURIComponent(q.queue)}`)).rows.length, `${who}: unassigned ${q.queue}`).toBe(q.unassigned);
    }
    expect((await drill(admin, 'figure=unassigned&severity=C&queue=Sales')).rows.map((r) => r.title)).toContain('Split: sales');
    const deepCritical = (await drill(manager, `person=${deepId}&figure=unassigned&severity=C`)).rows.map((r) => r.title);
    expect(deepCritical).toContain('Split: support');
    expect(deepCritical).not.toContain('Split: sales');
  });

  it('counts the approvals waiting on someone in the team to decide (not those the team asked for), with the oldest one\'s age', async () => {
    const [policy] = await sql.rows<{ form_type: string; version: number }>('SELECT form_type, version FROM approval_policies ORDER BY form_type, version LIMIT 1');
    const [outside] = await sql.rows<{ id: number }>(`SELECT id FROM staff_users WHERE email = 'dana.dev@demo.test'`);
    const ask = async (title: string, requester: number, waitingOn: number, days: number) =>
      (
        await sql.rows<{ id: number }>(
          `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, waiting_on, submitted_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, '{}', 'inReview', '{"step":0,"steps":[]}', ARRAY[$5::int], now() - make_interval(days => $6), now() - make_interval(days => $6), now()) RETURNING id`,
          [policy!.form_type, policy!.version, requester, title, waitingOn, days],
        )
      )[0]!.id;
    const onDeep = await ask('Waiting on the deep report', outside!.id, deepId, 40);
    const fromDeep = await ask('Asked by the deep report', deepId, outside!.id, 50);
    const narrowed = await dashboard(manager, `?person=${deepId}`);
    expect(narrowed.approvals).toEqual({ waiting: 1, oldest_days: 40 });
    const rows = (await drill(manager, `figure=approvals&person=${deepId}`)).rows;
    expect(rows.map((r) => r.id)).toEqual([onDeep]);
    const team = await dashboard(manager);
    const teamRows = (await drill(manager, 'figure=approvals')).rows;
    expect(teamRows.map((r) => r.id)).toContain(onDeep);
    expect(teamRows.map((r) => r.id)).not.toContain(fromDeep);
    expect(teamRows.length).toBe(team.approvals.waiting);
  });

  it("counts each person's own working hours less their region's public holidays and approved leave, for a month with both", async () => {
    // November 2026: 21 weekdays; Veterans Day (11th) and Thanksgiving (26th) are US public holidays.
    const [person] = await sql.rows<{ id: number }>(
      `INSERT INTO staff_users (email, name, role, title, department, manager_id, password_hash)
       SELECT 'uma.hours@demo.test', 'Uma Hours', 'user', 'Support Engineer', 'Support', id, password_hash FROM staff_users WHERE email = 'agent@demo.test' RETURNING id`,
    );
    const [team] = await sql.rows<{ id: number }>(`INSERT INTO teams (name, time_zone, region) VALUES ('Uma hours', 'UTC', 'US') RETURNING id`);
    await sql.rows('INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2)', [team!.id, person!.id]);
    // Her own day: 08:00 to 14:30 (6.5 hours), Monday to Friday.
    await sql.rows(`INSERT INTO staff_profiles (staff_id, work_start, work_end, work_days) VALUES ($1, '08:00', '14:30', '{1,2,3,4,5}')`, [person!.id]);
    // Approved leave on Monday 16 and Tuesday 17 November.
    const [policy] = await sql.rows<{ version: number }>(`SELECT max(version)::int AS version FROM approval_policies WHERE form_type = 'pto'`);
    await sql.rows(
      `INSERT INTO approval_requests (form_type, policy_version, requester_id, title, payload, state, context, created_at, updated_at)
       VALUES ('pto', $1, $2, 'Leave', '{"from":"2026-11-16","to":"2026-11-17","unit":"days"}', 'applied', '{"step":0,"steps":[]}', now(), now())`,
      [policy!.version, person!.id],
    );
    await sql.rows(`INSERT INTO time_entries (staff_user_id, work_date, minutes, billable) VALUES ($1, '2026-11-18', 600, true)`, [person!.id]);
    const clock = t.ctx.now;
    t.ctx.now = () => new Date('2026-11-18T12:00:00Z');
    try {
      const { utilisation } = await dashboard(manager, `?person=${person!.id}`);
      // (21 weekdays − 2 holidays − 2 days of leave) × 6.5 hours = 110.5 hours; 10 billable.
      expect(utilisation).toEqual({ month: '2026-11', billable_hours: 10, available_hours: 110.5, pct: 9.05, people: 1 });
      const [row] = (await drill(manager, `figure=utilisation&person=${person!.id}`)).rows;
      expect(row!.detail).toBe('10 billable of 110.5 available hours (136.5 working, 13 holidays, 13 leave)');
    } finally {
      t.ctx.now = clock;
    }
  });

  it("pages the month's closed sales of the team, so every one of them is reachable, however many a person closed", async () => {
    const month = new Date().toISOString().slice(0, 7);
    await sql.rows(
      `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, amount_cents)
       SELECT 'sale', (SELECT min(id) FROM companies), $1, $2::date, 100 * n FROM generate_series(1, 205) n`,
      [deepId, `${month}-01`],
    );
    const { sales } = await dashboard(manager, `?person=${deepId}`);
    expect(sales.sales).toBe(205);
    const seen = new Set<number>();
    for (const [page, size] of [[1, 100], [2, 100], [3, 5]] as const) {
      const list = await drill(manager, `figure=sales&person=${deepId}&page=${page}&pageSize=100`);
      expect(list.total, `page ${page}`).toBe(205);
      expect(list.rows, `page ${page}`).toHaveLength(size);
      for (const r of list.rows) seen.add(r.id);
    }
    expect(seen.size).toBe(205);
    const bad = await manager.get(`${MANAGEMENT.drill.path}?figure=sales&pageSize=100000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Rows per page must be at most/);
  });

  it("sorts the month's closed sales on the server by any of its columns, ties by id, so pages neither repeat nor skip a sale", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const [rep] = await sql.rows<{ id: number }>(
      `INSERT INTO staff_users (email, name, role, title, department, manager_id, password_hash)
       SELECT 'sol.sorter@demo.test', 'Sol Sorter', 'user', 'Account Executive', 'Sales', id, password_hash FROM staff_users WHERE email = 'agent@demo.test' RETURNING id`,
    );
    const companies = await sql.rows<{ id: number; name: string }>(
      `INSERT INTO companies (name, account_number) VALUES ('Sortco Bravo', 'SORT-B'), ('Sortco Alpha', 'SORT-A'), ('Sortco Charlie', 'SORT-C') RETURNING id, name`,
    );
    // Nine sales over three days, three companies and two amounts: every column has ties.
    const sales = await sql.rows<{ id: number; company_id: number; day: string; amount: number }>(
      `INSERT INTO sales_activities (kind, company_id, staff_id, occurred_on, amount_cents)
       SELECT 'sale', ($3::int[])[1 + n % 3], $1, $2::date + (n % 3), 100 * (1 + n % 2) FROM generate_series(0, 8) n
       RETURNING id, company_id, to_char(occurred_on, 'YYYY-MM-DD') AS day, amount_cents::int AS amount`,
      [rep!.id, `${month}-01`, companies.map((c) => c.id)],
    );
    const nameOf = new Map(companies.map((c) => [c.id, c.name]));
    const keyOf: Record<string, (r: (typeof sales)[number]) => string | number> = { date: (r) => r.day, title: (r) => nameOf.get(r.company_id)!, person: () => 'Sol Sorter', detail: (r) => r.amount };
    const expected = (field: string, dir: 'asc' | 'desc') =>
      [...sales]
        .sort((a, b) => {
          const [x, y] = [keyOf[field]!(a), keyOf[field]!(b)];
          const c = x < y ? -1 : x > y ? 1 : a.id - b.id;
          return dir === 'asc' ? c : -c;
        })
        .map((r) => r.id);
    const pages = async (sort: string) => {
      const ids: number[] = [];
      for (const page of [1, 2, 3]) {
        const list = await drill(manager, `figure=sales&person=${rep!.id}${sort}&page=${page}&pageSize=4`);
        expect(list.total, sort).toBe(9);
        ids.push(...list.rows.map((r) => r.id));
      }
      return ids;
    };
    expect(await pages(''), 'newest first by default').toEqual(expected('date', 'desc'));
    for (const field of ['date', 'title', 'person', 'detail'])
      for (const dir of ['asc', 'desc'] as const) expect(await pages(`&sort=${field}&dir=${dir}`), `${field} ${dir}`).toEqual(expected(field, dir));
    expect(await pages('&sort=title'), 'ascending when no direction is given').toEqual(expected('title', 'asc'));
  });

  it('names the sort or the direction when a list is asked for in an order it does not take, and still answers 403 to a user', async () => {
    const problems: [string, string, RegExp][] = [
      ['figure=sales&sort=amount', 'sort', /Sort must be one of date, title, person, detail/],
      ['figure=sales&sort=date&dir=up', 'dir', /Direction must be asc or desc/],
      ['figure=sales&dir=asc', 'dir', /Direction needs a sort column/],
      ['figure=open&sort=date&dir=asc', 'sort', /Sort applies to the paged lists only \(sales\): the open list answers every row/],
    ];
    for (const [query, field, message] of problems) {
      const res = await manager.get(`${MANAGEMENT.drill.path}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
      expect(res.json().error.message, query).toMatch(message);
    }
    const agent = await apiAs(t, 'agent');
    expect((await agent.get(`${MANAGEMENT.drill.path}?figure=sales&sort=title&dir=asc`)).statusCode).toBe(403);
  });

  it('names the field when a list is asked for with a figure it does not know', async () => {
    const res = await manager.get(`${MANAGEMENT.drill.path}?figure=everything`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/Figure must be one of/);
  });
});
