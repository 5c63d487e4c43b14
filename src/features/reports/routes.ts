import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

/** The catalog and the viewer; the sidebar's "Reports" entry already points at the catalog. */
export const routes: StaffRoute[] = [
  { path: '/report/base', name: 'Reports', screen: lazy(() => import('./screens/ReportCatalogScreen')) },
  { path: '/report/view', name: 'Report', screen: lazy(() => import('./screens/ReportViewScreen')) },
];
