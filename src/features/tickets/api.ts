/** Service calls of the staff ticket desk. */
import { COMPANIES } from '@contracts/companies';
import { SURVEYS } from '@contracts/surveys';
import { TICKETS, type AddNoteInput, type AddTimeEntryInput, type CreateTicketInput, type TicketOptions, type TicketSearchQuery, type TicketSearchResponse, type TicketStats, type TicketView, type UpdateTicketInput } from '@contracts/tickets';
import { call, type QueryParams } from '@/shared/http/http';
import { TICKET_ATTACHMENTS } from '@contracts/ticket-attachments';
import { TICKET_VIEWS, type CreateTicketViewInput, type SavedTicketView, type TicketViews } from '@contracts/ticket-views';

export const ticketDeskApi = {
  /** The search screen's parameters as its address holds them; the server checks each one. */
  search: (params: QueryParams): Promise<TicketSearchResponse> => call(TICKETS.search, { query: params as TicketSearchQuery }),
  options: (): Promise<TicketOptions> => call(TICKETS.options, { query: {} }),
  /** A company's name, for the chip of a company the address names (a report's drill-down, a shared link). */
  companyName: async (id: number): Promise<{ id: number; name: string }> => {
    const view = await call(COMPANIES.view, { params: { id } });
    return { id: view.company.id, name: view.company.name };
  },
  stats: (): Promise<TicketStats> => call(TICKETS.stats),
  create: (input: CreateTicketInput): Promise<TicketView> => call(TICKETS.create, { body: input }),
  view: (id: number): Promise<TicketView> => call(TICKETS.view, { params: { id } }),
  update: (id: number, input: UpdateTicketInput): Promise<TicketView> => call(TICKETS.update, { params: { id }, body: input }),
  /** A note, with its files when there are any (sent as multipart/form-data). */
  addNote: (id: number, input: AddNoteInput, files: readonly File[] = []): Promise<TicketView> => call(TICKETS.addNote, { params: { id }, body: input, files }),
  /** A file for the ticket itself (one of those chosen in the create form). */
  attachToTicket: (id: number, file: File) => call(TICKET_ATTACHMENTS.attachStaff, { params: { id }, body: {}, files: [file] }),
  /** The thumbnail of an image attached to the ticket or one of its notes. */
  thumbnail: (ticketId: number, attachmentId: number): Promise<Blob> => call(TICKET_ATTACHMENTS.staff, { params: { id: ticketId, attachmentId }, query: { variant: 'thumbnail' } }),
  /** A file attached to one of the ticket's notes. */
  attachment: (ticketId: number, attachmentId: number): Promise<Blob> => call(TICKET_ATTACHMENTS.staff, { params: { id: ticketId, attachmentId }, query: {} }),
  addTime: (id: number, input: AddTimeEntryInput): Promise<TicketView> => call(TICKETS.addTime, { params: { id }, body: input }),
  /** (Re)sends the support survey of a closed ticket, then answers the ticket as it now is. */
  async sendSurvey(id: number): Promise<TicketView> {
    await call(SURVEYS.sendSupport, { body: { ticketId: id } });
    return this.view(id);
  },
};

/** The ticket search's views: the built-in ones and the user's saved filters, with their counts. */
export const ticketViewsApi = {
  list: (): Promise<TicketViews> => call(TICKET_VIEWS.list),
  create: (input: CreateTicketViewInput): Promise<SavedTicketView> => call(TICKET_VIEWS.create, { body: input }),
  rename: (id: number, name: string): Promise<SavedTicketView> => call(TICKET_VIEWS.rename, { params: { id }, body: { name } }),
  remove: async (id: number): Promise<void> => {
    await call(TICKET_VIEWS.remove, { params: { id } });
  },
};
