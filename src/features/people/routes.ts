import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/user/options', name: 'Profile', screen: lazy(() => import('./screens/ProfileScreen')) },
  { path: '/orgchart', name: 'Org Chart', screen: lazy(() => import('./screens/OrgChartScreen')) },
];
