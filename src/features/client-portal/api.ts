import type {
  AcceptedResponse,
  Article,
  ArticleList,
  ArticleListQuery,
  ClientDashboard,
  ClientTicket,
  ClientTicketDetail,
  ClientTicketListQuery,
  ContactSupportRequest,
  CreateClientTicket,
  CreatePaperOrder,
  CreateScr,
  ForgotPasswordRequest,
  Page,
  PaperOrder,
  PaperProduct,
  ReplyRequest,
  Scr,
  SetPasswordRequest,
  SignupRequest,
  SupportInfo,
} from '@contracts/client-portal';
import { dataOf, http } from '@/shared/http/http';
import { clientHttp } from '@/shared/http/client-http';

/** Guest calls of the client portal (no session): signup and the password flows. */
export const clientAccountApi = {
  signup: (input: SignupRequest): Promise<AcceptedResponse> => dataOf(http.post<AcceptedResponse>('/api/v2/client/signup', input)),
  forgotPassword: (input: ForgotPasswordRequest): Promise<AcceptedResponse> => dataOf(http.post<AcceptedResponse>('/api/v2/client/forgot-password', input)),
  async setPassword(input: SetPasswordRequest): Promise<void> {
    await http.post('/api/v2/client/set-password', input);
  },
  async resetPassword(input: SetPasswordRequest): Promise<void> {
    await http.post('/api/v2/client/reset-password', input);
  },
};

type Created = { id: number };

/** The signed-in client's calls; a 401 on any of them reaches the client session. */
export const clientPortalApi = {
  dashboard: (): Promise<ClientDashboard> => dataOf(clientHttp.get<ClientDashboard>('/api/v2/client/dashboard')),
  tickets: (query: ClientTicketListQuery): Promise<Page<ClientTicket>> => dataOf(clientHttp.get<Page<ClientTicket>>('/api/v2/client/tickets', { params: query })),
  ticket: (id: number): Promise<ClientTicketDetail> => dataOf(clientHttp.get<ClientTicketDetail>(`/api/v2/client/tickets/${id}`)),
  createTicket: (input: CreateClientTicket): Promise<Created> => dataOf(clientHttp.post<Created>('/api/v2/client/tickets', input)),
  reply: (id: number, input: ReplyRequest): Promise<Created> => dataOf(clientHttp.post<Created>(`/api/v2/client/tickets/${id}/replies`, input)),
  supportInfo: (): Promise<SupportInfo> => dataOf(clientHttp.get<SupportInfo>('/api/v2/client/support-info')),
  contactSupport: (input: ContactSupportRequest): Promise<Created> => dataOf(clientHttp.post<Created>('/api/v2/client/contact-support', input)),
  async paperProducts(): Promise<PaperProduct[]> {
    return (await clientHttp.get<{ items: PaperProduct[] }>('/api/v2/client/paper/products')).data.items;
  },
  paperOrders: (): Promise<Page<PaperOrder>> => dataOf(clientHttp.get<Page<PaperOrder>>('/api/v2/client/paper/orders')),
  orderPaper: (input: CreatePaperOrder): Promise<Created> => dataOf(clientHttp.post<Created>('/api/v2/client/paper/orders', input)),
  articles: (query: ArticleListQuery): Promise<ArticleList> => dataOf(clientHttp.get<ArticleList>('/api/v2/client/articles', { params: query })),
  article: (id: number): Promise<Article> => dataOf(clientHttp.get<Article>(`/api/v2/client/articles/${id}`)),
  scrs: (): Promise<Page<Scr>> => dataOf(clientHttp.get<Page<Scr>>('/api/v2/client/scrs')),
  createScr: (input: CreateScr): Promise<Created> => dataOf(clientHttp.post<Created>('/api/v2/client/scrs', input)),
};
