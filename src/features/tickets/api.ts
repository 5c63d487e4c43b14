/** Service calls of the staff ticket desk. */
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
import { http, type QueryParams } from '@/shared/http/http';

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
