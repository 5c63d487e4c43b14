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
import type { CompanyView } from '@contracts/companies';
import { dataOf, http, type QueryParams } from '@/shared/http/http';

export const ticketDeskApi = {
  search: (params: QueryParams): Promise<TicketSearchResponse> => dataOf(http.get<TicketSearchResponse>('/api/v2/tickets', { params })),
  options: (): Promise<TicketOptions> => dataOf(http.get<TicketOptions>('/api/v2/tickets/options')),
  /** Active staff whose names contain `q` (the assignee picker). */
  staff: async (q: string): Promise<TicketOptions['staff']> => (await dataOf(http.get<TicketOptions>('/api/v2/tickets/options', { params: q ? { q } : {} }))).staff,
  /** A company's name, for the chip of a company the address names (a report's drill-down, a shared link). */
  companyName: async (id: number): Promise<{ id: number; name: string }> => {
    const view = await dataOf(http.get<CompanyView>(`/api/v2/companies/${id}`));
    return { id: view.company.id, name: view.company.name };
  },
  stats: (): Promise<TicketStats> => dataOf(http.get<TicketStats>('/api/v2/tickets/stats')),
  create: (input: CreateTicketInput): Promise<TicketView> => dataOf(http.post<TicketView>('/api/v2/tickets', input)),
  view: (id: number): Promise<TicketView> => dataOf(http.get<TicketView>(`/api/v2/tickets/${id}`)),
  update: (id: number, input: UpdateTicketInput): Promise<TicketView> => dataOf(http.patch<TicketView>(`/api/v2/tickets/${id}`, input)),
  addNote: (id: number, input: AddNoteInput): Promise<TicketView> => dataOf(http.post<TicketView>(`/api/v2/tickets/${id}/notes`, input)),
  addTime: (id: number, input: AddTimeEntryInput): Promise<TicketView> => dataOf(http.post<TicketView>(`/api/v2/tickets/${id}/time`, input)),
  /** (Re)sends the support survey of a closed ticket, then answers the ticket as it now is. */
  async sendSurvey(id: number): Promise<TicketView> {
    await http.post('/api/v2/surveys/support/send', { ticketId: id });
    return this.view(id);
  },
};
