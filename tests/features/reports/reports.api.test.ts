import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey } from '@contracts/common/endpoint';
import { REPORTS, resolvePeriod, type ReportResult } from '@contracts/reports';
import { formatNps } from '@contracts/surveys';
import { listApiRoutes, listEndpointlessRoutes } from '@server/app';
import { registerReports, unregisterReport, type ReportDefinition } from '@server/platform/reports';
import { apiAs, type Api } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';
import { pdfText } from '@tests/platform/pdf/pdf-text';

/** A report that sleeps in the database: the cancel and timeout tests' long query. */
const slow = (id: string, seconds: number, timeoutMs?: number): ReportDefinition => ({
  meta: { id, group: 'Tickets', title: 'Slow', description: 'Sleeps.', params: [] },
  access: 'staff',
  snapshot: true,
  columns: [{ key: 'x', label: 'X', kind: 'count' }],
  sql: () => ({ text: `SELECT 1 AS x, pg_sleep(${seconds}) AS slept_for_a_report_test`, values: [] }),
  summary: () => 'slept',
  timeoutMs,
});

describe.each(BACKENDS)('reports on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  let admin: Api;
  const run = async (id: string, query: Record<string, string> = {}) => {
    const res = await admin.get(`/api/v2/reports/${id}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResult;
  };
  /** The ticket search's total for a drill key (the address of the ticket search screen). */
  const searchTotal = async (href: string) => {
    const url = new URLSearchParams(href.split('?')[1]);
    const api = new URLSearchParams();
    url.forEach((v, k) => api.set(k.replace(/^f\./, ''), v));
    api.set('size', '1');
    const res = await admin.get(`/api/v2/tickets?${api}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().total as number;
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    // Figures of every person and everyone's time: an admin's view (docs/adr/0104-report-access.md; tests/features/reports/access.api.test.ts has the other roles').
    admin = await apiAs(t, 'admin');
    registerReports([slow('test-slow', 30), slow('test-timeout', 30, 300), slow('test-slow-runs', 30, 20_000)]);
  });
  afterAll(async () => {
    unregisterReport('test-slow');
    unregisterReport('test-timeout');
    unregisterReport('test-slow-runs');
    await t?.close();
  });

  it('registers every reports route from its endpoint definition', () => {
    const routes = listApiRoutes(t.app);
    expect(Object.values(REPORTS).map(endpointKey).filter((key) => !routes.includes(key))).toEqual([]);
    expect(listEndpointlessRoutes(t.app).filter((key) => /^\w+ \/api\/v2\/reports(\/|$)/.test(key))).toEqual([]);
  });

  it('lists the catalog grouped: tickets, service levels, time, satisfaction', async () => {
    const res = await admin.get('/api/v2/reports');
    const ids = res.json().reports.map((r: { id: string }) => r.id);
    for (const id of ['tickets-by-status', 'tickets-by-severity', 'tickets-by-queue', 'tickets-by-company', 'tickets-by-assignee', 'ticket-age', 'opened-vs-closed', 'sla-attainment', 'time-by-person', 'time-by-company', 'csat-nps', 'survey-comments', 'overdue-by-assignee']) {
      expect(ids).toContain(id);
    }
    const groups = res.json().reports.map((r: { group: string }) => r.group);
    expect(groups.indexOf('Tickets')).toBeLessThan(groups.indexOf('Service levels'));
    expect(groups.indexOf('Time')).toBeLessThan(groups.indexOf('Satisfaction'));
  });

  it('counts tickets by status as the tickets table does, and each drill-down finds the same count', async () => {
    const r = await run('tickets-by-status');
    const known = Object.fromEntries((await sql.rows(`SELECT status, count(*)::int AS n FROM tickets GROUP BY status`)).map((x) => [x.status, x.n]));
    for (const row of r.rows) expect(row.tickets).toBe(known[row.code as string] ?? 0);
    expect(r.totals!.tickets).toBe((await sql.rows('SELECT count(*)::int AS n FROM tickets'))[0].n);
    expect(r.chart!.series[0]!.values).toEqual(r.rows.map((x) => x.tickets));
    const active = r.rows.findIndex((x) => x.code === 'A');
    expect(await searchTotal(r.chart!.series[0]!.drill![active]!)).toBe(Math.min(1000, r.rows[active]!.tickets as number));
  });

  it('counts open tickets by priority, queue, company and assignee with the filters, drill-downs matching', async () => {
    const sev = await run('tickets-by-severity', { queue: 'Support' });
    const known = Object.fromEntries((await sql.rows(`SELECT severity, count(*)::int AS n FROM tickets WHERE status <> 'C' AND queue = 'Support' GROUP BY 1`)).map((x) => [x.severity, x.n]));
    for (const row of sev.rows) expect(row.tickets).toBe(known[row.code as string] ?? 0);
    for (const [i, row] of sev.rows.entries()) if (sev.drill[i]) expect(await searchTotal(sev.drill[i]!)).toBe(row.tickets);
    expect(sev.summary).toMatch(/holds [\d.]+ % of [\d,]+ open tickets/);

    const company = await run('tickets-by-company', { status: 'any' });
    const top = (await sql.rows(`SELECT company_id, count(*)::int AS n FROM tickets GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`))[0];
    expect(company.rows[0]!.tickets).toBe(top.n);
    expect(await searchTotal(company.drill[0]!)).toBe(company.rows[0]!.tickets);
    // The stacked chart's segments add up to the row.
    const stacked = company.chart!.series.reduce((a, s) => a + (s.values[0] ?? 0), 0);
    expect(stacked).toBe(company.rows[0]!.tickets);

    const assignee = await run('tickets-by-assignee');
    const total = (await sql.rows(`SELECT count(*)::int AS n FROM tickets WHERE status <> 'C'`))[0].n;
    expect(assignee.totals!.tickets).toBe(total);
    const agentRow = assignee.rows.find((x) => x.party_id !== null)!;
    const i = assignee.rows.indexOf(agentRow);
    expect(await searchTotal(assignee.drill[i]!)).toBe(agentRow.tickets);
  });

  it('buckets open tickets by age', async () => {
    const r = await run('ticket-age');
    const ages = (await sql.rows(`SELECT extract(epoch FROM now() - created_at) / 86400 AS d FROM tickets WHERE status <> 'C'`)).map((x) => Number(x.d));
    const expected = [ages.filter((d) => d < 1).length, ages.filter((d) => d >= 1 && d < 3).length, ages.filter((d) => d >= 3 && d < 7).length, ages.filter((d) => d >= 7 && d < 30).length, ages.filter((d) => d >= 30).length];
    expect(r.rows.map((x) => x.tickets)).toEqual(expected);
    expect(r.rows.map((x) => x.bucket)).toEqual(['0–1 d', '1–3 d', '3–7 d', '7–30 d', '30+ d']);
  });

  it('counts opened and closed tickets per week and month of the period', async () => {
    const period = resolvePeriod({ period: 'last-90-days' }, new Date());
    const [{ opened, closed }] = await sql.rows(
      `SELECT count(*) FILTER (WHERE created_at >= $1::date AND created_at < $2::date + 1)::int AS opened,
              count(*) FILTER (WHERE closed_at >= $1::date AND closed_at < $2::date + 1)::int AS closed FROM tickets`,
      [period.from, period.to],
    );
    for (const granularity of ['week', 'month', 'day']) {
      const r = await run('opened-vs-closed', { period: 'last-90-days', granularity });
      expect(r.totals).toMatchObject({ opened, closed, net: opened - closed });
    }
    const months = await run('opened-vs-closed', { period: 'custom', from: '2026-01-01', to: '2026-03-31', granularity: 'month' });
    expect(months.rows.map((x) => x.bucket)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('measures SLA attainment against the due date the clock pause moved out', async () => {
    // A ticket that waited on the client 5 days and was closed 2 days after its first due date:
    // within its (moved) due date. Another closed a day late.
    const [a] = await sql.rows(`INSERT INTO tickets (title, severity, status, duedate, created_at) VALUES ('sla paused', 'C', 'A', now() - interval '3 days', now() - interval '10 days') RETURNING id`);
    const [b] = await sql.rows(`INSERT INTO tickets (title, severity, status, duedate, created_at) VALUES ('sla late', 'C', 'A', now() - interval '2 days', now() - interval '10 days') RETURNING id`);
    const patch = (id: number, body: object) => admin.patch(`/api/v2/tickets/${id}`, body);
    await sql.rows(`UPDATE tickets SET status = 'WOC', paused_since = now() - interval '5 days' WHERE id = $1`, [a.id]);
    const closedA = await patch(a.id, { status: 'C' });
    expect(closedA.statusCode, closedA.body).toBe(200);
    expect((await patch(b.id, { status: 'C' })).statusCode).toBe(200);
    const r = await run('sla-attainment', { period: 'this-year', severity: 'C' });
    const [known] = await sql.rows(
      `SELECT count(*)::int AS resolved, count(*) FILTER (WHERE closed_at <= duedate)::int AS in_time FROM tickets
        WHERE status = 'C' AND severity = 'C' AND duedate IS NOT NULL AND closed_at >= date_trunc('year', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    expect(r.totals).toMatchObject({ resolved: known.resolved, in_time: known.in_time });
    const [moved] = await sql.rows(`SELECT closed_at <= duedate AS ok FROM tickets WHERE id = $1`, [a.id]);
    expect(moved.ok).toBe(true);
    const [late] = await sql.rows(`SELECT closed_at <= duedate AS ok FROM tickets WHERE id = $1`, [b.id]);
    expect(late.ok).toBe(false);
  });

  it('counts overdue tickets per assignee; the drill-down opens the same tickets', async () => {
    const r = await run('overdue-by-assignee');
    const known = await sql.rows(`SELECT assignee_id, count(*)::int AS n FROM tickets WHERE status <> 'C' AND duedate < now() GROUP BY 1`);
    expect(r.totals!.overdue).toBe(known.reduce((a, x) => a + x.n, 0));
    const i = r.rows.findIndex((x) => x.assignee_id !== null);
    expect(r.rows[i]!.overdue).toBe(known.find((x) => x.assignee_id === r.rows[i]!.assignee_id).n);
    expect(await searchTotal(r.drill[i]!)).toBe(r.rows[i]!.overdue);
  });

  it('adds up logged time per person and company with the billable share', async () => {
    const period = resolvePeriod({ period: 'this-year' }, new Date());
    const [known] = await sql.rows(
      `SELECT coalesce(sum(minutes), 0)::int AS m, coalesce(sum(minutes) FILTER (WHERE billable), 0)::int AS b FROM time_entries WHERE work_date BETWEEN $1 AND $2`,
      [period.from, period.to],
    );
    for (const id of ['time-by-person', 'time-by-company']) {
      const r = await run(id, { period: 'this-year' });
      expect(r.totals!.hours).toBeCloseTo(known.m / 60, 2);
      expect(r.totals!.billable).toBeCloseTo(known.b / 60, 2);
    }
  });

  it('scores CSAT and NPS per month from the latest answer per survey key', async () => {
    const period = resolvePeriod({ period: 'this-year' }, new Date());
    const all = await sql.rows(`SELECT DISTINCT ON (survey_key_id) type, q1, q2, received_at FROM survey_responses ORDER BY survey_key_id, received_at DESC, id DESC`);
    const inPeriod = all.filter((x) => x.received_at.toISOString().slice(0, 10) >= period.from && x.received_at.toISOString().slice(0, 10) <= period.to);
    const support = inPeriod.filter((x) => x.type === 'TCS');
    const care = inPeriod.filter((x) => x.type === 'CSS' && x.q2 !== null);
    const r = await run('csat-nps', { period: 'this-year' });
    expect(r.totals!.support_responses).toBe(support.length);
    expect(r.totals!.care_responses).toBe(care.length);
    if (support.length) expect(r.totals!.csat).toBeCloseTo((support.filter((x) => x.q1 >= 4).length / support.length) * 100, 1);
    if (care.length) expect(r.totals!.nps).toBeCloseTo(((care.filter((x) => x.q2 >= 9).length - care.filter((x) => x.q2 <= 6).length) / care.length) * 100, 1);
  });

  it('shows NPS as the whole signed score the survey results show, on screen, in the summary and in the PDF', async () => {
    const r = await run('csat-nps', { period: 'this-year' });
    expect(r.columns.find((c) => c.key === 'nps')!.kind).toBe('nps');
    // The chart's months read as months, not ISO text.
    for (const c of r.chart?.categories ?? []) expect(c).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const nps = r.totals!.nps as number | null;
    if (nps !== null) {
      expect(r.summary).toContain(`NPS ${formatNps(nps)} over`);
      expect(r.summary).not.toMatch(/NPS [+−-]?\d+\.\d/);
      const pdf = await admin.get('/api/v2/reports/csat-nps/pdf?period=this-year');
      expect(pdf.statusCode).toBe(200);
      const text = (await pdfText(pdf.rawPayload)).join('\n');
      expect(text).toContain(formatNps(nps));
    }
  });

  it('lists survey comments with filters', async () => {
    const r = await run('survey-comments', { period: 'this-year', rating: 'high' });
    for (const row of r.rows) {
      expect(row.rating as number).toBeGreaterThanOrEqual(4);
      expect(String(row.comment).length).toBeGreaterThan(0);
    }
    const support = await run('survey-comments', { period: 'this-year', kind: 'support' });
    for (const row of support.rows) expect(row.survey).toBe('Support survey');
  });

  it('exports exactly the table as CSV, formulas made inert', async () => {
    await sql.rows(`INSERT INTO tickets (title, status) VALUES ('=HYPERLINK("http://x")', 'A')`);
    const table = await run('ticket-list', { period: 'this-month' });
    const res = await admin.get('/api/v2/reports/ticket-list/csv?period=this-month');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,Title,Status,Priority,Company,Queue,Assignee,Created,Due,Closed');
    expect(lines).toHaveLength(table.rows.length + 1);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(table.rows.map((x) => x.id));
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);

    const byStatus = await run('tickets-by-status');
    const csv = await admin.get('/api/v2/reports/tickets-by-status/csv');
    expect(csv.body).toBe(['Status,Tickets,Share', ...byStatus.rows.map((x) => `${x.segment},${x.tickets},${x.share}`)].join('\r\n') + '\r\n');
  });

  it('renders the PDF with the chart, the rows and the totals', async () => {
    const r = await run('tickets-by-queue', { status: 'any' });
    const res = await admin.get('/api/v2/reports/tickets-by-queue/pdf?status=any');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).join('\n');
    expect(text).toContain('Tickets by queue');
    expect(text).toContain(`Total`);
    expect(text).toContain(new Intl.NumberFormat('en-US').format(r.totals!.tickets as number));
    for (const row of r.rows) expect(text).toContain(String(row.segment));
  });

  it('cancels a running report: its query disappears from the database', async () => {
    const runId = `cancel-${backend}-1234`;
    const pending = admin.get(`/api/v2/reports/test-slow?run=${runId}`);
    const active = () => sql.rows(`SELECT pid FROM pg_stat_activity WHERE query LIKE '%slept_for_a_report_test%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`);
    for (let i = 0; i < 100 && (await active()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await active()).toHaveLength(1);
    const other = await apiAs(t, 'manager');
    const refused = await other.post(`/api/v2/reports/runs/${runId}/cancel`);
    expect(refused.json()).toEqual({ cancelled: false });
    const cancel = await admin.post(`/api/v2/reports/runs/${runId}/cancel`);
    expect(cancel.json()).toEqual({ cancelled: true });
    const res = await pending;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('The report was cancelled');
    expect(await active()).toHaveLength(0);
  });

  describe('run ids', () => {
    const active = () => sql.rows(`SELECT pid FROM pg_stat_activity WHERE query LIKE '%slept_for_a_report_test%' AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`);
    const until = async (count: number) => {
      for (let i = 0; i < 200 && (await active()).length !== count; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await active()).toHaveLength(count);
    };
    const start = (runId: string, as: Api) => as.get(`/api/v2/reports/test-slow-runs?run=${runId}`);
    const cancel = async (runId: string, as: Api) => (await as.post(`/api/v2/reports/runs/${runId}/cancel`)).json();

    it('refuses a second run with an id already going for the same person (409), and the first stays theirs to cancel', async () => {
      const runId = `twice-${backend}-1234`;
      const first = start(runId, admin);
      await until(1);
      const second = await start(runId, admin);
      expect(second.statusCode, second.body).toBe(409);
      expect(second.json().error.message).toMatch(/already going/);
      await until(1);
      expect(await cancel(runId, admin)).toEqual({ cancelled: true });
      expect((await first).json().error.message).toBe('The report was cancelled');
      await until(0);
      // Once it is over, the id can be used again.
      const again = start(runId, admin);
      await until(1);
      expect(await cancel(runId, admin)).toEqual({ cancelled: true });
      expect((await again).statusCode).toBe(409);
    });

    it("keeps runs of different people apart: the same id neither takes over nor cancels another person's run", async () => {
      const runId = `shared-${backend}-1234`;
      const other = await apiAs(t, 'manager');
      const mine = start(runId, admin);
      await until(1);
      const theirs = start(runId, other);
      await until(2);
      expect(await cancel(runId, other)).toEqual({ cancelled: true });
      expect((await theirs).json().error.message).toBe('The report was cancelled');
      await until(1);
      expect(await cancel(runId, admin)).toEqual({ cancelled: true });
      const res = await mine;
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('The report was cancelled');
      await until(0);
    });
  });

  it('stops a report at its statement timeout with a clear 503', async () => {
    const res = await admin.get('/api/v2/reports/test-timeout');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/took longer than/);
  });

  it('names bad parameters in a 400 and answers 404 for an unknown report', async () => {
    const bad = async (url: string) => {
      const res = await admin.get(url);
      expect(res.statusCode).toBe(400);
      return res.json().error.fields;
    };
    expect(await bad('/api/v2/reports/opened-vs-closed?period=someday')).toHaveProperty('period');
    expect(await bad('/api/v2/reports/opened-vs-closed?period=custom&from=2026-02-30&to=2026-03-01')).toHaveProperty('from');
    expect(await bad('/api/v2/reports/opened-vs-closed?period=custom&from=2026-03-01&to=2026-02-01')).toHaveProperty('to');
    expect(await bad('/api/v2/reports/tickets-by-status?granularity=week')).toHaveProperty('granularity');
    expect(await bad('/api/v2/reports/tickets-by-status?company=abc')).toHaveProperty('company');
    expect(await bad('/api/v2/reports/tickets-by-status?run=x')).toHaveProperty('run');
    const missing = await admin.get('/api/v2/reports/no-such-report');
    expect(missing.statusCode).toBe(404);
  });
});

describe("a period's label", () => {
  it('names its days as people read them, never in the ISO form', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(resolvePeriod({ period: 'this-year' }, now).label).toBe('This year (Jan 1, 2026 – Nov 26, 2026)');
    expect(resolvePeriod({ period: 'custom', from: '2026-03-01', to: '2026-03-31' }, now).label).toBe('Mar 1, 2026 – Mar 31, 2026');
    expect(resolvePeriod({ period: 'all-time' }, now).label).toBe('All time');
  });
});
