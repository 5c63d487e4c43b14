import { lazy } from 'react';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/client/portal/users', name: 'Client Portal Users', screen: lazy(() => import('./screens/ClientPortalUsersScreen')) },
];

/** An entry of the Company group of the menu. */
export const menu: MenuEntry[] = [{ label: 'Client Portal Users', target: { route: '/client/portal/users' } }];
