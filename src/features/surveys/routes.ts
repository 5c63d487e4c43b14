import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';
import type { StaffRoute } from '@/shared/routing';

export const routes: StaffRoute[] = [{ path: '/report/surveys', name: 'Survey Results', screen: lazy(() => import('./screens/SurveyResultsScreen')) }];

/** What this feature adds to a company's page (listed in src/app/company-sections.ts): its client care survey. */
export const companySections: CompanyViewSection[] = [
  { id: 'survey', title: 'Survey', order: 8, component: lazy(() => import('./screens/ClientCareSurveySection')) },
];
