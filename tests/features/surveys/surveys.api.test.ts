import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_SUBMIT_PER_ADDRESS, SURVEY_TEXT_MAX } from '@contracts/common/constants';
import { inTransaction } from '@server/platform/db/database';
import { queueSupportSurvey } from '@server/features/surveys/keys';
import { csvCell } from '@contracts/common/csv';
import { csatOf, npsOf } from '@server/features/surveys/surveys.repo';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const PUBLIC_URL = 'https://care.example.test';

describe.each(BACKENDS)('surveys on %s', (backend) => {
  let t: TestApp;
  let closedTicket: { id: number; company_id: number; contact_email: string };
  let supportKey: string;
  let clientCareKey: string;
  let companyId: number;
  let sql: Sql;
  let admin: Api;

  const submit = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/submitsurvey', payload: payload as object, remoteAddress: ip });
  const css = (over: Record<string, unknown> = {}) => ({
    type: 'CSS', ticket: clientCareKey, Q1: 3, Q2: 5, Q3: '', Q4: '', Q5: '', Q6: '', Q7: '', Q8: '', ...over,
  });
  const tcs = (over: Record<string, unknown> = {}) => ({ type: 'TCS', ticket: supportKey, Q1: 3, Q2: '', Q3: '', Q4: '', ...over });

  beforeAll(async () => {
    t = await startTestApp(backend, { env: { PUBLIC_URL } });
    sql = sqlOf(t);
    // These tests count their own answers: this file's copy of the database starts without the demo's.
    await t.ctx.database.pool.query('DELETE FROM survey_responses');
    await t.ctx.database.pool.query('DELETE FROM survey_keys');
    admin = await apiAs(t, 'admin');
    const { rows } = await t.ctx.database.pool.query(
      `SELECT id, company_id, contact_email FROM tickets WHERE status = 'C' AND contact_email IS NOT NULL ORDER BY id LIMIT 1`,
    );
    closedTicket = rows[0];
    companyId = (await t.ctx.database.pool.query(`SELECT id FROM companies WHERE account_number = 'ACME-001'`)).rows[0].id;
  });
  afterAll(() => t?.close());

  describe('queueSupportSurvey', () => {
    it('queues one survey email to the ticket contact with an unguessable key in the link', async () => {
      const before = await sql.count('outbox');
      const queued = await inTransaction(t.ctx.database.pool, (c) => queueSupportSurvey(c, closedTicket.id, t.config));
      expect(queued).not.toBeNull();
      expect(queued!.to).toBe(closedTicket.contact_email);
      expect(queued!.key).toMatch(/^[\w-]{32}$/);
      expect(queued!.link).toBe(`${PUBLIC_URL}/survey/1/${queued!.key}`);
      const { rows } = await t.ctx.database.pool.query('SELECT to_address, kind, body FROM outbox WHERE id = $1', [queued!.outboxId]);
      expect(rows[0]).toMatchObject({ to_address: closedTicket.contact_email, kind: 'survey.support' });
      expect(rows[0].body).toContain(queued!.link);
      expect(await sql.count('outbox')).toBe(before + 1);
      supportKey = queued!.key;
    });

    it('queues nothing the second time the same ticket is closed', async () => {
      const before = await sql.count('outbox');
      expect(await inTransaction(t.ctx.database.pool, (c) => queueSupportSurvey(c, closedTicket.id, t.config))).toBeNull();
      expect(await sql.count('outbox')).toBe(before);
    });

    it('gives different tickets different keys, and rolls back with the caller', async () => {
      const other = (await t.ctx.database.pool.query(`SELECT id FROM tickets WHERE id <> $1 AND contact_email IS NOT NULL ORDER BY id LIMIT 1`, [closedTicket.id])).rows[0].id;
      const keysBefore = await sql.count('survey_keys');
      await expect(
        inTransaction(t.ctx.database.pool, async (c) => {
          const q = await queueSupportSurvey(c, other, t.config);
          expect(q!.key).not.toBe(supportKey);
          throw new Error('status change failed');
        }),
      ).rejects.toThrow('status change failed');
      expect(await sql.count('survey_keys')).toBe(keysBefore);
    });

    it('answers null for a ticket without a contact email', async () => {
      const id = (await t.ctx.database.pool.query(
        `INSERT INTO tickets (title, status) VALUES ('No contact', 'C') RETURNING id`,
      )).rows[0].id;
      expect(await inTransaction(t.ctx.database.pool, (c) => queueSupportSurvey(c, id, t.config))).toBeNull();
    });
  });

  describe('sending surveys', () => {
    /** Every contact of the company with an address, as the manager would confirm them all. */
    const everyone = async () => (await t.ctx.database.pool.query<{ id: number }>(`SELECT id FROM contacts WHERE company_id = $1 AND email IS NOT NULL AND email <> ''`, [companyId])).rows.map((r) => r.id);

    it('sends a client care survey to every contact of a company with an email', async () => {
      const contacts = (await t.ctx.database.pool.query('SELECT count(*)::int AS n FROM contacts WHERE company_id = $1', [companyId])).rows[0].n;
      const res = await (await apiAs(t, 'manager')).post('/api/v2/surveys/client-care/send', { companyId, contactIds: await everyone() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ queued: contacts });
      const { rows } = await t.ctx.database.pool.query(`SELECT body FROM outbox WHERE kind = 'survey.client_care' ORDER BY id DESC LIMIT 1`);
      const match = new RegExp(`${PUBLIC_URL}/survey/0/([\\w-]+)`).exec(rows[0].body);
      expect(match).not.toBeNull();
      clientCareKey = match![1]!;
      const audit = await t.ctx.database.pool.query(`SELECT 1 FROM audit_log WHERE entity = 'company' AND entity_id = $1 AND action = 'survey.send'`, [companyId]);
      expect(audit.rowCount).toBe(1);
    });

    it('keeps one client care key per contact when sent again', async () => {
      const keys = await sql.count('survey_keys');
      await admin.post('/api/v2/surveys/client-care/send', { companyId, contactIds: await everyone() });
      expect(await sql.count('survey_keys')).toBe(keys);
    });

    it('answers 404 for an unknown company and 400 naming companyId for a bad one', async () => {
      expect((await admin.post('/api/v2/surveys/client-care/send', { companyId: 999999, contactIds: [1] })).statusCode).toBe(404);
      const bad = await admin.post('/api/v2/surveys/client-care/send', { companyId: 'x', contactIds: [1] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('companyId');
    });

    describe('the recipients a manager confirms', () => {
      let chosen: { id: number; name: string; email: string };
      let unticked: number;
      let noAddress: number;
      let otherCompanys: number;
      const clientCareMails = async () => (await t.ctx.database.pool.query<{ to_address: string }>(`SELECT to_address FROM outbox WHERE kind = 'survey.client_care' ORDER BY id`)).rows.map((r) => r.to_address);

      beforeAll(async () => {
        const pool = t.ctx.database.pool;
        const add = async (company: number, name: string, email: string | null) =>
          (await pool.query<{ id: number }>('INSERT INTO contacts (company_id, name, email) VALUES ($1, $2, $3) RETURNING id', [company, name, email])).rows[0]!.id;
        chosen = { id: await add(companyId, 'Aaron Chosen', 'aaron.chosen@acme.example.test'), name: 'Aaron Chosen', email: 'aaron.chosen@acme.example.test' };
        unticked = await add(companyId, 'Una Unticked', 'una.unticked@acme.example.test');
        noAddress = await add(companyId, 'Nora No-Address', null);
        const other = (await pool.query<{ id: number }>(`SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1`, [companyId])).rows[0]!.id;
        otherCompanys = await add(other, 'Olga Other', 'olga.other@other.example.test');
      });

      it("lists the company's contacts with an address, names and emails, for the manager to confirm", async () => {
        const res = await (await apiAs(t, 'manager')).get(`/api/v2/surveys/client-care/recipients?companyId=${companyId}`);
        expect(res.statusCode, res.body).toBe(200);
        const rows = res.json().rows as { id: number; name: string; email: string }[];
        expect(rows).toContainEqual(chosen);
        expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([chosen.id, unticked]));
        expect(rows.map((r) => r.id)).not.toContain(noAddress);
        expect(rows.map((r) => r.id)).not.toContain(otherCompanys);
        expect(rows.map((r) => r.id).sort()).toEqual((await everyone()).sort());
        expect((await (await apiAs(t, 'manager')).get('/api/v2/surveys/client-care/recipients?companyId=999999')).statusCode).toBe(404);
      });

      it('mails only the contacts the manager confirmed', async () => {
        const before = await clientCareMails();
        const res = await (await apiAs(t, 'manager')).post('/api/v2/surveys/client-care/send', { companyId, contactIds: [chosen.id] });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ queued: 1 });
        expect((await clientCareMails()).slice(before.length)).toEqual([chosen.email]);
      });

      it("refuses another company's contact, a contact without an address, an empty or repeated list, naming contactIds, and mails nobody", async () => {
        const mails = await sql.count('outbox');
        const keys = await sql.count('survey_keys');
        const manager = await apiAs(t, 'manager');
        for (const contactIds of [[chosen.id, otherCompanys], [noAddress], [2_000_000_000]]) {
          const res = await manager.post('/api/v2/surveys/client-care/send', { companyId, contactIds });
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json().error.fields.contactIds).toMatch(/is not a contact of this company with an email address/);
        }
        const empty = await manager.post('/api/v2/surveys/client-care/send', { companyId, contactIds: [] });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().error.fields.contactIds).toBe('Choose at least one contact to send the survey to');
        const twice = await manager.post('/api/v2/surveys/client-care/send', { companyId, contactIds: [chosen.id, chosen.id] });
        expect(twice.statusCode).toBe(400);
        expect(twice.json().error.fields.contactIds).toBe('Each contact at most once');
        const none = await manager.post('/api/v2/surveys/client-care/send', { companyId });
        expect(none.statusCode).toBe(400);
        expect(none.json().error.fields).toHaveProperty('contactIds');
        expect(await sql.count('outbox')).toBe(mails);
        expect(await sql.count('survey_keys')).toBe(keys);
      });
    });

    it('resends the support survey of a closed ticket, and refuses an open one', async () => {
      const agent = await apiAs(t, 'agent');
      const res = await agent.post('/api/v2/surveys/support/send', { ticketId: closedTicket.id });
      expect(res.json()).toEqual({ queued: 1 });
      const { rows } = await t.ctx.database.pool.query(`SELECT body FROM outbox WHERE kind = 'survey.support' ORDER BY id DESC LIMIT 1`);
      expect(rows[0].body).toContain(`/survey/1/${supportKey}`);
      const open = (await t.ctx.database.pool.query(`SELECT id FROM tickets WHERE status = 'A' LIMIT 1`)).rows[0].id;
      const refused = await agent.post('/api/v2/surveys/support/send', { ticketId: open });
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('POST /api/submitsurvey', () => {
    it('stores a client care and a support response', async () => {
      const before = await sql.count('survey_responses');
      const a = await submit(css({ Q1: 5, Q2: 10, Q3: 'Great service' }));
      expect(a.statusCode, a.body).toBe(201);
      const b = await submit(tcs({ Q1: 4, Q2: 'Quick fix' }));
      expect(b.statusCode, b.body).toBe(201);
      expect(await sql.count('survey_responses')).toBe(before + 2);
      const { rows } = await t.ctx.database.pool.query(`SELECT type, q1, q2, answers FROM survey_responses ORDER BY id DESC LIMIT 2`);
      expect(rows[1]).toMatchObject({ type: 'CSS', q1: 5, q2: 10, answers: { Q3: 'Great service', ticket: clientCareKey } });
      expect(rows[0]).toMatchObject({ type: 'TCS', q1: 4, q2: null, answers: { Q2: 'Quick fix' } });
    });

    it('accepts exactly 1500 characters of text', async () => {
      expect((await submit(tcs({ Q4: 'x'.repeat(SURVEY_TEXT_MAX) }))).statusCode).toBe(201);
    });

    const BAD: [string, () => unknown, string][] = [
      ['Q1 out of range (0)', () => css({ Q1: 0 }), 'Q1'],
      ['Q1 out of range (6)', () => tcs({ Q1: 6 }), 'Q1'],
      ['Q2 out of range (11)', () => css({ Q2: 11 }), 'Q2'],
      ['Q2 out of range (-1)', () => css({ Q2: -1 }), 'Q2'],
      ['Q1 not a whole number', () => css({ Q1: 2.5 }), 'Q1'],
      ['Q1 of the wrong type', () => css({ Q1: '3' }), 'Q1'],
      ['Q2 text where a score belongs', () => css({ Q2: 'ten' }), 'Q2'],
      ['Q2 a number where text belongs (support)', () => tcs({ Q2: 7 }), 'Q2'],
      ['1501 characters in a client care text', () => css({ Q8: 'x'.repeat(SURVEY_TEXT_MAX + 1) }), 'Q8'],
      ['1501 characters in a support text', () => tcs({ Q3: 'é'.repeat(SURVEY_TEXT_MAX + 1) }), 'Q3'],
      ['a missing ticket', () => { const { ticket: _t, ...rest } = css(); return rest; }, 'ticket'],
      ['an empty ticket', () => tcs({ ticket: '' }), 'ticket'],
      ['an unknown key', () => tcs({ ticket: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 'ticket'],
      ['a key of the other survey type', () => css({ ticket: supportKey }), 'ticket'],
      ['a type that is neither CSS nor TCS', () => css({ type: 'XYZ' }), 'type'],
      ['a missing type', () => { const { type: _t, ...rest } = css(); return rest; }, 'type'],
      ['a question the survey does not have', () => tcs({ Q7: 'extra' }), 'body'],
      ['a body that is not an object', () => [1, 2, 3], 'body'],
    ];
    for (const [label, payload, field] of BAD) {
      it(`answers 400 naming ${field} for ${label}, and stores nothing`, async () => {
        const before = await sql.count('survey_responses');
        const res = await submit(payload());
        expect(res.statusCode, res.body).toBe(400);
        const body = res.json();
        expect(body.error.code).toBe('invalid_input');
        expect(Object.keys(body.error.fields ?? {})).toContain(field);
        expect(await sql.count('survey_responses')).toBe(before);
      });
    }

    it('refuses an oversized body with 413 and stores nothing', async () => {
      const before = await sql.count('survey_responses');
      const res = await submit(tcs({ Q2: 'x'.repeat(200_000) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect(await sql.count('survey_responses')).toBe(before);
    });

    it('limits submissions per address with 429 and Retry-After', async () => {
      const ip = '10.9.9.9';
      for (let i = 0; i < SURVEY_SUBMIT_PER_ADDRESS; i++) expect((await submit(tcs({ ticket: 'unknown' }), ip)).statusCode).toBe(400);
      const limited = await submit(tcs(), ip);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await submit(tcs({ Q1: 2 }), '10.9.9.10')).statusCode).toBe(201);
    });
  });

  describe('results', () => {
    it('counts only the latest response per key, with CSAT, NPS and distributions', async () => {
      // Latest CSS for the key: Q1 5, Q2 10; submit a newer one that replaces it.
      expect((await submit(css({ Q1: 2, Q2: 3, Q4: 'Slower lately' }))).statusCode).toBe(201);
      const res = await admin.get('/api/v2/surveys/results?type=CSS');
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      expect(r.responses).toBe(1);
      expect(r.q1Distribution).toEqual([0, 1, 0, 0, 0]);
      expect(r.q2Distribution).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
      expect(r.csat).toBe(0);
      expect(r.nps).toBe(-100);
      expect(r.comments.rows[0]).toMatchObject({ type: 'CSS', q1: 2, q2: 3, texts: { Q4: 'Slower lately' }, companyId, companyName: 'Acme Utilities' });
      const support = (await admin.get('/api/v2/surveys/results?type=TCS')).json();
      expect(support.responses).toBe(1);
      expect(support.q1Distribution).toEqual([0, 1, 0, 0, 0]);
      expect(support.comments.rows[0]).toMatchObject({ ticketId: closedTicket.id, ticketTitle: expect.any(String) });
      expect(support.nps).toBeNull();
    });

    it('filters by company and date range', async () => {
      const other = (await t.ctx.database.pool.query(`SELECT id FROM companies WHERE id NOT IN ($1, $2) LIMIT 1`, [companyId, closedTicket.company_id])).rows[0].id;
      expect((await admin.get(`/api/v2/surveys/results?companyId=${other}`)).json().responses).toBe(0);
      expect((await admin.get(`/api/v2/surveys/results?companyId=${companyId}&type=CSS`)).json().responses).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      expect((await admin.get(`/api/v2/surveys/results?from=${today}&to=${today}`)).json().responses).toBe(2);
      expect((await admin.get('/api/v2/surveys/results?to=2000-01-01')).json().responses).toBe(0);
      const bad = await admin.get('/api/v2/surveys/results?from=yesterday&pageSize=5000');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['from', 'pageSize']));
    });

    it('exports the counted responses as CSV', async () => {
      const res = await admin.get('/api/v2/surveys/results/export?type=CSS');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('survey_results.csv');
      const lines = res.body.trim().split('\r\n');
      expect(lines[0]).toBe('Received At,Type,Ticket,Ticket Title,Company,Contact,Q1,Q2,Q3,Q4,Q5,Q6,Q7,Q8');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(',Slower lately');
    });

    it('exports no formula: answers starting with = + - @ tab or CR reach the spreadsheet as text', async () => {
      const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
      const [Q3, Q4, Q5, Q6, Q7, Q8] = hostile;
      expect((await submit(css({ Q3, Q4, Q5, Q6, Q7, Q8 }), '10.0.0.77')).statusCode).toBe(201);
      const res = await admin.get('/api/v2/surveys/results/export?type=CSS');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",'+1+1,'-2+3,'@SUM(A1),'\t=1,"'\r=1"\r\n`);
    });
  });

  describe('outbox', () => {
    it('pages the outbox newest first for admins', async () => {
      const res = await admin.get('/api/v2/admin/outbox?pageSize=2');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.rows).toHaveLength(2);
      expect(body.total).toBe(await sql.count('outbox'));
      expect(body.rows[0].id).toBeGreaterThan(body.rows[1].id);
      expect((await admin.get('/api/v2/admin/outbox?pageSize=201')).statusCode).toBe(400);
    });
  });

  describe('ticket view', () => {
    it("shows a ticket's survey in its view: when it was sent and every answer, the newest counting", async () => {
      expect((await submit(tcs({ Q1: 2, Q4: 'Took two calls' }))).statusCode).toBe(201);
      expect((await submit(tcs({ Q1: 5, Q3: 'Yes, within the hour' }))).statusCode).toBe(201);
      const agent = await apiAs(t, 'agent');
      const res = await agent.get(`/api/v2/tickets/${closedTicket.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const { surveys } = res.json();
      expect(surveys.sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(surveys.responses[0]).toMatchObject({ q1: 5, texts: { Q3: 'Yes, within the hour' }, counts: true });
      expect(surveys.responses[1]).toMatchObject({ q1: 2, texts: { Q4: 'Took two calls' }, counts: false });
      expect(surveys.responses.filter((r: { counts: boolean }) => r.counts)).toHaveLength(1);
      const open = (await t.ctx.database.pool.query(`SELECT id FROM tickets WHERE status = 'A' ORDER BY id LIMIT 1`)).rows[0].id;
      const openView = (await agent.get(`/api/v2/tickets/${open}`)).json();
      expect(openView.surveys).toEqual({ sent_at: null, responses: [] });
    });
  });
});

describe('survey figures', () => {
  it('computes CSAT as the share of 4-5 and NPS as promoters minus detractors', () => {
    expect(csatOf([1, 1, 1, 1, 1])).toBe(40);
    expect(csatOf([0, 0, 0, 0, 0])).toBeNull();
    expect(npsOf([1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1])).toBe(20);
    expect(npsOf([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3])).toBe(100);
    expect(npsOf([0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0])).toBe(-66.67);
  });

  it('quotes CSV cells when needed and defuses formulas (the one CSV rule)', () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe(`'=1+1`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3')).toBe(`'-3`);
  });
});
