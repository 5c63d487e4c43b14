import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/user/options', name: 'Profile', screen: lazy(() => import('./screens/ProfileScreen')) },
  { path: '/orgchart', name: 'Org Chart', screen: lazy(() => import('./screens/OrgChartScreen')) },
  { path: '/weekly-schedule', name: 'Weekly Schedule', screen: lazy(() => import('./screens/ScheduleScreen')) },
  { path: '/certification-pto-dashboard', name: 'Certification and PTO Dashboard', screen: lazy(() => import('./screens/PtoDashboardScreen')) },
];
