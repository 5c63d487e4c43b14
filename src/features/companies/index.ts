/** Companies and their contacts, for staff. */
import { lazy } from 'react';
import type { RegisteredMachine } from '@/shared/machine-registry';
import { companyPageMachine } from './machines/company-page.machine';

export { menu, routes } from './routes';

export const machines: RegisteredMachine[] = [
  { id: 'company-page', machine: companyPageMachine, description: "A company's page: its query, recent tickets, change form and survey send as children; the open editor, one change at a time, notices." },
];
/** Company pickers of other screens (create ticket, client users) and the contacts of a company. */
export { companySearchMachine, companyViewMachine } from './machines/companies.machines';
/**
 * The company picker (searches the server) for other features' forms and filter bars; it loads with
 * the first screen that shows it, so the staff layout (which needs the section slot below) stays light.
 */
export const CompanyPicker = lazy(() => import('./screens/CompanyPicker'));
export type { CompanyPickerProps } from './screens/CompanyPicker';
export { pickedCompanyName } from './company-names';
/** The company view's section slot (other features add sections; the app assembles the list). */
export { CompanySectionsProvider, type CompanySectionProps, type CompanyViewSection } from './sections';
