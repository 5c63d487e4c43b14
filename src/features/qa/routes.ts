import { lazy } from 'react';
import { DEVELOPER_SCREEN_ROLES } from '@contracts/common/constants';
import { loadMachineRegistry } from '@/shared/machine-registry';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  // The registry loads with the screen, so its machines stay out of the other screens' code.
  { path: '/qa/machines', name: 'Machines', screen: lazy(() => loadMachineRegistry().then(() => import('./screens/MachinesScreen'))) },
  // The design system's gallery: a developer screen, for admins only (ADR 0135).
  { path: '/qa/ui', name: 'UI Kit', screen: lazy(() => import('@/shared/ui/gallery/UiGalleryScreen')), roles: DEVELOPER_SCREEN_ROLES },
];

/** Beside spec 2.2's "Quality Assurance" entry (ADR 0050); the UI kit for admins only (ADR 0135). */
export const menu: MenuEntry[] = [
  { label: 'Machines', target: { route: '/qa/machines' } },
  { label: 'UI Kit', target: { route: '/qa/ui' }, roles: DEVELOPER_SCREEN_ROLES },
];
