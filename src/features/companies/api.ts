/** Service calls of companies and their contacts. */
import type { CompanyRow, CompanyView, Contact, ContactInput, CreateCompanyInput, Paged, UpdateCompanyInput } from '@contracts/companies';
import { dataOf, http, type QueryParams } from '@/shared/http/http';

export const companiesApi = {
  search: (params: QueryParams): Promise<Paged<CompanyRow>> => dataOf(http.get<Paged<CompanyRow>>('/api/v2/companies', { params })),
  create: (input: CreateCompanyInput): Promise<CompanyView> => dataOf(http.post<CompanyView>('/api/v2/companies', input)),
  view: (id: number): Promise<CompanyView> => dataOf(http.get<CompanyView>(`/api/v2/companies/${id}`)),
  update: (id: number, input: UpdateCompanyInput): Promise<CompanyView> => dataOf(http.patch<CompanyView>(`/api/v2/companies/${id}`, input)),
  addContact: (companyId: number, input: ContactInput): Promise<Contact> => dataOf(http.post<Contact>(`/api/v2/companies/${companyId}/contacts`, input)),
  updateContact: (id: number, input: Partial<ContactInput>): Promise<Contact> => dataOf(http.patch<Contact>(`/api/v2/contacts/${id}`, input)),
  async removeContact(id: number): Promise<void> {
    await http.delete(`/api/v2/contacts/${id}`);
  },
};
