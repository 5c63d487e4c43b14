import type { ReportParamName } from '@contracts/reports';

/** How the parameter bar and the catalog name each parameter. */
export const PARAM_LABELS: Record<ReportParamName, string> = {
  period: 'Period',
  company: 'Company',
  assignee: 'Assignee',
  queue: 'Queue',
  severity: 'Priority',
  status: 'Status',
  granularity: 'Per',
  kind: 'Survey',
  rating: 'Rating',
};
