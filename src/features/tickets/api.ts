/** Service calls of the staff ticket desk, companies and client portal users. */
import type { ClientUser, Company, CompanyRow, CompanyView, Contact, ContactInput, CreateCompanyInput, DeclinedSignup, InviteClientUserInput, Paged, UpdateCompanyInput } from '@contracts/companies';
import type {
  AddNoteInput,
  AddTimeEntryInput,
  CreateTicketInput,
  TicketOptions,
  TicketSearchResponse,
  TicketStats,
  TicketView,
  UpdateTicketInput,
} from '@contracts/tickets';
import { http } from '@/shared/session/api';

export type QueryParams = Record<string, string>;

export const ticketDeskApi = {
  async search(params: QueryParams): Promise<TicketSearchResponse> {
    return (await http.get<TicketSearchResponse>('/api/v2/tickets', { params })).data;
  },
  async options(): Promise<TicketOptions> {
    return (await http.get<TicketOptions>('/api/v2/tickets/options')).data;
  },
  async stats(): Promise<TicketStats> {
    return (await http.get<TicketStats>('/api/v2/tickets/stats')).data;
  },
  async create(input: CreateTicketInput): Promise<TicketView> {
    return (await http.post<TicketView>('/api/v2/tickets', input)).data;
  },
  async view(id: number): Promise<TicketView> {
    return (await http.get<TicketView>(`/api/v2/tickets/${id}`)).data;
  },
  async update(id: number, input: UpdateTicketInput): Promise<TicketView> {
    return (await http.patch<TicketView>(`/api/v2/tickets/${id}`, input)).data;
  },
  async addNote(id: number, input: AddNoteInput): Promise<TicketView> {
    return (await http.post<TicketView>(`/api/v2/tickets/${id}/notes`, input)).data;
  },
  async addTime(id: number, input: AddTimeEntryInput): Promise<TicketView> {
    return (await http.post<TicketView>(`/api/v2/tickets/${id}/time`, input)).data;
  },
  /** (Re)sends the support survey of a closed ticket, then answers the ticket as it now is. */
  async sendSurvey(id: number): Promise<TicketView> {
    await http.post('/api/v2/surveys/support/send', { ticketId: id });
    return this.view(id);
  },
};

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

export const clientUsersApi = {
  async list(params: QueryParams): Promise<Paged<ClientUser>> {
    return (await http.get<Paged<ClientUser>>('/api/v2/client-users', { params })).data;
  },
  async invite(input: InviteClientUserInput): Promise<ClientUser> {
    return (await http.post<ClientUser>('/api/v2/client-users', input)).data;
  },
  async resend(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/resend`)).data;
  },
  async disable(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/disable`)).data;
  },
  /** A sign-up request awaiting approval becomes an invited user; the server mails the activation link. */
  async approve(id: number): Promise<ClientUser> {
    return (await http.post<ClientUser>(`/api/v2/client-users/${id}/approve`)).data;
  },
  /** A sign-up request awaiting approval is deleted; nobody is told. */
  async decline(id: number): Promise<DeclinedSignup> {
    return (await http.post<DeclinedSignup>(`/api/v2/client-users/${id}/decline`)).data;
  },
};

export type { Company };
