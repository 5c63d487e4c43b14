import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/ui/table-demo', name: 'Data Table Demo', screen: lazy(() => import('./screens/TableDemoScreen')) }];
