import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mondayOf, type ContractsView, type TeamWeek, type TimeclockView, type TimesheetWeek, type TrackerView } from '@contracts/time';
import type { ProjectView } from '@contracts/projects';
import { BACKENDS, bearer, startTestApp, type TestApp } from '@tests/support/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

describe.each(BACKENDS)('time on %s', (backend) => {
  let t: TestApp;
  let agent: string;
  let manager: string;
  let admin: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await startTestApp(backend, { jobs: 'manual' });
    [agent, manager, admin] = await Promise.all([t.tokenFor('agent'), t.tokenFor('manager'), t.tokenFor('admin')]);
    const one = async (sql: string, v: unknown[] = []) => (await t.ctx.database.pool.query(sql, v)).rows[0].id as number;
    ids.acme = await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    ids.globex = await one(`SELECT id FROM companies WHERE account_number = 'GLOBEX-002'`);
    ids.agent = await one(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`);
    ids.manager = await one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`);
    ids.ticket = await one(`SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 1`, [ids.acme]);
  });
  afterAll(() => t?.close());

  const call = (token: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const q = (sql: string, values: unknown[] = []) => t.ctx.database.pool.query(sql, values).then((r) => r.rows);
  /** Sets the server's clock; sessions are signed in afresh, since a jump of days would end them as idle. */
  const at = async (iso: string) => {
    t.ctx.now = () => new Date(iso);
    [agent, manager, admin] = await Promise.all([t.tokenFor('agent'), t.tokenFor('manager'), t.tokenFor('admin')]);
  };

  describe('timesheet', () => {
    const week = '2026-03-02';
    const cell = (token: string, day: string, minutes: number, extra: object = {}) =>
      call(token, 'PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'company', id: ids.acme }, day, minutes, ...extra });

    it('sets cells, totals them per day and week with the billable share, and shows ticket time in the grid', async () => {
      expect((await cell(agent, '2026-03-02', 90, { note: 'Patching' })).statusCode).toBe(200);
      expect((await call(agent, 'PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'ticket', id: ids.ticket }, day: '2026-03-03', minutes: 45, billable: false })).statusCode).toBe(200);
      const view = (await cell(agent, '2026-03-04', 30)).json() as TimesheetWeek;
      expect(view.status).toBe('draft');
      expect(view.totals).toEqual({ days: [90, 45, 30, 0, 0, 0, 0], week: 165, billable: 120 });
      const acme = view.rows.find((r) => r.item.kind === 'company')!;
      expect(acme.cells[0]).toEqual({ minutes: 90, note: 'Patching', ticket_minutes: 0 });
      // Minutes logged with a ticket note appear in this week's grid.
      const today = new Date().toISOString().slice(0, 10);
      await call(agent, 'POST', `/api/v2/tickets/${ids.ticket}/notes`, { body: 'Called the client', minutes: 20 });
      const now = (await call(agent, 'GET', `/api/v2/timesheet?week=${mondayOf(today)}`)).json() as TimesheetWeek;
      const ticketRow = now.rows.find((r) => r.item.kind === 'ticket' && r.item.id === ids.ticket)!;
      expect(ticketRow.cells[now.days.indexOf(today)]).toMatchObject({ minutes: 20, ticket_minutes: 20 });
      // Setting a cell to zero removes its entry; the row stays pinned.
      const cleared = (await cell(agent, '2026-03-04', 0)).json() as TimesheetWeek;
      expect(cleared.totals.week).toBe(135);
      expect((await q(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'timesheet' AND action = 'set_cell' AND entity_id = $1`, [ids.agent]))[0].n).toBe(4);
    });

    it('refuses negative minutes, days outside the week, a Tuesday as week and a day over 24 hours with a 400 naming the field; nothing changes', async () => {
      const before = await q('SELECT count(*)::int AS n FROM time_entries');
      const negative = await cell(agent, '2026-03-05', -30);
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.fields).toHaveProperty('minutes');
      expect((await cell(agent, '2026-03-09', 30)).json().error.fields).toHaveProperty('day');
      expect((await call(agent, 'PUT', '/api/v2/timesheet/cells', { week: '2026-03-03', item: { kind: 'company', id: ids.acme }, day: '2026-03-03', minutes: 1 })).json().error.fields).toHaveProperty('week');
      const long = await call(agent, 'PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'company', id: ids.globex }, day: '2026-03-02', minutes: 1400 });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.fields.minutes).toBe('A day holds at most 24 hours');
      expect((await call(agent, 'PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'company', id: 999999 }, day: '2026-03-02', minutes: 10 })).json().error.fields).toHaveProperty(['item.id']);
      expect(await q('SELECT count(*)::int AS n FROM time_entries')).toEqual(before);
    });

    it('copies last week rows without their hours', async () => {
      const res = await call(agent, 'POST', '/api/v2/timesheet/copy-last-week', { week: '2026-03-09' });
      expect(res.json().added).toBe(2);
      const next = res.json().week as TimesheetWeek;
      expect(next.rows.map((r) => r.item.kind).sort()).toEqual(['company', 'ticket']);
      expect(next.totals.week).toBe(0);
    });

    it('submits, locks (409 naming why), is rejected with a reason, shows what changed when resubmitted, is approved, and reopened by the manager', async () => {
      await at('2026-03-08T18:00:00Z');
      expect((await call(agent, 'POST', '/api/v2/timesheet/submit', { week })).json().status).toBe('submitted');
      const locked = await cell(agent, '2026-03-05', 60);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error.message).toMatch(/submitted for approval; it is locked/);
      expect((await call(agent, 'POST', '/api/v2/timesheet/submit', { week })).statusCode).toBe(409);
      // The team view of the manager lists it; the agent cannot decide.
      const team = (await call(manager, 'GET', `/api/v2/timesheet/team?week=${week}`)).json() as TeamWeek[];
      expect(team.find((w) => w.user_id === ids.agent)).toMatchObject({ status: 'submitted', total_minutes: 135, billable_minutes: 90 });
      expect((await call(agent, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'approve' })).statusCode).toBe(403);
      expect((await call(manager, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'reject' })).json().error.fields).toHaveProperty('reason');
      expect((await call(manager, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'reject', reason: 'Tuesday is missing its note' })).statusCode).toBe(200);
      const rejected = (await call(agent, 'GET', `/api/v2/timesheet?week=${week}`)).json() as TimesheetWeek;
      expect(rejected).toMatchObject({ status: 'rejected', reason: 'Tuesday is missing its note', decided_by: 'Morgan Manager', changes: [] });
      await cell(agent, '2026-03-02', 120);
      const resubmitted = (await call(agent, 'POST', '/api/v2/timesheet/submit', { week })).json() as TimesheetWeek;
      expect(resubmitted.changes).toEqual([{ label: 'Acme Utilities', day: '2026-03-02', before: 90, after: 120 }]);
      expect((await call(manager, 'GET', `/api/v2/timesheet?week=${week}&user=${ids.agent}`)).json()).toMatchObject({ can_decide: true, changes: [{ before: 90, after: 120 }] });
      expect((await call(manager, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'approve' })).statusCode).toBe(200);
      const approved = await cell(agent, '2026-03-06', 15);
      expect(approved.statusCode).toBe(409);
      expect(approved.json().error.message).toMatch(/approved and locked/);
      // Time logged on a ticket for a day of the locked week is refused too (a note with minutes takes the
      // same insert), and nothing is written.
      const entriesBefore = await q('SELECT count(*)::int AS n FROM time_entries');
      const onTicket = await call(agent, 'POST', `/api/v2/tickets/${ids.ticket}/time`, { minutes: 30, billable: true, description: 'Late call', work_date: '2026-03-04' });
      expect(onTicket.statusCode).toBe(409);
      expect(onTicket.json().error.message).toMatch(/approved and locked/);
      expect(await q('SELECT count(*)::int AS n FROM time_entries')).toEqual(entriesBefore);
      expect((await call(manager, 'POST', '/api/v2/timesheet/reopen', { week, user: ids.agent })).json().status).toBe('draft');
      expect((await cell(agent, '2026-03-06', 15)).statusCode).toBe(200);
      expect((await q(`SELECT action FROM audit_log WHERE entity = 'timesheet' AND entity_id = $1 AND action IN ('submit','reject','approve','reopen') ORDER BY id`, [ids.agent])).map((r) => r.action)).toEqual([
        'submit',
        'reject',
        'submit',
        'approve',
        'reopen',
      ]);
    });
  });

  describe('timesheet rows by project', () => {
    const week = '2026-05-04';
    const next = '2026-05-11';
    const project = async (name: string, status = 'active') => {
      const res = await call(manager, 'POST', '/api/v2/projects', { name, company_id: ids.acme, owner_id: ids.manager, status, budget_hours: 10 });
      expect(res.statusCode).toBe(201);
      return (res.json() as ProjectView).project.id;
    };
    const projectCell = (id: number, day: string, minutes: number, w = week) => call(agent, 'PUT', '/api/v2/timesheet/cells', { week: w, item: { kind: 'project', id }, day, minutes });
    const p = { relaunch: 0, migration: 0, done: 0, cancelled: 0 };
    const counts = async () => (await q('SELECT (SELECT count(*) FROM time_entries)::int AS entries, (SELECT count(*) FROM timesheet_rows)::int AS rows'))[0];
    beforeAll(async () => {
      p.relaunch = await project('Portal relaunch');
      p.migration = await project('Mail migration');
      p.done = await project('Finished rollout', 'done');
      p.cancelled = await project('Dropped audit', 'cancelled');
    });

    const acmeUsage = async () => ((await call(manager, 'GET', '/api/v2/ms/contracts?month=2026-05')).json() as ContractsView).contracts.find((c) => c.company_id === ids.acme)!.used_minutes;

    it('adds a project row, keeps its hours apart from the company row, and counts them in the project hours used', async () => {
      const usageBefore = await acmeUsage();
      const added = await call(agent, 'POST', '/api/v2/timesheet/rows', { week, item: { kind: 'project', id: p.relaunch } });
      expect(added.statusCode).toBe(200);
      expect((added.json() as TimesheetWeek).rows).toEqual([
        expect.objectContaining({ item: { kind: 'project', id: p.relaunch }, label: 'Portal relaunch', company: 'Acme Utilities', billable: true }),
      ]);
      expect((await projectCell(p.relaunch, '2026-05-04', 120)).statusCode).toBe(200);
      expect((await projectCell(p.migration, '2026-05-05', 45)).statusCode).toBe(200);
      // Time on the company itself (managed services) is its own row, even on the same day.
      await call(agent, 'PUT', '/api/v2/timesheet/cells', { week, item: { kind: 'company', id: ids.acme }, day: '2026-05-04', minutes: 30 });
      const view = (await call(agent, 'GET', `/api/v2/timesheet?week=${week}`)).json() as TimesheetWeek;
      expect(view.rows.map((r) => [r.item.kind, r.label, r.cells.reduce((a, c) => a + c.minutes, 0)])).toEqual([
        ['project', 'Mail migration', 45],
        ['project', 'Portal relaunch', 120],
        ['company', 'Acme Utilities', 30],
      ]);
      expect(view.totals).toEqual({ days: [150, 45, 0, 0, 0, 0, 0], week: 195, billable: 195 });
      expect(await q(`SELECT ticket_id, project_id, company_id, minutes FROM time_entries WHERE staff_user_id = $1 AND work_date = '2026-05-04' ORDER BY minutes`, [ids.agent])).toEqual([
        { ticket_id: null, project_id: null, company_id: ids.acme, minutes: 30 },
        { ticket_id: null, project_id: p.relaunch, company_id: ids.acme, minutes: 120 },
      ]);
      // The projects feature reads the same entries: 2 hours used of the 10 budgeted.
      expect(((await call(manager, 'GET', `/api/v2/projects/${p.relaunch}`)).json() as ProjectView).project).toMatchObject({ hours_used: 2, budget_hours: 10 });
      expect(((await call(manager, 'GET', `/api/v2/projects/${p.migration}`)).json() as ProjectView).project.hours_used).toBe(0.75);
      // The managed-services contract of the company counts its company row only: project time is the project's budget.
      expect((await acmeUsage()) - usageBefore).toBe(30);
      // Changing the cell replaces the timesheet entry: hours used follow.
      await projectCell(p.relaunch, '2026-05-04', 90);
      expect(((await call(manager, 'GET', `/api/v2/projects/${p.relaunch}`)).json() as ProjectView).project.hours_used).toBe(1.5);
      // The audit rows name the project.
      expect(await q(`SELECT action, detail->>'label' AS label FROM audit_log WHERE entity = 'timesheet' AND entity_id = $1 AND detail->'item'->>'kind' = 'project' ORDER BY id`, [ids.agent])).toEqual([
        { action: 'add_row', label: 'Portal relaunch' },
        { action: 'set_cell', label: 'Portal relaunch' },
        { action: 'set_cell', label: 'Mail migration' },
        { action: 'set_cell', label: 'Portal relaunch' },
      ]);
    });

    it('refuses an unknown, a done and a cancelled project with a 400 naming item.id, writing nothing', async () => {
      const before = await counts();
      for (const id of [999999, p.done, p.cancelled]) {
        const row = await call(agent, 'POST', '/api/v2/timesheet/rows', { week, item: { kind: 'project', id } });
        expect(row.statusCode).toBe(400);
        expect(row.json().error.fields).toHaveProperty(['item.id']);
        const cell = await projectCell(id, '2026-05-06', 60);
        expect(cell.statusCode).toBe(400);
        expect(cell.json().error.fields).toHaveProperty(['item.id']);
      }
      expect((await call(agent, 'POST', '/api/v2/timesheet/rows', { week, item: { kind: 'project', id: p.done } })).json().error.fields['item.id']).toBe('Finished rollout is done; time is logged on open projects only');
      expect((await call(agent, 'POST', '/api/v2/timesheet/rows', { week, item: { kind: 'project', id: 'abc' } })).json().error.fields).toHaveProperty(['item.id']);
      expect(await counts()).toEqual(before);
      expect(((await call(manager, 'GET', `/api/v2/projects/${p.done}`)).json() as ProjectView).project.hours_used).toBe(0);
    });

    it('copies last week project rows without their hours, leaving out a project closed since', async () => {
      await q(`UPDATE projects SET status = 'done' WHERE id = $1`, [p.migration]);
      const res = await call(agent, 'POST', '/api/v2/timesheet/copy-last-week', { week: next });
      expect(res.statusCode).toBe(200);
      expect(res.json().added).toBe(2);
      const copied = res.json().week as TimesheetWeek;
      expect(copied.rows.map((r) => r.item)).toEqual([
        { kind: 'project', id: p.relaunch },
        { kind: 'company', id: ids.acme },
      ]);
      expect(copied.totals.week).toBe(0);
      expect((await projectCell(p.relaunch, '2026-05-12', 60, next)).json().totals.week).toBe(60);
      await q(`UPDATE projects SET status = 'active' WHERE id = $1`, [p.migration]);
    });

    it('names the project in what changed since the last decision, and locks project cells with the week', async () => {
      await at('2026-05-10T18:00:00Z');
      expect((await call(agent, 'POST', '/api/v2/timesheet/submit', { week })).json().status).toBe('submitted');
      expect((await projectCell(p.relaunch, '2026-05-06', 30)).statusCode).toBe(409);
      expect((await call(manager, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'reject', reason: 'Relaunch hours look low' })).statusCode).toBe(200);
      await projectCell(p.relaunch, '2026-05-06', 60);
      const resubmitted = (await call(agent, 'POST', '/api/v2/timesheet/submit', { week })).json() as TimesheetWeek;
      expect(resubmitted.changes).toEqual([{ label: 'Portal relaunch', day: '2026-05-06', before: 0, after: 60 }]);
      const team = (await call(manager, 'GET', `/api/v2/timesheet/team?week=${week}`)).json() as TeamWeek[];
      expect(team.find((w) => w.user_id === ids.agent)).toMatchObject({ total_minutes: 225, changed_cells: 1 });
      expect((await call(manager, 'POST', '/api/v2/timesheet/decisions', { week, users: [ids.agent], decision: 'approve' })).statusCode).toBe(200);
      const approved = (await call(agent, 'GET', `/api/v2/timesheet?week=${week}`)).json() as TimesheetWeek;
      expect(approved.rows.find((r) => r.item.kind === 'project' && r.item.id === p.relaunch)!.cells.map((c) => c.minutes)).toEqual([90, 0, 60, 0, 0, 0, 0]);
      expect((await call(manager, 'GET', `/api/v2/projects/${p.relaunch}`)).json().project.hours_used).toBe(3.5);
    });
  });

  describe('timeclock', () => {
    it('keeps one open punch per person under concurrent punch-ins from several tabs', async () => {
      await at('2026-03-10T13:00:00Z');
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'in', tz: 'America/New_York' })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.message).toMatch(/already punched in/);
      expect(await q('SELECT count(*)::int AS n FROM timeclock_punches WHERE staff_user_id = $1 AND punched_out_at IS NULL', [ids.agent])).toEqual([{ n: 1 }]);
    });

    it('takes a break and punches out; the hours of today and the week leave the break out', async () => {
      await at('2026-03-10T15:00:00Z');
      expect((await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'breakStart', tz: 'America/New_York' })).statusCode).toBe(200);
      expect((await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'breakStart', tz: 'America/New_York' })).statusCode).toBe(409);
      let view = (await call(agent, 'GET', '/api/v2/timeclock?week=2026-03-09&tz=America%2FNew_York')).json() as TimeclockView;
      expect(view.state).toBe('onBreak');
      await at('2026-03-10T15:30:00Z');
      await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'breakEnd', tz: 'America/New_York' });
      await at('2026-03-10T21:00:00Z');
      await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'out', tz: 'America/New_York' });
      view = (await call(agent, 'GET', '/api/v2/timeclock?week=2026-03-09&tz=America%2FNew_York')).json() as TimeclockView;
      expect(view).toMatchObject({ state: 'out', today: 450, week: 450, minutes: [0, 450, 0, 0, 0, 0, 0] });
      expect(view.punches).toHaveLength(1);
      expect((await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'out', tz: 'America/New_York' })).statusCode).toBe(409);
      expect((await call(agent, 'GET', '/api/v2/timeclock?week=2026-03-09&tz=Mars%2FOlympus')).json().error.fields).toHaveProperty('tz');
    });

    it('flags a forgotten punch-out the next day (job) and lets the manager correct it, audit logged', async () => {
      await at('2026-03-11T13:00:00Z');
      await call(agent, 'POST', '/api/v2/timeclock/punch', { action: 'in', tz: 'America/New_York' });
      await at('2026-03-12T03:59:00Z'); // 23:59 in New York: still the same day
      await t.ctx.jobs.send((await import('@server/features/time/jobs')).flagPunches, {});
      await t.ctx.jobs.runDue();
      expect((await call(manager, 'GET', '/api/v2/timeclock/flagged')).json()).toEqual([]);
      await at('2026-03-12T05:01:00Z');
      await t.ctx.jobs.send((await import('@server/features/time/jobs')).flagPunches, {});
      await t.ctx.jobs.runDue();
      const flagged = (await call(manager, 'GET', '/api/v2/timeclock/flagged')).json();
      expect(flagged).toHaveLength(1);
      expect(flagged[0]).toMatchObject({ staff_user_id: ids.agent, flagged: true, punched_out_at: null });
      expect((await call(agent, 'PATCH', `/api/v2/timeclock/punches/${flagged[0].id}`, { punched_out_at: '2026-03-11T21:00:00Z' })).statusCode).toBe(403);
      expect((await call(manager, 'PATCH', `/api/v2/timeclock/punches/${flagged[0].id}`, { punched_out_at: '2026-03-11T12:00:00Z' })).json().error.fields).toHaveProperty('punched_out_at');
      expect((await call(manager, 'PATCH', `/api/v2/timeclock/punches/${flagged[0].id}`, { punched_out_at: '2026-03-11T21:00:00Z' })).statusCode).toBe(200);
      expect((await call(manager, 'GET', '/api/v2/timeclock/flagged')).json()).toEqual([]);
      expect(await q(`SELECT detail FROM audit_log WHERE entity = 'punch' AND entity_id = $1 AND action = 'correct'`, [flagged[0].id])).toEqual([
        { detail: { before: null, after: '2026-03-11T21:00:00.000Z' } },
      ]);
    });
  });

  describe('managed-services timer and contracts', () => {
    const tracker = (token: string, action: string, user = ids.agent, extra: object = {}) =>
      call(token, 'POST', `/api/v2/ms/tracker/${ids.acme}/${user}`, { action, tz: 'Europe/Berlin', ...extra });

    it('runs on the server: the same time after a reload, pauses not counted, stop posts a rounded entry on the timesheet', async () => {
      await at('2026-04-06T08:00:00Z');
      expect((await tracker(agent, 'start')).json().timer).toMatchObject({ started_at: '2026-04-06T08:00:00Z', paused_at: null });
      expect((await tracker(agent, 'start')).statusCode).toBe(409);
      await at('2026-04-06T08:10:00Z');
      await tracker(agent, 'pause');
      await at('2026-04-06T09:00:00Z');
      const reloaded = (await call(agent, 'GET', `/api/v2/ms/tracker/${ids.acme}/${ids.agent}`)).json() as TrackerView;
      expect(reloaded).toMatchObject({ rounding_minutes: 15, company: { name: 'Acme Utilities' }, timer: { paused_at: '2026-04-06T08:10:00Z' }, now: '2026-04-06T09:00:00.000Z' });
      await tracker(agent, 'resume');
      await at('2026-04-06T09:12:00Z');
      const stopped = (await tracker(agent, 'stop', ids.agent, { note: 'Firewall rules' })).json() as TrackerView;
      // 10 + 12 = 22 minutes, up to 30 with the contract's 15-minute rule.
      expect(stopped.posted).toMatchObject({ minutes: 30, work_date: '2026-04-06' });
      expect(stopped.timer).toBeNull();
      const week = (await call(agent, 'GET', '/api/v2/timesheet?week=2026-04-06')).json() as TimesheetWeek;
      expect(week.rows.find((r) => r.item.kind === 'company' && r.item.id === ids.acme)!.cells[0]).toMatchObject({ minutes: 30, ticket_minutes: 30 });
    });

    it('keeps the timer running when its week is locked, and says why', async () => {
      await at('2026-06-01T08:00:00Z');
      expect((await call(agent, 'POST', '/api/v2/timesheet/submit', { week: '2026-06-01' })).statusCode).toBe(200);
      await tracker(agent, 'start');
      await at('2026-06-01T08:40:00Z');
      const refused = await tracker(agent, 'stop');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(/week of 2026-06-01 is submitted for approval/);
      expect(((await call(agent, 'GET', `/api/v2/ms/tracker/${ids.acme}/${ids.agent}`)).json() as TrackerView).timer).toMatchObject({ started_at: '2026-06-01T08:00:00Z' });
      await call(manager, 'POST', '/api/v2/timesheet/reopen', { week: '2026-06-01', user: ids.agent });
      expect(((await tracker(agent, 'stop')).json() as TrackerView).posted).toMatchObject({ minutes: 45, work_date: '2026-06-01' });
    });

    it("refuses another person's timer unless their manager or an admin opens it", async () => {
      expect((await call(agent, 'GET', `/api/v2/ms/tracker/${ids.acme}/${ids.manager}`)).statusCode).toBe(403);
      expect((await call(manager, 'GET', `/api/v2/ms/tracker/${ids.acme}/${ids.agent}`)).statusCode).toBe(200);
      expect((await call(admin, 'GET', `/api/v2/ms/tracker/${ids.acme}/${ids.agent}`)).statusCode).toBe(200);
      const noContract = await call(agent, 'GET', `/api/v2/ms/tracker/${ids.globex}/${ids.agent}`);
      expect(noContract.statusCode).toBe(404);
      expect(noContract.json().error.message).toMatch(/no managed-services contract/);
    });

    it('sends each usage alert once per month even when the job runs concurrently, to the account manager through the outbox', async () => {
      const { sendUsageAlerts } = await import('@server/features/time/time.commands');
      const { inTransaction } = await import('@server/platform/db/database');
      await at('2026-04-20T10:00:00Z');
      // 30 minutes used of 20 hours; add 15 h 30 (16 h = 80 %) on the timesheet's Acme row.
      await call(agent, 'PUT', '/api/v2/timesheet/cells', { week: '2026-04-13', item: { kind: 'company', id: ids.acme }, day: '2026-04-14', minutes: 15 * 60 + 30 });
      const now = new Date('2026-04-20T10:00:00Z');
      const runs = await Promise.allSettled(Array.from({ length: 5 }, () => inTransaction(t.ctx.database.pool, (db) => sendUsageAlerts(db, now, ids.acme))));
      const sent = runs.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
      expect(sent).toEqual([{ company_id: ids.acme, threshold: 80 }]);
      expect(await q(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'ms_usage_alert'`)).toEqual([{ n: 1 }]);
      // Past 100 %: 95 and 100 go out, once.
      await call(agent, 'PUT', '/api/v2/timesheet/cells', { week: '2026-04-13', item: { kind: 'company', id: ids.acme }, day: '2026-04-15', minutes: 5 * 60 });
      await Promise.allSettled(Array.from({ length: 4 }, () => inTransaction(t.ctx.database.pool, (db) => sendUsageAlerts(db, now, ids.acme))));
      expect((await q(`SELECT threshold FROM ms_usage_alerts WHERE company_id = $1 ORDER BY threshold`, [ids.acme])).map((r) => r.threshold)).toEqual([80, 95, 100]);
      const mail = await q(`SELECT to_address, subject FROM outbox WHERE kind = 'ms_usage_alert' ORDER BY id`);
      expect(mail.map((m) => m.subject)).toEqual([
        'Acme Utilities: managed-services usage passed 80 % of included hours',
        'Acme Utilities: managed-services usage passed 95 % of included hours',
        'Acme Utilities: managed-services usage passed 100 % of included hours',
      ]);
      expect(mail[0].to_address).toBe('sam.sales@demo.test');
      const contracts = (await call(agent, 'GET', '/api/v2/ms/contracts?month=2026-04')).json() as ContractsView;
      expect(contracts.contracts.find((c) => c.company_id === ids.acme)).toMatchObject({ used_minutes: 1260, included_minutes: 1200, remaining_minutes: 0, overage_minutes: 60, alerts: [80, 95, 100] });
    });

    it('closes a month once: billed hours, overage at the rate, roll-over capped; then the next month starts with it', async () => {
      await at('2026-05-02T10:00:00Z');
      expect((await call(manager, 'POST', `/api/v2/ms/contracts/${ids.acme}/close`, { month: '2026-05' })).json().error.fields).toHaveProperty('month');
      const closed = await call(manager, 'POST', `/api/v2/ms/contracts/${ids.acme}/close`, { month: '2026-04' });
      expect(closed.json()).toEqual({ included_minutes: 1200, rollover_in_minutes: 0, billed_minutes: 1260, overage_minutes: 60, overage_cents: 15000, rollover_out_minutes: 0 });
      expect((await call(manager, 'POST', `/api/v2/ms/contracts/${ids.acme}/close`, { month: '2026-04' })).statusCode).toBe(409);
      // A contract saved by a manager; bad input names its fields.
      const bad = await call(manager, 'PUT', `/api/v2/ms/contracts/${ids.globex}`, { plan: '', included_hours: -1, overage_rate_cents: 1.5, rounding_minutes: 10, rollover: 'yes' });
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['included_hours', 'overage_rate_cents', 'plan', 'rollover', 'rounding_minutes']);
      const saved = await call(manager, 'PUT', `/api/v2/ms/contracts/${ids.globex}`, { plan: 'Managed Silver', included_hours: 7.5, overage_rate_cents: 9000, rounding_minutes: 6, rollover: true, rollover_cap_hours: 2 });
      expect(saved.json().contract).toMatchObject({ company: 'Globex Water', included_minutes: 450, rounding_minutes: 6, rollover_cap_minutes: 120 });
      expect((await call(agent, 'GET', `/api/v2/ms/contracts/${ids.globex}`)).json().contract.plan).toBe('Managed Silver');
    });
  });
});
