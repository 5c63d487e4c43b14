/**
 * A ticket raised in the client portal (a new ticket, or "contact support") takes the same path as
 * one raised on the staff desk: it is due after its severity's response target, so it becomes
 * overdue like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTickets } from '@server/features/tickets/search';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const HOUR_MS = 3_600_000;

describe.each(BACKENDS)('portal tickets are due on %s', (backend) => {
  let t: TestApp;
  let acme: Api;
  beforeAll(async () => {
    t = await startTestApp(backend);
    acme = await apiAs(t, 'acme');
  });
  afterAll(() => t?.close());

  const dueOf = (id: number) =>
    sqlOf(t).one<{ duedate: Date | null; created_at: Date; severity: 'C' | 'H' | 'M' | 'L'; company_id: number }>('SELECT duedate, created_at, severity, company_id FROM tickets WHERE id = $1', [id]);

  it.each([
    ['a new portal ticket', '/api/v2/client/tickets', { title: 'Meter readings missing', description: 'Since Monday.', severity: 'H' }],
    ['a contact-support message', '/api/v2/client/contact-support', { subject: 'Invoice question', message: 'Which rate applies?' }],
  ])('%s is due after its response target and becomes overdue', async (_what, url, payload) => {
    const res = await acme.post(url, payload);
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const ticket = await dueOf(id);
    const target = t.ctx.config.responseTargetHours[ticket.severity];
    expect(ticket.duedate).not.toBeNull();
    expect(ticket.duedate!.getTime() - ticket.created_at.getTime()).toBe(target * HOUR_MS);

    const search = { q: String(id), overdue: true, page: 1, size: 25 } as Parameters<typeof searchTickets>[1];
    const before = await searchTickets(t.ctx.database.pool, search, new Date(ticket.duedate!.getTime() - 60_000));
    const after = await searchTickets(t.ctx.database.pool, search, new Date(ticket.duedate!.getTime() + 60_000));
    expect(before.rows.map((r) => r.id)).not.toContain(id);
    expect(after.rows.map((r) => r.id)).toContain(id);
    expect(after.rows.find((r) => r.id === id)?.overdue).toBe(true);
  });
});
