/** Companies and their contacts, for staff. */
export { menu, routes } from './routes';
/** Company pickers of other screens (create ticket, client users) and the contacts of a company. */
export { companySearchMachine, companyViewMachine } from './machines/companies.machines';
/** The company picker (searches the server) for other features' forms and filter bars. */
export { CompanyPicker, pickedCompanyName, type CompanyPickerProps } from './screens/CompanyPicker';
/** The company view's section slot (other features add sections; the app assembles the list). */
export { CompanySectionsProvider, type CompanySectionProps, type CompanyViewSection } from './sections';
