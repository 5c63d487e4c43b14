import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/admin/outbox', name: 'Outbox', screen: lazy(() => import('./screens/OutboxScreen')), roles: ['admin'] }];
