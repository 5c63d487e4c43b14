import { endpointKey } from '@contracts/common/endpoint';
import { TIME } from '@contracts/time';
import { endpointRows, managersOnly, staffOnly, type MatrixIds, type Row } from '@tests/support/authz';

/** Weeks the rows use: cells and rows in one, submissions in another, prepared decisions in others. */
const CELLS_WEEK = '2026-06-08';
const SUBMIT_WEEK = '2026-06-15';
const MANAGER_DECIDES = '2026-05-04';
const ADMIN_DECIDES = '2026-05-11';
const MANAGER_REOPENS = '2026-05-18';
const ADMIN_REOPENS = '2026-05-25';

/**
 * Time: everyone their own; managers (of the person) and admins their team's weeks, punches and
 * timer; clients nothing. The prepared rows give each manager-side row a week or punch of the
 * agent (whom the manager manages) in the state the decision needs.
 */
export const ROWS = endpointRows([
  [TIME.week, { url: `/api/v2/timesheet?week=${CELLS_WEEK}`, expect: staffOnly() }],
  [TIME.setCell, { body: ({ extra }: MatrixIds) => ({ week: CELLS_WEEK, item: { kind: 'company', id: extra.acme }, day: '2026-06-09', minutes: 90 }), expect: staffOnly() }],
  [TIME.addRow, { body: ({ extra }: MatrixIds) => ({ week: CELLS_WEEK, item: { kind: 'company', id: extra.acme } }), expect: staffOnly() }],
  [TIME.copyLastWeek, { body: { week: CELLS_WEEK }, expect: staffOnly() }],
  [TIME.submit, { body: { week: SUBMIT_WEEK }, expect: staffOnly() }],
  [TIME.team, { url: `/api/v2/timesheet/team?week=${SUBMIT_WEEK}`, expect: managersOnly() }],
  [
    TIME.decide,
    {
      body: ({ extra, self }: MatrixIds) => ({ week: self === extra.admin ? ADMIN_DECIDES : MANAGER_DECIDES, users: [extra.agent], decision: 'approve' }),
      expect: managersOnly(),
    },
  ],
  [TIME.reopen, { body: ({ extra, self }: MatrixIds) => ({ week: self === extra.admin ? ADMIN_REOPENS : MANAGER_REOPENS, user: extra.agent }), expect: managersOnly() }],
  [TIME.timeclock, { url: '/api/v2/timeclock?week=2026-06-08&tz=Europe%2FBerlin', expect: staffOnly() }],
  [TIME.punch, { body: { action: 'in', tz: 'America/New_York' }, expect: staffOnly() }],
  [TIME.flagged, { expect: managersOnly() }],
  [TIME.correctPunch, { url: ({ extra }) => `/api/v2/timeclock/punches/${extra.punch}`, body: { punched_out_at: '2026-01-05T17:00:00Z' }, expect: managersOnly() }],
  [TIME.tracker, { url: ({ extra, self }: MatrixIds) => `/api/v2/ms/tracker/${extra.acme}/${self}`, expect: staffOnly() }],
  [TIME.track, { url: ({ extra, self }: MatrixIds) => `/api/v2/ms/tracker/${extra.acme}/${self}`, body: { action: 'start', tz: 'UTC' }, expect: staffOnly() }],
  [TIME.contracts, { expect: staffOnly() }],
  [TIME.contract, { url: ({ extra }) => `/api/v2/ms/contracts/${extra.acme}`, expect: staffOnly() }],
  [
    TIME.saveContract,
    {
      url: ({ extra }) => `/api/v2/ms/contracts/${extra.globex}`,
      body: { plan: 'Managed Silver', included_hours: 10, overage_rate_cents: 12000, rounding_minutes: 6, rollover: false },
      expect: managersOnly(),
    },
  ],
  [TIME.closeMonth, { url: ({ extra }) => `/api/v2/ms/contracts/${extra.acme}/close`, body: ({ extra, self }: MatrixIds) => ({ month: self === extra.admin ? '2025-02' : '2025-01' }), expect: managersOnly() }],
  [TIME.msTickets, { expect: staffOnly() }],
]);

/** A person's timer and week are refused to others than their manager and admins. */
export const EXTRA_CASES = [
  {
    route: endpointKey(TIME.tracker),
    label: "another person's timer",
    row: { url: ({ extra, self }: { extra: Record<string, number>; self: number }) => `/api/v2/ms/tracker/${extra.acme}/${self === extra.agent ? extra.manager : extra.agent}`, expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } },
  },
  {
    route: endpointKey(TIME.week),
    label: "the agent's week",
    row: { url: ({ extra }: { extra: Record<string, number> }) => `/api/v2/timesheet?week=${CELLS_WEEK}&user=${extra.quinn}`, expect: { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 } },
  },
] satisfies { route: string; label: string; row: Row }[];

export async function prepare(pool: { query: (sql: string, values?: unknown[]) => Promise<{ rows: Record<string, number>[] }> }): Promise<Record<string, number>> {
  const one = async (sql: string, values: unknown[] = []) => (await pool.query(sql, values)).rows[0]!.id!;
  const staff = (email: string) => one('SELECT id FROM staff_users WHERE email = $1', [email]);
  const ids = {
    acme: await one(`SELECT id FROM companies WHERE account_number = 'ACME-001'`),
    globex: await one(`SELECT id FROM companies WHERE account_number = 'GLOBEX-002'`),
    agent: await staff('agent@demo.test'),
    manager: await staff('manager@demo.test'),
    admin: await staff('admin@demo.test'),
    quinn: await staff('quinn.qa@demo.test'),
  };
  for (const [week, status] of [
    [MANAGER_DECIDES, 'submitted'],
    [ADMIN_DECIDES, 'submitted'],
    [MANAGER_REOPENS, 'approved'],
    [ADMIN_REOPENS, 'approved'],
  ]) {
    await pool.query('INSERT INTO timesheet_weeks (staff_user_id, week_start, status, submitted_at) VALUES ($1, $2, $3, now())', [ids.agent, week, status]);
  }
  const punch = await one(
    `INSERT INTO timeclock_punches (staff_user_id, time_zone, punched_in_at, punched_out_at, flagged_at) VALUES ($1, 'UTC', '2026-01-05T08:00:00Z', '2026-01-05T09:00:00Z', now()) RETURNING id::int AS id`,
    [ids.agent],
  );
  return { ...ids, punch };
}
