/** The ticket desk's list, form and data machines, bound to their service calls. */
import type { ClientUser, CompanyRow, CompanyView, ContactInput, CreateCompanyInput, InviteClientUserInput, Paged, UpdateCompanyInput } from '../../contracts/companies';
import type { CreateTicketInput, TicketSearchResponse, TicketView } from '../../contracts/staff-tickets';
import { clientUsersApi, companiesApi, ticketDeskApi } from '../../services/ticket-desk';
import { ROWS_PER_PAGE_ALL, TICKET_SEARCH } from '../../contracts/constants';
import { createResourceMachine } from '../resource/resource.machine';
import { createServerTableMachine, type Row } from '../table/table.machine';
import type { TablePage, TableQuery } from '../table/table.types';
import { createListMachine } from './list.machine';
import { createSubmitMachine } from './submit.machine';

export const ticketSearchMachine = createListMachine<TicketSearchResponse>('ticketSearch', (p) => ticketDeskApi.search(p));
export const companySearchMachine = createListMachine<Paged<CompanyRow>>('companySearch', (p) => companiesApi.search(p));
export const clientUsersMachine = createListMachine<Paged<ClientUser>>(
  'clientUsers',
  (p) => clientUsersApi.list(p),
  ({ action, id }) => (action === 'disable' ? clientUsersApi.disable(id) : clientUsersApi.resend(id)),
);
export const ticketOptionsMachine = createResourceMachine('ticketOptions', () => ticketDeskApi.options());
export const ticketStatsMachine = createResourceMachine('ticketStats', () => ticketDeskApi.stats());
export const createTicketMachine = createSubmitMachine<CreateTicketInput, TicketView>('createTicket', (i) => ticketDeskApi.create(i));
export const createCompanyMachine = createSubmitMachine<CreateCompanyInput, CompanyView>('createCompany', (i) => companiesApi.create(i));
export const inviteClientUserMachine = createSubmitMachine<InviteClientUserInput, ClientUser>('inviteClientUser', (i) => clientUsersApi.invite(i));
export const companyViewMachine = createListMachine<CompanyView>(
  'companyView',
  (p) => companiesApi.view(Number(p.id)),
  ({ action, id, payload }) => {
    switch (action) {
      case 'removeContact':
        return companiesApi.removeContact(id);
      case 'updateContact':
        return companiesApi.updateContact(id, payload as Partial<ContactInput>);
      case 'addContact':
        return companiesApi.addContact(id, payload as ContactInput);
      case 'updateCompany':
        return companiesApi.update(id, payload as UpdateCompanyInput);
      case 'disableUser':
        return clientUsersApi.disable(id);
      case 'resendInvite':
        return clientUsersApi.resend(id);
      default:
        return Promise.reject(new Error(`Unknown action ${action}`));
    }
  },
);

/**
 * The ticket search as a server-mode data table: the table's query (page, size, sort, search,
 * column filters) plus the screen's other filters (company, assignee, overdue, due range) become
 * one call. 'All' asks for the largest page the server gives; when the total is only counted up
 * to its cap, the table pages on to the deepest page the server answers.
 */
export function ticketSearchParams(query: TableQuery, extra: Record<string, string>): Record<string, string> {
  const size = query.pageSize === ROWS_PER_PAGE_ALL ? TICKET_SEARCH.pageSizeMax : Math.min(query.pageSize, TICKET_SEARCH.pageSizeMax);
  const params: Record<string, string> = { ...extra, page: String(query.page), size: String(size) };
  if (query.sort.length) params.sort = query.sort.map((k) => `${k.field}:${k.type}`).join(',');
  if (query.search.trim()) params.q = query.search.trim();
  for (const key of ['status', 'severity', 'queue']) if (query.filters[key]) params[key] = query.filters[key]!;
  return params;
}

export function createTicketTableMachine(extra: Record<string, string>) {
  return createServerTableMachine(async (query: TableQuery): Promise<TablePage<Row>> => {
    const page = await ticketDeskApi.search(ticketSearchParams(query, extra));
    return { rows: page.rows as unknown as Row[], total: page.totalExact ? page.total : TICKET_SEARCH.offsetMax };
  });
}
