import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/admin/mail', name: 'Email in', screen: lazy(() => import('./screens/MailChannelsScreen')), roles: ['admin'] }];
