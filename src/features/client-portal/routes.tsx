import { lazy } from 'react';
import type { ClientRoute } from '@/shared/routing';

const ClientPasswordScreen = () => import('./screens/ClientPasswordScreen');

/** The client portal's routes, relative to /client (spec 2.4). */
export const clientRoutes: ClientRoute[] = [
  { path: '/login', screen: lazy(() => import('./screens/ClientLoginScreen')), guest: true },
  { path: '/signup', screen: lazy(() => import('./screens/ClientSignupScreen')), guest: true },
  { path: '/forgot-password', screen: lazy(() => import('./screens/ClientForgotPasswordScreen')), guest: true },
  { path: '/set-password/:token', screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="invite" /> }))), guest: true },
  { path: '/reset-password/:token', screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="reset" /> }))), guest: true },
  { path: '/', screen: lazy(() => import('./screens/ClientDashboard')) },
  { path: '/tickets', screen: lazy(() => import('./screens/ClientTicketsScreen')) },
  { path: '/paper', screen: lazy(() => import('./screens/ClientPaperScreen')) },
  { path: '/contact/support', screen: lazy(() => import('./screens/ClientContactSupportScreen')) },
  { path: '/help/resources', screen: lazy(() => import('./screens/ClientHelpResourcesScreen')) },
  { path: '/software/change/request', screen: lazy(() => import('./screens/ClientScrScreen')) },
  { path: '/clientaichat', screen: lazy(() => import('./screens/ClientAiChatScreen')), layout: false },
];

/** The dialog's code (react-aria's modal) loads only when a session expires. */
export const SessionExpiredDialog = lazy(() => import('./screens/SessionExpiredDialog'));
