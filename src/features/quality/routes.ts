import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/quality/qa', name: 'Quality Assurance', screen: lazy(() => import('./screens/QaScreen')) }];
