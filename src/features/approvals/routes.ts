import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/approvals', name: 'Approvals', screen: lazy(() => import('./screens/ApprovalsScreen')) },
  { path: '/approvals/requests/:id', name: 'Request', screen: lazy(() => import('./screens/RequestScreen')), keyBy: 'id' },
];
