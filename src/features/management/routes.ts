import { lazy } from 'react';
import { MANAGER_ROLES } from '@contracts/common/constants';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/mgmtdash', name: 'Management Dashboard', screen: lazy(() => import('./screens/ManagementDashboardScreen')), roles: MANAGER_ROLES },
];

export const menu: MenuEntry[] = [{ label: 'Management Dashboard', target: { route: '/mgmtdash' }, roles: MANAGER_ROLES }];
