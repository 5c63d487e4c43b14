import { lazy } from 'react';
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
