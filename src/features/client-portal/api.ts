import {
  CLIENT_ACCOUNTS,
  CLIENT_PORTAL,
  type ArticleListQuery,
  type ClientTicket,
  type ClientTicketDetail,
  type ClientTicketListQuery,
  type ContactSupportRequest,
  type CreateClientTicket,
  type CreatePaperOrder,
  type CreateScr,
  type ForgotPasswordRequest,
  type Page,
  type ReplyRequest,
  type SetPasswordRequest,
  type SignupRequest,
} from '@contracts/client-portal';
import { call, dataOf } from '@/shared/http/http';
import { clientCall, clientHttp } from '@/shared/http/client-http';

/** Guest calls of the client portal (no session): signup and the password flows. */
export const clientAccountApi = {
  signup: (input: SignupRequest) => call(CLIENT_ACCOUNTS.signup, { body: input }),
  forgotPassword: (input: ForgotPasswordRequest) => call(CLIENT_ACCOUNTS.forgotPassword, { body: input }),
  async setPassword(input: SetPasswordRequest): Promise<void> {
    await call(CLIENT_ACCOUNTS.setPassword, { body: input });
  },
  async resetPassword(input: SetPasswordRequest): Promise<void> {
    await call(CLIENT_ACCOUNTS.resetPassword, { body: input });
  },
};

type Created = { id: number };

/** The signed-in client's calls; a 401 on any of them reaches the client session. */
export const clientPortalApi = {
  dashboard: () => clientCall(CLIENT_PORTAL.dashboard),
  // The portal's tickets are the tickets feature's endpoints.
  tickets: (query: ClientTicketListQuery): Promise<Page<ClientTicket>> => dataOf(clientHttp.get<Page<ClientTicket>>('/api/v2/client/tickets', { params: query })),
  ticket: (id: number): Promise<ClientTicketDetail> => dataOf(clientHttp.get<ClientTicketDetail>(`/api/v2/client/tickets/${id}`)),
  createTicket: (input: CreateClientTicket): Promise<Created> => dataOf(clientHttp.post<Created>('/api/v2/client/tickets', input)),
  reply: (id: number, input: ReplyRequest): Promise<Created> => dataOf(clientHttp.post<Created>(`/api/v2/client/tickets/${id}/replies`, input)),
  supportInfo: () => clientCall(CLIENT_PORTAL.supportInfo),
  contactSupport: (input: ContactSupportRequest) => clientCall(CLIENT_PORTAL.contactSupport, { body: input }),
  async paperProducts() {
    return (await clientCall(CLIENT_PORTAL.paperProducts)).items;
  },
  paperOrders: () => clientCall(CLIENT_PORTAL.paperOrders, { query: {} }),
  orderPaper: (input: CreatePaperOrder) => clientCall(CLIENT_PORTAL.orderPaper, { body: input }),
  articles: (query: ArticleListQuery) => clientCall(CLIENT_PORTAL.articles, { query }),
  article: (id: number) => clientCall(CLIENT_PORTAL.article, { params: { id } }),
  scrs: () => clientCall(CLIENT_PORTAL.scrs, { query: {} }),
  createScr: (input: CreateScr) => clientCall(CLIENT_PORTAL.createScr, { body: input }),
};
