import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/client/portal/users', name: 'Client Portal Users', screen: lazy(() => import('./screens/ClientPortalUsersScreen')) },
];

/** An entry of the Company group of the menu. */
export const menu: MenuEntry[] = [{ label: 'Client Portal Users', target: { route: '/client/portal/users' } }];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts): the company's client portal users. */
export const companySections: CompanyViewSection[] = [
  { id: 'users', title: 'Client portal users', order: 4, component: lazy(() => import('./screens/CompanyClientUsersSection')) },
];
