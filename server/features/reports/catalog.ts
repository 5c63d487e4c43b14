/**
 * The catalog: every feature's reports, one line per feature. Sales and projects add theirs the
 * same way: `...salesReports` imported from `../sales` (their index.ts exports a
 * `ReportDefinition[]` built with `sqlParams` and the types of ./registry).
 */
import { salesReports } from '../sales';
import { registerReports, type ReportDefinition } from './registry';
import { SATISFACTION_REPORTS, SERVICE_REPORTS, TIME_REPORTS } from './service.reports';
import { TICKET_REPORTS } from './tickets.reports';

export const CATALOG: readonly ReportDefinition[] = [...TICKET_REPORTS, ...SERVICE_REPORTS, ...TIME_REPORTS, ...SATISFACTION_REPORTS, ...salesReports];

registerReports(CATALOG);
