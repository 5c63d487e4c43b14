/** Companies: search, the create form, a company's page and the changes made on it. */
import { COMPANIES, type CompanyRow, type CompanyView, type Contact, type ContactInput, type CreateCompanyInput, type Paged, type UpdateCompanyInput } from '@contracts/companies';
import { DIRECTORY_PAGE_SIZE_MAX } from '@contracts/common/constants';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { companiesApi } from '../api';

/** Companies by name or account number (pickers and the company filter of other screens); the query is the list's parameters. */
export const companySearchMachine = createQueryMachine('companySearch', (p: Record<string, string>): Promise<Paged<CompanyRow>> => companiesApi.search(p));
export const createCompanyMachine = createSubmitMachine<CreateCompanyInput, CompanyView>('createCompany', (i) => companiesApi.create(i), { schema: COMPANIES.create.body });

/** A company's page (details, contacts, client users, ticket counts); the query is the company id. */
export const companyViewMachine = createQueryMachine('companyView', (id: number): Promise<CompanyView> => companiesApi.view(id));
/**
 * The company a form or filter has picked (its name, its contacts): null until one is picked, and
 * then it asks the server nothing, so a screen never asks for a company that cannot exist.
 */
export const pickedCompanyMachine = createQueryMachine('pickedCompany', (id: number | null): Promise<CompanyView | null> => (id === null ? Promise.resolve(null) : companiesApi.view(id)));

/** A change made on a company's page; the page reloads after it. */
export type CompanyAction =
  | { action: 'updateCompany'; id: number; payload: UpdateCompanyInput }
  | { action: 'addContact'; id: number; payload: ContactInput }
  | { action: 'updateContact'; id: number; payload: Partial<ContactInput> }
  | { action: 'removeContact'; id: number };
export const companyActionMachine = createSubmitMachine<CompanyAction, CompanyView | Contact | void>('companyAction', (a) => {
  switch (a.action) {
    case 'updateCompany':
      return companiesApi.update(a.id, a.payload);
    case 'addContact':
      return companiesApi.addContact(a.id, a.payload);
    case 'updateContact':
      return companiesApi.updateContact(a.id, a.payload);
    case 'removeContact':
      return companiesApi.removeContact(a.id);
  }
});

/** Every company: search by name or account number, a status filter. */
export const COMPANY_TABLE: SearchTableSpec = {
  search: (p) => companiesApi.search(p),
  filters: { status: 'status' },
  pageSizeMax: DIRECTORY_PAGE_SIZE_MAX,
};
export const companyTableMachine = createSearchTableMachine(COMPANY_TABLE);
