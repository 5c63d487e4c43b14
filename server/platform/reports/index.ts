/**
 * What a feature needs to declare reports: the definition's types and `sqlParams`; and the
 * registry the app fills from the features' `reports` at start (docs/adr/0110).
 */
export {
  registerReports,
  reportDefinition,
  reportDefinitions,
  sqlParams,
  unregisterReport,
  type ReportDefinition,
  type ReportRun,
  type ReportViewer,
  type SqlQuery,
} from './registry';
