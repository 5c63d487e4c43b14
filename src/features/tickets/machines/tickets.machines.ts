/** The ticket desk's list, form and data machines, bound to their service calls. */
import type { ClientUser, CompanyRow, CompanyView, Contact, ContactInput, CreateCompanyInput, DeclinedSignup, InviteClientUserInput, Paged, UpdateCompanyInput } from '@contracts/companies';
import { dialogService, type DialogRequest } from '@/shared/machines/dialog.machine';
import type { CreateTicketInput, TicketOptions, TicketSearchResponse, TicketStats, TicketView } from '@contracts/tickets';
import type { SendSurveyResponse } from '@contracts/surveys';
import { surveyResultsApi } from '@/features/surveys/api';
import { clientUsersApi, companiesApi, ticketDeskApi } from '@/features/tickets/api';
import { DIRECTORY_PAGE_SIZE_MAX, ROWS_PER_PAGE_ALL, TICKET_SEARCH } from '@contracts/common/constants';
import { createQueryMachine } from '@/shared/machines/query.machine';
import { createServerTableMachine, type Row } from '@/shared/machines/table/table.machine';
import type { TablePage, TableQuery } from '@/shared/machines/table/table.types';
import { createSubmitMachine } from '@/shared/machines/submit.machine';

/** The parameters of a staff list endpoint (search, filters, sort, page), as the query of a query machine. */
export type SearchParams = Record<string, string>;

export const ticketSearchMachine = createQueryMachine('ticketSearch', (p: SearchParams): Promise<TicketSearchResponse> => ticketDeskApi.search(p));
export const companySearchMachine = createQueryMachine('companySearch', (p: SearchParams): Promise<Paged<CompanyRow>> => companiesApi.search(p));
export const ticketOptionsMachine = createQueryMachine('ticketOptions', (): Promise<TicketOptions> => ticketDeskApi.options());
export const ticketStatsMachine = createQueryMachine('ticketStats', (): Promise<TicketStats> => ticketDeskApi.stats());
export const createTicketMachine = createSubmitMachine<CreateTicketInput, TicketView>('createTicket', (i) => ticketDeskApi.create(i));
export const createCompanyMachine = createSubmitMachine<CreateCompanyInput, CompanyView>('createCompany', (i) => companiesApi.create(i));
/** Managers: the client care survey of one company (its id) to every contact with an email address. */
export const sendClientCareSurveyMachine = createSubmitMachine<number, SendSurveyResponse>('sendClientCareSurvey', (companyId) => surveyResultsApi.sendClientCare(companyId));
export const inviteClientUserMachine = createSubmitMachine<InviteClientUserInput, ClientUser>('inviteClientUser', (i) => clientUsersApi.invite(i));

/** A company's page (details, contacts, client users, ticket counts); the query is the company id. */
export const companyViewMachine = createQueryMachine('companyView', (id: number): Promise<CompanyView> => companiesApi.view(id));

/** A change made on a company's page; the page reloads after it. */
export type CompanyAction =
  | { action: 'updateCompany'; id: number; payload: UpdateCompanyInput }
  | { action: 'addContact'; id: number; payload: ContactInput }
  | { action: 'updateContact'; id: number; payload: Partial<ContactInput> }
  | { action: 'removeContact'; id: number };
export const companyActionMachine = createSubmitMachine<CompanyAction, CompanyView | Contact | void>('companyAction', (a) => {
  switch (a.action) {
    case 'updateCompany':
      return companiesApi.update(a.id, a.payload);
    case 'addContact':
      return companiesApi.addContact(a.id, a.payload);
    case 'updateContact':
      return companiesApi.updateContact(a.id, a.payload);
    case 'removeContact':
      return companiesApi.removeContact(a.id);
  }
});

/** A list endpoint of the staff API as a server-mode data table sees it. */
export type SearchTableSpec = {
  /** The service call: `page`, `size`, `sort` ("field:dir,…"), `q` and filters in, a page out. */
  search: (params: Record<string, string>) => Promise<{ rows: readonly unknown[]; total: number; totalExact: boolean }>;
  /** Column filters the endpoint takes, by table field: the name of its parameter. */
  filters: Readonly<Record<string, string>>;
  /** The largest page the endpoint serves; 'All' asks for it. */
  pageSizeMax: number;
  /** How many rows deep the endpoint pages when it counts the total only up to a cap. */
  offsetMax?: number;
};

/**
 * The parameters of one call: the table's query (page, size, sort, search, column filters) plus
 * the screen's other filters (`extra`). 'All' asks for the largest page the endpoint gives.
 */
export function searchTableParams(spec: SearchTableSpec, query: TableQuery, extra: Record<string, string> = {}): Record<string, string> {
  const size = query.pageSize === ROWS_PER_PAGE_ALL ? spec.pageSizeMax : Math.min(query.pageSize, spec.pageSizeMax);
  const params: Record<string, string> = { ...extra, page: String(query.page), size: String(size) };
  if (query.sort.length) params.sort = query.sort.map((k) => `${k.field}:${k.type}`).join(',');
  if (query.search.trim()) params.q = query.search.trim();
  for (const [field, param] of Object.entries(spec.filters)) if (query.filters[field]) params[param] = query.filters[field]!;
  return params;
}

/**
 * A staff list endpoint as a server-mode data table. When the endpoint counts the total only up
 * to its cap, the table is told there are `offsetMax` rows, so it pages on to the deepest page
 * the endpoint answers.
 */
export function createSearchTableMachine(spec: SearchTableSpec, extra: Record<string, string> = {}) {
  return createServerTableMachine(async (query: TableQuery): Promise<TablePage<Row>> => {
    const page = await spec.search(searchTableParams(spec, query, extra));
    const total = page.totalExact || spec.offsetMax === undefined ? page.total : spec.offsetMax;
    return { rows: page.rows as Row[], total };
  });
}

/** Every ticket: status, priority and queue filters beside the screen's own (company, assignee, overdue, due range). */
export const TICKET_TABLE: SearchTableSpec = {
  search: (p) => ticketDeskApi.search(p),
  filters: { status: 'status', severity: 'severity', queue: 'queue' },
  pageSizeMax: TICKET_SEARCH.pageSizeMax,
  offsetMax: TICKET_SEARCH.offsetMax,
};
export const createTicketTableMachine = (extra: Record<string, string>) => createSearchTableMachine(TICKET_TABLE, extra);

/** Every company: search by name or account number, a status filter. */
export const COMPANY_TABLE: SearchTableSpec = {
  search: (p) => companiesApi.search(p),
  filters: { status: 'status' },
  pageSizeMax: DIRECTORY_PAGE_SIZE_MAX,
};
export const companyTableMachine = createSearchTableMachine(COMPANY_TABLE);

/** Client portal users of every company: search by name or email, company and status filters. */
export const CLIENT_USER_TABLE: SearchTableSpec = {
  search: (p) => clientUsersApi.list(p),
  filters: { company: 'company', status: 'status' },
  pageSizeMax: DIRECTORY_PAGE_SIZE_MAX,
};
export const clientUserTableMachine = createSearchTableMachine(CLIENT_USER_TABLE);

/** Sign-up requests awaiting approval: the client-user list with its status fixed. */
export const signupRequestTableMachine = createSearchTableMachine(CLIENT_USER_TABLE, { status: 'pending_approval' });

/** The question asked before a sign-up request is declined: declining deletes it and tells nobody. */
export const declineSignupDialog = (email: string): DialogRequest => ({
  kind: 'confirm',
  title: 'Decline this sign-up request?',
  message: `The request of ${email} is deleted. Nobody is told; they may sign up again.`,
  confirmText: 'Decline',
});

/**
 * What staff do to a client user from a row: resend the invitation, disable, or approve or
 * decline a sign-up request (after a confirm dialog; answered null when cancelled). The tables
 * reload after it.
 */
export type ClientUserAction = { action: 'resend' | 'disable' | 'approve' | 'decline'; id: number; email?: string };
export const clientUserActionMachine = createSubmitMachine<ClientUserAction, ClientUser | DeclinedSignup | null>(
  'clientUserAction',
  async ({ action, id, email }) => {
    switch (action) {
      case 'disable':
        return clientUsersApi.disable(id);
      case 'approve':
        return clientUsersApi.approve(id);
      case 'decline': {
        const answer = await dialogService.ask(declineSignupDialog(email ?? `user ${id}`));
        return answer.action === 'confirm' ? clientUsersApi.decline(id) : null;
      }
      case 'resend':
        return clientUsersApi.resend(id);
    }
  },
);
