import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/timesheet', name: 'Time', screen: lazy(() => import('./screens/TimesheetScreen')) },
  { path: '/timeclock', name: 'Time Clock', screen: lazy(() => import('./screens/TimeclockScreen')) },
  { path: '/ms/time/tracker/:id/:name/:user_id', name: 'Managed Services Time Tracker', screen: lazy(() => import('./screens/TrackerScreen')), layout: false },
  { path: '/managed/services', name: 'Managed Services', screen: lazy(() => import('./screens/ManagedServicesScreen')) },
];

/** The sidebar entries of spec 2.2 this feature answers, in the menu's order. */
export const menu: MenuEntry[] = [
  { label: 'Managed Services', target: { route: '/managed/services' } },
  { label: 'Time', target: { route: '/timesheet' } },
];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts); it loads when first shown. */
export const companySections: CompanyViewSection[] = [
  { id: 'managed-services', title: 'Managed services', order: 10, component: lazy(() => import('./screens/ContractUsageSection')) },
];
