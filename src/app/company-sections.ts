/**
 * The sections other features add to a company's page, one line per feature (like the routes).
 * The companies feature shows them after its own; each section draws its own card and heading.
 * Each feature loads when a company page first shows its section, not with the staff layout.
 */
import { lazy } from 'react';
import type { CompanyViewSection } from '@/features/companies';

export const COMPANY_SECTIONS: CompanyViewSection[] = [
  { id: 'managed-services', title: 'Managed services', order: 10, component: lazy(() => import('@/features/time').then((m) => ({ default: m.ContractUsageSection }))) },
  { id: 'projects', title: 'Projects', order: 20, component: lazy(() => import('@/features/projects').then((m) => ({ default: m.CompanyProjectsSection }))) },
  { id: 'quotes', title: 'Quotes', order: 30, component: lazy(() => import('@/features/quotes').then((m) => ({ default: m.CompanyQuotesSection }))) },
];
