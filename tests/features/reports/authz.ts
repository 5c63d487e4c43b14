import { endpointKey } from '@contracts/common/endpoint';
import { REPORTS } from '@contracts/reports';
import { endpointRows, managersOnly, staffOnly, type MatrixIds, type Row } from '@tests/support/authz';
import { sqlOf, type Queryable } from '@tests/support/sql';

/** Reports: every staff member; a cancel of an unknown run answers cancelled: false. */
export const ROWS = endpointRows([
  [REPORTS.catalog, { expect: staffOnly() }],
  [REPORTS.run, { url: '/api/v2/reports/tickets-by-status', expect: staffOnly() }],
  [REPORTS.csv, { url: '/api/v2/reports/tickets-by-status/csv', expect: staffOnly() }],
  [REPORTS.pdf, { url: '/api/v2/reports/tickets-by-status/pdf', expect: staffOnly() }],
  [REPORTS.cancel, { url: '/api/v2/reports/runs/no-such-run/cancel', expect: staffOnly() }],
]);

/** A month of time entries (a short PDF): the rows do not matter here, only who may ask. */
const MONTH = 'period=custom&from=2020-03-01&to=2020-03-31';
const OUTPUTS = [
  ['table', endpointKey(REPORTS.run), ''],
  ['CSV', endpointKey(REPORTS.csv), '/csv'],
  ['PDF', endpointKey(REPORTS.pdf), '/pdf'],
] as const;

/** One case per output (table, CSV, PDF) of a report asked for with these parameters. */
const everyOutput = (label: string, report: string, query: (ids: MatrixIds) => string, expect: Row['expect']) =>
  OUTPUTS.map(([output, route, suffix]) => ({ route, label: `${label}, ${output}`, row: { url: (ids: MatrixIds) => `/api/v2/reports/${report}${suffix}?${query(ids)}`, expect } }));

/**
 * The access rules of reports (docs/adr/0104-report-access.md), per rule: own / a direct report of
 * the manager / someone outside the manager's team, for the table, the CSV and the PDF. The agent
 * and Quinn report to the manager; Dana reports to the admin.
 */
export const EXTRA_CASES = [
  // Per-person time: the person, their manager, an admin.
  ...everyOutput('time: own time', 'time-entries', ({ self }) => `${MONTH}&assignee=${self}`, staffOnly()),
  ...everyOutput("time: a direct report's time", 'time-entries', ({ extra }) => `${MONTH}&assignee=${extra.reportsTeammate}`, { anonymous: 401, client: 401, user: 403, manager: 200, admin: 200 }),
  ...everyOutput("time: another team's time", 'time-entries', ({ extra }) => `${MONTH}&assignee=${extra.reportsOutsider}`, { anonymous: 401, client: 401, user: 403, manager: 403, admin: 200 }),
  // Figures per person: the management dashboard's rule.
  ...everyOutput('figures per person', 'tickets-by-assignee', () => 'period=last-month', managersOnly()),
  { route: endpointKey(REPORTS.run), label: 'overdue per person', row: { url: '/api/v2/reports/overdue-by-assignee', expect: managersOnly() } },
  // Ticket figures of the desk or one's own for everyone; another person's for managers and admins.
  ...everyOutput('ticket figures: own', 'opened-vs-closed', ({ self }) => `period=last-month&assignee=${self}`, staffOnly()),
  ...everyOutput("ticket figures: another person's", 'opened-vs-closed', ({ extra }) => `period=last-month&assignee=${extra.reportsOutsider}`, managersOnly()),
] satisfies { route: string; label: string; row: Row }[];

/** A direct report of the manager (besides the agent) and a person outside the manager's team. */
export async function prepare(pool: Queryable): Promise<Record<string, number>> {
  const staff = async (email: string) => (await sqlOf(pool).one<{ id: number }>('SELECT id FROM staff_users WHERE email = $1', [email])).id;
  return { reportsTeammate: await staff('quinn.qa@demo.test'), reportsOutsider: await staff('dana.dev@demo.test') };
}
