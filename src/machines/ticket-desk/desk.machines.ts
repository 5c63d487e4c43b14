/** The ticket desk's list, form and data machines, bound to their service calls. */
import type { ClientUser, CompanyRow, CompanyView, ContactInput, CreateCompanyInput, InviteClientUserInput, Paged, UpdateCompanyInput } from '../../contracts/companies';
import type { CreateTicketInput, TicketSearchResponse, TicketView } from '../../contracts/staff-tickets';
import { clientUsersApi, companiesApi, ticketDeskApi } from '../../services/ticket-desk';
import { createResourceMachine } from '../resource/resource.machine';
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
