/** Companies and their contacts, for staff. */
export { menu, routes } from './routes';
/** Company pickers of other screens (create ticket, client users) and the contacts of a company. */
export { companySearchMachine, companyViewMachine } from './machines/companies.machines';
