import { lazy } from 'react';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/report/surveys', name: 'Survey Results', screen: lazy(() => import('./screens/SurveyResultsScreen')) }];
