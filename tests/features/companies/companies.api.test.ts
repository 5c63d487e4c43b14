import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_PAGE_SIZE_MAX } from '@contracts/common/constants';
import type { CompanyView } from '@contracts/companies';
import { hashToken } from '@server/platform/auth/tokens';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('companies, contacts and client portal users on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  /** A manager's calls. */
  let api: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    api = await apiAs(t, 'manager');
  });
  afterAll(() => t?.close());


  it('creates a company, finds it, shows it and edits it, with audit entries', async () => {
    const res = await api.post('/api/v2/companies', { name: 'Zephyr Water Board', account_number: 'ZEPH-900', website: 'https://zephyr.example.com', territory: 'North' });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as CompanyView;
    expect(view.company).toMatchObject({ name: 'Zephyr Water Board', status: 'active', territory: 'North' });
    expect(view.ticket_counts).toEqual({ open: 0, overdue: 0, total: 0 });
    const found = (await api.get('/api/v2/companies?q=zephyr')).json();
    expect(found.rows.map((r: { id: number }) => r.id)).toEqual([view.company.id]);
    expect((await api.get('/api/v2/companies?q=ZEPH-9')).json().rows).toHaveLength(1);
    const edited = await api.patch(`/api/v2/companies/${view.company.id}`, { status: 'inactive', phone: '555-0100' });
    expect(edited.json().company).toMatchObject({ status: 'inactive', phone: '555-0100', name: 'Zephyr Water Board' });
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'company' AND entity_id = $1 ORDER BY id`, [view.company.id])).map((r) => r.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it('saves the account manager picked on Create Company, and refuses one who is not an active staff user', async () => {
    const [manager] = await sql.rows(`SELECT id, name FROM staff_users WHERE active ORDER BY id LIMIT 1`);
    const res = await api.post('/api/v2/companies', { name: 'Harbor Water', account_number: 'HARB-ACM-1', account_manager_id: manager.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as CompanyView).company).toMatchObject({ account_manager_id: manager.id, account_manager_name: manager.name });
    const shown = (await api.get(`/api/v2/companies/${(res.json() as CompanyView).company.id}`)).json() as CompanyView;
    expect(shown.company.account_manager_name).toBe(manager.name);

    const [{ max }] = await sql.rows(`SELECT max(id) AS max FROM staff_users`);
    const unknown = await api.post('/api/v2/companies', { name: 'Ghost Water', account_number: 'HARB-ACM-2', account_manager_id: Number(max) + 1000 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ account_manager_id: 'No such staff user' });
    expect(await sql.rows(`SELECT id FROM companies WHERE account_number = 'HARB-ACM-2'`)).toEqual([]);
  });

  it('refuses a duplicate account number with 409 and bad fields with 400', async () => {
    const dup = await api.post('/api/v2/companies', { name: 'Again', account_number: 'ACME-001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty('account_number');
    const bad = await api.post('/api/v2/companies', { name: '', account_number: 'has spaces', website: 'not a url', status: 'gone', account_manager_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['account_manager_id', 'account_number', 'name', 'status', 'website']);
    expect((await api.patch('/api/v2/companies/999999', { phone: '1' })).statusCode).toBe(404);
    expect((await api.patch('/api/v2/companies/1', {})).statusCode).toBe(400);
    expect((await api.get(`/api/v2/companies?size=${DIRECTORY_PAGE_SIZE_MAX + 1}`)).statusCode).toBe(400);
    expect((await api.get('/api/v2/companies/0')).statusCode).toBe(400);
  });

  it('takes only an http or https website: javascript:, data: and other schemes are refused', async () => {
    for (const website of ['javascript:alert(document.domain)', 'JavaScript://%0aalert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://files.example.com', 'https:evil.example']) {
      const res = await api.patch('/api/v2/companies/3', { website });
      expect(res.statusCode, website).toBe(400);
      expect(res.json().error.fields, website).toEqual({ website: 'Website must be an http:// or https:// address' });
      const created = await api.post('/api/v2/companies', { name: 'Scheme Co', account_number: 'SCHEME-1', website });
      expect(created.statusCode, website).toBe(400);
    }
    const ok = await api.patch('/api/v2/companies/3', { website: 'https://globex.example.com/about' });
    expect(ok.json().company.website).toBe('https://globex.example.com/about');
  });

  it('sorts and pages companies and counts their open tickets', async () => {
    const page = (await api.get('/api/v2/companies?sort=name:desc&size=5&page=2')).json();
    expect(page.rows).toHaveLength(5);
    const names = page.rows.map((r: { name: string }) => r.name.toLowerCase());
    expect([...names].sort().reverse()).toEqual(names);
    expect(page.total).toBeGreaterThanOrEqual(25);
    const acme = (await api.get('/api/v2/companies?q=ACME-001')).json().rows[0];
    const [{ n }] = await sql.rows(`SELECT count(*)::int AS n FROM tickets WHERE company_id = $1 AND status <> 'C'`, [acme.id]);
    expect(acme.open_tickets).toBe(n);
  });

  it('sorts companies by their open tickets, most first, ties by id', async () => {
    const res = await api.get('/api/v2/companies?sort=open_tickets:desc&size=100');
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().rows.map((r: { open_tickets: number }) => r.open_tickets);
    expect(counts.length).toBeGreaterThan(1);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect((await api.get('/api/v2/companies?sort=open_tickets:sideways')).statusCode).toBe(400);
  });

  it('adds, edits and removes contacts', async () => {
    const company = (await api.post('/api/v2/companies', { name: 'Contact Co', account_number: 'CONT-1' })).json().company;
    const added = await api.post(`/api/v2/companies/${company.id}/contacts`, { name: 'Rita Ruiz', email: 'Rita@Contact.example.com', title: 'IT Lead' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Rita Ruiz', email: 'rita@contact.example.com' });
    const edited = await api.patch(`/api/v2/contacts/${added.json().id}`, { phone: '555-0111', email: '' });
    expect(edited.json()).toMatchObject({ phone: '555-0111', email: null });
    expect((await api.get(`/api/v2/companies/${company.id}`)).json().contacts).toHaveLength(1);
    expect((await api.post(`/api/v2/companies/${company.id}/contacts`, { name: '', email: 'nope' })).json().error.fields).toMatchObject({
      name: expect.any(String),
      email: 'Invalid email address',
    });
    expect((await api.post('/api/v2/companies/999999/contacts', { name: 'X' })).statusCode).toBe(404);
    expect((await api.delete(`/api/v2/contacts/${added.json().id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/v2/companies/${company.id}`)).json().contacts).toEqual([]);
    expect((await api.delete(`/api/v2/contacts/${added.json().id}`)).statusCode).toBe(404);
    expect((await sql.rows(`SELECT action FROM audit_log WHERE entity = 'contact' AND entity_id = $1 ORDER BY id`, [added.json().id])).map((r) => r.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  describe('client portal users', () => {
    it('invites a user with a set-password email whose token is stored only as a hash, and resends it', async () => {
      const acme = (await api.get('/api/v2/companies?q=ACME-001')).json().rows[0];
      const res = await api.post('/api/v2/client-users', { company_id: acme.id, name: 'Ivy Invitee', email: 'Ivy@acme.example.com' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ email: 'ivy@acme.example.com', status: 'invited', company_name: 'Acme Utilities' });
      const [mail] = await sql.rows(`SELECT to_address, body FROM outbox WHERE kind = 'client_invite' AND to_address = 'ivy@acme.example.com'`);
      const link = /\/client\/set-password\/([\w-]{43})/.exec(mail.body);
      expect(link).not.toBeNull();
      const [invite] = await sql.rows(`SELECT token_hash, expires_at, used_at FROM password_tokens WHERE client_user_id = $1 AND purpose = 'invite'`, [res.json().id]);
      expect(invite.token_hash).toBe(hashToken(link![1]!));
      expect(invite.used_at).toBeNull();
      expect(new Date(invite.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

      // The invite link is the client portal's set-password link: it activates the account once.
      const set = await t.app.inject({ method: 'POST', url: '/api/v2/client/set-password', payload: { token: link![1], password: 'a fine long passphrase' } });
      expect(set.statusCode, set.body).toBeLessThan(300);
      const [activated] = await sql.rows('SELECT status FROM client_users WHERE id = $1', [res.json().id]);
      expect(activated.status).toBe('active');
      const twice = await t.app.inject({ method: 'POST', url: '/api/v2/client/set-password', payload: { token: link![1], password: 'a fine long passphrase' } });
      expect(twice.statusCode).toBeGreaterThanOrEqual(400);
      await sql.rows(`UPDATE client_users SET status = 'invited' WHERE id = $1`, [res.json().id]);

      const resent = await api.post(`/api/v2/client-users/${res.json().id}/resend`);
      expect(resent.statusCode).toBe(200);
      const invites = await sql.rows(`SELECT used_at FROM password_tokens WHERE client_user_id = $1 AND purpose = 'invite' ORDER BY id`, [res.json().id]);
      expect(invites.map((i) => i.used_at === null)).toEqual([false, true]);
      // (the first was used by the set-password above; the resend's is live)
      expect(await sql.rows(`SELECT 1 FROM outbox WHERE to_address = 'ivy@acme.example.com'`)).toHaveLength(2);

      const again = await api.post('/api/v2/client-users', { company_id: acme.id, name: 'Ivy Again', email: 'ivy@acme.example.com' });
      expect(again.statusCode).toBe(409);
      const bad = await api.post('/api/v2/client-users', { company_id: 999999, name: 'X', email: 'x@y.test' });
      expect(bad.json().error.fields).toHaveProperty('company_id');
      const bad2 = await api.post('/api/v2/client-users', { name: '', email: 'nope' });
      expect(Object.keys(bad2.json().error.fields).sort()).toEqual(['company_id', 'email', 'name']);
    });

    it('lists users filtered by company and status', async () => {
      const acme = (await api.get('/api/v2/companies?q=ACME-001')).json().rows[0];
      const active = (await api.get(`/api/v2/client-users?company=${acme.id}&status=active`)).json();
      expect(active.rows.map((u: { email: string }) => u.email)).toEqual(['client@acme.demo.test']);
      const all = (await api.get('/api/v2/client-users?q=demo.test')).json();
      expect(all.rows.length).toBe(2);
      expect((await api.get('/api/v2/client-users?status=gone')).statusCode).toBe(400);
    });

    it('sorts users by any column of the table, and refuses an unknown sort', async () => {
      const acme = (await api.get('/api/v2/companies?q=ACME-001')).json().rows[0];
      for (const [name, email] of [['Zed Last', 'a.zed@example.test'], ['Abe First', 'z.abe@example.test']]) {
        expect((await api.post('/api/v2/client-users', { company_id: acme.id, name, email })).statusCode).toBe(201);
      }
      const list = async (sort: string) => {
        const res = await api.get(`/api/v2/client-users?company=${acme.id}&size=100&sort=${sort}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().rows as { name: string; email: string; status: string; last_invited_at: string | null }[];
      };
      const byName = (await list('name:asc')).map((u) => u.name.toLowerCase());
      expect(byName).toEqual([...byName].sort());
      const byEmailDesc = (await list('email:desc')).map((u) => u.email);
      expect(byEmailDesc).toEqual([...byEmailDesc].sort().reverse());
      expect(byEmailDesc[0]).toBe('z.abe@example.test');
      const byStatus = (await list('status:asc,name:desc')).map((u) => `${u.status} ${u.name.toLowerCase()}`);
      expect(byStatus).toEqual([...byStatus].sort((a, b) => (a.split(' ')[0]! === b.split(' ')[0]! ? b.localeCompare(a) : a.localeCompare(b))));
      // Never invited (signed up or seeded) users come last, whichever the direction.
      const invited = await list('last_invited_at:desc');
      expect(invited.at(-1)!.last_invited_at).toBeNull();
      expect(invited[0]!.last_invited_at).not.toBeNull();
      expect((await api.get('/api/v2/client-users?sort=password_hash:asc')).statusCode).toBe(400);
      expect((await api.get('/api/v2/client-users?sort=name:up')).statusCode).toBe(400);
    });

    it('disables a user and ends their sessions at once', async () => {
      const clientToken = await t.tokenFor('globex');
      const verify = () => apiWith(t, clientToken).post('/api/v2/client/verify-token');
      expect((await verify()).statusCode).toBe(200);
      const [globex] = await sql.rows(`SELECT id FROM client_users WHERE email = 'client@globex.demo.test'`);
      const res = await api.post(`/api/v2/client-users/${globex.id}/disable`);
      expect(res.json().status).toBe('disabled');
      expect((await verify()).statusCode).toBe(401);
      expect(await sql.rows('SELECT 1 FROM sessions WHERE client_user_id = $1 AND revoked_at IS NULL', [globex.id])).toEqual([]);
      expect((await api.post(`/api/v2/client-users/${globex.id}/resend`)).statusCode).toBe(409);
    });
  });
});
