/**
 * Reports: the catalog other features register their reports in, the runner (statement timeout,
 * row cap, cancel), CSV streamed from a cursor and the PDF (docs/architecture.md, "Reports").
 */
import { staffRoutes, type Feature } from '@server/platform/http/plugins';
import './catalog';
import { RunningReports } from './runner';
import { staffReportRoutes } from './staff.routes';

export const reports: Feature = {
  name: 'reports',
  register: (app, ctx) => staffRoutes(app, ctx, staffReportRoutes(new RunningReports(ctx.database.pool))),
};

export { registerReports, unregisterReport, sqlParams, type ReportDefinition, type ReportRun, type SqlQuery } from './registry';
