import { lazy } from 'react';
import { loadMachineRegistry } from '@/shared/machine-registry';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  // The registry loads with the screen, so its machines stay out of the other screens' code.
  { path: '/qa/machines', name: 'Machines', screen: lazy(() => loadMachineRegistry().then(() => import('./screens/MachinesScreen'))) },
];

/** Beside spec 2.2's "Quality Assurance" entry (ADR 0050). */
export const menu: MenuEntry[] = [{ label: 'Machines', target: { route: '/qa/machines' } }];
