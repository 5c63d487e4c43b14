import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgChart, Profile } from '@contracts/people';
import { recordAssigned } from '@server/features/notifications/notifications.repo';
import { notificationAllowed } from '@server/features/people';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PROFILE = {
  name: 'Avery Agent',
  title: 'Support Engineer',
  phone: '555-0112',
  timeZone: null,
  workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
  theme: 'system',
  landingPage: '/home',
};

describe.each(BACKENDS)('people on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let admin: Api;
  const idOf = async (email: string) => (await sql.one(`SELECT id FROM staff_users WHERE email = $1`, [email])).id as number;
  const signIn = async (email: string, password: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return apiWith(t, (res.json() as { token: string }).token);
  };
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    admin = await apiAs(t, 'admin');
  });
  afterAll(() => t?.close());

  describe('profile', () => {
    it('reads the caller\'s profile with every notice on until they turn it off', async () => {
      const res = await agent.get('/api/v2/profile');
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json() as Profile;
      expect(p).toMatchObject({ email: 'agent@demo.test', name: 'Avery Agent', managerName: 'Morgan Manager', timeZone: null, theme: 'system', landingPage: '/home' });
      expect(p.notifications.every((n) => n.enabled)).toBe(true);
    });

    it('saves the time zone, working hours, theme and landing page', async () => {
      const res = await agent.put('/api/v2/profile', { ...PROFILE, timeZone: 'America/Chicago', theme: 'dark', landingPage: '/timesheet', workingHours: { start: '08:30', end: '16:30', days: [1, 2, 3, 4] } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ timeZone: 'America/Chicago', theme: 'dark', landingPage: '/timesheet', workingHours: { start: '08:30', end: '16:30', days: [1, 2, 3, 4] } });
      expect((await agent.get('/api/v2/profile')).json()).toMatchObject({ timeZone: 'America/Chicago' });
    });

    it('lands the person where they chose after sign-in, with their theme and zone, and profile/me names the zone', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email: 'agent@demo.test', password: DEMO_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ landingPage: '/timesheet', theme: 'dark', timeZone: 'America/Chicago' });
      const me = await agent.post('/api/v2/profile/me', { user: await idOf('agent@demo.test') });
      expect(me.json()).toMatchObject({ name: 'Avery Agent', timeZone: 'America/Chicago' });
      const other = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', payload: { email: 'manager@demo.test', password: DEMO_PASSWORD } });
      expect(other.json()).toMatchObject({ landingPage: '/home', theme: 'system', timeZone: null });
    });

    it('refuses an invalid time zone naming it, and writes nothing of the change', async () => {
      const res = await agent.put('/api/v2/profile', { ...PROFILE, name: 'Half Written', timeZone: 'Mars/Olympus_Mons' });
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().error as { message: string; fields: Record<string, string> };
      expect(error.fields.timeZone).toMatch(/^Time zone must be a time zone name/);
      expect(error.message).toMatch(/Time zone/);
      expect((await sql.one(`SELECT name FROM staff_users WHERE email = 'agent@demo.test'`)).name).toBe('Avery Agent');
    });

    it('refuses a name the tz database dropped, which Intl still knows', async () => {
      const res = await agent.put('/api/v2/profile', { ...PROFILE, timeZone: 'US/Pacific-New' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.timeZone).toBeDefined();
    });

    it('refuses working hours that end before they start, naming the end', async () => {
      const res = await agent.put('/api/v2/profile', { ...PROFILE, workingHours: { start: '17:00', end: '09:00', days: [1] } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields['workingHours.end']).toBe('Working hours must end after they start');
    });
  });

  describe('password change', () => {
    it('ends the person\'s other sessions and keeps the one that changed it', async () => {
      const email = 'dana.dev@demo.test';
      const here = await signIn(email, DEMO_PASSWORD);
      const elsewhere = await signIn(email, DEMO_PASSWORD);
      const res = await here.post('/api/v2/profile/password', { current: DEMO_PASSWORD, next: 'a brand new passphrase' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true, otherSessionsEnded: 1 });
      expect(await sql.rows(`SELECT subject, kind FROM outbox WHERE to_address = $1`, [email])).toEqual([
        { subject: 'Your Client Care password was changed', kind: 'security.password-changed' },
      ]);
      expect((await here.get('/api/v2/profile')).statusCode).toBe(200);
      expect((await elsewhere.get('/api/v2/profile')).statusCode).toBe(401);
      await signIn(email, 'a brand new passphrase');
    });

    it('refuses a wrong current password naming it, and changes nothing', async () => {
      const me = await signIn('quinn.qa@demo.test', DEMO_PASSWORD);
      const other = await signIn('quinn.qa@demo.test', DEMO_PASSWORD);
      const res = await me.post('/api/v2/profile/password', { current: 'not my password', next: 'a brand new passphrase' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields).toEqual({ current: 'Current password is not right' });
      expect((await other.get('/api/v2/profile')).statusCode).toBe(200);
      await signIn('quinn.qa@demo.test', DEMO_PASSWORD);
    });

    it('refuses a common new password naming it', async () => {
      const me = await signIn('sam.sales@demo.test', DEMO_PASSWORD);
      const res = await me.post('/api/v2/profile/password', { current: DEMO_PASSWORD, next: 'password123' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.next).toBeDefined();
    });
  });

  describe('org chart', () => {
    const managerOf = async (id: number) => (await sql.one(`SELECT manager_id FROM staff_users WHERE id = $1`, [id])).manager_id as number | null;
    const setManager = (person: number, managerId: number | null) => admin.put(`/api/v2/orgchart/${person}/manager`, { managerId });

    it('draws every active person with their manager', async () => {
      const res = await agent.get('/api/v2/orgchart');
      expect(res.statusCode, res.body).toBe(200);
      const { people } = res.json() as OrgChart;
      const agentId = await idOf('agent@demo.test');
      expect(people.find((p) => p.id === agentId)).toMatchObject({ name: 'Avery Agent', managerId: await idOf('manager@demo.test'), status: [] });
    });

    it('lets an admin change whom a person reports to', async () => {
      const agentId = await idOf('agent@demo.test');
      const adminId = await idOf('admin@demo.test');
      const managerId = await idOf('manager@demo.test');
      const res = await setManager(agentId, adminId);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as OrgChart).people.find((p) => p.id === agentId)?.managerId).toBe(adminId);
      expect((await setManager(agentId, managerId)).statusCode).toBe(200);
    });

    it('refuses a change that makes a cycle, naming who reports to whom', async () => {
      const adminId = await idOf('admin@demo.test');
      const agentId = await idOf('agent@demo.test');
      const res = await setManager(adminId, agentId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe('Alex Admin cannot report to Avery Agent: Avery Agent already reports to Alex Admin, directly or through others');
      expect(res.json().error.fields.managerId).toBeDefined();
      expect(await managerOf(adminId)).toBeNull();
    });

    it('refuses a person as their own manager, naming the field', async () => {
      const adminId = await idOf('admin@demo.test');
      const res = await setManager(adminId, adminId);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.managerId).toBe('Alex Admin cannot report to themselves');
    });

    it('lets only one of two concurrent changes through when together they would make a cycle', async () => {
      const a = await idOf('dana.dev@demo.test');
      const b = await idOf('sam.sales@demo.test');
      for (let round = 0; round < 5; round++) {
        expect((await setManager(a, null)).statusCode).toBe(200);
        expect((await setManager(b, null)).statusCode).toBe(200);
        const [first, second] = await Promise.all([setManager(a, b), setManager(b, a)]);
        expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
        const managers = [await managerOf(a), await managerOf(b)];
        expect(managers.filter((m) => m !== null)).toHaveLength(1);
      }
    });

    it('exports the chart as a PDF through the one PDF service', async () => {
      const res = await agent.get('/api/v2/orgchart/pdf');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  describe('notices', () => {
    it('holds back email in quiet hours read in the person\'s zone, never security notices, and never in-app', async () => {
      const manager = await apiAs(t, 'manager');
      const userId = await idOf('manager@demo.test');
      expect((await manager.put('/api/v2/profile', { ...PROFILE, name: 'Morgan Manager', timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
      const res = await manager.put('/api/v2/profile/notifications', { quietHours: { from: '22:00', to: '07:00' }, notifications: [] });
      expect(res.statusCode, res.body).toBe(200);
      const pool = t.ctx.database.pool;
      const night = new Date('2026-03-02T14:30:00Z'); // 23:30 in Tokyo
      const noon = new Date('2026-03-02T03:00:00Z'); // 12:00 in Tokyo
      expect(await notificationAllowed(pool, { userId, event: 'assigned', channel: 'email', at: night })).toBe(false);
      expect(await notificationAllowed(pool, { userId, event: 'assigned', channel: 'in_app', at: night })).toBe(true);
      expect(await notificationAllowed(pool, { userId, event: 'security', channel: 'email', at: night })).toBe(true);
      expect(await notificationAllowed(pool, { userId, event: 'assigned', channel: 'email', at: noon })).toBe(true);
    });

    it('refuses turning security notices off, naming the field', async () => {
      const res = await agent.put('/api/v2/profile/notifications', { quietHours: null, notifications: [{ event: 'security', channel: 'email', enabled: false }] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.notifications).toBe('Security notices are always on; they cannot be turned off');
    });

    it('keeps a ticket assignment out of the bell of a person who turned that notice off in the app', async () => {
      const agentId = await idOf('agent@demo.test');
      const adminId = await idOf('admin@demo.test');
      const ticket = await sql.one(`SELECT id FROM tickets WHERE assignee_id = $1 ORDER BY id LIMIT 1`, [agentId]);
      const off = await agent.put('/api/v2/profile/notifications', { quietHours: null, notifications: [{ event: 'assigned', channel: 'in_app', enabled: false }] });
      expect(off.statusCode, off.body).toBe(200);
      expect(await recordAssigned(t.ctx.database.pool, { ticketId: ticket.id, assigneeId: agentId, byId: adminId, entry: 'people-off' }, t.ctx.now())).toBe(0);
      await agent.put('/api/v2/profile/notifications', { quietHours: null, notifications: [{ event: 'assigned', channel: 'in_app', enabled: true }] });
      expect(await recordAssigned(t.ctx.database.pool, { ticketId: ticket.id, assigneeId: agentId, byId: adminId, entry: 'people-on' }, t.ctx.now())).toBe(1);
    });
  });
});
