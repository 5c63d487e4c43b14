import { lazy } from 'react';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/create/company', name: 'Create Company', screen: lazy(() => import('./screens/CreateCompanyScreen')) },
  { path: '/company/search', name: 'Company Search', screen: lazy(() => import('./screens/CompanySearchScreen')) },
  { path: '/company/:id', name: 'Company', screen: lazy(() => import('./screens/CompanyViewScreen')), keyBy: 'id' },
];

/** Entries of the Company group of the menu. */
export const menu: MenuEntry[] = [
  { label: 'Create Company', target: { route: '/create/company' } },
  { label: 'Company Search', target: { route: '/company/search' } },
];
