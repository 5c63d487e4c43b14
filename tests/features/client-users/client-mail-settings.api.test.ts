import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_EXPIRED_HINT, CONTACT_RESUBSCRIBE_MESSAGE, UNSUBSCRIBE_EXPIRED_MESSAGE, UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBE_LINK_DAYS, UNSUBSCRIBE_PATH } from '@contracts/client-mail';
import { OUTBOX_KIND_STATUS_CHANGE } from '@contracts/notifications';
import { OUTBOX_KIND_TICKET_REPLY } from '@contracts/tickets';
import { unsubscribeToken } from '@server/features/client-users/mail-settings';
import { mailStatusChange } from '@server/features/notifications/notify';
import { apiAs, apiWith, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

/** Events arrive on their own connection after the commit: waits for what they write. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const CLIENT = 'client@acme.demo.test';
const ALL_ON = { staffReply: true, statusChange: true };
type Mail = { to_address: string; kind: string; body: string; html: string | null; headers: Record<string, string> | null };

describe.each(BACKENDS)('client mail settings on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let manager: Api;
  let acme: Api;
  let globex: Api;
  let guest: Api;
  let acmeContact: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { events: true, jobs: 'manual' });
    sql = sqlOf(t);
    manager = await apiAs(t, 'manager');
    acme = await apiAs(t, 'acme');
    globex = await apiAs(t, 'globex');
    guest = apiWith(t, null);
    acmeContact = (await sql.one(`SELECT k.email FROM contacts k JOIN companies c ON c.id = k.company_id WHERE c.account_number = 'ACME-001' AND k.email <> '' AND lower(k.email) <> $1 ORDER BY k.id LIMIT 1`, [CLIENT])).email;
  });
  afterAll(() => t?.close());

  const save = async (as: Api, settings: object) => {
    const res = await as.put('/api/v2/client/mail-settings', settings);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const mailOf = (ticketId: number): Promise<Mail[]> =>
    sql.rows(`SELECT to_address, kind, body, html, headers FROM outbox WHERE subject LIKE $1 ORDER BY id`, [`[Ticket #${ticketId}] %`]);
  const toClient = (rows: Mail[], kind: string) => rows.filter((r) => r.to_address === CLIENT && r.kind === kind);
  /** A ticket the client raised for a colleague (they follow it), and one they raised for themselves (they are its contact). */
  const raise = async (forColleague: boolean) => {
    const res = await acme.post('/api/v2/client/tickets', { title: `Mail settings ${Math.random().toString(36).slice(2, 8)}`, description: 'The label printer is offline', ...(forColleague ? { contactEmail: acmeContact } : {}) });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** A public staff reply and a status change, then every mail of the ticket once the colleague's (or the client's own) arrived. */
  const replyAndClose = async (ticketId: number, waitFor: string) => {
    expect((await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'Restarted the spooler.', internal: false })).statusCode).toBe(201);
    expect((await manager.patch(`/api/v2/tickets/${ticketId}`, { status: 'WOC' })).statusCode).toBe(200);
    return eventually(() => mailOf(ticketId), (r) => r.filter((m) => m.to_address === waitFor).length >= 2);
  };
  const tokenOf = (mail: Mail) => mail.headers!['List-Unsubscribe']!.match(/\/unsubscribe\/([^>]+)>$/)![1]!;

  it('answers every event on for a client who never chose, and keeps what they save', async () => {
    expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
    expect(await save(acme, { staffReply: false, statusChange: true })).toEqual({ staffReply: false, statusChange: true });
    expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual({ staffReply: false, statusChange: true });
    // Another client's settings are their own.
    expect((await globex.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
    await save(acme, ALL_ON);
  });

  it('refuses settings that are not on or off, naming the event, and changes nothing', async () => {
    const res = await acme.put('/api/v2/client/mail-settings', { staffReply: 'maybe', statusChange: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(expect.objectContaining({ staffReply: 'Support answers on my tickets must be on or off' }));
    expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
  });

  it('mails a following client nothing of an event they turned off, and one mail of the one left on', async () => {
    await save(acme, { staffReply: true, statusChange: false });
    try {
      const ticketId = await raise(true);
      await replyAndClose(ticketId, acmeContact);
      // The follower's reply mail comes from its own event, which may land after the status change's.
      const rows = await eventually(() => mailOf(ticketId), (r) => toClient(r, OUTBOX_KIND_TICKET_REPLY).length > 0);
      expect(toClient(rows, OUTBOX_KIND_TICKET_REPLY)).toHaveLength(1);
      expect(toClient(rows, OUTBOX_KIND_STATUS_CHANGE)).toEqual([]);
    } finally {
      await save(acme, ALL_ON);
    }
  });

  it("mails a client who is the ticket's contact nothing of the staff replies they turned off", async () => {
    await save(acme, { staffReply: false, statusChange: true });
    try {
      const ticketId = await raise(false);
      expect((await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'Restarted the spooler.', internal: false })).statusCode).toBe(201);
      expect((await manager.patch(`/api/v2/tickets/${ticketId}`, { status: 'WOC' })).statusCode).toBe(200);
      const rows = await eventually(() => mailOf(ticketId), (r) => toClient(r, OUTBOX_KIND_STATUS_CHANGE).length > 0);
      expect(toClient(rows, OUTBOX_KIND_STATUS_CHANGE)).toHaveLength(1);
      expect(toClient(rows, OUTBOX_KIND_TICKET_REPLY)).toEqual([]);
    } finally {
      await save(acme, ALL_ON);
    }
  });

  it('puts a one-click unsubscribe link in the footer and the headers of every client ticket mail, a contact without an account getting their own', async () => {
    const ticketId = await raise(true);
    const rows = await replyAndClose(ticketId, acmeContact);
    const colleague = rows.filter((r) => r.to_address === acmeContact);
    expect(colleague.map((m) => m.kind).sort()).toEqual([OUTBOX_KIND_STATUS_CHANGE, OUTBOX_KIND_TICKET_REPLY].sort());
    for (const mail of [...toClient(rows, OUTBOX_KIND_TICKET_REPLY), ...toClient(rows, OUTBOX_KIND_STATUS_CHANGE), ...colleague]) {
      const link = mail.headers!['List-Unsubscribe']!.slice(1, -1);
      expect(link).toContain(UNSUBSCRIBE_PATH);
      expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.body).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
    }
    const reply = toClient(rows, OUTBOX_KIND_TICKET_REPLY)[0]!;
    const status = toClient(rows, OUTBOX_KIND_STATUS_CHANGE)[0]!;
    expect(tokenOf(reply)).not.toBe(tokenOf(status));
    // The contact's links are theirs: not the client's, one per event.
    const contactTokens = colleague.map(tokenOf);
    expect(new Set(contactTokens).size).toBe(2);
    for (const token of contactTokens) expect([tokenOf(reply), tokenOf(status)]).not.toContain(token);
  });

  it("lets a ticket contact without an account turn a ticket mail off from its link: GET asks and changes nothing, POST stops that event's mail only", async () => {
    const first = await replyAndClose(await raise(true), acmeContact);
    const statusMail = first.find((m) => m.to_address === acmeContact && m.kind === OUTBOX_KIND_STATUS_CHANGE)!;
    const token = tokenOf(statusMail);
    try {
      const page = await guest.get(`${UNSUBSCRIBE_PATH}/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('status changes of your tickets');
      expect(page.body).toContain(acmeContact);
      expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
      expect((await sql.one('SELECT count(*)::int AS n FROM contact_mail_opt_outs')).n).toBe(0);

      const res = await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('You are unsubscribed');
      expect(res.body).toContain(CONTACT_RESUBSCRIBE_MESSAGE);
      expect(res.body).not.toContain('Sign in');

      // The next ticket: the reply still goes to the contact (written with the note), the status change no longer does.
      const ticketId = await raise(true);
      expect((await manager.post(`/api/v2/tickets/${ticketId}/notes`, { body: 'Restarted the spooler.', internal: false })).statusCode).toBe(201);
      expect((await mailOf(ticketId)).filter((m) => m.to_address === acmeContact).map((m) => m.kind)).toEqual([OUTBOX_KIND_TICKET_REPLY]);
      const managerId = (await sql.one(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).id;
      const log = { error: () => undefined };
      expect(await mailStatusChange(t.ctx, log, { ticketId, from: 'A', to: 'WOC', byId: managerId, entry: 'contact-opted-out' })).toBeNull();
      expect((await mailOf(ticketId)).filter((m) => m.to_address === acmeContact && m.kind === OUTBOX_KIND_STATUS_CHANGE)).toEqual([]);
      // The client user's own settings are untouched.
      expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
    } finally {
      await sql.rows('DELETE FROM contact_mail_opt_outs');
    }
  });

  it("refuses a contact's link forged or moved to another contact, to a client user or to another event, changing nothing", async () => {
    const rows = await replyAndClose(await raise(true), acmeContact);
    const token = tokenOf(rows.find((m) => m.to_address === acmeContact && m.kind === OUTBOX_KIND_STATUS_CHANGE)!);
    const [id, event, ...rest] = token.split('.') as [string, string, ...string[]];
    expect(id).toMatch(/^c\d+$/);
    const other = (await sql.one(`SELECT id FROM contacts WHERE email <> '' AND id <> $1 ORDER BY id LIMIT 1`, [Number(id.slice(1))])).id;
    const moved = [
      [`c${other}`, event, ...rest], // another contact
      [id.slice(1), event, ...rest], // the client user of the same number
      [id, 'staff_reply', ...rest], // another event
    ].map((parts) => parts.join('.'));
    for (const bad of moved) {
      const res = await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${bad}`)).body).toContain('Link not valid');
    }
    expect((await sql.one('SELECT count(*)::int AS n FROM contact_mail_opt_outs')).n).toBe(0);
    expect((await sql.one('SELECT count(*)::int AS n FROM client_mail_opt_outs')).n).toBe(0);
  });

  it('shows a confirmation page on GET that changes nothing, and turns only that event off on the one-click POST, without signing in', async () => {
    const ticketId = await raise(true);
    const rows = await replyAndClose(ticketId, acmeContact);
    const token = tokenOf(toClient(rows, OUTBOX_KIND_STATUS_CHANGE)[0]!);
    try {
      const page = await guest.get(`${UNSUBSCRIBE_PATH}/${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('status changes of your tickets');
      expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
      expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);

      const res = await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('You are unsubscribed');
      expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual({ staffReply: true, statusChange: false });
      // Again is no change, and still answers that it is done.
      expect((await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${token}` })).statusCode).toBe(200);
    } finally {
      await save(acme, ALL_ON);
    }
  });

  it('refuses forged links and links moved to another user or event, changing nothing', async () => {
    const ticketId = await raise(true);
    const rows = await replyAndClose(ticketId, acmeContact);
    const token = tokenOf(toClient(rows, OUTBOX_KIND_STATUS_CHANGE)[0]!);
    const [id, , day, sig] = token.split('.') as [string, string, string, string];
    const globexId = (await sql.one(`SELECT u.id FROM client_users u JOIN companies c ON c.id = u.company_id WHERE c.account_number <> 'ACME-001' AND u.status = 'active' ORDER BY u.id LIMIT 1`)).id;
    const forged = [
      `${globexId}.status_change.${day}.${sig}`, // another user with this user's signature
      `${id}.staff_reply.${day}.${sig}`, // another event with this event's signature
      `${id}.status_change.${day}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, // a changed signature
      `${id}.status_change.${day}`, // no signature
      `${id}.status_change.${sig}`, // no day (a link made before links had one)
      `${id}.security.${day}.${sig}`, // an event that cannot be turned off
    ];
    for (const bad of forged) {
      const res = await t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${bad}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
      const page = await guest.get(`${UNSUBSCRIBE_PATH}/${bad}`);
      expect(page.body).toContain('Link not valid');
      expect(page.body).not.toContain('<form');
    }
    expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
    expect((await globex.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);
    expect((await sql.one(`SELECT count(*)::int AS n FROM client_mail_opt_outs`)).n).toBe(0);
  });

  it('never puts an unsubscribe link in a password mail', async () => {
    expect((await guest.post('/api/v2/client/forgot-password', { email: CLIENT })).statusCode).toBe(202);
    await t.ctx.background.idle();
    const mail = await sql.one(`SELECT body, headers FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [CLIENT]);
    expect(mail.body).toContain('reset');
    expect(mail.headers?.['List-Unsubscribe']).toBeUndefined();
    expect(mail.body).not.toContain(UNSUBSCRIBE_PATH);
  });

  describe('links that expire and end', () => {
    const DAY_MS = 86_400_000;
    const today = () => Math.floor(t.ctx.now().getTime() / DAY_MS);
    const post = (token: string) => t.app.inject({ method: 'POST', url: `${UNSUBSCRIBE_PATH}/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const userLink = async (email: string, event: 'staff_reply' | 'status_change', day: number) => {
      const u = await sql.one('SELECT id, mail_key::text AS key FROM client_users WHERE email = $1', [email]);
      return unsubscribeToken({ kind: 'user', id: u.id, mailKey: u.key }, event, day);
    };

    it('carries the day of its mail, signed: a link older than its days shows a page saying so with the settings page, and changes nothing', async () => {
      const expired = await userLink(CLIENT, 'status_change', today() - UNSUBSCRIBE_LINK_DAYS - 1);
      const page = await guest.get(`${UNSUBSCRIBE_PATH}/${expired}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Link expired');
      expect(page.body).toContain(UNSUBSCRIBE_EXPIRED_MESSAGE);
      expect(page.body).toContain(`href="${t.ctx.config.publicUrl}/client/`);
      expect(page.body).not.toContain('<form');
      const res = await post(expired);
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(UNSUBSCRIBE_EXPIRED_MESSAGE);
      expect((await acme.get('/api/v2/client/mail-settings')).json()).toEqual(ALL_ON);

      // A link near the end of its days still works (a mail client's button pressed weeks later).
      const late = await userLink(CLIENT, 'status_change', today() - UNSUBSCRIBE_LINK_DAYS + 1);
      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${late}`)).body).toContain('<button type="submit">Unsubscribe</button>');

      // The day is signed: an expired link made young again is not valid.
      const [id, event, day, sig] = expired.split('.') as [string, string, string, string];
      expect(Number(day)).toBe(today() - UNSUBSCRIBE_LINK_DAYS - 1);
      const younger = [id, event, String(today()), sig].join('.');
      expect((await post(younger)).statusCode).toBe(404);
      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${younger}`)).body).toContain('Link not valid');
      expect((await sql.one('SELECT count(*)::int AS n FROM client_mail_opt_outs')).n).toBe(0);
    });

    it("shows a contact without an account whose link expired a newer mail to use, not the portal, and changes nothing", async () => {
      const c = await sql.one('SELECT id, mail_key::text AS key FROM contacts WHERE lower(email) = lower($1) ORDER BY id LIMIT 1', [acmeContact]);
      const expired = unsubscribeToken({ kind: 'contact', id: c.id, mailKey: c.key }, 'staff_reply', today() - UNSUBSCRIBE_LINK_DAYS - 1);
      const page = await guest.get(`${UNSUBSCRIBE_PATH}/${expired}`);
      expect(page.body).toContain('Link expired');
      expect(page.body).toContain(CONTACT_EXPIRED_HINT);
      expect(page.body).not.toContain('/client/');
      expect((await post(expired)).statusCode).toBe(410);
      expect((await sql.one('SELECT count(*)::int AS n FROM contact_mail_opt_outs')).n).toBe(0);
    });

    it("ends every link a client user was sent when their password is set anew; mail sent afterwards carries working links", async () => {
      const globexUser = (await sql.one(`SELECT u.email FROM client_users u JOIN companies c ON c.id = u.company_id WHERE c.account_number <> 'ACME-001' AND u.status = 'active' ORDER BY u.id LIMIT 1`)).email as string;
      const before = await userLink(globexUser, 'staff_reply', today());
      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${before}`)).body).toContain('<button type="submit">Unsubscribe</button>');

      expect((await guest.post('/api/v2/client/forgot-password', { email: globexUser })).statusCode).toBe(202);
      await t.ctx.background.idle();
      const mail = await sql.one(`SELECT body FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [globexUser]);
      const reset = /\/client\/reset-password\/([\w-]+)/.exec(mail.body)![1]!;
      expect((await guest.post('/api/v2/client/reset-password', { token: reset, password: 'a brand new long passphrase 42' })).statusCode).toBe(200);

      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${before}`)).body).toContain('Link not valid');
      expect((await post(before)).statusCode).toBe(404);
      const after = await userLink(globexUser, 'staff_reply', today());
      expect(after).not.toBe(before);
      expect((await guest.get(`${UNSUBSCRIBE_PATH}/${after}`)).body).toContain('<button type="submit">Unsubscribe</button>');
      expect((await sql.one('SELECT count(*)::int AS n FROM client_mail_opt_outs')).n).toBe(0);
    });
  });
});
