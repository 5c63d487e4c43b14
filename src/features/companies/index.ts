/** Companies and their contacts, for staff. */
import type { RegisteredMachine } from '@/shared/machine-registry';
import { companyPageMachine } from './machines/company-page.machine';
import { createCompanyScreenMachine } from './machines/create-company.machine';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'company-page', machine: companyPageMachine, description: "A company's page: its query and change form as children; the open editor, one change at a time, notices." },
  { id: 'create-company-screen', machine: createCompanyScreenMachine, description: 'Create Company: the save and the page it opens (the new company, or the company search on Cancel).' },
];
/** A company and its contacts, for other screens (create ticket, client users); the company picker is in src/shared/pickers. */
export { companySearchMachine, companyViewMachine, pickedCompanyMachine } from './machines/companies.machines';
/** The company view's section slot (other features add sections; the app assembles the list). */
export { CompanySectionsProvider, type CompanySectionProps, type CompanyViewSection } from './sections';
