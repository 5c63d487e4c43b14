/**
 * The sections other features add to a company's page, one line per feature (like the routes).
 * The companies feature shows them as tabs among its own, by their order; each section draws its
 * own card and heading and loads when a company page first shows it.
 */
import type { CompanyViewSection } from '@/features/companies';
import * as clientUsers from '@/features/client-users/routes';
import * as projects from '@/features/projects/routes';
import * as quotes from '@/features/quotes/routes';
import * as sales from '@/features/sales/routes';
import * as surveys from '@/features/surveys/routes';
import * as tickets from '@/features/tickets/routes';
import * as time from '@/features/time/routes';

export const COMPANY_SECTIONS: CompanyViewSection[] = [
  ...tickets.companySections,
  ...clientUsers.companySections,
  ...surveys.companySections,
  ...time.companySections,
  ...projects.companySections,
  ...quotes.companySections,
  ...sales.companySections,
];
