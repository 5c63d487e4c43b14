import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/create/ticket/:companyId?', name: 'Create Ticket', screen: lazy(() => import('./screens/CreateTicketScreen')) },
  { path: '/ticket/search', name: 'Ticket Search', screen: lazy(() => import('./screens/TicketSearchScreen')) },
  { path: '/active/ticket/stats', name: 'Active Ticket Stats', screen: lazy(() => import('./screens/ActiveTicketStatsScreen')) },
  { path: '/ticket/:id', name: 'Ticket', screen: lazy(() => import('./screens/TicketViewScreen')), keepAlive: true },
];

/** The Tickets group of the menu. */
export const menu: MenuEntry[] = [
  { label: 'Create Ticket', target: { route: '/create/ticket' } },
  { label: 'Ticket Search', target: { route: '/ticket/search' } },
];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts): its latest tickets, right after the overview. */
export const companySections: CompanyViewSection[] = [
  { id: 'tickets', title: 'Tickets', order: 2, component: lazy(() => import('./screens/CompanyTicketsSection')) },
];
