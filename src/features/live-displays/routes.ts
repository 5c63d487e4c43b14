import { lazy } from 'react';
import { DISPLAY_PAGE_PATH, DISPLAY_PAIR_PATH } from '@contracts/live-display-paths';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

const BoardScreen = lazy(() => import('./screens/BoardScreen'));

/** The five boards (full screen, on the staff session), the TV's pages (no sign-in: the display's cookie), and the admin's displays. */
export const routes: StaffRoute[] = [
  { path: '/live/displays/:board', name: 'Live Display', screen: BoardScreen, layout: false },
  { path: DISPLAY_PAIR_PATH, name: 'Pair this TV', screen: lazy(() => import('./screens/PairScreen')), public: true },
  { path: DISPLAY_PAGE_PATH, name: 'Live display', screen: lazy(() => import('./screens/DisplayScreen')), public: true },
  { path: '/admin/displays', name: 'Displays', screen: lazy(() => import('./screens/AdminDisplaysScreen')), roles: ['admin'] },
];

export const menu: MenuEntry[] = [{ label: 'Displays', target: { route: '/admin/displays' }, roles: ['admin'] }];
