import { lazy } from 'react';
import { DEVELOPER_SCREEN_ROLES } from '@contracts/common/constants';
import type { MenuEntry, StaffRoute } from '@/shared/routing';

/** A developer screen: for admins only (ADR 0135). */
export const routes: StaffRoute[] = [
  { path: '/ui/table-demo', name: 'Data Table Demo', screen: lazy(() => import('./screens/TableDemoScreen')), roles: DEVELOPER_SCREEN_ROLES },
];

/** In the Quality Assurance group, beside the UI kit. */
export const menu: MenuEntry[] = [{ label: 'Data Table Demo', target: { route: '/ui/table-demo' }, roles: DEVELOPER_SCREEN_ROLES }];
