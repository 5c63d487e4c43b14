/**
 * The sections other features add to a company's page, one line per feature (like the routes).
 * The companies feature shows them after its own; each section draws its own card and heading.
 */
import type { CompanyViewSection } from '@/features/companies';
import * as projects from '@/features/projects';
import * as quotes from '@/features/quotes';
import * as time from '@/features/time';

export const COMPANY_SECTIONS: CompanyViewSection[] = [
  ...time.companySections,
  ...projects.companySections,
  ...quotes.companySections,
];
