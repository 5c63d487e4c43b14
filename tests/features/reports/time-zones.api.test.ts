/**
 * Periods in the run's time zone (docs/adr/0095-report-time-zones.md) and the Unassigned rows'
 * drill-down: the same tickets fall on different days in New York and Auckland, every bucket's
 * drill key opens the ticket search with its count, and "Unassigned" opens the tickets nobody holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { resolvePeriod, startOfDayIn, type ReportResult } from '@contracts/reports';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const n = (v: unknown) => Number(v ?? 0);

describe.each(BACKENDS)('report time zones and unassigned drill-downs on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let admin: Api;
  let company: number;
  const get = (id: string, query: Record<string, string>) => admin.get(`/api/v2/reports/${id}?${new URLSearchParams(query)}`);
  const run = async (id: string, query: Record<string, string> = {}) => {
    const res = await get(id, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResult;
  };
  const searchTotal = async (href: string) => {
    expect(href.startsWith('/ticket/search?'), href).toBe(true);
    const api = new URLSearchParams();
    new URLSearchParams(href.split('?')[1]).forEach((v, k) => api.set(k.replace(/^f\./, ''), v));
    api.set('size', '1');
    const res = await admin.get(`/api/v2/tickets?${api}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };
  const expectCount = async (href: string | null | undefined, figure: number) => {
    expect(href, `a drill key for a figure of ${figure}`).toBeTruthy();
    expect(await searchTotal(href!)).toBe(Math.min(TICKET_SEARCH.countCap, figure));
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    // Figures of every person and everyone's time: an admin's view (docs/adr/0104-report-access.md; tests/features/reports/access.api.test.ts has the other roles').
    admin = await apiAs(t, 'admin');
    // A company of its own, so the figures below are only these tickets.
    company = n((await sql.rows(`INSERT INTO companies (name, account_number) VALUES ('Zone Test Ltd', 'TZ-0001') RETURNING id`))[0]!.id);
    // 2026-03-10 03:00 UTC is 23:00 on 9 March in New York (EDT since 8 March) and 16:00 on 10 March in Auckland.
    // 2026-03-10 12:00 UTC is 08:00 on 10 March in New York and 01:00 on 11 March in Auckland.
    // Closed 2026-03-31 23:30 UTC: 31 March in UTC and New York, 1 April in Auckland.
    await sql.rows(
      `INSERT INTO tickets (title, company_id, status, created_at, closed_at, duedate) VALUES
         ('zone early', $1, 'A', '2026-03-10T03:00:00Z', NULL, NULL),
         ('zone late', $1, 'C', '2026-03-10T12:00:00Z', '2026-03-31T23:30:00Z', '2026-04-02T00:00:00Z')`,
      [company],
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const days = (r: ReportResult) => Object.fromEntries(r.rows.filter((row) => n(row.opened) || n(row.closed)).map((row) => [String(row.bucket), [n(row.opened), n(row.closed)]]));
  const march = { period: 'custom', from: '2026-03-01', to: '2026-04-30', granularity: 'day' };

  it('counts opened and closed tickets on the days of the zone it is given (UTC by default)', async () => {
    const utc = await run('opened-vs-closed', { ...march, company: String(company) });
    expect(days(utc)).toEqual({ '2026-03-10': [2, 0], '2026-03-31': [0, 1] });
    expect(utc.period?.tz).toBe('UTC');
    const ny = await run('opened-vs-closed', { ...march, company: String(company), tz: 'America/New_York' });
    expect(days(ny)).toEqual({ '2026-03-09': [1, 0], '2026-03-10': [1, 0], '2026-03-31': [0, 1] });
    expect(ny.period).toMatchObject({ from: '2026-03-01', to: '2026-04-30', tz: 'America/New_York' });
    const akl = await run('opened-vs-closed', { ...march, company: String(company), tz: 'Pacific/Auckland' });
    expect(days(akl)).toEqual({ '2026-03-10': [1, 0], '2026-03-11': [1, 0], '2026-04-01': [0, 1] });
    // Months too: the closing falls in March in New York and in April in Auckland.
    const months = async (tz: string) =>
      (await run('opened-vs-closed', { ...march, granularity: 'month', company: String(company), tz })).rows.map((r) => [String(r.bucket), n(r.opened), n(r.closed)]);
    expect(await months('America/New_York')).toEqual([['2026-03', 2, 1], ['2026-04', 0, 0]]);
    expect(await months('Pacific/Auckland')).toEqual([['2026-03', 2, 0], ['2026-04', 0, 1]]);
  });

  it('drills from a zone\'s day to the ticket search with the instants of that day, and the same count', async () => {
    const ny = await run('opened-vs-closed', { ...march, company: String(company), tz: 'America/New_York' });
    const i = ny.rows.findIndex((r) => r.bucket === '2026-03-09');
    const href = ny.drill[i]!;
    const url = new URLSearchParams(href.split('?')[1]);
    expect(url.get('created_from')).toBe(startOfDayIn('2026-03-09', 'America/New_York'));
    expect(url.get('created_from')).toBe('2026-03-09T04:00:00.000Z'); // EDT, UTC−4
    expect(url.get('created_to')).toBe('2026-03-10T04:00:00.000Z');
    await expectCount(href, 1);
    const akl = await run('opened-vs-closed', { ...march, company: String(company), tz: 'Pacific/Auckland' });
    const april = akl.rows.findIndex((r) => r.bucket === '2026-04-01');
    await expectCount(akl.cellDrill?.closed?.[april], 1);
  });

  it('counts SLA attainment per month of the zone', async () => {
    const sla = async (tz: string) => (await run('sla-attainment', { period: 'custom', from: '2026-03-01', to: '2026-04-30', company: String(company), tz })).rows.map((r) => [r.month, n(r.resolved)]);
    expect(await sla('America/New_York')).toEqual([['2026-03', 1]]);
    expect(await sla('Pacific/Auckland')).toEqual([['2026-04', 1]]);
  });

  it('resolves the presets on the calendar of the zone', () => {
    // 2026-01-01 03:00 UTC is still 2025 in New York and already 2026 in Auckland.
    const now = new Date('2026-01-01T03:00:00Z');
    expect(resolvePeriod({ period: 'this-year', tz: 'America/New_York' }, now)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    expect(resolvePeriod({ period: 'this-year', tz: 'Pacific/Auckland' }, now)).toMatchObject({ from: '2026-01-01', to: '2026-01-01' });
    expect(resolvePeriod({ period: 'this-year' }, now)).toMatchObject({ from: '2026-01-01', to: '2026-01-01', tz: 'UTC' });
  });

  it('refuses a time zone Intl does not know with a 400 naming tz, and runs nothing', async () => {
    for (const tz of ['Mars/Olympus_Mons', "UTC'; DROP TABLE tickets; --", 'x'.repeat(80)]) {
      const res = await get('opened-vs-closed', { period: 'this-year', tz });
      expect(res.statusCode, tz).toBe(400);
      expect(res.json().error.fields).toHaveProperty('tz');
    }
    expect(n((await sql.rows('SELECT count(*) FROM tickets'))[0]!.count)).toBeGreaterThan(0);
  });

  it('filters the ticket search to unassigned tickets, and refuses a bad value naming the field', async () => {
    const count = n((await sql.rows(`SELECT count(*)::int AS count FROM tickets WHERE assignee_id IS NULL`))[0]!.count);
    expect(count).toBeGreaterThan(0);
    expect(await searchTotal('/ticket/search?unassigned=true')).toBe(Math.min(TICKET_SEARCH.countCap, count));
    const assigned = n((await sql.rows(`SELECT count(*)::int AS assigned FROM tickets WHERE assignee_id IS NOT NULL`))[0]!.assigned);
    expect(await searchTotal('/ticket/search?unassigned=false')).toBe(Math.min(TICKET_SEARCH.countCap, assigned));
    const bad = await admin.get('/api/v2/tickets?unassigned=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('unassigned');
  });

  it('drills from the Unassigned rows of tickets by assignee and overdue by assignee to the same count', async () => {
    // An overdue open ticket nobody holds, so the overdue report has an Unassigned row.
    await sql.rows(`INSERT INTO tickets (title, status, severity, duedate, created_at) VALUES ('nobody holds it', 'A', 'H', now() - interval '2 days', now() - interval '5 days')`);
    const byAssignee = await run('tickets-by-assignee');
    const i = byAssignee.rows.findIndex((r) => r.segment === 'Unassigned');
    expect(i).toBeGreaterThanOrEqual(0);
    expect(byAssignee.drill[i]).toContain('unassigned=true');
    await expectCount(byAssignee.drill[i], n(byAssignee.rows[i]!.tickets));
    // The chart's bars of that row (one per priority) drill too.
    const bars = byAssignee.chart!.series.flatMap((s, si) => {
      const at = byAssignee.chart!.categories.indexOf('Unassigned');
      return at < 0 || !s.values[at] ? [] : [[s.drill?.[at], n(s.values[at]), si] as const];
    });
    expect(bars.length).toBeGreaterThan(0);
    for (const [href, figure] of bars) await expectCount(href, figure);

    const overdue = await run('overdue-by-assignee');
    const o = overdue.rows.findIndex((r) => r.assignee === 'Unassigned');
    expect(o).toBeGreaterThanOrEqual(0);
    await expectCount(overdue.drill[o], n(overdue.rows[o]!.overdue));
    const at = overdue.chart!.categories.indexOf('Unassigned');
    await expectCount(overdue.chart!.series[0]!.drill?.[at], n(overdue.rows[o]!.overdue));
  });
});
