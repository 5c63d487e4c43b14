import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const outboxRoutes: StaffRoute[] = [{ path: '/admin/outbox', name: 'Outbox', screen: lazy(() => import('../views/staff/OutboxScreen')), roles: ['admin'] }];
