import { lazy } from 'react';
import type { ClientRoute } from '@/shared/routing';
import { CLIENT_GUEST_PATHS as PATHS } from './guest-paths';

const ClientPasswordScreen = () => import('./screens/ClientPasswordScreen');

/**
 * The client portal's public pages (guest-paths.ts) as the portal mounts them: each screen loads
 * when opened. The light public entry (src/public-main.tsx) carries the same screens in its bundle.
 */
export const clientGuestRoutes: ClientRoute[] = [
  { path: PATHS.login, screen: lazy(() => import('./screens/ClientLoginScreen')), guest: true },
  { path: PATHS.signup, screen: lazy(() => import('./screens/ClientSignupScreen')), guest: true },
  { path: PATHS.forgotPassword, screen: lazy(() => import('./screens/ClientForgotPasswordScreen')), guest: true },
  { path: PATHS.setPassword, screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="invite" /> }))), guest: true },
  { path: PATHS.resetPassword, screen: lazy(() => ClientPasswordScreen().then((m) => ({ default: () => <m.default purpose="reset" /> }))), guest: true },
];
