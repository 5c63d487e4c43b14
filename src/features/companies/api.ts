/** Service calls of companies and their contacts. */
import type { CompanyRow, CompanyView, Contact, ContactInput, CreateCompanyInput, Paged, UpdateCompanyInput } from '@contracts/companies';
import { http, type QueryParams } from '@/shared/http/http';

export const companiesApi = {
  async search(params: QueryParams): Promise<Paged<CompanyRow>> {
    return (await http.get<Paged<CompanyRow>>('/api/v2/companies', { params })).data;
  },
  async create(input: CreateCompanyInput): Promise<CompanyView> {
    return (await http.post<CompanyView>('/api/v2/companies', input)).data;
  },
  async view(id: number): Promise<CompanyView> {
    return (await http.get<CompanyView>(`/api/v2/companies/${id}`)).data;
  },
  async update(id: number, input: UpdateCompanyInput): Promise<CompanyView> {
    return (await http.patch<CompanyView>(`/api/v2/companies/${id}`, input)).data;
  },
  async addContact(companyId: number, input: ContactInput): Promise<Contact> {
    return (await http.post<Contact>(`/api/v2/companies/${companyId}/contacts`, input)).data;
  },
  async updateContact(id: number, input: Partial<ContactInput>): Promise<Contact> {
    return (await http.patch<Contact>(`/api/v2/contacts/${id}`, input)).data;
  },
  async removeContact(id: number): Promise<void> {
    await http.delete(`/api/v2/contacts/${id}`);
  },
};
