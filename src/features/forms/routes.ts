import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [
  { path: '/forms/kudo', name: 'Kudos Form', screen: lazy(() => import('./screens/KudoScreen')) },
  { path: '/forms/correction', name: 'Correction Form', screen: lazy(() => import('./screens/CorrectionScreen')) },
  { path: '/forms/travel/expense', name: 'Travel Expense', screen: lazy(() => import('./screens/ExpenseScreen')) },
];
