import { lazy } from 'react';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/home', name: 'Home', screen: lazy(() => import('./screens/HomeScreen')) }];

export const menu: MenuEntry[] = [{ label: 'Home', target: { route: '/home' } }];
