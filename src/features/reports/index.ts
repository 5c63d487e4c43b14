/** Reports (/report/base, /report/view): the catalog, the viewer with chart, table, drill-down and exports. */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { reportViewerMachine } from './machines/report-viewer.machine';

export { routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'report-viewer', machine: reportViewerMachine, description: 'One report: run, progress and cancel, failed, shown, CSV and PDF export.' },
];

/** The catalog and the viewer for another feature's own routes (one group, one report), loaded when shown. */
export const ReportCatalog = lazy(() => import('./screens/ReportCatalogScreen'));
export const ReportViewer = lazy(() => import('./screens/ReportViewScreen'));
export type { ReportCatalogPlace } from './screens/ReportCatalogScreen';
export type { ReportViewPlace } from './screens/ReportViewScreen';
