import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/software/change/request', name: 'Software Change Request', screen: lazy(() => import('./screens/ChangeListScreen')) },
  { path: '/software/change/request/:id', name: 'Software Change Request', screen: lazy(() => import('./screens/ChangeScreen')), keyBy: 'id' },
];
