/** Reports (/report/base, /report/view): the catalog, the viewer with chart, table, drill-down and exports. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { reportViewerMachine } from './machines/report-viewer.machine';

export { routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'report-viewer', machine: reportViewerMachine, description: 'One report: run, progress and cancel, failed, shown, CSV and PDF export.' },
];
