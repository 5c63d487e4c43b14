/**
 * The ticket desk reads the app's clock (`ctx.now`), so time can be moved: a ticket is due after
 * its response target from the clock's now, and becomes overdue when the clock passes its due date,
 * in its view, the search, the active ticket stats and its company's page alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyView } from '@contracts/companies';
import type { TicketSearchResponse, TicketStats, TicketView } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(BACKENDS)('the ticket clock on %s', (backend) => {
  let t: TestApp;
  let staff: Api;
  let client: Api;
  let acme: number;
  beforeAll(async () => {
    t = await startTestApp(backend);
    acme = (await sqlOf(t).one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`)).id;
  });
  afterAll(() => t?.close());

  /** Sets the server's clock; both sides sign in afresh at that time. */
  const at = async (instant: number | string) => {
    t.ctx.now = () => new Date(instant);
    staff = await apiAs(t, 'agent', { fresh: true });
    client = await apiAs(t, 'acme', { fresh: true });
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await staff.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  /** What each screen says about a ticket at the clock's now. */
  const seen = async (id: number) => ({
    view: (await get<TicketView>(`/api/v2/tickets/${id}`)).ticket.overdue,
    search: (await get<TicketSearchResponse>(`/api/v2/tickets?q=${id}&overdue=true`)).rows.some((r) => r.id === id && r.overdue),
    stats: (await get<TicketStats>('/api/v2/tickets/stats')).overdue_total,
    company: (await get<CompanyView>(`/api/v2/companies/${acme}`)).ticket_counts.overdue,
  });

  it('makes a ticket overdue when the clock passes its due date, on its view, the search, the stats and its company page', async () => {
    await at('2031-03-03T09:00:00Z');
    const created = await staff.post('/api/v2/tickets', { title: 'Meter import stalled', description: 'The nightly import did not finish', company_id: acme, severity: 'H', queue: 'Support' });
    expect(created.statusCode, created.body).toBe(201);
    const { ticket } = created.json() as TicketView;
    const due = Date.parse(ticket.duedate!);
    expect(due).toBe(Date.parse('2031-03-03T09:00:00Z') + t.config.responseTargetHours.H * HOUR);
    expect(ticket.overdue).toBe(false);

    await at(due - MINUTE);
    const before = await seen(ticket.id);
    expect(before).toMatchObject({ view: false, search: false });

    await at(due + MINUTE);
    const after = await seen(ticket.id);
    expect(after).toMatchObject({ view: true, search: true });
    expect(after.stats).toBe(before.stats + 1);
    expect(after.company).toBe(before.company + 1);
  });

  it("dates a client's new ticket and reply by the clock, and counts the due date from it", async () => {
    await at('2031-04-07T10:00:00Z');
    const res = await client.post('/api/v2/client/tickets', { title: 'Bills late', description: 'The cycle did not run.', severity: 'M' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    await at('2031-04-07T11:30:00Z');
    const reply = await client.post(`/api/v2/client/tickets/${id}/replies`, { body: 'Any news?' });
    expect(reply.statusCode, reply.body).toBe(201);
    const { ticket, thread } = await get<TicketView>(`/api/v2/tickets/${id}`);
    expect(ticket.created_at).toBe('2031-04-07T10:00:00.000Z');
    expect(Date.parse(ticket.duedate!)).toBe(Date.parse('2031-04-07T10:00:00Z') + t.config.responseTargetHours.M * HOUR);
    expect(ticket.updated_at).toBe('2031-04-07T11:30:00.000Z');
    expect(thread.map((n) => [n.body, n.author_type, n.created_at])).toEqual([['Any news?', 'client', '2031-04-07T11:30:00.000Z']]);
  });
});
