/** Service calls of companies and their contacts. */
import { COMPANIES, type CompanyRow, type CompanySearchQuery, type CompanyView, type Contact, type ContactInput, type CreateCompanyInput, type Paged, type UpdateCompanyInput } from '@contracts/companies';
import { call, type QueryParams } from '@/shared/http/http';

export const companiesApi = {
  /** The list screen's parameters as its address holds them; the server checks each one. */
  search: (params: QueryParams): Promise<Paged<CompanyRow>> => call(COMPANIES.search, { query: params as CompanySearchQuery }),
  create: (input: CreateCompanyInput): Promise<CompanyView> => call(COMPANIES.create, { body: input }),
  view: (id: number): Promise<CompanyView> => call(COMPANIES.view, { params: { id } }),
  update: (id: number, input: UpdateCompanyInput): Promise<CompanyView> => call(COMPANIES.update, { params: { id }, body: input }),
  addContact: (companyId: number, input: ContactInput): Promise<Contact> => call(COMPANIES.addContact, { params: { id: companyId }, body: input }),
  updateContact: (id: number, input: Partial<ContactInput>): Promise<Contact> => call(COMPANIES.updateContact, { params: { id }, body: input }),
  async removeContact(id: number): Promise<void> {
    await call(COMPANIES.removeContact, { params: { id } });
  },
};
