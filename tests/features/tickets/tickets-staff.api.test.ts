import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESPONSE_TARGET_HOURS, TICKET_SEARCH } from '@contracts/common/constants';
import { TICKET_CHANGE_MESSAGES, TIME_ENTRY_MESSAGES, type TicketSearchResponse, type TicketView } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { OUTBOX_KIND_SUPPORT_SURVEY } from '@contracts/surveys';

const HOUR = 3_600_000;

describe.each(BACKENDS)('staff ticket desk on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let agent: Api;
  let agentId: number;
  let acme: { id: number; contactId: number };
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    agent = await apiAs(t, 'agent');
    agentId = (await t.ctx.database.pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
    const { rows } = await t.ctx.database.pool.query(
      `SELECT c.id, min(k.id) AS contact_id FROM companies c JOIN contacts k ON k.company_id = c.id WHERE c.account_number = 'ACME-001' GROUP BY c.id`,
    );
    acme = { id: rows[0].id, contactId: rows[0].contact_id };
  });
  afterAll(() => t?.close());
  /**
   * Sets the server's clock (some tests move the ticket clock by hours); the agent signs in afresh,
   * as a jump would end the session as idle. null: the real time again.
   */
  const at = async (iso: string | null) => {
    t.ctx.now = iso === null ? () => new Date() : () => new Date(iso);
    agent = await apiAs(t, 'agent', { fresh: true });
  };
  afterEach(() => at(null));

  const create = async (extra: object = {}) => {
    const res = await agent.post('/api/v2/tickets', {
      title: 'Autopay file rejected', description: 'The bank rejected the zeppelin batch file', company_id: acme.id,
      contact_id: acme.contactId, severity: 'H', queue: 'Support', assignee_id: agentId, ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TicketView;
  };
  const audit = (id: number) => sql.rows(`SELECT action, detail FROM audit_log WHERE entity = 'ticket' AND entity_id = $1 ORDER BY id`, [id]);

  describe('create', () => {
    it('creates a ticket with the contact copied and the due date from the severity response target', async () => {
      await at('2030-01-07T08:00:00Z');
      const view = await create();
      expect(view.ticket).toMatchObject({ status: 'A', severity: 'H', company_id: acme.id, contact_id: acme.contactId, assignee_id: agentId, source: 'staff' });
      expect(view.ticket.contact_name).toEqual(expect.any(String));
      expect(new Date(view.ticket.duedate!).getTime()).toBe(new Date('2030-01-07T08:00:00Z').getTime() + DEFAULT_RESPONSE_TARGET_HOURS.H * HOUR);
      expect(await audit(view.ticket.id)).toEqual([expect.objectContaining({ action: 'create' })]);
    });

    it('takes a due date given by hand', async () => {
      const view = await create({ duedate: '2031-05-01T10:00:00Z', severity: 'L' });
      expect(new Date(view.ticket.duedate!).toISOString()).toBe('2031-05-01T10:00:00.000Z');
    });

    it('names every bad field and creates nothing', async () => {
      const before = (await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n;
      const res = await agent.post('/api/v2/tickets', { title: '', description: 'x'.repeat(20001), company_id: 'abc', severity: 'X', queue: 'Nope', duedate: 'soon', extra: 1 });
      expect(res.statusCode).toBe(400);
      const fields = res.json().error.fields;
      for (const f of ['title', 'description', 'company_id', 'severity', 'queue', 'duedate']) expect(fields, f).toHaveProperty(f);
      expect((await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM tickets')).rows[0].n).toBe(before);
    });

    it('says what an empty ticket needs in the words the form shows, naming each field for integrators', async () => {
      const res = await agent.post('/api/v2/tickets', { title: '', description: ' ', severity: 'M', queue: 'Support' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ title: 'Give the ticket a title', description: 'Describe what happened', company_id: 'Pick a company' });
      expect(res.json().error.message).toContain('Pick a company');
      expect(res.json().error.message).not.toMatch(/must be a number|is required/);
    });

    it('refuses a company that does not exist and a contact of another company', async () => {
      const base = { title: 'x', description: 'y', severity: 'M', queue: 'Support' };
      const noCompany = await agent.post('/api/v2/tickets', { ...base, company_id: 999999 });
      expect(noCompany.statusCode).toBe(400);
      expect(noCompany.json().error.fields).toHaveProperty('company_id');
      const { rows } = await t.ctx.database.pool.query(`SELECT k.id FROM contacts k JOIN companies c ON c.id = k.company_id WHERE c.account_number = 'GLOBEX-002' LIMIT 1`);
      const otherContact = await agent.post('/api/v2/tickets', { ...base, company_id: acme.id, contact_id: rows[0].id });
      expect(otherContact.statusCode).toBe(400);
      expect(otherContact.json().error.fields).toHaveProperty('contact_id');
      const noAssignee = await agent.post('/api/v2/tickets', { ...base, company_id: acme.id, assignee_id: 999999 });
      expect(noAssignee.json().error.fields).toHaveProperty('assignee_id');
    });
  });

  describe('view, notes and time', () => {
    it('answers 404 for a ticket that does not exist and 400 for a bad id', async () => {
      expect((await agent.get('/api/v2/tickets/999999')).statusCode).toBe(404);
      const bad = await agent.get('/api/v2/tickets/abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('id');
    });

    it('adds internal and public notes; time spent becomes a time entry with totals', async () => {
      const { ticket } = await create();
      const internal = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'Checked the bank log', internal: true, minutes: 20 });
      expect(internal.statusCode).toBe(201);
      const pub = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'We have asked the bank to resend', internal: false });
      const view = pub.json() as TicketView;
      expect(view.thread.map((n) => [n.body, n.internal, n.kind])).toEqual([
        ['Checked the bank log', true, 'note'],
        ['We have asked the bank to resend', false, 'note'],
      ]);
      expect(view.thread[0]).toMatchObject({ author_name: 'Avery Agent', author_type: 'staff', minutes_spent: 20 });
      const timed = await agent.post(`/api/v2/tickets/${ticket.id}/time`, { minutes: 45, billable: false, description: 'Call with the bank', work_date: '2030-01-08' });
      expect(timed.statusCode).toBe(201);
      const { time } = timed.json() as TicketView;
      expect(time.total_minutes).toBe(65);
      expect(time.billable_minutes).toBe(20);
      expect(time.entries.map((e) => e.minutes).sort()).toEqual([20, 45]);
      expect(time.entries.find((e) => e.minutes === 45)).toMatchObject({ work_date: '2030-01-08', billable: false, note_id: null });
      expect((await audit(ticket.id)).map((a) => a.action)).toEqual(['create', 'note', 'note', 'time']);
    });

    it('refuses bad notes and time entries', async () => {
      const { ticket } = await create();
      const empty = await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: '  ', minutes: -1, internal: 'yes' });
      expect(empty.statusCode).toBe(400);
      expect(Object.keys(empty.json().error.fields).sort()).toEqual(['body', 'internal', 'minutes']);
      const time = await agent.post(`/api/v2/tickets/${ticket.id}/time`, { minutes: 0, work_date: '08/01/2030' });
      expect(Object.keys(time.json().error.fields).sort()).toEqual(['minutes', 'work_date']);
      // The words people read beside the form's fields are the server's too; the field is still named.
      expect(time.json().error.fields.minutes).toBe(TIME_ENTRY_MESSAGES.minutes);
      const blank = await agent.post(`/api/v2/tickets/${ticket.id}/time`, { minutes: '' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({ minutes: TIME_ENTRY_MESSAGES.minutes });
      const nothing = await agent.patch(`/api/v2/tickets/${ticket.id}`, {});
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().error.fields).toEqual({ body: TICKET_CHANGE_MESSAGES.nothing });
      expect((await agent.post('/api/v2/tickets/999999/notes', { body: 'hello' })).statusCode).toBe(404);
      expect((await agent.get(`/api/v2/tickets/${ticket.id}`)).json().thread).toEqual([]);
    });
  });

  describe('changes', () => {
    it('records each change in the thread and the audit log, and sets closed_at on closing', async () => {
      const { ticket } = await create();
      const managerId = (await t.ctx.database.pool.query(`SELECT id FROM staff_users WHERE email = 'manager@demo.test'`)).rows[0].id;
      const res = await agent.patch(`/api/v2/tickets/${ticket.id}`, { severity: 'C', queue: 'Programming', assignee_id: managerId, duedate: '2031-01-01T00:00:00Z' });
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json() as TicketView;
      expect(view.ticket).toMatchObject({ severity: 'C', queue: 'Programming', assignee_id: managerId, assignee_name: 'Morgan Manager' });
      const entry = view.thread.at(-1)!;
      expect(entry).toMatchObject({ kind: 'change', internal: true });
      expect(entry.body).toContain('Priority: High → Critical');
      expect(entry.body).toContain('Assignee: Avery Agent → Morgan Manager');
      expect(Object.keys(entry.change!).sort()).toEqual(['assignee_id', 'duedate', 'queue', 'severity']);
      const closed = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'C' })).json() as TicketView;
      expect(closed.ticket.closed_at).toEqual(expect.any(String));
      const reopened = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'A' })).json() as TicketView;
      expect(reopened.ticket.closed_at).toBeNull();
      expect((await audit(ticket.id)).map((a) => a.action)).toEqual(['create', 'update', 'update', 'update']);
    });

    it("queues the support survey to the ticket's contact when it is closed, once", async () => {
      const { ticket } = await create();
      const outbox = () => sql.rows(`SELECT to_address, body FROM outbox WHERE kind = $1 AND body LIKE '%/survey/1/%' ORDER BY id`, [OUTBOX_KIND_SUPPORT_SURVEY]);
      const before = (await outbox()).length;
      expect((await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'C' })).statusCode).toBe(200);
      const after = await outbox();
      expect(after).toHaveLength(before + 1);
      const { rows } = await t.ctx.database.pool.query('SELECT contact_email FROM tickets WHERE id = $1', [ticket.id]);
      expect(after.at(-1)!.to_address).toBe(rows[0].contact_email);
      await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'A' });
      await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'C' });
      expect(await outbox()).toHaveLength(before + 1);
    });

    it('says Priority, the word the screens use, when it refuses a bad priority', async () => {
      const { ticket } = await create();
      const bad = await agent.patch(`/api/v2/tickets/${ticket.id}`, { severity: 'Z' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.severity).toBe('Priority must be Critical, High, Medium or Low');
    });

    it('records nothing when nothing changes, and refuses an empty or bad change', async () => {
      const { ticket } = await create();
      const same = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { severity: 'H' })).json() as TicketView;
      expect(same.thread).toEqual([]);
      const empty = await agent.patch(`/api/v2/tickets/${ticket.id}`, {});
      expect(empty.statusCode).toBe(400);
      const bad = await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'Z', assignee_id: -1, duedate: 'tomorrow' });
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['assignee_id', 'duedate', 'status']);
      expect((await agent.patch('/api/v2/tickets/999999', { status: 'A' })).statusCode).toBe(404);
      expect((await audit(ticket.id)).map((a) => a.action)).toEqual(['create']);
    });

    it('logs no due date change when the due date sent is the one shown (the same minute), and keeps the stored one', async () => {
      await at('2030-03-04T08:00:37.250Z');
      const { ticket } = await create({ severity: 'M' });
      expect(ticket.duedate).toBe('2030-03-05T08:00:37.250Z');
      // The form shows and sends the due date to the minute; the same minute in another offset is the same instant.
      const same = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { duedate: '2030-03-05T09:00+01:00' })).json() as TicketView;
      expect(same.thread).toEqual([]);
      expect(same.ticket.duedate).toBe('2030-03-05T08:00:37.250Z');
      const withSeverity = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { duedate: '2030-03-05T08:00:00Z', severity: 'H', queue: 'Support' })).json() as TicketView;
      const entry = withSeverity.thread.at(-1)!;
      expect(entry.body).toBe('Priority: Medium → High');
      expect(Object.keys(entry.change!)).toEqual(['severity']);
      expect(withSeverity.ticket.duedate).toBe('2030-03-05T08:00:37.250Z');
      const moved = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { duedate: '2030-03-05T08:01:00Z' })).json() as TicketView;
      expect(moved.thread.at(-1)!.body).toBe('Due date: 2030-03-05 08:00 UTC → 2030-03-05 08:01 UTC');
      expect((await audit(ticket.id)).map((a) => a.action)).toEqual(['create', 'update', 'update']);
    });

    it('logs no due date line when the clock resumes within the same minute it paused', async () => {
      await at('2030-03-06T08:00:00Z');
      const { ticket } = await create({ severity: 'M' });
      await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'WOC' });
      await at('2030-03-06T08:00:20Z');
      const back = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'A' })).json() as TicketView;
      const last = back.thread.at(-1)!;
      expect(last.body).not.toContain('Due date:');
      expect(last.body).toContain('Status: Waiting on Client → Active');
      expect(new Date(back.ticket.duedate!).getTime()).toBe(new Date('2030-03-07T08:00:20Z').getTime());
    });

    it('pauses the clock in WOC and WOT and moves the due date out by the time waited (fixed times)', async () => {
      await at('2030-02-01T09:00:00Z');
      const { ticket } = await create({ severity: 'M' });
      const due = new Date(ticket.duedate!).getTime();
      expect(due).toBe(new Date('2030-02-02T09:00:00Z').getTime());

      await at('2030-02-01T10:00:00Z');
      const waiting = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'WOC' })).json() as TicketView;
      expect(waiting.ticket.paused_since).toEqual(expect.any(String));
      expect(new Date(waiting.ticket.duedate!).getTime()).toBe(due);
      expect(waiting.thread.at(-1)!.body).toContain('Clock paused');

      await at('2030-02-01T12:00:00Z');
      const third = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'WOT' })).json() as TicketView;
      expect(new Date(third.ticket.projected_duedate!).getTime()).toBe(due + 2 * HOUR);

      await at('2030-02-01T13:30:00Z');
      const back = (await agent.patch(`/api/v2/tickets/${ticket.id}`, { status: 'A' })).json() as TicketView;
      expect(new Date(back.ticket.duedate!).getTime()).toBe(due + 3.5 * HOUR);
      expect(back.ticket.paused_since).toBeNull();
      expect(back.ticket.paused_seconds).toBe(3.5 * 3600);
      const last = back.thread.at(-1)!;
      expect(last.body).toContain('Clock resumed after 3 h 30 min');
      expect(last.change).toHaveProperty('duedate');
      const log = await audit(ticket.id);
      expect(log.at(-1)!.detail).toMatchObject({ paused_seconds: 3.5 * 3600 });
    });
  });

  describe('search', () => {
    const search = async (qs: string) => {
      const res = await agent.get(`/api/v2/tickets?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TicketSearchResponse;
    };

    it('finds a ticket by a word of its description, of a note, or by its number', async () => {
      const { ticket } = await create({ description: 'The quetzalcoatl import stopped overnight' });
      expect((await search('q=quetzalcoatl')).rows.map((r) => r.id)).toEqual([ticket.id]);
      await agent.post(`/api/v2/tickets/${ticket.id}/notes`, { body: 'Internal: the xylophonist script is to blame', internal: true });
      expect((await search('q=xylophonist')).rows.map((r) => r.id)).toEqual([ticket.id]);
      expect((await search(`q=%23${ticket.id}`)).rows.map((r) => r.id)).toContain(ticket.id);
      expect((await search('q=nonexistentwordzz')).rows).toEqual([]);
    });

    it('filters by status, severity, queue, company, assignee, overdue and due range', async () => {
      const page = await search(`status=A,WOP&severity=C,H&queue=Support&company=${acme.id}&assignee=${agentId}&size=100`);
      for (const r of page.rows) {
        expect(['A', 'WOP']).toContain(r.status);
        expect(['C', 'H']).toContain(r.severity);
        expect(r).toMatchObject({ queue: 'Support', company_id: acme.id, assignee_id: agentId });
      }
      const overdue = await search(`overdue=true&assignee=${agentId}&size=100`);
      expect(overdue.rows.length).toBeGreaterThan(0);
      for (const r of overdue.rows) expect(r.overdue).toBe(true);
      const ranged = await search('due_from=2031-04-30T00:00:00Z&due_to=2031-05-02T00:00:00Z');
      for (const r of ranged.rows) expect(r.duedate! >= '2031-04-30' && r.duedate! <= '2031-05-02').toBe(true);
      expect(ranged.rows.length).toBeGreaterThan(0);
    });

    it('sorts by any column with the id breaking ties, and pages', async () => {
      const byDue = await search('sort=duedate:asc&size=50');
      const dues = byDue.rows.map((r) => r.duedate);
      expect([...dues].sort()).toEqual(dues);
      const bySev = await search('sort=severity:desc,title:asc&size=50');
      const sev = bySev.rows.map((r) => r.severity);
      expect([...sev].sort().reverse()).toEqual(sev);
      const first = await search('sort=id:asc&size=10&page=1');
      const second = await search('sort=id:asc&size=10&page=2');
      expect(second.rows[0]!.id).toBeGreaterThan(first.rows[9]!.id);
      expect(first.total).toBeGreaterThan(500);
      expect(first.totalExact).toBe(true);
      const byCompany = await search('sort=company_name:asc&size=30');
      const names = byCompany.rows.map((r) => r.company_name ?? '');
      expect([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toHaveLength(names.length);
    });

    it('bounds the page size and the depth, and names bad parameters', async () => {
      const big = await agent.get(`/api/v2/tickets?size=${TICKET_SEARCH.pageSizeMax + 1}`);
      expect(big.statusCode).toBe(400);
      expect(big.json().error.fields).toHaveProperty('size');
      const deep = await agent.get(`/api/v2/tickets?size=100&page=${TICKET_SEARCH.offsetMax / 100 + 1}`);
      expect(deep.json().error.fields).toHaveProperty('page');
      const bad = await agent.get(`/api/v2/tickets?status=Q&sort=password:asc&overdue=maybe&q=${'x'.repeat(TICKET_SEARCH.queryMax + 1)}&due_from=nope&other=1`);
      expect(bad.statusCode).toBe(400);
      // An unknown parameter is an issue of the whole query ("body"); a bad list item is named by its position.
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['body', 'due_from', 'overdue', 'q', 'sort', 'status.0']);
    });
  });

  it('answers the create options with staff and the response targets', async () => {
    const res = (await agent.get('/api/v2/tickets/options')).json();
    expect(res.response_target_hours).toEqual(DEFAULT_RESPONSE_TARGET_HOURS);
    expect(res.staff.map((s: { name: string }) => s.name)).toContain('Avery Agent');
  });

  it('narrows the staff to names containing q (the assignee picker), taking wildcards literally, and refuses a bad q', async () => {
    const found = (await agent.get('/api/v2/tickets/options?q=avery')).json();
    expect(found.staff.map((s: { name: string }) => s.name)).toEqual(['Avery Agent']);
    expect(found.staff[0].id).toBe(agentId);
    expect((await agent.get('/api/v2/tickets/options?q=%25')).json().staff).toEqual([]);
    expect((await agent.get('/api/v2/tickets/options?q=zzzz-nobody')).json().staff).toEqual([]);
    const bad = await agent.get(`/api/v2/tickets/options?q=${'x'.repeat(TICKET_SEARCH.queryMax + 1)}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['q']);
    const unknown = await agent.get('/api/v2/tickets/options?nope=1');
    expect(unknown.statusCode).toBe(400);
  });

  it('counts open tickets by status, severity, queue, assignee and age', async () => {
    const stats = (await agent.get('/api/v2/tickets/stats')).json();
    const { rows } = await t.ctx.database.pool.query(`SELECT count(*)::int AS n FROM tickets WHERE status <> 'C'`);
    expect(stats.open_total).toBe(rows[0].n);
    for (const key of ['by_status', 'by_severity', 'by_queue', 'by_assignee', 'by_age']) {
      expect(stats[key].reduce((s: number, r: { count: number }) => s + r.count, 0), key).toBe(rows[0].n);
    }
    expect(stats.by_status.map((r: { key: string }) => r.key)).not.toContain('C');
    expect(stats.overdue_total).toBeGreaterThan(0);
  });
});
