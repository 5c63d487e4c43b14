/**
 * Reports: the runner (statement timeout, row cap, cancel), CSV streamed from a cursor and the PDF
 * for every report of the catalog, and the reports of tickets, service levels, time and
 * satisfaction. Other features declare their own reports in their `Feature`; the app adds them to
 * the catalog at start (docs/architecture.md, "Reports"; docs/adr/0110).
 */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import { RunningReports } from './runner';
import { SATISFACTION_REPORTS, SERVICE_REPORTS, TIME_REPORTS } from './service.reports';
import { staffReportRoutes } from './staff.routes';
import { TICKET_REPORTS } from './tickets.reports';

export const reports: Feature = {
  name: 'reports',
  reports: [...TICKET_REPORTS, ...SERVICE_REPORTS, ...TIME_REPORTS, ...SATISFACTION_REPORTS],
  register: (app, ctx) => staffRoutes(app, ctx, staffReportRoutes(new RunningReports(ctx.database.pool))),
};

/** The service level as the SLA attainment report counts it, for other features' figures. */
export { slaCounted, slaMet } from './service.reports';
/** The CSAT and NPS report's latest responses and which of them it counts, for other features' figures. */
export { latestResponses, SURVEY_COUNTED } from './service.reports';
