/** The ticket desk's list, form and data machines, bound to their service calls. */
import { TICKETS, type CreateTicketInput, type TicketOptions, type TicketSearchResponse, type TicketStats, type TicketView } from '@contracts/tickets';
import { TICKET_SEARCH } from '@contracts/common/constants';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createSubmitMachine } from '@/shared/machines/submit.machine';
import { attachEach, type FileRefusal } from '@/shared/machines/attach-each';
import { z } from '@contracts/common/zod';
import { createSearchTableMachine, type SearchTableSpec } from '@/shared/machines/table/search-table';
import { ticketDeskApi } from '../api';

/** The parameters of a staff list endpoint (search, filters, sort, page), as the query of a query machine. */
export type SearchParams = Record<string, string>;

export const ticketSearchMachine = createQueryMachine('ticketSearch', (p: SearchParams): Promise<TicketSearchResponse> => ticketDeskApi.search(p));

/** How many of a company's latest tickets its page's Tickets tab lists. */
export const RECENT_TICKETS = 10;
/** The query of a company's latest tickets (the Tickets tab of its page). */
export const recentTicketsOf = (companyId: number): SearchParams => ({ company: String(companyId), size: String(RECENT_TICKETS), sort: 'created_at:desc' });
export const ticketOptionsMachine = createQueryMachine('ticketOptions', (): Promise<TicketOptions> => ticketDeskApi.options());
/** The name of the company the search's address names (its chip shows the name, not the id). */
export const ticketCompanyNameMachine = createQueryMachine('ticketCompanyName', (id: number | null) => (id ? ticketDeskApi.companyName(id) : Promise.resolve(null)));
export const ticketStatsMachine = createQueryMachine('ticketStats', (): Promise<TicketStats> => ticketDeskApi.stats());
/** What Create Ticket sends: the ticket, and the files chosen for it (sent one by one once it exists). */
export type CreateTicketWithFiles = CreateTicketInput & { files?: readonly File[] };
/** The new ticket, and the chosen files that were refused (the ticket keeps the others). */
export type CreatedTicket = TicketView & { refused: FileRefusal[] };
const createWithFiles = async ({ files = [], ...input }: CreateTicketWithFiles): Promise<CreatedTicket> => {
  const view = await ticketDeskApi.create(input);
  return { ...view, refused: await attachEach(files, (file) => ticketDeskApi.attachToTicket(view.ticket.id, file)) };
};
export const createTicketMachine = createSubmitMachine<CreateTicketWithFiles, CreatedTicket>('createTicket', createWithFiles, {
  // The files were checked by the file list; the schema checks the ticket's fields.
  schema: TICKETS.create.body.extend({ files: z.array(z.custom<File>()).optional() }),
});

/** Every ticket: status, priority and queue filters beside the screen's own (company, assignee, overdue, due range). */
export const TICKET_TABLE: SearchTableSpec = {
  search: (p) => ticketDeskApi.search(p),
  filters: { status: 'status', severity: 'severity', queue: 'queue' },
  pageSizeMax: TICKET_SEARCH.pageSizeMax,
  offsetMax: TICKET_SEARCH.offsetMax,
  // Next continues after the last ticket shown, so tickets created meanwhile neither repeat nor skip a row.
  keyset: (row) => ({ after: String(row.id) }),
};
export const createTicketTableMachine = (extra: Record<string, string>) => createSearchTableMachine(TICKET_TABLE, extra);
