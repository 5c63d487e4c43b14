/**
 * The columns the ticket search reads from the ticket row (migration 0005) follow the data they
 * copy: the words of title, description and notes, the company's and the assignee's names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTickets } from '@server/features/tickets/search';
import { ticketSearchQuerySchema } from '@contracts/tickets';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('stored search columns of tickets on %s', (backend) => {
  let t: TestApp;
  let ticketId: number;
  let companyId: number;
  let staffId: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    const pool = t.ctx.database.pool;
    companyId = (await pool.query(`INSERT INTO companies (name, account_number) VALUES ('Quillon Freight', 'QF-77') RETURNING id`)).rows[0].id;
    staffId = (await pool.query(`SELECT id FROM staff_users WHERE email = 'agent@demo.test'`)).rows[0].id;
    ticketId = (
      await pool.query(
        `INSERT INTO tickets (title, description, company_id, assignee_id) VALUES ('Gyroscope drift', 'Calibration lost', $1, $2) RETURNING id`,
        [companyId, staffId],
      )
    ).rows[0].id;
  });
  afterAll(() => t?.close());

  const find = async (q: string) =>
    (await searchTickets(t.ctx.database.pool, ticketSearchQuerySchema.parse({ q }), new Date())).rows.map((r) => r.id);
  const row = () => sqlOf(t).one('SELECT company_name, assignee_name FROM tickets WHERE id = $1', [ticketId]);

  it('finds a ticket by the words of its title and description, stemmed', async () => {
    expect(await find('gyroscopes')).toEqual([ticketId]);
    expect(await find('calibration')).toEqual([ticketId]);
  });

  it('follows its notes: added, edited and removed; change entries are not words', async () => {
    const pool = t.ctx.database.pool;
    const note = (await pool.query(`INSERT INTO ticket_notes (ticket_id, body, internal) VALUES ($1, 'Replaced the flux capacitor', true) RETURNING id`, [ticketId])).rows[0].id;
    expect(await find('capacitor')).toEqual([ticketId]);
    await pool.query(`UPDATE ticket_notes SET body = 'Replaced the magnetron' WHERE id = $1`, [note]);
    expect(await find('capacitor')).toEqual([]);
    expect(await find('magnetron')).toEqual([ticketId]);
    await pool.query('DELETE FROM ticket_notes WHERE id = $1', [note]);
    expect(await find('magnetron')).toEqual([]);
    await pool.query(`INSERT INTO ticket_notes (ticket_id, body, kind) VALUES ($1, 'Status changed to Zanzibar', 'change')`, [ticketId]);
    expect(await find('zanzibar')).toEqual([]);
    expect(await find('gyroscope')).toEqual([ticketId]);
  });

  it('follows a new title and keeps the words of its notes', async () => {
    const pool = t.ctx.database.pool;
    await pool.query(`INSERT INTO ticket_notes (ticket_id, body) VALUES ($1, 'Customer sent a photo of the astrolabe')`, [ticketId]);
    await pool.query(`UPDATE tickets SET title = 'Sextant drift' WHERE id = $1`, [ticketId]);
    expect(await find('gyroscope')).toEqual([]);
    expect(await find('sextant')).toEqual([ticketId]);
    expect(await find('astrolabe')).toEqual([ticketId]);
  });

  it('copies the company and assignee names, and follows a rename or a reassignment', async () => {
    const pool = t.ctx.database.pool;
    expect(await row()).toEqual({ company_name: 'Quillon Freight', assignee_name: expect.any(String) });
    await pool.query(`UPDATE companies SET name = 'Quillon Freight & Sons' WHERE id = $1`, [companyId]);
    await pool.query(`UPDATE staff_users SET name = 'Agent Renamed' WHERE id = $1`, [staffId]);
    expect(await row()).toEqual({ company_name: 'Quillon Freight & Sons', assignee_name: 'Agent Renamed' });
    await pool.query('UPDATE tickets SET assignee_id = NULL, company_id = NULL WHERE id = $1', [ticketId]);
    expect(await row()).toEqual({ company_name: null, assignee_name: null });
  });

  it('sorts severities by weight, not by letter', async () => {
    const { rows } = await t.ctx.database.pool.query(
      `SELECT s FROM unnest(ARRAY['L','C','M','H']) s ORDER BY severity_rank(s)`,
    );
    expect(rows.map((r) => r.s)).toEqual(['C', 'H', 'M', 'L']);
  });
});
