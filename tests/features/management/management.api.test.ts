/** The management dashboard's API: registered from its endpoint definition, answering the team's figures as the tickets table holds them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointKey } from '@contracts/common/endpoint';
import { MANAGEMENT, type ManagementDashboard } from '@contracts/management';
import { listApiRoutes, listEndpointlessRoutes } from '@server/app';
import { apiAs } from '@tests/support/api';
import { sqlOf, type Sql } from '@tests/support/sql';
import { BACKENDS, startTestApp, type TestApp } from '@tests/support/test-app';

describe.each(BACKENDS)('management dashboard on %s', (backend) => {
  let t: TestApp;
  let sql: Sql;
  beforeAll(async () => {
    t = await startTestApp(backend);
    sql = sqlOf(t);
  });
  afterAll(() => t?.close());

  it('registers the dashboard from its endpoint definition', () => {
    expect(listApiRoutes(t.app)).toContain(endpointKey(MANAGEMENT.dashboard));
    expect(listEndpointlessRoutes(t.app).filter((key) => /^\w+ \/api\/v2\/management(\/|$)/.test(key))).toEqual([]);
  });

  it("answers the team's open and overdue tickets as the tickets table counts them, one row per active staff member", async () => {
    const res = await (await apiAs(t, 'manager')).get(MANAGEMENT.dashboard.path);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ManagementDashboard;
    const [totals] = await sql.rows<{ open: number; overdue: number }>(`SELECT count(*) FILTER (WHERE status <> 'C')::int AS open, count(*) FILTER (WHERE status <> 'C' AND duedate < now())::int AS overdue FROM tickets`);
    expect({ open: body.open, overdue: body.overdue }).toEqual(totals);
    expect(body.by_severity.reduce((a, s) => a + s.open, 0)).toBe(totals!.open);
    const staff = await sql.rows<{ name: string }>('SELECT name FROM staff_users WHERE active ORDER BY name');
    expect(body.team.map((m) => m.name)).toEqual(staff.map((s) => s.name));
  });
});
