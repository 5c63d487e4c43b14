/**
 * The sections other features add to a company's page, one line per feature (like the routes):
 * e.g. `...projects.companySections,`. The companies feature shows them after its own.
 */
import type { CompanyViewSection } from '@/features/companies';

export const COMPANY_SECTIONS: CompanyViewSection[] = [];
