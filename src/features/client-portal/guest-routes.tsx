import { lazy } from 'react';
import type { ClientRoute } from '@/shared/routing';

const ClientPasswordScreen = () => import('./screens/ClientPasswordScreen');

/**
 * The client portal's public pages, relative to /client (spec 2.4): log-in, signup and the password
 * links. The portal and the light public entry (src/public-main.tsx) both mount them.
 */
export const clientGuestRoutes: ClientRoute[] = [
  { path: '/login', screen: lazy(() => import('./screens/ClientLoginScreen')), guest: true },
  { path: '/signup', screen: lazy(() => import('./screens/ClientSignupScreen')), guest: true },
  { path: '/forgot-password', screen: lazy(() => import('./screens/ClientForgotPasswordScreen')), guest: true },
  { path: '/set-password/:token', screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="invite" /> }))), guest: true },
  { path: '/reset-password/:token', screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="reset" /> }))), guest: true },
];
