/**
 * Who may run which report, and whose rows it shows (docs/adr/0104-report-access.md): every
 * definition declares its rule; per-person time follows the time rule (own; a manager's own and
 * their direct reports'; an admin everyone's) in the table, the CSV and the PDF alike; per-person
 * ticket figures follow the management dashboard (managers and admins); another person asked for
 * by parameter is a 403 naming the rule, not an empty table; the catalog lists only what the
 * caller may run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportCatalog, ReportResult } from '@contracts/reports';
import { registerReports, unregisterReport, type ReportDefinition } from '@server/platform/reports';
import { reportDefinitions } from '@server/platform/reports';
import { apiAs } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type DemoAccount, type TestApp } from '@tests/support/test-app';
import { pdfText } from '@tests/platform/pdf/pdf-text';

/** A month nobody else logs time in: the rows below are the only ones. */
const MARCH_2020 = { period: 'custom', from: '2020-03-01', to: '2020-03-31' };
const PEOPLE = {
  agent: 'agent@demo.test',
  manager: 'manager@demo.test',
  admin: 'admin@demo.test',
  quinn: 'quinn.qa@demo.test',
  dana: 'dana.dev@demo.test',
} as const;
type Person = keyof typeof PEOPLE;
/** Each person's entries in March 2020 (minutes), with a description naming them. */
const ENTRIES: Record<Person, number[]> = { agent: [60, 30], manager: [45], admin: [90], quinn: [120], dana: [15] };
const NAMES: Record<Person, string> = { agent: 'Avery Agent', manager: 'Morgan Manager', admin: 'Alex Admin', quinn: 'Quinn Tester', dana: 'Dana Developer' };

/** A per-person time report whose SQL forgets the time rule: the runner must refuse to run it. */
const LEAKY: ReportDefinition = {
  meta: { id: 'test-leaky-time', group: 'Time', title: 'Leaky', description: 'Reads every entry.', params: [] },
  access: { rows: 'time' },
  snapshot: true,
  columns: [{ key: 'minutes', label: 'Minutes', kind: 'count' }],
  sql: () => ({ text: 'SELECT coalesce(sum(minutes), 0)::int AS minutes FROM time_entries', values: [] }),
  summary: () => 'every entry',
};

describe.each(BACKENDS)('report access on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  const ids = {} as Record<Person, number>;
  const get = async (who: DemoAccount, path: string, query: Record<string, string | number> = {}) => {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return (await apiAs(t, who)).get(`${path}?${search}`);
  };
  const run = async (who: DemoAccount, id: string, query: Record<string, string | number> = {}) => {
    const res = await get(who, `/api/v2/reports/${id}`, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReportResult;
  };
  const catalog = async (who: DemoAccount) => ((await get(who, '/api/v2/reports')).json() as ReportCatalog).reports;
  /** The table, the CSV and the PDF of one run: each must be refused with a 403 naming the rule. */
  const expectRefused = async (who: DemoAccount, id: string, query: Record<string, string | number>, rule: RegExp, field?: string) => {
    for (const suffix of ['', '/csv', '/pdf']) {
      const res = await get(who, `/api/v2/reports/${id}${suffix}`, query);
      expect(res.statusCode, `${id}${suffix} ${res.body}`).toBe(403);
      expect(res.json().error.message).toMatch(rule);
      if (field) expect(res.json().error.fields).toHaveProperty(field);
    }
  };
  const minutesOf = (...people: Person[]) => people.flatMap((p) => ENTRIES[p]).reduce((a, m) => a + m, 0);

  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
    for (const [key, email] of Object.entries(PEOPLE)) ids[key as Person] = (await sql.rows('SELECT id FROM staff_users WHERE email = $1', [email]))[0].id;
    const [acme] = await sql.rows(`SELECT id FROM companies WHERE account_number = 'ACME-001'`);
    for (const [person, minutes] of Object.entries(ENTRIES)) {
      for (const [i, m] of minutes.entries()) {
        await sql.rows(`INSERT INTO time_entries (staff_user_id, company_id, work_date, minutes, description) VALUES ($1, $2, $3, $4, $5)`, [
          ids[person as Person],
          acme.id,
          `2020-03-${String(10 + i).padStart(2, '0')}`,
          m,
          `Work of ${person} ${i + 1}`,
        ]);
      }
    }
    registerReports([LEAKY]);
  });
  afterAll(async () => {
    unregisterReport(LEAKY.meta.id);
    await t?.close();
  });

  it('declares an access rule on every report of the catalog, and refuses to register one without', () => {
    const defs = reportDefinitions().filter((d) => !d.meta.id.startsWith('test-'));
    expect(defs.length).toBeGreaterThan(15);
    const rules = defs.map((d) => (typeof d.access === 'string' ? d.access : JSON.stringify(d.access)));
    for (const [i, rule] of rules.entries()) expect(['staff', 'managers', '{"rows":"time"}', '{"person":"managers"}'], defs[i]!.meta.id).toContain(rule);
    const { access: _, ...undeclared } = LEAKY;
    expect(() => registerReports([{ ...undeclared, meta: { ...LEAKY.meta, id: 'test-undeclared' } } as ReportDefinition])).toThrow(/test-undeclared.*access/);
  });

  it('lists only the reports the caller may run, with the people each may be narrowed to', async () => {
    const agent = await catalog('agent');
    const agentIds = agent.map((r) => r.id);
    expect(agentIds).not.toContain('tickets-by-assignee');
    expect(agentIds).not.toContain('overdue-by-assignee');
    for (const id of ['tickets-by-status', 'opened-vs-closed', 'time-entries', 'time-by-person', 'csat-nps', 'number-of-calls']) expect(agentIds).toContain(id);
    expect(agent.find((r) => r.id === 'time-entries')!.assignees).toEqual([ids.agent]);
    expect(agent.find((r) => r.id === 'opened-vs-closed')!.assignees).toEqual([ids.agent]);
    expect(agent.find((r) => r.id === 'number-of-calls')!.assignees).toBeUndefined();

    const manager = await catalog('manager');
    for (const id of ['tickets-by-assignee', 'overdue-by-assignee', 'time-entries']) expect(manager.map((r) => r.id)).toContain(id);
    expect([...manager.find((r) => r.id === 'time-entries')!.assignees!].sort((a, b) => a - b)).toEqual([ids.agent, ids.manager, ids.quinn].sort((a, b) => a - b));
    expect(manager.find((r) => r.id === 'opened-vs-closed')!.assignees).toBeUndefined();

    const admin = await catalog('admin');
    expect(admin.find((r) => r.id === 'time-entries')!.assignees).toBeUndefined();
    expect(admin.length).toBe(manager.length);
  });

  it("shows an agent only their own time: the table, the CSV and the PDF", async () => {
    const entries = await run('agent', 'time-entries', MARCH_2020);
    expect(entries.rows.map((r) => r.person)).toEqual([NAMES.agent, NAMES.agent]);
    expect(entries.totals!.hours).toBeCloseTo(minutesOf('agent') / 60, 2);

    const csv = await get('agent', '/api/v2/reports/time-entries/csv', MARCH_2020);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain(NAMES.agent);

    const pdf = await get('agent', '/api/v2/reports/time-entries/pdf', MARCH_2020);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    expect(text).toContain('Work of agent 1');
    for (const other of ['quinn', 'dana', 'manager', 'admin'] as const) expect(text).not.toContain(`Work of ${other}`);

    const byPerson = await run('agent', 'time-by-person', MARCH_2020);
    expect(byPerson.rows.map((r) => r.name)).toEqual([NAMES.agent]);
    const byCompany = await run('agent', 'time-by-company', MARCH_2020);
    expect(byCompany.totals!.hours).toBeCloseTo(minutesOf('agent') / 60, 2);
    const companyCsv = await get('agent', '/api/v2/reports/time-by-company/csv', MARCH_2020);
    expect(companyCsv.body.trimEnd().split('\r\n')[1]).toContain(`,${minutesOf('agent') / 60},`);
  });

  it("refuses another person's time asked for by parameter with a 403 naming the rule, in the table, the CSV and the PDF", async () => {
    const rule = /their manager or an admin/;
    await expectRefused('agent', 'time-entries', { ...MARCH_2020, assignee: ids.quinn }, rule, 'assignee');
    await expectRefused('agent', 'time-by-company', { ...MARCH_2020, assignee: ids.manager }, rule, 'assignee');
    // Their own, named: allowed.
    expect((await run('agent', 'time-entries', { ...MARCH_2020, assignee: ids.agent })).rows).toHaveLength(2);
  });

  it("gives a manager their own time and their direct reports', and refuses anyone else's", async () => {
    const entries = await run('manager', 'time-entries', MARCH_2020);
    expect(new Set(entries.rows.map((r) => r.person))).toEqual(new Set([NAMES.manager, NAMES.agent, NAMES.quinn]));
    expect(entries.totals!.hours).toBeCloseTo(minutesOf('manager', 'agent', 'quinn') / 60, 2);
    expect((await run('manager', 'time-entries', { ...MARCH_2020, assignee: ids.quinn })).rows.map((r) => r.person)).toEqual([NAMES.quinn]);
    const byPerson = await run('manager', 'time-by-person', MARCH_2020);
    expect(new Set(byPerson.rows.map((r) => r.name))).toEqual(new Set([NAMES.manager, NAMES.agent, NAMES.quinn]));
    await expectRefused('manager', 'time-entries', { ...MARCH_2020, assignee: ids.dana }, /their manager or an admin/, 'assignee');
  });

  it("gives an admin everyone's time", async () => {
    const entries = await run('admin', 'time-entries', MARCH_2020);
    expect(new Set(entries.rows.map((r) => r.person))).toEqual(new Set(Object.values(NAMES)));
    expect((await run('admin', 'time-entries', { ...MARCH_2020, assignee: ids.dana })).rows.map((r) => r.person)).toEqual([NAMES.dana]);
  });

  it('keeps the per-person ticket reports for managers and admins, as the management dashboard does', async () => {
    const rule = /managers and admins/;
    await expectRefused('agent', 'tickets-by-assignee', {}, rule);
    await expectRefused('agent', 'overdue-by-assignee', {}, rule);
    expect((await run('manager', 'tickets-by-assignee')).rows.length).toBeGreaterThan(1);
    expect((await run('admin', 'overdue-by-assignee')).rows.length).toBeGreaterThan(0);
  });

  it("lets an agent narrow ticket figures to themselves, and keeps another person's figures for managers and admins", async () => {
    const rule = /managers and admins/;
    expect((await run('agent', 'opened-vs-closed', { assignee: ids.agent })).rows.length).toBeGreaterThan(0);
    await expectRefused('agent', 'opened-vs-closed', { assignee: ids.dana }, rule, 'assignee');
    await expectRefused('agent', 'sla-attainment', { assignee: ids.dana }, rule, 'assignee');
    await expectRefused('agent', 'tickets-by-status', { assignee: ids.dana }, rule, 'assignee');
    await expectRefused('agent', 'ticket-age', { assignee: ids.dana }, rule, 'assignee');
    expect((await run('manager', 'opened-vs-closed', { assignee: ids.dana })).rows.length).toBeGreaterThan(0);
    // The ticket list is the ticket search's list, which every staff member may filter by assignee.
    expect((await get('agent', '/api/v2/reports/ticket-list', { assignee: ids.dana })).statusCode).toBe(200);
  });

  it('refuses to run a per-person time report whose SQL leaves out the time rule', async () => {
    for (const suffix of ['', '/csv', '/pdf']) {
      const res = await get('agent', `/api/v2/reports/${LEAKY.meta.id}${suffix}`);
      expect(res.statusCode, `${suffix} ${res.body}`).toBe(500);
      expect(res.json().error.code).toBe('internal');
    }
  });
});
