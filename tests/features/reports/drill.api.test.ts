/**
 * The drill-down invariant: every drill key of every drillable report opens a list (the ticket
 * search, or another report) whose count equals the figure of the segment it was clicked on.
 * Also the ticket search's created / closed ranges and SLA filter, and the period of the
 * "tickets by …" reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { resolvePeriod, type ReportResult } from '@contracts/reports';
import { ticketStatsDrill, type TicketStats, type TicketStatsBreakdown } from '@contracts/tickets';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

const n = (v: unknown) => Number(v ?? 0);

describe.each(BACKENDS)('report drill-downs on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let admin: Api;
  const run = async (id: string, query: Record<string, string> = {}) => {
    const res = await admin.get(`/api/v2/reports/${id}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResult;
  };
  const tickets = async (query: URLSearchParams | Record<string, string>) => {
    const api = new URLSearchParams(query);
    api.set('size', '1');
    return admin.get(`/api/v2/tickets?${api}`);
  };
  /** The ticket search's total for a drill key, checked exact up to the search's count cap. */
  const searchTotal = async (href: string) => {
    expect(href.startsWith('/ticket/search?'), href).toBe(true);
    const url = new URLSearchParams(href.split('?')[1]);
    const api = new URLSearchParams();
    url.forEach((v, k) => api.set(k.replace(/^f\./, ''), v));
    const res = await tickets(api);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };
  const expectCount = async (href: string | null | undefined, figure: number) => {
    expect(href, `a drill key for a figure of ${figure}`).toBeTruthy();
    expect(await searchTotal(href!)).toBe(Math.min(TICKET_SEARCH.countCap, figure));
  };
  /** The report a drill key opens, run with the key's parameters. */
  const runHref = async (href: string) => {
    expect(href.startsWith('/report/view?'), href).toBe(true);
    const url = new URLSearchParams(href.split('?')[1]);
    const report = url.get('report')!;
    url.delete('report');
    return run(report, Object.fromEntries(url));
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    // Figures of every person and everyone's time: an admin's view (docs/adr/0104-report-access.md; tests/features/reports/access.api.test.ts has the other roles').
    admin = await apiAs(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('filters the ticket search by created and closed ranges and by met or missed due date', async () => {
    const [known] = await sql.rows(
      `SELECT count(*) FILTER (WHERE created_at >= '2026-01-01T00:00Z' AND created_at < '2026-02-01T00:00Z')::int AS created,
              count(*) FILTER (WHERE closed_at >= '2026-01-01T00:00Z' AND closed_at < '2026-02-01T00:00Z')::int AS closed,
              count(*) FILTER (WHERE closed_at IS NOT NULL AND duedate IS NOT NULL AND closed_at <= duedate)::int AS met,
              count(*) FILTER (WHERE closed_at IS NOT NULL AND duedate IS NOT NULL AND closed_at > duedate)::int AS missed
         FROM tickets`,
    );
    const total = async (query: Record<string, string>) => {
      const res = await tickets(query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    const cap = (v: number) => Math.min(TICKET_SEARCH.countCap, v);
    // A day as `to` covers the whole day.
    expect(await total({ created_from: '2026-01-01', created_to: '2026-01-31' })).toBe(cap(known.created));
    expect(await total({ closed_from: '2026-01-01', closed_to: '2026-01-31' })).toBe(cap(known.closed));
    expect(await total({ sla: 'met' })).toBe(cap(known.met));
    expect(await total({ sla: 'missed' })).toBe(cap(known.missed));
    // An instant is the bound itself.
    const [exact] = await sql.rows(`INSERT INTO tickets (title, status, created_at) VALUES ('drill instant', 'A', '2025-06-15T10:30:00Z') RETURNING id`);
    const one = await tickets({ created_from: '2025-06-15T10:30:00Z', created_to: '2025-06-15T10:30:00.001Z' });
    expect(one.json().rows.map((r: { id: number }) => r.id)).toEqual([exact.id]);
    expect((await tickets({ created_from: '2025-06-15T10:30:00.001Z', created_to: '2025-06-15T10:31:00Z' })).json().total).toBe(0);
  });

  it('names the bad field of a created or closed range or SLA filter in a 400', async () => {
    const field = async (query: Record<string, string>) => {
      const res = await tickets(query);
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json().error.fields ?? {});
    };
    expect(await field({ created_from: '2026-02-30' })).toContain('created_from');
    expect(await field({ created_to: 'yesterday' })).toContain('created_to');
    expect(await field({ closed_from: '2026-13-01' })).toContain('closed_from');
    expect(await field({ closed_to: '1200-01-01' })).toContain('closed_to');
    expect(await field({ created_from: '2026-03-01', created_to: '2026-02-01' })).toContain('created_to');
    expect(await field({ sla: 'late' })).toContain('sla');
  });

  it('drills from each age bucket to the open tickets of that age', async () => {
    const r = await run('ticket-age');
    expect(r.drill.filter(Boolean).length).toBeGreaterThan(0);
    for (const [i, row] of r.rows.entries()) {
      if (!n(row.tickets)) expect(r.drill[i]).toBeNull();
      else await expectCount(r.drill[i], n(row.tickets));
    }
    expect(r.chart!.series[0]!.drill).toEqual(r.drill);
    const support = await run('ticket-age', { queue: 'Support', severity: 'H' });
    for (const [i, row] of support.rows.entries()) if (n(row.tickets)) await expectCount(support.drill[i], n(row.tickets));
  });

  it('drills from opened vs closed: a bucket opens the tickets created in it, or closed in it', async () => {
    const queries: Record<string, string>[] = [{ period: 'last-90-days', granularity: 'week' }, { period: 'this-year', granularity: 'month' }, { period: 'last-month', granularity: 'day', queue: 'Support' }];
    for (const query of queries) {
      const r = await run('opened-vs-closed', query);
      const opened = r.chart!.series.find((s) => s.name === 'Opened')!;
      const closed = r.chart!.series.find((s) => s.name === 'Closed')!;
      let checked = 0;
      for (const [i, row] of r.rows.entries()) {
        if (n(row.opened)) {
          await expectCount(opened.drill![i], n(row.opened));
          expect(r.cellDrill!.opened![i]).toBe(opened.drill![i]);
          checked++;
        }
        if (n(row.closed)) {
          await expectCount(closed.drill![i], n(row.closed));
          expect(r.cellDrill!.closed![i]).toBe(closed.drill![i]);
          checked++;
        }
        // Only a few buckets per query: the invariant, not the whole calendar.
        if (checked > 8) break;
      }
      expect(checked).toBeGreaterThan(0);
    }
  });

  it('drills from SLA attainment: priority × month opens its closed tickets, those met and those missed', async () => {
    const r = await run('sla-attainment', { period: 'this-year' });
    expect(r.rows.length).toBeGreaterThan(0);
    for (const [i, row] of r.rows.slice(0, 8).entries()) {
      await expectCount(r.drill[i], n(row.resolved));
      if (n(row.in_time)) await expectCount(r.cellDrill!.in_time![i], n(row.in_time));
      if (n(row.late)) await expectCount(r.cellDrill!.late![i], n(row.late));
    }
    // A chart point is its row's drill.
    const first = r.rows[0]!;
    const series = r.chart!.series.find((s) => s.name === String(first.severity))!;
    const month = r.chart!.categories.indexOf(String(first.month));
    expect(series.drill![month]).toBe(r.drill[0]);
  });

  it('drills from overdue by assignee to the same overdue tickets', async () => {
    const r = await run('overdue-by-assignee');
    for (const [i, row] of r.rows.entries()) if (row.assignee_id !== null) await expectCount(r.drill[i], n(row.overdue));
  });

  it('drills from time by person and by company to their time entries of the period, hours equal', async () => {
    for (const id of ['time-by-person', 'time-by-company']) {
      const r = await run(id, { period: 'this-year' });
      const row = r.rows.findIndex((x) => x.party_id !== null);
      expect(row).toBeGreaterThanOrEqual(0);
      const list = await runHref(r.drill[row]!);
      expect(list.report.id).toBe('time-entries');
      expect(list.period).toEqual(r.period);
      expect(list.totals!.hours).toBeCloseTo(n(r.rows[row]!.hours), 2);
      expect(list.summary).toContain(`${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(n(r.rows[row]!.hours))} h`);
      expect(r.chart!.series[0]!.drill![row]).toBe(r.drill[row]);
    }
  });

  it('drills from CSAT and NPS per month to the survey comments of that month, as many as it counts', async () => {
    const r = await run('csat-nps', { period: 'this-year' });
    const months = r.rows.filter((x) => n(x.comments) > 0);
    expect(months.length).toBeGreaterThan(0);
    for (const row of months.slice(0, 4)) {
      const i = r.rows.indexOf(row);
      const list = await runHref(r.drill[i]!);
      expect(list.report.id).toBe('survey-comments');
      expect(list.rows).toHaveLength(n(row.comments));
      for (const c of list.rows) expect(String(c.received).slice(0, 7)).toBe(row.month);
    }
    for (const [i, row] of r.rows.entries()) if (!n(row.comments)) expect(r.drill[i]).toBeNull();
  });

  it('takes a period on the "tickets by …" reports: all time by default, created in the period when chosen, drill-downs matching', async () => {
    const all = await run('tickets-by-status');
    expect(all.period?.preset).toBe('all-time');
    expect(all.totals!.tickets).toBe((await sql.rows('SELECT count(*)::int AS n FROM tickets'))[0].n);
    const period = resolvePeriod({ period: 'last-90-days' }, new Date());
    const [known] = await sql.rows(`SELECT count(*)::int AS n FROM tickets WHERE created_at >= $1::date AND created_at < $2::date + 1`, [period.from, period.to]);
    const recent = await run('tickets-by-status', { period: 'last-90-days' });
    expect(recent.totals!.tickets).toBe(known.n);
    for (const [i, row] of recent.rows.entries()) if (n(row.tickets)) await expectCount(recent.drill[i], n(row.tickets));
    for (const id of ['tickets-by-severity', 'tickets-by-queue', 'tickets-by-company', 'tickets-by-assignee']) {
      const r = await run(id, { period: 'this-year' });
      const i = r.rows.findIndex((x, j) => n(x.tickets) > 0 && r.drill[j]);
      await expectCount(r.drill[i], n(r.rows[i]!.tickets));
    }
    // "All time" is only for these reports.
    const res = await admin.get('/api/v2/reports/opened-vs-closed?period=all-time');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('period');
  });

  it('drills from every bar of the active ticket stats to the ticket search with the same count', async () => {
    const res = await admin.get('/api/v2/tickets/stats');
    const stats = res.json() as TicketStats;
    let checked = 0;
    for (const key of ['by_status', 'by_severity', 'by_queue', 'by_assignee', 'by_age'] as TicketStatsBreakdown[]) {
      for (const row of stats[key]) {
        const href = ticketStatsDrill(key, row.key, stats.as_of);
        // The unassigned bar opens the tickets nobody holds.
        if (key === 'by_assignee' && row.key === 'none') expect(href).toContain('unassigned=true');
        await expectCount(href, row.count);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });
});
