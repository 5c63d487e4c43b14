import { lazy } from 'react';
import type { ClientRoute } from '@/shared/routing';
import { clientGuestRoutes } from './guest-routes';

/** The client portal's routes, relative to /client (spec 2.4). */
export const clientRoutes: ClientRoute[] = [
  ...clientGuestRoutes,
  { path: '/', screen: lazy(() => import('./screens/ClientDashboard')) },
  { path: '/tickets', screen: lazy(() => import('./screens/ClientTicketsScreen')) },
  { path: '/paper', screen: lazy(() => import('./screens/ClientPaperScreen')) },
  { path: '/contact/support', screen: lazy(() => import('./screens/ClientContactSupportScreen')) },
  { path: '/help/resources', screen: lazy(() => import('./screens/ClientHelpResourcesScreen')) },
  { path: '/software/change/request', screen: lazy(() => import('./screens/ClientScrScreen')) },
  { path: '/software/change/request/:id', screen: lazy(() => import('./screens/ClientScrTimelineScreen')) },
  { path: '/clientaichat', screen: lazy(() => import('./screens/ClientAiChatScreen')), layout: false },
];

/** The dialog's code (react-aria's modal) loads only when a session expires. */
export const SessionExpiredDialog = lazy(() => import('./screens/SessionExpiredDialog'));
